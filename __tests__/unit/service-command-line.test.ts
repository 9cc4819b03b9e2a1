/** `npm run auth-service`'s options and what it prints (dev/service/command-line.ts); e2e/dev-loop.test.ts runs it. */
import { describe, expect, test } from '@jest/globals';
import { banner, parseServiceArgs, USAGE } from '../../dev/service/command-line.ts';
import {
  EmbeddedAuthService,
  GROUPS_SCOPE_STRING,
  TRANSFER_SCOPE_ID_MADE_UP,
  TRANSFER_SCOPE_STRING,
} from '../../dev/auth-service.ts';

describe('options', () => {
  test.each([
    [[], {}, { port: 8080, clients: [{}], scopes: [] }],
    [['--port', '0'], {}, { port: 0, clients: [{}], scopes: [] }],
    [
      ['--clients', '3'],
      { EMBEDDED_CLIENT_SECRET: 's' },
      { port: 8080, clients: [{ secret: 's' }, { secret: 's' }, { secret: 's' }], scopes: [] },
    ],
    [['--client-id', 'a', '--client-id', 'b'], {}, { port: 8080, clients: [{ id: 'a' }, { id: 'b' }], scopes: [] }],
    [
      ['--client-id', 'a', '--clients', '2', '--client-secret', 'x'],
      { EMBEDDED_CLIENT_SECRET: 'env' },
      { port: 8080, clients: [{ id: 'a', secret: 'x' }, { secret: 'x' }], scopes: [] },
    ],
    [[], { EMBEDDED_CLIENT_ID: 'e', EMBEDDED_CLIENT_SECRET: '' }, { port: 8080, clients: [{ id: 'e' }], scopes: [] }],
    [
      ['--scope', 'urn:x:a', '--scope', 'urn:x:b', '--credentials-file', 'f'],
      {},
      { port: 8080, clients: [{}], scopes: ['urn:x:a', 'urn:x:b'], credentialsFile: 'f' },
    ],
  ] as const)('%j with %j', (argv, env, settings) => {
    expect(parseServiceArgs(argv, env)).toEqual(settings);
  });

  test.each([
    [['--port', '65536'], '--port must be a port number, 0 to 65535, not "65536"'],
    [['--port', 'x'], '--port must be a port number, 0 to 65535, not "x"'],
    [['--clients', '0'], '--clients must be a whole number, 1 to 100, not "0"'],
    [['--clients', '1.5'], '--clients must be a whole number, 1 to 100, not "1.5"'],
    [
      ['--clients', '1', '--client-id', 'a', '--client-id', 'b'],
      '--clients 1 is fewer than the 2 ids given with --client-id',
    ],
    [['8080'], expect.stringContaining("Unexpected argument '8080'")],
    [['--prot', '1'], expect.stringContaining("Unknown option '--prot'")],
  ] as const)('%j: refused', (argv, problem) => {
    expect(parseServiceArgs(argv, {})).toEqual({ problem });
  });

  test('--help and -h: the usage, which names every option', () => {
    expect(parseServiceArgs(['--help'], {})).toBe('help');
    expect(parseServiceArgs(['-h', '--port', 'x'], {})).toBe('help');
    expect(USAGE).toMatch(/^Usage: npm run auth-service -- \[options\]/);
  });
});

test('the banner: the scopes it knows, made-up ids said so; one block of lines per client, the secret quoted for a shell', () => {
  const text = banner(
    'http://127.0.0.1:8080',
    [
      { id: 'c1', secret: "it's" },
      { id: 'c2', secret: 'plain' },
    ],
    [
      { scope_string: GROUPS_SCOPE_STRING, id: 'g', madeUp: false },
      { scope_string: TRANSFER_SCOPE_STRING, id: 't', madeUp: true },
    ],
  );
  expect(text).toContain(
    `\n  ${GROUPS_SCOPE_STRING}  (id g)\n  ${TRANSFER_SCOPE_STRING}  (id t, made up here: give the scope by its string)\n`,
  );
  expect(text).toContain('with 2 clients');
  expect(text).toContain('\nClient 1 of 2:\n');
  expect(text).toContain("\nexport PROVIDER_CLIENT_SECRET='it'\\''s'\n");
  expect(text).toContain('\nINPUT_CLIENT_SECRET=plain\n');
  expect(text).not.toMatch(/\n\n\n/);
  const one = banner('http://127.0.0.1:8080', [{ id: 'c1', secret: 's' }], []);
  expect(one).toContain('with one client');
  expect(one).not.toContain('Client 1');
  expect(one).not.toMatch(/\n\n\n/);
});

test('the Transfer scope is there from the start, advertised, owned by no client of the service, its id the made-up one', () => {
  const service = new EmbeddedAuthService();
  const transfer = [...service.scopes.values()].find((s) => s.scope_string === TRANSFER_SCOPE_STRING);
  expect(transfer).toMatchObject({ id: TRANSFER_SCOPE_ID_MADE_UP, advertised: true });
  expect(service.clients.has(transfer?.client ?? '')).toBe(false);
});
