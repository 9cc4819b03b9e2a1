/**
 * End to end, hostile text from the spec, the service and the provider: it never forges a
 * workflow command on stdout, and renders as text in the job summary.
 * Each attack is the input, the absence of its effect the assertion, and every run is checked
 * for leaks. (One file per theme, so that none runs long on a loaded machine.)
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { OBEYED_CONTROL } from '../support/terminal.ts';
import { expectSafe, Harness, SECRET, SPEC_FILE, stdoutLines } from '../support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.stop());

describe('1. no workflow command forged on stdout', () => {
  test('from the spec: a name and a description with line breaks', async () => {
    const spec =
      'name: "X\\n::stop-commands::pwn"\ndescription: |\n  line one\n  ::error::forged by the spec\nadvertised: true\n';
    const result = await h.run({ files: { [SPEC_FILE]: spec } });
    expect(result.exitCode).toBe(0);
    // The text is there, on lines of the action's own, quoted as the plan quotes it: never at the start of one.
    expect(result.stdout).toContain('"X\\n::stop-commands::pwn"');
    expect(
      stdoutLines(result).some((line) => line.startsWith('::error::forged') || line.startsWith('::stop-commands')),
    ).toBe(false);
    expectSafe(h, result);
  });

  test("from the service: an error's detail and ids with line breaks", async () => {
    const body = JSON.stringify({
      errors: [{ id: 'e\n::add-mask::x', detail: 'bad\n::warning::forged by the service' }],
      request_id: 'r\r\n::notice::n',
    });
    h.service.inject({ method: 'POST', status: 400, body });
    const result = await h.run();
    expect(result.exitCode).toBe(1);
    expect(stdoutLines(result).some((line) => /^::(warning::forged|notice|add-mask::x)/.test(line))).toBe(false);
    expectSafe(h, result);
  });

  test('from the service, echoed in a log line: a lost creation whose 503 detail breaks lines', async () => {
    h.service.inject({
      method: 'POST',
      status: 503,
      body: JSON.stringify({ errors: [{ detail: 'busy\n::error::forged in a log line' }] }),
    });
    const result = await h.run();
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('busy ⏎ ::error::forged in a log line');
    expect(stdoutLines(result).some((line) => line.startsWith('::error::forged'))).toBe(false);
    expectSafe(h, result);
  });

  test('from the service, echoed in a log line: an escape sequence and invisible characters shown as escapes', async () => {
    h.service.inject({
      method: 'POST',
      status: 503,
      body: JSON.stringify({ errors: [{ detail: 'busy\u001b[2J\u001b]0;title\u0007\u202eevil\u200b' }] }),
    });
    const result = await h.run();
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('busy\\u001b[2J\\u001b]0;title\\u0007\\u202eevil\\u200b');
    expect(OBEYED_CONTROL.test(result.stdout.replace(/\n/g, ''))).toBe(false);
    expect(result.stdout).not.toMatch(/[\u202e\u200b]/u);
    expectSafe(h, result);
  });
});

test('4. markdown from the client, the spec and the provider renders as text in the summary', async () => {
  const evil = '[Re-authorize the provider here](https://evil.example) ![x](https://evil.example/p.png) **now**';
  await h.stop();
  h = await Harness.start();
  const named = h.service.addClient({ secret: SECRET, name: evil });
  h.provider.document = { globus_auth_scope: evil };
  const spec = `name: "${evil}"\ndescription: "<img src=x onerror=alert(1)>"\nadvertised: true\n`;
  const result = await h.run({
    files: { [SPEC_FILE]: spec },
    inputs: { client_id: named.id, provider_url: h.provider.url },
  });
  expect(result.exitCode).toBe(1); // the provider publishes no scope of the client
  expect(result.summary).not.toMatch(/(?<!\\)\[[^\]]*(?<!\\)\]\(/); // no link or image
  expect(result.summary).not.toMatch(/(?<!\\)\*\*now/); // no emphasis
  expect(result.summary).not.toMatch(/(?<!\\)<img/); // no HTML
  h.expectNoLeak(result, { clientId: named.id });
});
