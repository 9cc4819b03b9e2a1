/**
 * End to end, attacked as a hostile contributor, a hostile or broken service and a flaky
 * network would: each attack is the input, the absence of its effect the assertion, and every
 * run is checked for leaks.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import type { ActionRun } from '../../dev/runner.ts';
import { annotations, expectNoForgedCommand, Harness, SECRET, SPEC, SPEC_FILE } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

const clientPath = (): string => `/v2/api/clients/${h.client.id}`;
const stdoutLines = (result: ActionRun): string[] => result.stdout.split('\n');
function expectSafe(result: ActionRun): void {
  h.expectNoLeak(result);
  expectNoForgedCommand(result);
}

describe('1. no workflow command forged on stdout', () => {
  test('from the spec: a name and a description with line breaks', async () => {
    const spec = 'name: "X\\n::stop-commands::pwn"\ndescription: |\n  line one\n  ::error::forged by the spec\nadvertised: true\n';
    const result = await h.run({ files: { [SPEC_FILE]: spec } });
    expect(result.exitCode).toBe(0);
    // The text is there, on lines of the action's own: never at the start of one.
    expect(result.stdout).toContain('X ⏎ ::stop-commands::pwn');
    expect(stdoutLines(result).some((line) => line.startsWith('::error::forged') || line.startsWith('::stop-commands'))).toBe(false);
    expectSafe(result);
  });

  test("from the service: an error's detail and ids with line breaks", async () => {
    const body = JSON.stringify({ errors: [{ id: 'e\n::add-mask::x', detail: 'bad\n::warning::forged by the service' }], request_id: 'r\r\n::notice::n' });
    h.service.inject({ method: 'POST', status: 400, body });
    const result = await h.run();
    expect(result.exitCode).toBe(1);
    expect(stdoutLines(result).some((line) => /^::(warning::forged|notice|add-mask::x)/.test(line))).toBe(false);
    expectSafe(result);
  });

  test('from the service, echoed in a log line: a lost creation whose 503 detail breaks lines', async () => {
    h.service.inject({ method: 'POST', status: 503, body: JSON.stringify({ errors: [{ detail: 'busy\n::error::forged in a log line' }] }) });
    const result = await h.run();
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('busy ⏎ ::error::forged in a log line');
    expect(stdoutLines(result).some((line) => line.startsWith('::error::forged'))).toBe(false);
    expectSafe(result);
  });
});

describe('3. the spec is read only from inside the workspace', () => {
  test.each([
    ['a path that climbs out', { inputs: { spec: '../../etc/passwd' } }],
    ['an absolute path', { inputs: { spec: '/etc/passwd' } }],
    ['a committed link to a file of the system', { links: { [SPEC_FILE]: '/etc/passwd' } }],
    ['a committed link to /proc, whose size reads 0', { links: { [SPEC_FILE]: '/proc/self/environ' } }],
  ])('%s: refused by name before reading; nothing of it quoted', async (_what, overrides) => {
    const result = await h.run({ files: {}, ...overrides });
    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([expect.stringMatching(/^::error::Spec file .* is outside the workspace \(after its links are followed\)/)]);
    expect(result.stdout).not.toMatch(/root:|PATH=|HOME=/);
    expect(h.service.requests).toEqual([]);
    expectSafe(result);
  });
});

test('4. markdown from the client, the spec and the provider renders as text in the summary', async () => {
  const evil = '[Re-authorize the provider here](https://evil.example) ![x](https://evil.example/p.png) **now**';
  await h.stop();
  h = await Harness.start();
  const named = h.service.addClient({ secret: SECRET, name: evil });
  h.provider.document = { globus_auth_scope: evil };
  const spec = `name: "${evil}"\ndescription: "<img src=x onerror=alert(1)>"\nadvertised: true\n`;
  const result = await h.run({ files: { [SPEC_FILE]: spec }, inputs: { client_id: named.id, provider_url: h.provider.url } });
  expect(result.exitCode).toBe(1); // the provider publishes no scope of the client
  expect(result.summary).not.toMatch(/(?<!\\)\[[^\]]*(?<!\\)\]\(/); // no link or image
  expect(result.summary).not.toMatch(/(?<!\\)\*\*now/); // no emphasis
  expect(result.summary).not.toMatch(/(?<!\\)<img/); // no HTML
  h.expectNoLeak(result, { clientId: named.id });
});

test('5. forms of the secret echoed by a service are scrubbed: base64 at every alignment, base64url, form and lower-case percent encodings', async () => {
  const echoes = [
    Buffer.from(`x${SECRET}`).toString('base64'),
    Buffer.from(`xy${SECRET}`).toString('base64'),
    Buffer.from(`${h.client.id}:${SECRET}`).toString('base64url'),
    new URLSearchParams({ s: SECRET }).toString(),
    encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
  ];
  h.service.inject({ method: 'GET', path: clientPath(), status: 400, body: JSON.stringify({ errors: [{ detail: echoes.join(' | ') }] }) });
  const result = await h.run();
  expect(result.exitCode).toBe(1);
  const afterMasks = stdoutLines(result).filter((line) => !line.startsWith('::add-mask::')).join('\n');
  for (const echo of echoes) expect(afterMasks).not.toContain(echo);
  // What remains of each echo is at most its edges, the stars in between.
  expect((annotations(result)[0]?.match(/\*\*\*/g) ?? []).length).toBeGreaterThanOrEqual(echoes.length);
  expectSafe(result);
});

test.each([
  ['a line break', 'https://x.example/a\nb', 'contains a line break', 'https://x.example/a\\nb'],
  ['a NUL', 'https://x.example/a\u0000', 'contains a control character U+0000', 'https://x.example/a\\u0000'],
  ['a bell', 'https://x.example/a\u0007', 'contains a control character U+0007', 'https://x.example/a\\u0007'],
  ['a command substitution', 'https://x.example/$(id)', 'contains "$"', 'https://x.example/$(id)'],
  ['a javascript: URL', 'javascript:alert(1)', 'is neither an http(s) URL nor a URN', 'javascript:alert(1)'],
])('6. a scope_string from the service with %s is never an output: the error names the call, the field, what is wrong and what to do', async (_what, scopeString, problem, shown) => {
  h.service.inject({ method: 'POST', status: 200, body: JSON.stringify({ scopes: [{ id: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9', scope_string: scopeString }] }) });
  const result = await h.run();
  expect(result.exitCode).toBe(1);
  const [annotation] = annotations(result);
  expect(annotation).toMatch(/^::error::Scope creation \(POST .*\): the answer \(HTTP 200\) cannot be used: scopes\.0\.scope_string /);
  // The toolkit escapes an annotation's % (as %25): the value as the message has it.
  expect(annotation?.replaceAll('%25', '%')).toContain(`scope_string ${problem}: expected a URL`);
  expect(annotation?.replaceAll('%25', '%')).toContain(`got "${shown}". This is the service's answer, not a setting of this step: report it to the service's operators`);
  expect(annotations(result)).toHaveLength(1);
  expect(result.outputs).toEqual({});
  expectSafe(result);
});

describe('7. endings', () => {
  test('a 401 known at once ends the run at once, though a sibling lookup was told to wait 5 s', async () => {
    h.service.inject({ method: 'GET', path: '/v2/api/scopes', status: 429, headers: { 'retry-after': '5' } });
    h.service.inject({ method: 'GET', path: clientPath(), status: 401, delayMs: 50 });
    const started = Date.now();
    const result = await h.run({ killAfterMs: 10_000 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([expect.stringContaining('HTTP 401')]);
    expectSafe(result);
  });

  test('a failure after a creation that may have been applied says so, and that the next run adopts it', async () => {
    // The creation is applied but its answer lost; from then on, every inspection fails.
    h.service.inject({ method: 'POST', loseAnswer: true, before: () => h.service.inject({ method: 'GET', path: clientPath(), status: 500, times: 100 }) });
    const result = await h.run({ inputs: { timeout_seconds: '0.5' } });
    expect(result.exitCode).toBe(1);
    expect(annotations(result)[0]).toMatch(/A creation sent by this run may have been applied: the next run finds the scope and adopts it/);
    expectSafe(result);
    h.service.clearFaults();
    const next = await h.run();
    expect([next.exitCode, next.outputs.created]).toEqual([0, 'false']);
    expect(h.clientScopes()).toEqual([h.expectedString]);
  });

  test('a 409 while the client has no scope is not called "already exists" without saying what was found', async () => {
    h.service.inject({ method: 'POST', status: 409 });
    const result = await h.run();
    expect(result.exitCode).toBe(1);
    expect(annotations(result)[0]).toMatch(/Yet the client inspection that followed lists no scope: the service may still be applying a creation\. Run the step again/);
    expectSafe(result);
  });

  test('a Retry-After of 1e17 seconds is not printed as such', async () => {
    h.service.inject({ method: 'GET', path: clientPath(), status: 429, headers: { 'retry-after': '100000000000000000' } });
    const result = await h.run();
    expect(annotations(result)).toEqual([expect.stringMatching(/the service asked to wait more than an hour, longer than this step waits\)$/)]);
  });

  test.each([
    ['a UTF-16 spec', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SPEC, 'utf16le')]), /is not UTF-8 text \(it looks like UTF-16 or binary\): save it as UTF-8/],
    ['a nesting that overflows the parser', `name: ${'['.repeat(20_000)}\n`, /the YAML is nested too deeply to be a scope definition/],
    ['a !!js/function tag', 'name: !!js/function "function () {}"\ndescription: d\nadvertised: true\n', /YAML tags are not supported in a spec/],
  ])('%s: one clear message', async (_what, content, message) => {
    const result = await h.run({ files: { [SPEC_FILE]: content } });
    expect(result.exitCode).toBe(1);
    expect(annotations(result)).toEqual([expect.stringMatching(message)]);
    expect(h.service.requests).toEqual([]);
  });
});

test('8. fifteen problems: nine error annotations and one that says how many more; all in the log and the summary', async () => {
  const keys = Array.from({ length: 15 }, (_, i) => `unknown_${i}: x`).join('\n');
  const result = await h.run({ files: { [SPEC_FILE]: `${SPEC}${keys}\n` } });
  expect(result.exitCode).toBe(1);
  expect(annotations(result)).toHaveLength(10);
  expect(annotations(result)[9]).toBe('::error::And 6 more problem(s): all are listed in the log and the job summary.');
  expect(stdoutLines(result).filter((line) => line.startsWith('Problem: '))).toHaveLength(15);
  expect(result.summary.match(/^- line \d+: /gm)).toHaveLength(15);
  expectSafe(result);
});
