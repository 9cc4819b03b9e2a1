import { describe, expect, test } from '@jest/globals';
import { ValidationError, type Problem } from '../../src/engine/settings/problems.ts';
import {
  SETTING_NAMES,
  parseSettings,
  providerProblems,
  providersGiven,
  providersOf,
  runSettingsOf,
  SETTING_DEFAULTS,
  type SettingName,
} from '../../src/engine/settings/settings.ts';
import { cliNaming } from '../../src/cli/options.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';

const CLIENT_ID = '6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10';
// What a swapped client_id / client_secret would put in front of the user: it must never be echoed.
const SECRET_LOOKING = 'SWAPPED-SECRET-VALUE';

type RawInputs = Record<SettingName, string>;
const VALID: RawInputs = {
  client_id: CLIENT_ID,
  client_secret: 's3cret',
  auth_url: 'https://auth.example.org',
  spec: '.github/provider-scope.yml',
  timeout_seconds: '30',
  on_drift: 'warn',
  dry_run: 'false',
  auth: 'basic',
  provider_url: '',
  provider_suffix: '',
};

const reader =
  (overrides: Partial<RawInputs> = {}) =>
  (name: SettingName): string =>
    ({ ...VALID, ...overrides })[name];

function errorOf(overrides: Partial<RawInputs>): ValidationError {
  try {
    parseSettings(reader(overrides), INPUT_NAMING);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError, but the inputs were accepted');
}

const MESSAGES = {
  clientIdEmpty:
    'Input client_id is empty: set it to the Client ID shown in the developer portal, e.g. `client_id: ${{ vars.PROVIDER_CLIENT_ID }}`',
  clientIdNotUuid:
    'Input client_id is not a UUID: use the Client ID shown in the expanded description of the app in the developer portal ' +
    '(check that client_id and client_secret are not swapped)',
  clientSecretEmpty:
    'Input client_secret is empty: secrets are not passed to workflows triggered from forks or by Dependabot. ' +
    'Otherwise check that the repository secret exists and is passed as `client_secret: ${{ secrets.PROVIDER_CLIENT_SECRET }}`',
  authUrlEmpty:
    'Input auth_url is empty: set it to the base address of the authentication service, e.g. https://auth.globus.org',
  authUrlNotHttp: 'Input auth_url must be an absolute http(s) URL, e.g. https://auth.globus.org',
  authUrlCredentials: 'Input auth_url must not carry credentials: they belong in client_id and client_secret',
  authUrlQuery: 'Input auth_url must be a base address without a query or fragment',
  authUrlHttp:
    'Input auth_url must use https: the client secret is sent with every request. Plain http is accepted only for loopback hosts (127.0.0.1, ::1, localhost)',
  specEmpty:
    'Input spec is empty: leave it out to use .github/provider-scope.yml, or give the path of the spec file in the repository',
} as const;

describe('parseSettings accepts', () => {
  test('reads every input by its name', () => {
    const asked: SettingName[] = [];
    parseSettings((name) => {
      asked.push(name);
      return VALID[name];
    }, INPUT_NAMING);
    const names = [
      'client_id',
      'client_secret',
      'auth_url',
      'spec',
      'timeout_seconds',
      'on_drift',
      'dry_run',
      'auth',
      'provider_url',
      'provider_suffix',
    ];
    expect(asked).toEqual(names);
    expect(SETTING_NAMES).toEqual(names);
  });

  test('valid inputs, returned as given but for the timeout, a number', () => {
    expect(parseSettings(reader(), INPUT_NAMING)).toEqual({
      ...VALID,
      timeout_seconds: 30,
      dry_run: false,
      provider_url: [],
      provider_suffix: undefined,
    });
  });

  // The service writes ids in lower case, and so the scope strings it generates.
  test('client_id in upper case is lower-cased', () => {
    expect(parseSettings(reader({ client_id: CLIENT_ID.toUpperCase() }), INPUT_NAMING).client_id).toBe(CLIENT_ID);
  });

  test.each([
    ['https://auth.example.org/', 'https://auth.example.org'],
    ['https://auth.example.org', 'https://auth.example.org'],
    ['https://auth.example.org/base/path/', 'https://auth.example.org/base/path'],
    ['https://auth.example.org/base/path///', 'https://auth.example.org/base/path'],
    ['https://auth.example.org/base', 'https://auth.example.org/base'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['http://127.1.2.3/', 'http://127.1.2.3'],
    ['http://127.10.200.255/', 'http://127.10.200.255'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://[::1]:3000/', 'http://[::1]:3000'],
    ['https://auth.example.org:443/', 'https://auth.example.org'],
    ['HTTPS://Auth.Example.ORG/Base/', 'https://auth.example.org/Base'],
  ])('auth_url %j, normalised to %j', (given, expected) => {
    expect(parseSettings(reader({ auth_url: given }), INPUT_NAMING).auth_url).toBe(expected);
  });
});

describe('parseSettings rejects, one problem per invalid input, named by its field', () => {
  test.each<[string, Partial<RawInputs>, Problem]>([
    [
      'an empty client_secret (forks, Dependabot)',
      { client_secret: '' },
      { field: 'client_secret', message: MESSAGES.clientSecretEmpty },
    ],
    ['an empty client_id', { client_id: '' }, { field: 'client_id', message: MESSAGES.clientIdEmpty }],
    [
      'a client_id that is not a UUID',
      { client_id: SECRET_LOOKING },
      { field: 'client_id', message: MESSAGES.clientIdNotUuid },
    ],
    [
      'a client_id with surrounding white space',
      { client_id: ` ${CLIENT_ID}` },
      { field: 'client_id', message: MESSAGES.clientIdNotUuid },
    ],
    [
      'an auth_url that is not absolute',
      { auth_url: 'auth.example.org' },
      { field: 'auth_url', message: MESSAGES.authUrlNotHttp },
    ],
    ['an auth_url that is a path', { auth_url: '/v2/api' }, { field: 'auth_url', message: MESSAGES.authUrlNotHttp }],
    [
      'an auth_url that is not http(s)',
      { auth_url: 'ftp://auth.example.org' },
      { field: 'auth_url', message: MESSAGES.authUrlNotHttp },
    ],
    [
      'an auth_url with a user and password',
      { auth_url: 'https://user:pw@auth.example.org' },
      { field: 'auth_url', message: MESSAGES.authUrlCredentials },
    ],
    [
      'an auth_url with a user only',
      { auth_url: `https://${SECRET_LOOKING}@auth.example.org` },
      { field: 'auth_url', message: MESSAGES.authUrlCredentials },
    ],
    [
      'an auth_url with a query',
      { auth_url: 'https://auth.example.org/?tenant=1' },
      { field: 'auth_url', message: MESSAGES.authUrlQuery },
    ],
    [
      'an auth_url with a fragment',
      { auth_url: 'https://auth.example.org/#top' },
      { field: 'auth_url', message: MESSAGES.authUrlQuery },
    ],
    ['an empty spec', { spec: '' }, { field: 'spec', message: MESSAGES.specEmpty }],
    [
      'plain http to a host that is not loopback',
      { auth_url: 'http://auth.example.org' },
      { field: 'auth_url', message: MESSAGES.authUrlHttp },
    ],
    [
      'plain http to a private address',
      { auth_url: 'http://10.0.0.1' },
      { field: 'auth_url', message: MESSAGES.authUrlHttp },
    ],
    [
      'plain http to a name that only starts like a loopback address',
      { auth_url: 'http://127.0.0.1.example.org' },
      { field: 'auth_url', message: MESSAGES.authUrlHttp },
    ],
    [
      'an auth_url with a password only',
      { auth_url: 'https://:pw@auth.example.org' },
      { field: 'auth_url', message: MESSAGES.authUrlCredentials },
    ],
    [
      'an auth_url whose scheme only ends in http',
      { auth_url: 'xhttp://auth.example.org' },
      { field: 'auth_url', message: MESSAGES.authUrlNotHttp },
    ],
    [
      'an empty timeout',
      { timeout_seconds: '' },
      { field: 'timeout_seconds', message: 'Input timeout_seconds is empty: leave it out for 30 seconds' },
    ],
    [
      'an empty on_drift',
      { on_drift: '' },
      { field: 'on_drift', message: 'Input on_drift is empty: leave it out for warn' },
    ],
    [
      'an empty dry_run',
      { dry_run: '' },
      { field: 'dry_run', message: 'Input dry_run is empty: leave it out for false' },
    ],
    [
      'a timeout that is not a number',
      { timeout_seconds: 'soon' },
      { field: 'timeout_seconds', message: 'Input timeout_seconds must be a number of seconds, e.g. 30' },
    ],
    [
      'a timeout of zero',
      { timeout_seconds: '0' },
      { field: 'timeout_seconds', message: 'Input timeout_seconds must be more than 0' },
    ],
    [
      'an on_drift that is not one of its values',
      { on_drift: 'error' },
      { field: 'on_drift', message: 'Input on_drift must be warn, fail, ignore or update, not "error"' },
    ],
    [
      'a dry_run that is not a boolean',
      { dry_run: 'yes' },
      { field: 'dry_run', message: 'Input dry_run must be true or false, not "yes"' },
    ],
    [
      'an auth that is neither basic nor token',
      { auth: 'bearer' },
      { field: 'auth', message: 'Input auth must be basic or token, not "bearer"' },
    ],
    // The value echoed with its near miss: words, never a credential.
    [
      'an on_drift one letter short',
      { on_drift: 'updat' },
      {
        field: 'on_drift',
        message: 'Input on_drift must be warn, fail, ignore or update, not "updat" (did you mean update?)',
      },
    ],
    // Only a short word is echoed: not a value that merely ends or begins like one, nor one that is no word.
    [
      'an on_drift that is no word',
      { on_drift: '§§' },
      { field: 'on_drift', message: 'Input on_drift must be warn, fail, ignore or update' },
    ],
    [
      'an on_drift that begins with a digit',
      { on_drift: '9update' },
      { field: 'on_drift', message: 'Input on_drift must be warn, fail, ignore or update' },
    ],
    [
      'an on_drift longer than a word',
      { on_drift: 'updateupdateupdate' },
      { field: 'on_drift', message: 'Input on_drift must be warn, fail, ignore or update' },
    ],
    [
      'a dry_run misspelt',
      { dry_run: 'ture' },
      { field: 'dry_run', message: 'Input dry_run must be true or false, not "ture" (did you mean true?)' },
    ],
    ['an empty auth', { auth: '' }, { field: 'auth', message: 'Input auth is empty: leave it out for basic' }],
    [
      'plain http to a provider that is not loopback',
      { provider_url: 'http://provider.example.org' },
      {
        field: 'provider_url',
        message:
          'Input provider_url must use https: its answer decides whether this run passes. Plain http is accepted only for loopback hosts (127.0.0.1, ::1, localhost)',
      },
    ],
    [
      'a provider_url that is not a URL',
      { provider_url: 'provider' },
      {
        field: 'provider_url',
        message: 'Input provider_url must be an absolute http(s) URL, e.g. https://provider.example.org',
      },
    ],
    ...['a/b', 'a b', 'a\u001b[31m', 'a\u202eb'].map((suffix): [string, Partial<RawInputs>, Problem] => [
      `a provider_suffix ${JSON.stringify(suffix)}`,
      { provider_suffix: suffix },
      {
        field: 'provider_suffix',
        message:
          'Input provider_suffix must be a scope suffix: one path segment: no white space, control or format character, /, ?, # or %',
      },
    ]),
    [
      'a timeout over ten minutes',
      { timeout_seconds: '601' },
      { field: 'timeout_seconds', message: 'Input timeout_seconds must be at most 600' },
    ],
  ])('%s', (_title, overrides, expected) => {
    expect(errorOf(overrides).problems).toEqual([expected]);
  });

  test('an auth_url with both credentials and a query: both problems', () => {
    expect(errorOf({ auth_url: 'https://u:p@auth.example.org/?q=1' }).problems).toEqual([
      { field: 'auth_url', message: MESSAGES.authUrlCredentials },
      { field: 'auth_url', message: MESSAGES.authUrlQuery },
    ]);
  });

  test('an empty auth_url is reported as empty', () => {
    expect(errorOf({ auth_url: '' }).problems[0]).toEqual({ field: 'auth_url', message: MESSAGES.authUrlEmpty });
  });

  // The URL checks, the second stage of the pipe, do not run on an empty string.
  test('an empty auth_url is one problem, not two', () => {
    expect(errorOf({ auth_url: '' }).problems).toEqual([{ field: 'auth_url', message: MESSAGES.authUrlEmpty }]);
  });

  test('every problem at once, in the order of the inputs', () => {
    const error = errorOf({
      client_id: SECRET_LOOKING,
      client_secret: '',
      auth_url: 'ftp://auth.example.org',
      spec: '',
    });
    expect(error.problems).toEqual([
      { field: 'client_id', message: MESSAGES.clientIdNotUuid },
      { field: 'client_secret', message: MESSAGES.clientSecretEmpty },
      { field: 'auth_url', message: MESSAGES.authUrlNotHttp },
      { field: 'spec', message: MESSAGES.specEmpty },
    ]);
    expect(error.message).toBe(
      [MESSAGES.clientIdNotUuid, MESSAGES.clientSecretEmpty, MESSAGES.authUrlNotHttp, MESSAGES.specEmpty].join('\n'),
    );
  });

  test.each<Partial<RawInputs>>([
    { client_id: SECRET_LOOKING },
    { client_id: ` ${SECRET_LOOKING} `, client_secret: '' },
    { auth_url: SECRET_LOOKING },
    { auth_url: `https://${SECRET_LOOKING}.example.org/?${SECRET_LOOKING}` },
    { auth_url: `https://${SECRET_LOOKING}@auth.example.org` },
    { auth_url: `https://user:${SECRET_LOOKING}@auth.example.org/#${SECRET_LOOKING}` },
    { auth_url: `ftp://${SECRET_LOOKING}` },
    { client_id: SECRET_LOOKING, auth_url: `${SECRET_LOOKING}://x`, spec: '' },
  ])('no message quotes the value given: %j', (overrides) => {
    const error = errorOf(overrides);
    expect(error.problems.length).toBeGreaterThan(0);
    for (const { message } of error.problems) expect(message).not.toContain(SECRET_LOOKING);
    expect(error.message).not.toContain(SECRET_LOOKING);
  });
});

describe('the inputs of the drift check, the dry run and the provider verification', () => {
  test.each([
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['false', false],
    ['False', false],
    ['FALSE', false],
  ])('dry_run %p is %p', (value, expected) => {
    expect(parseSettings(reader({ dry_run: value }), INPUT_NAMING).dry_run).toBe(expected);
  });

  test.each(['warn', 'fail', 'ignore'])('on_drift %p', (value) => {
    expect(parseSettings(reader({ on_drift: value }), INPUT_NAMING).on_drift).toBe(value);
  });

  test.each(['basic', 'token'])('auth %p', (value) => {
    expect(parseSettings(reader({ auth: value }), INPUT_NAMING).auth).toBe(value);
  });

  test('provider_url is normalised like auth_url', () => {
    expect(
      parseSettings(reader({ provider_url: 'https://provider.example.org/base/' }), INPUT_NAMING).provider_url,
    ).toEqual([{ url: 'https://provider.example.org/base' }]);
  });
});

describe('provider_url: one address, or one provider a line as <suffix>=<url>', () => {
  const urls = (value: string) => parseSettings(reader({ provider_url: value }), INPUT_NAMING).provider_url;
  const problemsOf = (value: string, more: Partial<RawInputs> = {}) =>
    errorOf({ provider_url: value, ...more }).problems;

  test('lines of <suffix>=<url>, each normalised, numbered as written (blank lines skipped); one named line too', () => {
    expect(urls('\n transfer = HTTPS://Transfer.Example.org/base/ \r\n  \t\ncompute=http://127.0.0.1:8081\n')).toEqual([
      { url: 'https://transfer.example.org/base', suffix: 'transfer', line: 2 },
      { url: 'http://127.0.0.1:8081', suffix: 'compute', line: 4 },
    ]);
    expect(urls('a=https://p.example.org')).toEqual([{ url: 'https://p.example.org', suffix: 'a', line: 1 }]);
  });

  test('a bare address first, a named line after: the first is refused by its line, not read alone', () => {
    expect(problemsOf('https://a.example.org\nb=https://b.example.org').map((p) => p.message)).toEqual([
      'Line 1 of input provider_url must be <suffix>=<url>: with several providers, each line names the scope of the spec its provider must publish',
    ]);
  });

  test('an = in the path of one address is no suffix: an address has its // first', () => {
    expect(urls('https://p.example.org/x=1')).toEqual([{ url: 'https://p.example.org/x=1' }]);
  });

  test("each line its problem, by its number, in the door's words; no value quoted", () => {
    expect(
      problemsOf(
        [
          'a=https://a.example.org',
          'https://b.example.org',
          'a=https://c.example.org',
          'c=https://a.example.org/',
          'd=http://d.example.org',
          'e f=https://e.example.org',
          's3cr3t=',
        ].join('\n'),
      ),
    ).toEqual(
      [
        'Line 2 of input provider_url must be <suffix>=<url>: with several providers, each line names the scope of the spec its provider must publish',
        'Line 3 of input provider_url names the same scope as line 1: give one provider per scope',
        'Line 4 of input provider_url gives the same address as line 1: a provider publishes one scope, so give it once',
        'Line 5 of input provider_url must use https: its answer decides whether this run passes. Plain http is accepted only for loopback hosts (127.0.0.1, ::1, localhost)',
        'Line 6 of input provider_url: its suffix must be a scope suffix: one path segment: no white space, control or format character, /, ?, # or %',
        'Line 7 of input provider_url must be an absolute http(s) URL, e.g. https://provider.example.org',
      ].map((message) => ({ field: 'provider_url', message })),
    );
  });

  test("provider_suffix: the one address's scope; beside named lines, or without an address, a problem", () => {
    const settings = (raw: Partial<RawInputs>) => parseSettings(reader(raw), INPUT_NAMING);
    expect(providersOf(settings({ provider_url: 'https://p.example.org', provider_suffix: 'b' }))).toEqual([
      { url: 'https://p.example.org', suffix: 'b' },
    ]);
    expect(providersOf(settings({ provider_url: 'https://p.example.org' }))).toEqual([
      { url: 'https://p.example.org' },
    ]);
    // A named line keeps its own scope, and no provider_suffix adds a key of none.
    expect(providersOf(settings({ provider_url: 'a=https://p.example.org', provider_suffix: 'b' }))[0]?.suffix).toBe(
      'a',
    );
    expect(Object.keys(providersOf(settings({ provider_url: 'https://p.example.org' }))[0] ?? {})).toEqual(['url']);
    expect(
      providerProblems(settings({ provider_url: 'https://p.example.org', provider_suffix: 'b' }), INPUT_NAMING),
    ).toEqual([]);
    expect(
      providerProblems(settings({ provider_url: 'a=https://p.example.org', provider_suffix: 'b' }), INPUT_NAMING),
    ).toEqual([
      {
        field: 'provider_suffix',
        message:
          'Input provider_suffix is given with provider_url lines that name their scopes (<suffix>=<url>): leave it out, or give provider_url one address',
      },
    ]);
    expect(providerProblems(settings({ provider_suffix: 'b' }), INPUT_NAMING)).toEqual([
      {
        field: 'provider_suffix',
        message:
          'Input provider_suffix is given without provider_url: it names the scope the provider there must publish',
      },
    ]);
    expect(providerProblems(settings({}), INPUT_NAMING)).toEqual([]);
  });
});

test('each door words a setting given a value as its users write it', () => {
  expect(INPUT_NAMING.assign('on_drift', 'update')).toBe('on_drift: update');
  expect(cliNaming().assign('on_drift', 'update')).toBe('--on-drift update');
  // The secret's words depend on where it came from; the other settings' do not.
  expect([cliNaming().label('client_secret'), cliNaming().whenEmpty('client_secret')]).toEqual([
    'PROVIDER_CLIENT_SECRET',
    expect.stringMatching(/^put the client secret in the environment/),
  ]);
  expect(cliNaming({ secretFromStdin: true }).label('client_secret')).toBe(
    'The client secret from stdin (--client-secret-stdin)',
  );
  expect(cliNaming({ secretFromStdin: true }).label('client_id')).toBe('--client-id (or PROVIDER_CLIENT_ID)');
  // Left out, the facts of a run inside a repository whose spec was not given.
  expect([cliNaming().workspace, cliNaming().specNotFound]).toEqual([
    cliNaming({ specGiven: false, inRepository: true }).workspace,
    cliNaming({ specGiven: false, inRepository: true }).specNotFound,
  ]);
  expect([cliNaming().workspace, cliNaming().specNotFound]).toEqual([
    'the repository',
    expect.stringMatching(/^Give the spec's path with --spec/),
  ]);
  // The secret has no flag: only its variable.
  expect(cliNaming().assign('client_secret', '...')).toBe('PROVIDER_CLIENT_SECRET=...');
});

test('the command line names a setting the way it was given: its flag, its variable, or both when it was not given', () => {
  const naming = cliNaming({ given: { client_id: 'env', on_drift: 'flag', auth: 'env' } });
  expect([naming.label('client_id'), naming.ref('client_id'), naming.assign('auth', 'basic')]).toEqual([
    'PROVIDER_CLIENT_ID',
    'PROVIDER_CLIENT_ID',
    'PROVIDER_AUTH=basic',
  ]);
  expect([naming.label('on_drift'), naming.ref('on_drift'), naming.assign('on_drift', 'update')]).toEqual([
    '--on-drift',
    '--on-drift',
    '--on-drift update',
  ]);
  expect([naming.label('auth_url'), naming.ref('auth_url'), naming.assign('timeout_seconds', '60')]).toEqual([
    '--auth-url (or PROVIDER_AUTH_URL)',
    '--auth-url',
    '--timeout-seconds 60',
  ]);
  // The secret: its variable, or stdin.
  expect([naming.label('client_secret'), naming.ref('client_secret')]).toEqual([
    'PROVIDER_CLIENT_SECRET',
    'PROVIDER_CLIENT_SECRET',
  ]);
  expect(cliNaming({ secretFromStdin: true }).ref('client_secret')).toBe('the secret read with --client-secret-stdin');
  // Where the secret's copies are, for its replacement: each door's own.
  expect([cliNaming().secretCopies, INPUT_NAMING.secretCopies]).toEqual([
    'each CI/CD variable and secret store that holds a copy of it',
    expect.stringMatching(/^each GitHub environment that holds a copy of it as a secret/),
  ]);
});

describe('the settings a door keeps for its later steps', () => {
  test('providersGiven: read by the rules when valid, else kept as given (never no provider at all)', () => {
    const given = (url: string, suffix = '') => providersGiven(url, suffix, INPUT_NAMING);
    expect(given('https://p.example.org')).toEqual([{ url: 'https://p.example.org' }]);
    expect(given('https://p.example.org', 'b')).toEqual([{ url: 'https://p.example.org', suffix: 'b' }]);
    expect(given('a=https://p.example.org')).toEqual([{ url: 'https://p.example.org', suffix: 'a', line: 1 }]);
    expect(given('not an address')).toEqual([{ url: 'not an address', suffix: '' }]);
    expect(given('https://p.example.org', 'not/a suffix')).toEqual([
      { url: 'https://p.example.org', suffix: 'not/a suffix' },
    ]);
  });

  test('runSettingsOf: each setting as read, else its default; an invalid one as none', () => {
    const of = (raw: Partial<Record<SettingName, string>>) => runSettingsOf((name) => raw[name] ?? '', INPUT_NAMING);
    expect(of({ client_id: 'c' })).toEqual(
      expect.objectContaining({ clientId: 'c', spec: SETTING_DEFAULTS.spec, onDrift: 'warn', dryRun: false }),
    );
    expect(of({ client_id: 'c', spec: 's.yml', on_drift: 'update', dry_run: 'true' })).toEqual(
      expect.objectContaining({ spec: 's.yml', onDrift: 'update', dryRun: true }),
    );
    expect(of({ on_drift: 'sometimes' }).onDrift).toBeUndefined();
  });
});
