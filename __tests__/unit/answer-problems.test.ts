/**
 * An answer of the service that its schema refuses: the message names each field, what is
 * wrong with it, what was expected and what came (escaped, scrubbed, clipped), and says what
 * to do. Through the service client, against a server on 127.0.0.1 answering as told.
 */
import { afterEach, describe, expect, test } from '@jest/globals';
import { z } from 'zod/mini';
import { describeAnswerProblems, escapeText, MAX_QUOTED, unsafeCharacter } from '../../src/wire/answer-problems.ts';
import { createBudget } from '../../src/wire/budget.ts';
import { HttpError } from '../../src/wire/http.ts';
import { createServiceClient, UNUSABLE_ANSWER } from '../../src/wire/service-client.ts';
import type { ScopeDefinition } from '../../src/engine/reconcile/service.ts';
import { fakeClock } from '../support/clock.ts';
import { id } from '../support/ids.ts';
import { rejectionOf } from '../support/rejection.ts';
import { oneAnswerServer } from '../support/one-answer-server.ts';

describe('escapeText', () => {
  test.each([
    ['a line break', 'a\nb', 'a\\nb'],
    ['a carriage return and a tab', 'a\r\tb', 'a\\r\\tb'],
    ['a bell', 'a\u0007', 'a\\u0007'],
    ['an escape sequence', '\u001b[31mred', '\\u001b[31mred'],
    ['DEL and a C1 control', 'a\u007fb\u009b', 'a\\u007fb\\u009b'],
    ['a line separator', 'a\u2028b', 'a\\u2028b'],
    ['a bidi override', 'a\u202eb', 'a\\u202eb'],
    ['quotes and backslashes, as JSON writes them', 'say "hi" \\o/', 'say \\"hi\\" \\\\o/'],
    ['plain text, unchanged', 'https://auth.globus.org/scopes/x/all', 'https://auth.globus.org/scopes/x/all'],
  ])('%s', (_what, text, escaped) => {
    expect(escapeText(text)).toBe(escaped);
  });
});

describe('unsafeCharacter', () => {
  test.each([
    ['a\nb', 'contains a line break'],
    ['a\rb', 'contains a line break'],
    ['a\u2029b', 'contains a line break'],
    ['a\u0007b\nc', 'contains a line break'], // the line break first: it is what breaks the log
    ['a\u0007b', 'contains a control character U+0007'],
    ['a\u0000', 'contains a control character U+0000'],
    ['a\u009bb', 'contains a control character U+009B'],
    ['a\u202eb', 'contains a control character U+202E'],
    ['plain text', undefined],
  ])('%j: %s', (text, problem) => {
    expect(unsafeCharacter(text)).toBe(problem);
  });
});

describe('describeAnswerProblems', () => {
  const schema = z.object({
    id: z.guid(),
    items: z.array(z.string()).check(z.minLength(1)),
    flag: z.optional(z.boolean()),
    one: z.optional(z.union([z.guid(), z.object({ id: z.guid() })])),
  });
  const describe_ = (answer: unknown, scrub?: (text: string) => string): string => {
    const parsed = schema.safeParse(answer);
    if (parsed.success) throw new Error('the answer was taken');
    return describeAnswerProblems(parsed.error.issues, answer, scrub);
  };

  test('a field missing: named, what was expected, nothing quoted', () => {
    expect(describe_({ items: ['a'] })).toBe('id is missing: expected a string');
  });

  test('each field wrong, in one sentence each: the kind of what came, a string quoted', () => {
    expect(describe_({ id: 'THE_ID', items: [], flag: 'yes', one: 7 })).toBe(
      'id is not a UUID: expected a UUID, got "THE_ID"; items is empty: expected at least 1 item(s), got an empty list; ' +
        'flag has the wrong type: expected true or false, got "yes"; one is none of the forms expected: expected a string or an object, got number 7',
    );
  });

  test('a value too small, worded for its kind: zod/mini has no words of its own', () => {
    const bounds = z.object({
      token: z.string().check(z.minLength(1)),
      seconds: z.number().check(z.nonnegative()),
      count: z.number().check(z.positive()),
    });
    const answer = { token: '', seconds: -1, count: 0 };
    const parsed = bounds.safeParse(answer);
    expect(describeAnswerProblems(parsed.error?.issues ?? [], answer)).toBe(
      'token is too short: expected at least 1 character(s), got ""; seconds is too small: expected at least 0, got number -1; ' +
        'count is too small: expected more than 0, got number 0',
    );
  });

  test('a list too short, but not empty, says so', () => {
    const pairs = z.object({ pair: z.array(z.string()).check(z.minLength(2)) });
    const answer = { pair: ['a'] };
    const parsed = pairs.safeParse(answer);
    expect(describeAnswerProblems(parsed.error?.issues ?? [], answer)).toBe(
      'pair is too short: expected at least 2 item(s), got a list of 1',
    );
  });

  test('a path through null or a string finds nothing there, rather than failing to describe', () => {
    const issue = (path: string[]) =>
      ({ code: 'invalid_type', expected: 'string', path, message: '', input: undefined }) as const;
    expect(describeAnswerProblems([issue(['a', 'b'])], { a: null })).toBe('a.b is missing: expected a string');
    expect(describeAnswerProblems([issue(['a', 'length'])], { a: 'xyz' })).toBe(
      'a.length is missing: expected a string',
    );
  });

  test('what came, by its kind: null, an object; a string of exactly the limit quoted whole', () => {
    const kinds = z.object({ a: z.string(), b: z.string(), id: z.guid() });
    const answer = { a: null, b: { x: 1 }, id: 'x'.repeat(MAX_QUOTED) };
    const parsed = kinds.safeParse(answer);
    expect(describeAnswerProblems(parsed.error?.issues ?? [], answer)).toBe(
      `a has the wrong type: expected a string, got null; b has the wrong type: expected a string, got an object; id is not a UUID: expected a UUID, got "${'x'.repeat(MAX_QUOTED)}"`,
    );
  });

  test('a format without words of its own is named by zod', () => {
    const parsed = z.object({ u: z.url() }).safeParse({ u: 'nope' });
    expect(describeAnswerProblems(parsed.error?.issues ?? [], { u: 'nope' })).toBe(
      'u is not a url: expected a url, got "nope"',
    );
  });

  test("a union names what each form expected of the value itself, not of the value's fields", () => {
    const union = z.object({ one: z.union([z.guid(), z.object({ a: z.string() }), z.object({ b: z.number() })]) });
    const parsed = union.safeParse({ one: {} });
    expect(describeAnswerProblems(parsed.error?.issues ?? [], { one: {} })).toBe(
      'one is none of the forms expected: expected a string, got an object',
    );
    const objects = z.object({ one: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) });
    const none = objects.safeParse({ one: {} });
    expect(describeAnswerProblems(none.error?.issues ?? [], { one: {} })).toBe(
      'one is none of the forms expected: expected one of its forms, got an object',
    );
  });

  test('a body of the wrong kind', () => {
    const parsed = z.object({ a: z.string() }).safeParse([1, 2]);
    expect(describeAnswerProblems(parsed.error?.issues ?? [], [1, 2])).toBe(
      'the body has the wrong type: expected an object, got a list of 2',
    );
  });

  test(`a value is scrubbed, then escaped, then clipped at ${MAX_QUOTED} characters`, () => {
    const secret = 'the-secret-value';
    // The secret straddles the cut: scrubbed first, no piece of it survives.
    const value = `${'x'.repeat(MAX_QUOTED - 5)}${secret}\n${'y'.repeat(500)}`;
    const text = describe_({ id: value, items: ['a'] }, (t) => t.replaceAll(secret, '***'));
    expect(text).toBe(`id is not a UUID: expected a UUID, got "${'x'.repeat(MAX_QUOTED - 5)}***\\n…"`);
    expect(text).not.toMatch(/the-s/);
  });
});

describe('through the service client', () => {
  const server = oneAnswerServer();
  let run = new AbortController();
  afterEach(() => run.abort());

  const CLIENT_ID = id('0948a6b0-a622-4078-b0a4-bfd6d77d65cf');
  const SCOPE_ID = '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9';
  const DEFINITION: ScopeDefinition = {
    name: 'n',
    description: 'd',
    scope_suffix: 'all',
    advertised: true,
    allow_refresh_tokens: true,
    dependent_scopes: [],
  };
  const REPORT = `${UNUSABLE_ANSWER}.`;
  const client = () => {
    run = new AbortController();
    const budget = createBudget(5, {
      clock: fakeClock(),
      policy: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 },
      signal: run.signal,
    });
    return createServiceClient({
      authUrl: server.url(),
      clientId: CLIENT_ID,
      clientSecret: 's',
      budget,
      scrub: (text) => text.replaceAll('hush-hush', '***'),
    });
  };
  const failure = async (
    body: unknown,
    call: (c: ReturnType<typeof client>) => Promise<unknown>,
    headers?: Record<string, string>,
  ): Promise<string> => {
    server.answer({ status: 200, body: JSON.stringify(body), ...(headers === undefined ? {} : { headers }) });
    return (await rejectionOf(call(client()), HttpError)).message;
  };
  const lookup = (c: ReturnType<typeof client>) => c.lookupScopesByString(['urn:x']);
  const LOOKUP = 'Scope lookup (GET /v2/api/scopes): the answer (HTTP 200) cannot be used:';
  const EXPECTED_STRING =
    'expected a URL (https, or http for a loopback test service) or a URN, of letters, digits and . _ ~ : / @ ! * + , = % - alone';

  test.each([
    ['a line break', 'https://x.example/a\nb', 'contains a line break', '"https://x.example/a\\nb"'],
    ['a bell', 'https://x.example/a\u0007', 'contains a control character U+0007', '"https://x.example/a\\u0007"'],
    ['a NUL', 'https://x.example/a\u0000', 'contains a control character U+0000', '"https://x.example/a\\u0000"'],
    ['white space', 'https://x.example/a b', 'contains white space', '"https://x.example/a b"'],
    ['a javascript: URL', 'javascript:alert(1)', 'is neither an http(s) URL nor a URN', '"javascript:alert(1)"'],
    ['a host with an underscore', 'https://x_y.example/a', 'has a malformed host', '"https://x_y.example/a"'],
    ['a command substitution', 'https://x.example/$(id)', 'contains "$"', '"https://x.example/$(id)"'],
  ])(
    'a scope_string with %s: what is wrong, what was expected, what came escaped, what to do',
    async (_what, scopeString, problem, came) => {
      const message = await failure({ scopes: [{ id: SCOPE_ID, scope_string: scopeString }] }, lookup);
      expect(message).toBe(`${LOOKUP} scopes.0.scope_string ${problem}: ${EXPECTED_STRING}, got ${came}. ${REPORT}`);
    },
  );

  test('with the request id the service gave, for its operators', async () => {
    const message = await failure({ scopes: [{ id: SCOPE_ID, scope_string: 'a\nb' }] }, lookup, {
      'x-request-id': 'req-7',
    });
    expect(message).toMatch(/report it to the service's operators with this message\. \(request id req-7\)$/);
  });

  test('a value the service echoes the secret in: scrubbed before it is clipped', async () => {
    const scopeString = `https://x.example/${'a'.repeat(MAX_QUOTED - 25)}hush-hush\n${'b'.repeat(300)}`;
    const message = await failure({ scopes: [{ id: SCOPE_ID, scope_string: scopeString }] }, lookup);
    expect(message).toContain(`got "https://x.example/${'a'.repeat(MAX_QUOTED - 25)}***\\n`);
    expect(message).not.toMatch(/hush|b{200}/);
  });

  test.each([
    ['a client without its id', { client: { name: 'x', scopes: [] } }, 'client.id is missing: expected a string'],
    [
      'scopes that are not a list',
      { client: { id: CLIENT_ID, scopes: 'none' } },
      'client.scopes has the wrong type: expected a list, got "none"',
    ],
    [
      'a scope id that is not one',
      { client: { id: CLIENT_ID, scopes: ['THE_SCOPE_ID'] } },
      'client.scopes.0 is not a UUID: expected a UUID, got "THE_SCOPE_ID"',
    ],
  ])('the inspection: %s', async (_what, body, problem) => {
    expect(await failure(body, (c) => c.getClient())).toBe(
      `Client inspection (GET /v2/api/clients/${CLIENT_ID}): the answer (HTTP 200) cannot be used: ${problem}. ${REPORT}`,
    );
  });

  test.each([
    [
      'neither scopes nor scope',
      { created: true },
      'scopes is missing: expected "scopes": [the scope] (or "scope": the scope)',
    ],
    ['an empty list', { scopes: [] }, 'scopes is empty: expected at least 1 item(s), got an empty list'],
    [
      'a placeholder id',
      { scopes: [{ id: 'SCOPE_ID', scope_string: 'urn:x' }] },
      'scopes.0.id is not a UUID: expected a UUID, got "SCOPE_ID"',
    ],
  ])('the creation: %s', async (_what, body, problem) => {
    server.answer({ status: 200, body: JSON.stringify(body) });
    const outcome = client().createScope(DEFINITION);
    const message = (await rejectionOf(outcome, HttpError)).message;
    expect(message).toBe(
      `Scope creation (POST /v2/api/clients/${CLIENT_ID}/scopes): the answer (HTTP 200) cannot be used: ${problem}. ${REPORT}`,
    );
  });
});
