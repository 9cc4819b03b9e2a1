import type { ScopeDefinition } from '../../src/wire/service-client.ts';
import { TOLD_APART, TOLD_AS_ONE } from '../../src/engine/settings/telling.ts';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ValidationError, type Problem } from '../../src/engine/settings/problems.ts';
import { loadSpec, MAX_SPEC_BYTES, parseSpec, type SpecDependent } from '../../src/engine/settings/spec.ts';
import { rejectionOf } from '../support/rejection.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';

const FILE = '.github/provider-scope.yml';
const GROUPS = 'urn:platform:auth:scope:groups.api.platform.org:view_my_groups_and_memberships';
const TRANSFER_ID = '6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10';

const yaml = (...lines: string[]): string => `${lines.join('\n')}\n`;
/** The same lines one level down, under a top-level `scope:` key. */
const wrapped = (...lines: string[]): string => yaml('scope:', ...lines.map((line) => `  ${line}`));

/** A problem located in FILE; without a line it is located at the file only. */
const problem = (field: string, message: string, startLine?: number, startColumn?: number): Problem => ({
  field,
  message,
  location:
    startLine === undefined || startColumn === undefined ? { file: FILE } : { file: FILE, startLine, startColumn },
});

function errorOf(parse: () => unknown): ValidationError {
  try {
    parse();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError, but the spec was accepted');
}
const problemsOf = (parse: () => unknown): readonly Problem[] => errorOf(parse).problems;

const loadError = (promise: Promise<unknown>): Promise<ValidationError> => rejectionOf(promise, ValidationError);

// Every field given, none of them with its default value, so that defaults cannot hide a bug.
const FULL_LINES = [
  'name: Example Action Provider',
  'description: Runs example actions',
  'scope_suffix: custom_suffix',
  'advertised: false',
  'allow_refresh_tokens: false',
  'dependent_scopes:',
  `  - scope: ${GROUPS}`,
  '    optional: true',
  '    requires_refresh_token: false',
  `  - scope: ${TRANSFER_ID}`,
];
const FULL: ScopeDefinition<SpecDependent> = {
  name: 'Example Action Provider',
  description: 'Runs example actions',
  scope_suffix: 'custom_suffix',
  advertised: false,
  allow_refresh_tokens: false,
  dependent_scopes: [
    { scope: GROUPS, optional: true, requires_refresh_token: false },
    // The second dependent scope gives neither flag: both defaults apply.
    { scope: TRANSFER_ID, optional: false, requires_refresh_token: true },
  ],
};

const MINIMAL_LINES = ['name: Example Action Provider', 'description: Runs example actions', 'advertised: true'];
const MINIMAL: ScopeDefinition<SpecDependent> = {
  name: 'Example Action Provider',
  description: 'Runs example actions',
  scope_suffix: 'action_all',
  advertised: true,
  allow_refresh_tokens: true,
  dependent_scopes: [],
};

describe('parseSpec accepts', () => {
  test.each([
    ['a full spec at the top level', yaml(...FULL_LINES), FULL],
    ['a full spec under a top-level scope: key', wrapped(...FULL_LINES), FULL],
    [
      'a full spec written as JSON',
      JSON.stringify({
        name: 'Example Action Provider',
        description: 'Runs example actions',
        scope_suffix: 'custom_suffix',
        advertised: false,
        allow_refresh_tokens: false,
        dependent_scopes: [{ scope: GROUPS, optional: true, requires_refresh_token: false }, { scope: TRANSFER_ID }],
      }),
      FULL,
    ],
    ['the required fields alone, with every default applied', yaml(...MINIMAL_LINES), MINIMAL],
    ['the required fields alone under scope:, with every default applied', wrapped(...MINIMAL_LINES), MINIMAL],
    [
      'JSON under a scope: key',
      JSON.stringify({
        scope: { name: 'Example Action Provider', description: 'Runs example actions', advertised: true },
      }),
      MINIMAL,
    ],
    [
      'text in quotes with blanks around it: kept as written, as the service keeps it',
      yaml('name: "  Example Action Provider "', 'description: Runs example actions', 'advertised: true'),
      { ...MINIMAL, name: '  Example Action Provider ' },
    ],
    [
      'a plain value: YAML drops the blanks around it',
      yaml('name:   Example Action Provider   ', 'description: Runs example actions', 'advertised: true'),
      MINIMAL,
    ],
    [
      'a dependent scope given by https URL, with defaults',
      yaml(...MINIMAL_LINES, 'dependent_scopes:', '  - scope: https://groups.example.org/scopes/view'),
      {
        ...MINIMAL,
        dependent_scopes: [
          { scope: 'https://groups.example.org/scopes/view', optional: false, requires_refresh_token: true },
        ],
      },
    ],
  ])('%s', (_title, source, expected) => {
    expect(parseSpec(source, FILE).scopes[0]).toEqual(expected);
  });
});

describe('parseSpec also gives', () => {
  test('required_domains, when given, as a list of domains', () => {
    const {
      scopes: [spec],
    } = parseSpec(yaml(...MINIMAL_LINES, 'required_domains: [uchicago.edu, globus.org]'), FILE);
    expect(spec?.required_domains).toEqual(['uchicago.edu', 'globus.org']);
    expect(parseSpec(yaml(...MINIMAL_LINES), FILE).scopes[0]?.required_domains).toBeUndefined();
  });

  test('where each field is, at the top level or under scope:', () => {
    const lines = [...MINIMAL_LINES, 'dependent_scopes:', `  - scope: ${GROUPS}`, `  - scope: ${TRANSFER_ID}`];
    expect(parseSpec(yaml(...lines), FILE).locate([0, 'dependent_scopes', 1, 'scope'])).toEqual({
      file: FILE,
      startLine: 6,
      startColumn: 12,
    });
    expect(parseSpec(wrapped(...lines), FILE).locate([0, 'dependent_scopes', 1, 'scope'])).toEqual({
      file: FILE,
      startLine: 7,
      startColumn: 14,
    });
  });

  // The vendor documents suffixes as [a-z0-9_] (Globus SDK, create_scope's docstring); the
  // spec file takes any one path segment (README, "The spec file"): a warning, not an error.
  test.each(['Action-All', 'action.all', 'ação'])(
    'a warning at scope_suffix "%s", outside the documented characters',
    (suffix) => {
      const {
        scopes: [spec],
        warnings,
      } = parseSpec(yaml(...MINIMAL_LINES, `scope_suffix: ${suffix}`), FILE);
      expect(spec?.scope_suffix).toBe(suffix);
      expect(warnings).toEqual([
        {
          field: 'scope_suffix',
          message:
            `${FILE}: scope_suffix "${suffix}" has characters other than lower-case letters, digits and underscores, ` +
            'the only ones the authentication service documents for a suffix: the creation may be refused. Use, e.g., action_all.',
          location: { file: FILE, startLine: 4, startColumn: 15 },
        },
      ]);
    },
  );

  test.each(['action_all', 'run2', 'a'])('no warning for scope_suffix %s', (suffix) => {
    expect(parseSpec(yaml(...MINIMAL_LINES, `scope_suffix: ${suffix}`), FILE).warnings).toEqual([]);
  });
});

describe('parseSpec rejects, naming and locating every problem', () => {
  test.each<[string, string, Problem[]]>([
    [
      'missing required fields, located at the mapping that lacks them',
      yaml('scope_suffix: custom'),
      [
        problem('name', `${FILE}: name is required`, 1, 1),
        problem('description', `${FILE}: description is required`, 1, 1),
        problem('advertised', `${FILE}: advertised is required`, 1, 1),
      ],
    ],
    [
      'missing required fields under scope:',
      yaml('scope:', '  advertised: true'),
      [
        problem('scope.name', `${FILE}: scope.name is required`, 2, 3),
        problem('scope.description', `${FILE}: scope.description is required`, 2, 3),
      ],
    ],
    [
      'advertised given as the string "yes"',
      yaml('name: N', 'description: D', 'advertised: "yes"'),
      [problem('advertised', `${FILE}: advertised must be a boolean, not string "yes"`, 3, 13)],
    ],
    [
      'advertised given as a number',
      yaml('name: N', 'description: D', 'advertised: 1'),
      [problem('advertised', `${FILE}: advertised must be a boolean, not number 1`, 3, 13)],
    ],
    [
      'dependent_scopes that is not a list',
      yaml('name: N', 'description: D', 'advertised: true', `dependent_scopes: ${GROUPS}`),
      [problem('dependent_scopes', `${FILE}: dependent_scopes must be a list, not string "${GROUPS}"`, 4, 19)],
    ],
    [
      'a dependent scope that is a bare string, not a mapping',
      yaml('name: N', 'description: D', 'advertised: true', 'dependent_scopes:', `  - ${GROUPS}`),
      [problem('dependent_scopes[0]', `${FILE}: dependent_scopes[0] must be a mapping, not string "${GROUPS}"`, 5, 5)],
    ],
    [
      'a dependent flag of the wrong type',
      yaml(
        'name: N',
        'description: D',
        'advertised: true',
        'dependent_scopes:',
        `  - scope: ${GROUPS}`,
        '    optional: "no"',
      ),
      [
        problem(
          'dependent_scopes[0].optional',
          `${FILE}: dependent_scopes[0].optional must be a boolean, not string "no"`,
          6,
          15,
        ),
      ],
    ],
    [
      'a dependent scope without its scope',
      yaml('name: N', 'description: D', 'advertised: true', 'dependent_scopes:', '  - optional: true'),
      [
        problem(
          'dependent_scopes[0].scope',
          `${FILE}: dependent_scopes[0].scope is required: the dependent scope by UUID or scope string (or, instead, scope_suffix: another scope of this client)`,
          5,
          5,
        ),
      ],
    ],
    [
      'an empty string',
      yaml('name: ""', 'description: D', 'advertised: true'),
      [problem('name', `${FILE}: name must not be empty`, 1, 7)],
    ],
    [
      'a string of white space only',
      yaml('name: N', 'description: "   "', 'advertised: true'),
      [problem('description', `${FILE}: description must not be empty`, 2, 14)],
    ],
    [
      'a key without a value (null)',
      yaml('name:', 'description: D', 'advertised: true'),
      [problem('name', `${FILE}: name has no value: it must be a string`, 1, 6)],
    ],
    [
      'a scope_suffix with white space',
      yaml('name: N', 'description: D', 'advertised: true', 'scope_suffix: action all'),
      [
        problem(
          'scope_suffix',
          `${FILE}: scope_suffix must be one path segment: no white space, control or format character, /, ?, # or %`,
          4,
          15,
        ),
      ],
    ],
    [
      'a scope_suffix with a control character (an escape a terminal would obey) or a format character (a bidi override)',
      yaml(
        'scopes:',
        '  - name: N',
        '    description: D',
        '    scope_suffix: "a\\e[31m"',
        '    advertised: true',
        '  - name: M',
        '    description: D',
        '    scope_suffix: "b\\u202Ec"',
        '    advertised: true',
      ),
      [
        problem(
          'scopes[0].scope_suffix',
          `${FILE}: scopes[0].scope_suffix must be one path segment: no white space, control or format character, /, ?, # or %`,
          4,
          19,
        ),
        problem(
          'scopes[1].scope_suffix',
          `${FILE}: scopes[1].scope_suffix must be one path segment: no white space, control or format character, /, ?, # or %`,
          8,
          19,
        ),
      ],
    ],
    [
      'dependent scopes that are neither a UUID nor a URL or URN',
      yaml(
        'name: N',
        'description: D',
        'advertised: true',
        'dependent_scopes:',
        '  - scope: not a scope',
        '  - scope: groups',
      ),
      [
        problem(
          'dependent_scopes[0].scope',
          `${FILE}: dependent_scopes[0].scope must be a scope UUID or a scope string (a URL or URN)`,
          5,
          12,
        ),
        problem(
          'dependent_scopes[1].scope',
          `${FILE}: dependent_scopes[1].scope must be a scope UUID or a scope string (a URL or URN)`,
          6,
          12,
        ),
      ],
    ],
    [
      'a dependent scope listed twice, located at the second',
      yaml(
        'name: N',
        'description: D',
        'advertised: true',
        'dependent_scopes:',
        `  - scope: ${GROUPS}`,
        `  - scope: ${TRANSFER_ID}`,
        `  - scope: ${GROUPS}`,
        '    optional: true',
      ),
      [problem('dependent_scopes[2].scope', `${FILE}: dependent_scopes[2].scope lists ${GROUPS} a second time`, 7, 12)],
    ],
    [
      'unknown top-level keys: near misses get a suggestion, a far-off key none',
      yaml(
        'name: N',
        'description: D',
        'advertised: true',
        'allow_refresh_token: false',
        'allows_refresh_token: true',
        'colour: blue',
      ),
      [
        problem(
          'allow_refresh_token',
          `${FILE}: unknown key "allow_refresh_token" (did you mean "allow_refresh_tokens"?)`,
          4,
          1,
        ),
        problem(
          'allows_refresh_token',
          `${FILE}: unknown key "allows_refresh_token" (did you mean "allow_refresh_tokens"?)`,
          5,
          1,
        ),
        problem('colour', `${FILE}: unknown key "colour"`, 6, 1),
      ],
    ],
    [
      'unknown keys inside scope:',
      wrapped('name: N', 'description: D', 'advertised: true', 'allows_refresh_token: false', 'colour: blue'),
      [
        problem(
          'scope.allows_refresh_token',
          `${FILE}: unknown key "scope.allows_refresh_token" (did you mean "allow_refresh_tokens"?)`,
          5,
          3,
        ),
        problem('scope.colour', `${FILE}: unknown key "scope.colour"`, 6, 3),
      ],
    ],
    [
      'unknown keys inside a dependent scope',
      yaml(
        'name: N',
        'description: D',
        'advertised: true',
        'dependent_scopes:',
        `  - scope: ${GROUPS}`,
        '    optinal: true',
        '    colour: blue',
      ),
      [
        problem(
          'dependent_scopes[0].optinal',
          `${FILE}: unknown key "dependent_scopes[0].optinal" (did you mean "optional"?)`,
          6,
          5,
        ),
        problem('dependent_scopes[0].colour', `${FILE}: unknown key "dependent_scopes[0].colour"`, 7, 5),
      ],
    ],
    [
      'an unknown key inside a dependent scope under scope:',
      wrapped(
        'name: N',
        'description: D',
        'advertised: true',
        'dependent_scopes:',
        `  - scope: ${GROUPS}`,
        '    optinal: true',
      ),
      [
        problem(
          'scope.dependent_scopes[0].optinal',
          `${FILE}: unknown key "scope.dependent_scopes[0].optinal" (did you mean "optional"?)`,
          7,
          7,
        ),
      ],
    ],
    [
      'several problems at once, each its own, in the order of their lines',
      yaml(
        'description: ""',
        'advertised: 1',
        'scope_suffix: a b',
        'dependent_scopes:',
        '  - scope: nope',
        '    optinal: true',
        'foo: 1',
      ),
      [
        problem('name', `${FILE}: name is required`, 1, 1),
        problem('description', `${FILE}: description must not be empty`, 1, 14),
        problem('advertised', `${FILE}: advertised must be a boolean, not number 1`, 2, 13),
        problem(
          'scope_suffix',
          `${FILE}: scope_suffix must be one path segment: no white space, control or format character, /, ?, # or %`,
          3,
          15,
        ),
        problem(
          'dependent_scopes[0].scope',
          `${FILE}: dependent_scopes[0].scope must be a scope UUID or a scope string (a URL or URN)`,
          5,
          12,
        ),
        problem(
          'dependent_scopes[0].optinal',
          `${FILE}: unknown key "dependent_scopes[0].optinal" (did you mean "optional"?)`,
          6,
          5,
        ),
        problem('foo', `${FILE}: unknown key "foo"`, 7, 1),
      ],
    ],
    [
      'an unknown key above a wrong value: by line, not by kind',
      yaml('colour: 1', 'name: N', 'description: D', 'advertised: 1', 'dependent_scopes:', '  - scope: nope'),
      [
        problem('colour', `${FILE}: unknown key "colour"`, 1, 1),
        problem('advertised', `${FILE}: advertised must be a boolean, not number 1`, 4, 13),
        problem(
          'dependent_scopes[0].scope',
          `${FILE}: dependent_scopes[0].scope must be a scope UUID or a scope string (a URL or URN)`,
          6,
          12,
        ),
      ],
    ],
    [
      'several problems in JSON, located on its one line, by column',
      '{"name": "N", "description": "", "advertised": "true", "colour": 1}',
      [
        problem('description', `${FILE}: description must not be empty`, 1, 30),
        problem('advertised', `${FILE}: advertised must be a boolean, not string "true"`, 1, 48),
        problem('colour', `${FILE}: unknown key "colour"`, 1, 56),
      ],
    ],
    [
      'a YAML syntax error, at its line',
      yaml('name: N', 'description: [unclosed', 'advertised: true'),
      [
        problem(
          'spec',
          `${FILE}: YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ] at line 3, column 1`,
          3,
          1,
        ),
      ],
    ],
    [
      // yaml reports an unclosed bracket once per bracket, word for word: said once.
      'an error that cascades, each message once',
      yaml('name: N', 'description: D', 'required_domains: [[example.org', 'advertised: true'),
      [
        problem(
          'spec',
          `${FILE}: YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ] at line 4, column 1`,
          4,
          1,
        ),
      ],
    ],
    [
      'tabs as indentation',
      yaml('name: N', 'description: D', 'advertised: true', '\tfoo: 1'),
      [problem('spec', `${FILE}: YAML syntax error: Tabs are not allowed as indentation at line 4, column 1`, 4, 1)],
    ],
    [
      'a duplicate key, at the second',
      yaml('name: N', 'description: D', 'name: M', 'advertised: true'),
      [problem('spec', `${FILE}: YAML syntax error: Map keys must be unique at line 3, column 1`, 3, 1)],
    ],
    [
      'a duplicate key in a dependent scope',
      yaml(
        'name: N',
        'description: D',
        'advertised: true',
        'dependent_scopes:',
        `  - scope: ${GROUPS}`,
        `    scope: ${TRANSFER_ID}`,
      ),
      [problem('spec', `${FILE}: YAML syntax error: Map keys must be unique at line 6, column 5`, 6, 5)],
    ],
    [
      'an empty file',
      '',
      [problem('spec', `${FILE} is empty: it must define the scope (name, description, advertised, ...)`)],
    ],
    [
      'a file of comments only',
      yaml('# nothing yet', ''),
      [problem('spec', `${FILE} is empty: it must define the scope (name, description, advertised, ...)`)],
    ],
    [
      'a document that is a list',
      yaml('- name: N', '  description: D', '  advertised: true'),
      [problem('spec', `${FILE} must be a mapping of the scope's fields, not a list`, 1, 1)],
    ],
    [
      'a document that is a string',
      yaml('just some text'),
      [problem('spec', `${FILE} must be a mapping of the scope's fields, not string "just some text"`, 1, 1)],
    ],
    [
      'a document that is a number',
      yaml('42'),
      [problem('spec', `${FILE} must be a mapping of the scope's fields, not number 42`, 1, 1)],
    ],
    [
      'a scope: key without a value',
      yaml('scope:'),
      [problem('scope', `${FILE}: scope has no value: it must be a mapping`, 1, 7)],
    ],
    [
      'dependent_scopes without a value',
      yaml('name: N', 'description: D', 'advertised: true', 'dependent_scopes:'),
      [problem('dependent_scopes', `${FILE}: dependent_scopes has no value: it must be a list`, 4, 18)],
    ],
    [
      'a mapping where a string goes',
      yaml('name: { first: N }', 'description: D', 'advertised: true'),
      [problem('name', `${FILE}: name must be a string, not a mapping`, 1, 7)],
    ],
    [
      'an empty key, named ""',
      yaml('name: N', 'description: D', 'advertised: true', '"": 1'),
      [problem('""', `${FILE}: unknown key """"`, 4, 1)],
    ],
    [
      'an empty name',
      yaml('name: ""', 'description: D', 'advertised: true'),
      [problem('name', `${FILE}: name must not be empty`, 1, 7)],
    ],
  ])('%s', (_title, source, expected) => {
    expect(problemsOf(() => parseSpec(source, FILE))).toEqual(expected);
  });

  test('the error message lists every problem message, one a line', () => {
    const source = yaml('name: ""', 'description: D', 'advertised: "yes"');
    expect(errorOf(() => parseSpec(source, FILE)).message).toBe(
      `${FILE}: name must not be empty\n${FILE}: advertised must be a boolean, not string "yes"`,
    );
  });

  describe('scope: next to other keys', () => {
    const source = yaml('scope:', '  name: N', '  description: D', '  advertised: true', 'name: Other', 'colour: blue');

    test('each key beside scope: is an unknown key, located at it', () => {
      const problems = problemsOf(() => parseSpec(source, FILE));
      expect(problems.map((p) => [p.field, p.location])).toEqual([
        ['name', { file: FILE, startLine: 5, startColumn: 1 }],
        ['colour', { file: FILE, startLine: 6, startColumn: 1 }],
      ]);
      expect(problems[0]?.message.startsWith(`${FILE}: unknown key "name"`)).toBe(true);
      expect(problems[1]?.message).toBe(`${FILE}: unknown key "colour"`);
    });

    // Under scope:, the top level's only known key is `scope`: a scope field beside it is not
    // "suggested" as itself.
    test('a scope field beside scope: is not suggested as itself', () => {
      const problems = problemsOf(() => parseSpec(source, FILE));
      expect(problems[0]?.message).not.toContain('did you mean "name"');
    });

    test('a scope: that is not a mapping, next to another key', () => {
      expect(problemsOf(() => parseSpec(yaml(`scope: ${GROUPS}`, 'colour: blue'), FILE))).toEqual([
        problem('scope', `${FILE}: scope must be a mapping, not string "${GROUPS}"`, 1, 8),
        problem('colour', `${FILE}: unknown key "colour"`, 2, 1),
      ]);
    });
  });
});

describe('loadSpec', () => {
  let base: string;
  let workspace: string;

  // The workspace one level down, so that a file beside it is outside it, and removed with it.
  beforeAll(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'spec-test-'));
    workspace = path.join(base, 'workspace');
    await mkdir(path.join(workspace, '.github'), { recursive: true });
    await writeFile(path.join(base, 'outside.yml'), 'name: text of a file beside the workspace\n');
  });
  afterAll(async () => rm(base, { recursive: true, force: true }));

  test('reads and parses a good file from the workspace', async () => {
    await writeFile(path.join(workspace, FILE), yaml(...FULL_LINES));
    expect((await loadSpec(workspace, FILE, INPUT_NAMING)).scopes[0]).toEqual(FULL);
  });

  test('locates problems in the file by the path as given, not the full path', async () => {
    await writeFile(path.join(workspace, 'bad.yml'), yaml('name: N', 'description: D', 'advertised: "yes"'));
    const error = await loadError(loadSpec(workspace, 'bad.yml', INPUT_NAMING));
    expect(error.problems).toEqual([
      {
        field: 'advertised',
        message: 'bad.yml: advertised must be a boolean, not string "yes"',
        location: { file: 'bad.yml', startLine: 3, startColumn: 13 },
      },
    ]);
  });

  test('a missing file names its path and the checkout step', async () => {
    const error = await loadError(loadSpec(workspace, 'missing/provider-scope.yml', INPUT_NAMING));
    expect(error.problems).toEqual([
      {
        field: 'spec',
        message:
          `Spec file missing/provider-scope.yml was not found in the workspace (${workspace}). ` +
          'Check out the repository first (actions/checkout) and commit the spec there, or point the `spec` input at it.',
      },
    ]);
    expect(error.problems[0]?.message).toContain('actions/checkout');
  });

  test('a path that cannot be resolved for another reason than a missing file: its code', async () => {
    await writeFile(path.join(workspace, 'plain.yml'), yaml(...MINIMAL_LINES));
    const error = await loadError(loadSpec(workspace, 'plain.yml/provider-scope.yml', INPUT_NAMING));
    expect(error.problems).toEqual([
      { field: 'spec', message: 'Spec file plain.yml/provider-scope.yml could not be read (ENOTDIR).' },
    ]);
  });

  test('a directory is not a spec file', async () => {
    const error = await loadError(loadSpec(workspace, '.github', INPUT_NAMING));
    expect(error.problems).toEqual([
      {
        field: 'spec',
        message: 'Spec file .github is not a file: Input spec must name the YAML file that defines the scope.',
      },
    ]);
  });

  test('a file over MAX_SPEC_BYTES is refused before it is parsed', async () => {
    expect(MAX_SPEC_BYTES).toBe(65536);
    // Valid YAML padded with a comment: only its size is wrong.
    const source = yaml(...MINIMAL_LINES);
    await writeFile(
      path.join(workspace, 'big.yml'),
      source + '#'.repeat(MAX_SPEC_BYTES + 1 - Buffer.byteLength(source)),
    );
    const error = await loadError(loadSpec(workspace, 'big.yml', INPUT_NAMING));
    expect(error.problems).toEqual([
      {
        field: 'spec',
        message: `Spec file big.yml is over the limit of ${MAX_SPEC_BYTES} bytes: it should hold scope definitions alone.`,
      },
    ]);
  });

  // A spec from a pull request must not make the step read a file of the runner's, and quote it.
  describe('a path outside the workspace is refused before anything is read, and nothing of it is quoted', () => {
    const outside = (file: string) =>
      `Spec file ${file} is outside the workspace (after its links are followed): Input spec must name a file inside it.`;

    // A path that climbs out is refused as written, whether or not its file exists: "not
    // found" for one and "outside" for another would tell which files exist out there.
    test.each([
      '../outside.yml',
      '../nothing-here.yml',
      '/etc/passwd',
      '/etc/no-such-file.yml',
      '.github/../../outside.yml',
    ])('%s', async (file) => {
      const error = await loadError(loadSpec(workspace, file, INPUT_NAMING));
      expect(error.problems).toEqual([{ field: 'spec', message: outside(file) }]);
    });

    test.each([
      ['a file of the system', '/etc/passwd'],
      ['a file of /proc that reports size 0', '/proc/self/environ'],
    ])('a committed link to %s', async (_what, target) => {
      await symlink(target, path.join(workspace, 'link.yml'));
      try {
        const error = await loadError(loadSpec(workspace, 'link.yml', INPUT_NAMING));
        expect(error.problems).toEqual([{ field: 'spec', message: outside('link.yml') }]);
      } finally {
        await rm(path.join(workspace, 'link.yml'));
      }
    });

    test('the workspace itself (.) is no file of it', async () => {
      const error = await loadError(loadSpec(workspace, '.', INPUT_NAMING));
      expect(error.problems).toEqual([{ field: 'spec', message: outside('.') }]);
    });

    test('a link that stays inside the workspace is followed', async () => {
      await writeFile(path.join(workspace, 'real.yml'), yaml(...MINIMAL_LINES));
      await symlink('real.yml', path.join(workspace, 'alias.yml'));
      expect((await loadSpec(workspace, 'alias.yml', INPUT_NAMING)).scopes[0]).toEqual(MINIMAL);
    });
  });

  test.each([
    [
      'UTF-16 with a byte-order mark',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(yaml(...MINIMAL_LINES), 'utf16le')]),
    ],
    // Text whose UTF-16 has no NUL byte (no ASCII in it): the byte-order mark alone tells.
    [
      'UTF-16 without a NUL byte, by its byte-order mark',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('名前説明', 'utf16le')]),
    ],
    [
      'big-endian UTF-16 without a NUL byte, by its byte-order mark',
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('名前説明', 'utf16le').swap16()]),
    ],
    ['text with NUL bytes', Buffer.from(`name: a\u0000b\n`)],
    ['Latin-1, an accent in a value', Buffer.from(`${yaml(...MINIMAL_LINES)}# caf\u00e9\n`, 'latin1')],
    [
      'a lone byte that starts a byte-order mark',
      Buffer.concat([Buffer.from([0xff]), Buffer.from(yaml(...MINIMAL_LINES))]),
    ],
  ])('%s is named as not UTF-8, not parsed as garbage', async (_what, bytes) => {
    await writeFile(path.join(workspace, 'wide.yml'), bytes);
    const error = await loadError(loadSpec(workspace, 'wide.yml', INPUT_NAMING));
    expect(error.problems).toEqual([
      {
        field: 'spec',
        message: 'Spec file wide.yml is not UTF-8 text (it looks like UTF-16, Latin-1 or binary): save it as UTF-8.',
      },
    ]);
  });

  test('UTF-8 with its byte-order mark, and with characters beyond ASCII, is read', async () => {
    await writeFile(
      path.join(workspace, 'bom.yml'),
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(yaml(...MINIMAL_LINES).replace(/^name: .*$/m, 'name: Café ☕')),
      ]),
    );
    const {
      scopes: [spec],
    } = await loadSpec(workspace, 'bom.yml', INPUT_NAMING);
    expect(spec?.name).toBe('Café ☕');
  });

  test('a file of exactly MAX_SPEC_BYTES is read', async () => {
    const source = yaml(...MINIMAL_LINES);
    await writeFile(path.join(workspace, 'limit.yml'), source + '#'.repeat(MAX_SPEC_BYTES - Buffer.byteLength(source)));
    expect((await loadSpec(workspace, 'limit.yml', INPUT_NAMING)).scopes[0]).toEqual(MINIMAL);
  });
});

describe('YAML that is not plain data', () => {
  test.each(['!!js/function "function () {}"', '!custom value'])(
    'a tag (%s) is refused by name, not taken as a string',
    (value) => {
      const problems = problemsOf(() => parseSpec(yaml(`name: ${value}`, 'description: D', 'advertised: true'), FILE));
      expect(problems).toEqual([
        {
          field: 'spec',
          message: expect.stringMatching(
            new RegExp(`^${FILE}: YAML tags are not supported in a spec: Unresolved tag: `),
          ),
          location: { file: FILE, startLine: 1, startColumn: 7 },
        },
      ]);
    },
  );

  test('aliases that would expand without bound are one problem, at the file', () => {
    const bomb = yaml(
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'name: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
    );
    expect(problemsOf(() => parseSpec(bomb, FILE))).toEqual([
      {
        field: 'spec',
        message: `${FILE}: Excessive alias count indicates a resource exhaustion attack`,
        location: { file: FILE },
      },
    ]);
  });

  test("a YAML warning that is not a tag's (an unknown directive) is no problem of the spec", () => {
    expect(
      parseSpec(`%FOO bar\n---\n${yaml('name: N', 'description: D', 'advertised: true')}`, FILE).scopes,
    ).toHaveLength(1);
  });

  test('nesting that would exhaust the parser is one clear problem', () => {
    expect(problemsOf(() => parseSpec(`name: ${'['.repeat(20_000)}\n`, FILE))).toEqual([
      {
        field: 'spec',
        message: `${FILE}: the YAML is nested too deeply to be a scope definition`,
        location: { file: FILE },
      },
    ]);
  });
});

// A spec saved on Windows (or checked out there with core.autocrlf) has CRLF line endings: the
// same spec, and every problem and warning at the same line and column as with LF.
describe('CRLF line endings', () => {
  const crlf = (source: string): string => source.replace(/\n/g, '\r\n');
  const outcome = (source: string): unknown => {
    try {
      const {
        scopes: [spec],
        warnings,
        locate,
      } = parseSpec(source, FILE);
      return { spec, warnings, dependent: locate([0, 'dependent_scopes', 1, 'scope']) };
    } catch (error) {
      if (error instanceof ValidationError) return { problems: error.problems };
      throw error;
    }
  };

  test.each([
    ['a good spec', yaml(...FULL_LINES)],
    ['a good spec under scope:', wrapped(...FULL_LINES)],
    [
      'a folded and a literal block',
      yaml('name: >', '  Example', '  Provider', 'description: |', '  Runs', '  example actions', 'advertised: true'),
    ],
    ['a warning at its line', yaml('name: N', 'description: D', 'advertised: true', 'scope_suffix: Action-All')],
    [
      'problems of several fields',
      yaml(
        'name: N',
        '',
        'description: ""',
        'advertised: "yes"',
        'dependent_scopes:',
        '  - scope: not a scope',
        '    colour: red',
      ),
    ],
    ['a YAML syntax error', yaml('name: N', 'description: D', 'advertised: [true', 'scope_suffix: x')],
    ['a duplicate key', yaml('name: N', 'description: D', 'advertised: true', 'name: M')],
  ])('%s', (_what, source) => {
    const lf = outcome(source);
    expect(outcome(crlf(source))).toEqual(lf);
    // The case holds something to compare: a spec, or problems with lines.
    expect(JSON.stringify(lf)).toMatch(/"startLine":[2-9]|"name":"Example/);
  });
});

test('loadSpec reads a file whose name only begins with two dots: it is inside the workspace', async () => {
  const base = await mkdtemp(path.join(os.tmpdir(), 'spec-test-'));
  try {
    await writeFile(path.join(base, '..provider-scope.yml'), yaml(...MINIMAL_LINES));
    expect((await loadSpec(base, '..provider-scope.yml', INPUT_NAMING)).scopes[0]).toEqual(MINIMAL);
  } finally {
    await rm(base, { recursive: true, force: true });
  }
});

describe('the list form: several scopes of one client, under scopes:', () => {
  const entry = (suffix: string, ...more: string[]): string[] => [
    `  - name: Provider ${suffix}`,
    `    description: Runs ${suffix}`,
    `    scope_suffix: ${suffix}`,
    '    advertised: true',
    ...more,
  ];

  test('each scope with its fields, a sibling by its suffix; fields located by their index', () => {
    const source = yaml(
      'scopes:',
      ...entry('transfer_ls', '    dependent_scopes:', `      - scope: ${GROUPS}`),
      ...entry(
        'transfer_mkdir',
        '    dependent_scopes:',
        '      - scope_suffix: transfer_ls',
        '        optional: true',
      ),
    );
    const { telling, scopes, locate, warnings } = parseSpec(source, FILE);
    expect(telling).toBe(TOLD_APART);
    expect(warnings).toEqual([]);
    expect(scopes.map((s) => [s.scope_suffix, s.dependent_scopes])).toEqual([
      ['transfer_ls', [{ scope: GROUPS, optional: false, requires_refresh_token: true }]],
      ['transfer_mkdir', [{ scope_suffix: 'transfer_ls', optional: true, requires_refresh_token: true }]],
    ]);
    expect(locate([1, 'dependent_scopes', 0, 'scope_suffix'])).toEqual({ file: FILE, startLine: 13, startColumn: 23 });
    expect(locate([0, 'scope_suffix'])).toEqual({ file: FILE, startLine: 4, startColumn: 19 });
  });

  test('a single form is told as one scope; its locations have no index in the file', () => {
    const { telling, locate } = parseSpec(wrapped(...FULL_LINES), FILE);
    expect(telling).toBe(TOLD_AS_ONE);
    expect(locate([0, 'scope_suffix'])).toEqual({ file: FILE, startLine: 4, startColumn: 17 });
  });

  test('a listed scope without its suffix, a suffix twice, an empty list: each a problem at its line', () => {
    const source = yaml('scopes:', '  - name: A', '    description: a', '    advertised: true', ...entry('b'));
    expect(problemsOf(() => parseSpec(source, FILE))).toEqual([
      problem('scopes[0].scope_suffix', `${FILE}: scopes[0].scope_suffix is required`, 2, 5),
    ]);
    expect(problemsOf(() => parseSpec(yaml('scopes:', ...entry('a'), ...entry('b'), ...entry('b')), FILE))).toEqual([
      problem(
        'scopes[2].scope_suffix',
        `${FILE}: scopes[2].scope_suffix repeats b, the suffix of scopes[1]: each listed scope needs its own`,
        12,
        19,
      ),
    ]);
    expect(problemsOf(() => parseSpec(yaml('scopes: []'), FILE))).toEqual([
      problem('scopes', `${FILE}: scopes must list at least one scope`, 1, 9),
    ]);
  });

  test("a near miss of the top's credentials is named, in either form", () => {
    const miss = `${FILE}: unknown key "credential" (did you mean "credentials"?)`;
    const policy = ['credential:', '  max_age_days: 30'];
    expect(
      problemsOf(() => parseSpec(yaml('name: N', 'description: D', 'advertised: true', ...policy), FILE))[0]?.message,
    ).toBe(miss);
    expect(problemsOf(() => parseSpec(yaml('scopes:', ...entry('a'), ...policy), FILE))[0]?.message).toBe(miss);
  });

  test('a cycle reached through a scope outside it names the cycle alone', () => {
    const source = yaml(
      'scopes:',
      ...entry('a', '    dependent_scopes:', '      - scope_suffix: b'),
      ...entry('b', '    dependent_scopes:', '      - scope_suffix: c'),
      ...entry('c', '    dependent_scopes:', '      - scope_suffix: b'),
    );
    expect(problemsOf(() => parseSpec(source, FILE)).map((p) => p.message)).toEqual([
      `${FILE}: scopes[2].dependent_scopes[0].scope_suffix closes a cycle of dependencies (b -> c -> b): no scope of it can be created before the others. Remove one of these dependencies`,
    ]);
    // A second way into the same cycle finds it once.
    const twice = yaml(source, ...entry('e', '    dependent_scopes:', '      - scope_suffix: b'));
    expect(problemsOf(() => parseSpec(twice, FILE))).toHaveLength(1);
  });

  test('a sibling listed twice as a dependency: refused at the second, by its suffix', () => {
    const source = yaml(
      'scopes:',
      ...entry('a'),
      ...entry('b', '    dependent_scopes:', '      - scope_suffix: a', '      - scope_suffix: a'),
    );
    expect(problemsOf(() => parseSpec(source, FILE))).toEqual([
      problem(
        'scopes[1].dependent_scopes[1].scope_suffix',
        `${FILE}: scopes[1].dependent_scopes[1].scope_suffix lists a a second time`,
        12,
        23,
      ),
    ]);
  });

  test('a mapping reused by an alias: its problem is located at the alias too', () => {
    const source = yaml(
      'scopes:',
      ...entry('a', '    dependent_scopes: &deps', `      - scope: ${GROUPS}`, '        colour: blue'),
      ...entry('b', '    dependent_scopes: *deps'),
    );
    expect(problemsOf(() => parseSpec(source, FILE))).toEqual([
      problem(
        'scopes[0].dependent_scopes[0].colour',
        `${FILE}: unknown key "scopes[0].dependent_scopes[0].colour"`,
        8,
        9,
      ),
      problem(
        'scopes[1].dependent_scopes[0].colour',
        `${FILE}: unknown key "scopes[1].dependent_scopes[0].colour"`,
        13,
        23,
      ),
    ]);
  });

  test('a key without a value in a flow mapping is located at its mapping', () => {
    const source = yaml('name: N', 'description: D', 'advertised: true', 'dependent_scopes: [{scope}]');
    expect(problemsOf(() => parseSpec(source, FILE))).toEqual([
      problem(
        'dependent_scopes[0].scope',
        `${FILE}: dependent_scopes[0].scope has no value: it must be a string`,
        4,
        20,
      ),
    ]);
  });

  test('a cycle of siblings is refused at the dependency that closes it, naming the cycle', () => {
    const source = yaml(
      'scopes:',
      ...entry('a', '    dependent_scopes:', '      - scope_suffix: b'),
      ...entry('b', '    dependent_scopes:', '      - scope_suffix: c'),
      ...entry('c', '    dependent_scopes:', '      - scope_suffix: a'),
      ...entry('d', '    dependent_scopes:', '      - scope_suffix: d'),
    );
    const close = 'no scope of it can be created before the others. Remove one of these dependencies';
    expect(problemsOf(() => parseSpec(source, FILE))).toEqual([
      problem(
        'scopes[2].dependent_scopes[0].scope_suffix',
        `${FILE}: scopes[2].dependent_scopes[0].scope_suffix closes a cycle of dependencies (a -> b -> c -> a): ${close}`,
        19,
        23,
      ),
      problem(
        'scopes[3].dependent_scopes[0].scope_suffix',
        `${FILE}: scopes[3].dependent_scopes[0].scope_suffix closes a cycle of dependencies (d -> d): ${close}`,
        25,
        23,
      ),
    ]);
  });

  test('the single form: a scope that depends on its own suffix is refused', () => {
    const source = yaml(
      'name: A',
      'description: a',
      'scope_suffix: own',
      'advertised: true',
      'dependent_scopes:',
      '  - scope_suffix: own',
    );
    expect(problemsOf(() => parseSpec(source, FILE))).toEqual([
      problem(
        'dependent_scopes[0].scope_suffix',
        `${FILE}: dependent_scopes[0].scope_suffix names the scope's own suffix (own): a scope cannot depend on itself`,
        6,
        19,
      ),
    ]);
  });

  test('a dependency with both scope and scope_suffix, or an unknown key of a listed scope: named, with the near miss', () => {
    const source = yaml(
      'scopes:',
      ...entry(
        'a',
        '    dependent_scopes:',
        `      - scope: ${GROUPS}`,
        '        scope_suffix: b',
        '    advertized: true',
      ),
    );
    expect(problemsOf(() => parseSpec(source, FILE)).map((p) => p.message)).toEqual([
      `${FILE}: scopes[0].dependent_scopes[0].scope_suffix is given with scope: give one of them (scope for a scope by UUID or string, scope_suffix for another scope of this client)`,
      `${FILE}: unknown key "scopes[0].advertized" (did you mean "advertised"?)`,
    ]);
    expect(
      problemsOf(() => parseSpec(yaml('scopes:', ...entry('a'), 'scope:', '  name: x'), FILE)).map((p) => p.message),
    ).toEqual([`${FILE}: unknown key "scope" (did you mean "scopes"?)`]);
  });

  test("a sibling's suffix no scope can have: refused at its line, with the near miss among the listed suffixes", () => {
    const source = yaml(
      'scopes:',
      ...entry('copy_data'),
      ...entry(
        'move_data',
        '    dependent_scopes:',
        `      - scope: ${GROUPS}`,
        '      - scope_suffix: copy-data',
        '      - scope_suffix: Move_Data',
        '      - scope_suffix: stage.files',
      ),
    );
    const rule =
      "cannot be a scope's suffix: the authentication service takes lower-case letters, digits and underscores only";
    expect(problemsOf(() => parseSpec(source, FILE))).toEqual([
      problem(
        'scopes[1].dependent_scopes[1].scope_suffix',
        `${FILE}: scopes[1].dependent_scopes[1].scope_suffix "copy-data" ${rule} (did you mean copy_data?)`,
        12,
        23,
      ),
      // Its own suffix is no sibling's near miss: a scope cannot depend on itself.
      problem(
        'scopes[1].dependent_scopes[2].scope_suffix',
        `${FILE}: scopes[1].dependent_scopes[2].scope_suffix "Move_Data" ${rule}. Write the suffix as it ends the scope's string`,
        13,
        23,
      ),
      problem(
        'scopes[1].dependent_scopes[3].scope_suffix',
        `${FILE}: scopes[1].dependent_scopes[3].scope_suffix "stage.files" ${rule}. Write the suffix as it ends the scope's string`,
        14,
        23,
      ),
    ]);
  });

  test("a sibling that names a listed scope's undocumented suffix is kept: that scope has it, with a warning", () => {
    const { scopes, warnings } = parseSpec(
      yaml('scopes:', ...entry('Odd-One'), ...entry('b', '    dependent_scopes:', '      - scope_suffix: Odd-One')),
      FILE,
    );
    expect(scopes[1]?.dependent_scopes).toEqual([
      { scope_suffix: 'Odd-One', optional: false, requires_refresh_token: true },
    ]);
    expect(warnings.map((w) => w.field)).toEqual(['scopes[0].scope_suffix']);
  });

  test("the single form: a sibling's suffix no scope can have is refused with the scope's own problems, at its line", () => {
    const source = yaml(
      'name: A',
      'description: a',
      'scope_suffix: own',
      'advertised: true',
      'dependent_scopes:',
      '  - scope_suffix: own',
      '  - scope_suffix: copy-data',
    );
    expect(problemsOf(() => parseSpec(source, FILE)).map((p) => [p.field, p.location?.startLine])).toEqual([
      ['dependent_scopes[0].scope_suffix', 6],
      ['dependent_scopes[1].scope_suffix', 7],
    ]);
  });

  test("a listed suffix the vendor does not document is a warning at that scope's line", () => {
    const { warnings } = parseSpec(yaml('scopes:', ...entry('fine'), ...entry('Not-Fine')), FILE);
    expect(warnings.map((w) => [w.field, w.location?.startLine])).toEqual([['scopes[1].scope_suffix', 8]]);
  });
});

describe("the credentials' policy", () => {
  const SCOPE = 'name: P\ndescription: D\nadvertised: true\n';
  const problems = (source: string) =>
    errorOf(() => parseSpec(source, 'spec.yml')).problems.map((p) => [p.message, p.location?.startLine]);

  test('read beside the scope in each form, and absent when not given', () => {
    const policy = 'credentials:\n  max_age_days: 90\n';
    expect(parseSpec(`${SCOPE}${policy}`, 'spec.yml').credentials).toEqual({ max_age_days: 90 });
    const wrapped = parseSpec(`scope:\n  ${SCOPE.trimEnd().replaceAll('\n', '\n  ')}\n${policy}`, 'spec.yml');
    expect([wrapped.credentials, wrapped.scopes.length]).toEqual([{ max_age_days: 90 }, 1]);
    const list = parseSpec(
      `scopes:\n  - scope_suffix: a\n    ${SCOPE.trimEnd().replaceAll('\n', '\n    ')}\n${policy}`,
      'spec.yml',
    );
    expect(list.credentials).toEqual({ max_age_days: 90 });
    // Not a field of the scope.
    expect(Object.keys(parseSpec(`${SCOPE}${policy}`, 'spec.yml').scopes[0] ?? {})).not.toContain('credentials');
    expect('credentials' in parseSpec(SCOPE, 'spec.yml')).toBe(false);
  });

  test.each([
    ['  max_age_days: 0\n', 'spec.yml: credentials.max_age_days must be 1 or more: a whole number of days'],
    ['  max_age_days: 1.5\n', 'spec.yml: credentials.max_age_days must be a whole number, not number 1.5'],
    ["  max_age_days: '90'\n", 'spec.yml: credentials.max_age_days must be a number, not string "90"'],
  ])('%j is refused at its line', (line, message) => {
    expect(problems(`${SCOPE}credentials:\n${line}`)).toEqual([[message, 5]]);
  });

  test('a key it does not know, or the policy misnamed, is named with its near miss', () => {
    expect(problems(`${SCOPE}credential:\n  max_age_days: 9\n`)).toEqual([
      ['spec.yml: unknown key "credential" (did you mean "credentials"?)', 4],
    ]);
    expect(problems(`${SCOPE}credentials:\n  max_age_days: 9\n  max_age_day: 3\n`)).toEqual([
      ['spec.yml: unknown key "credentials.max_age_day" (did you mean "max_age_days"?)', 6],
    ]);
  });
});
