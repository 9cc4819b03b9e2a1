/**
 * action.yml is the source of truth: this checks it against what the runner accepts, against
 * what the code reads and sets, and against the README's tables, the repository's workflows
 * and the examples. Everything is derived from the files: nothing here lists the inputs.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { SETTING_DEFAULTS, SETTING_NAMES } from '../../src/engine/settings/settings.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import { outputsOf } from '../../src/engine/conclude/conclude.ts';
import { planOf } from '../../src/engine/reconcile/plan.ts';
import { COMMENT_INPUT_DEFAULTS } from '../../src/github/pr-comment.ts';
import { WATCH_INPUT_DEFAULTS } from '../../src/github/watch-issue.ts';
import { id } from '../support/ids.ts';
import { isMapping, isThisAction, read, workflowFiles, type Mapping } from '../support/workflows.ts';
import {
  MARKERS,
  ROOT,
  cell,
  readAction,
  renderInputsTable,
  renderOutputsTable,
  replaceSection,
  updateReadme,
  type ActionMetadata,
} from '../../scripts/readme-tables.ts';
import { single } from '../support/plans.ts';

const sorted = (names: Iterable<string>): string[] => [...names].sort();
const action = parse(await read('action.yml')) as Mapping;
const inputs = (isMapping(action.inputs) ? action.inputs : {}) as Record<string, Mapping>;
const outputs = (isMapping(action.outputs) ? action.outputs : {}) as Record<string, Mapping>;

/** Every .ts file under src/, with its text. */
async function sources(): Promise<Array<{ file: string; text: string }>> {
  // github/rotate/ is the second action's (rotate/action.yml), held to it in unit/rotate-action.test.ts.
  const files = (await readdir(path.join(ROOT, 'src'), { recursive: true })).filter(
    (f) => f.endsWith('.ts') && !f.startsWith(path.join('github', 'rotate')),
  );
  return Promise.all(files.map(async (file) => ({ file, text: await read(path.join('src', file)) })));
}

/** Literal names passed to a toolkit call such as `core.getInput('name')` anywhere in src/. */
async function literalArguments(call: RegExp): Promise<string[]> {
  const pattern = new RegExp(`\\b(?:${call.source})\\(\\s*['"\`]([^'"\`]+)['"\`]`, 'g');
  return [...new Set((await sources()).flatMap(({ text }) => [...text.matchAll(pattern)].map((m) => m[1] as string)))];
}

// The metadata keys the runner knows (docs: "Metadata syntax for GitHub Actions").
const TOP_LEVEL_KEYS = ['name', 'author', 'description', 'inputs', 'outputs', 'runs', 'branding'];
const INPUT_KEYS = ['description', 'required', 'default', 'deprecationMessage'];
const OUTPUT_KEYS = ['description']; // `value` belongs to composite actions only
const NODE_RUNS_KEYS = ['using', 'main', 'pre', 'pre-if', 'post', 'post-if'];
const BRANDING_COLORS = ['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark'];

describe('action.yml', () => {
  test('has only keys the runner knows, and the required ones', () => {
    expect(Object.keys(action).filter((key) => !TOP_LEVEL_KEYS.includes(key))).toEqual([]);
    for (const key of ['name', 'description', 'runs']) expect(action).toHaveProperty(key);
    expect(typeof action.name).toBe('string');
    expect(typeof action.description).toBe('string');
  });

  // The Marketplace's release form refuses to publish an action whose description is longer:
  // "Description must be less than 125 characters." (e.g. mcarvin8/apex-code-coverage-transformer#380).
  test('has a description the Marketplace accepts: under 125 characters', () => {
    const description = String(action.description ?? '');
    expect([description, description.length < 125]).toEqual([description, true]);
  });

  test('runs on node24 from the committed bundle', () => {
    const runs = action.runs as Mapping;
    expect(Object.keys(runs).filter((key) => !NODE_RUNS_KEYS.includes(key))).toEqual([]);
    expect(runs.using).toBe('node24');
    expect(runs.main).toBe('dist/index.js');
    expect(existsSync(path.join(ROOT, 'dist', 'index.js'))).toBe(true);
  });

  test('sets branding for the Marketplace', () => {
    const branding = action.branding as Mapping;
    expect(typeof branding.icon).toBe('string');
    expect(branding.icon).not.toBe('');
    expect(BRANDING_COLORS).toContain(branding.color);
  });

  test('declares inputs with a description, a boolean `required` and a string default', () => {
    expect(Object.keys(inputs).length).toBeGreaterThan(0);
    for (const [name, input] of Object.entries(inputs)) {
      expect([name, Object.keys(input).filter((key) => !INPUT_KEYS.includes(key))]).toEqual([name, []]);
      expect([name, typeof input.description, String(input.description ?? '').trim() !== '']).toEqual([
        name,
        'string',
        true,
      ]);
      expect([name, typeof input.required]).toEqual([name, 'boolean']);
      // The runner hands every input over as a string; an unquoted `30` or `false` is not one.
      if ('default' in input) expect([name, typeof input.default]).toEqual([name, 'string']);
      // A required input with a default is never missing: one of the two is a mistake.
      if (input.required === true) expect([name, 'default' in input]).toEqual([name, false]);
    }
  });

  test('declares outputs with a description', () => {
    expect(Object.keys(outputs).length).toBeGreaterThan(0);
    for (const [name, output] of Object.entries(outputs)) {
      expect([name, Object.keys(output).filter((key) => !OUTPUT_KEYS.includes(key))]).toEqual([name, []]);
      expect([name, typeof output.description, String(output.description ?? '').trim() !== '']).toEqual([
        name,
        'string',
        true,
      ]);
    }
  });

  test('declares every input the code reads, and the code reads every declared input', async () => {
    // The engine's settings, and the inputs only the action's door has (the pull request's comment).
    expect(sorted(Object.keys(inputs))).toEqual(
      sorted([...SETTING_NAMES, ...Object.keys(COMMENT_INPUT_DEFAULTS), ...Object.keys(WATCH_INPUT_DEFAULTS)]),
    );
    // Reads outside parseSettings, by name, must be declared too.
    const read = await literalArguments(/getInput|getBooleanInput|getMultilineInput/);
    expect(read.filter((name) => !(name in inputs))).toEqual([]);
  });

  test('declares every output the code sets, and the code sets every declared output', async () => {
    const scope = {
      id: id('0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9'),
      scope_string: 'https://auth.example.org/scopes/6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10/action_all',
    };
    const sample: ReconcileResult = {
      scope,
      scopes: [scope],
      created: true,
      client: { id: id('6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10'), name: 'Example Action Provider' },
      wouldCreate: false,
      comparison: [],
      changes: [],
      updated: false,
      names: new Map(),
    };
    const set = new Set([
      ...Object.keys(outputsOf([sample], planOf(single(sample), false))),
      ...(await literalArguments(/setOutput/)),
    ]);
    expect(sorted(Object.keys(outputs))).toEqual(sorted(set));
  });
});

describe('the README tables', () => {
  test('are what `npm run docs` generates from action.yml', async () => {
    const readme = await read('README.md');
    // On failure: run `npm run docs` and commit README.md.
    expect(readme).toBe(updateReadme(readme, await readAction()));
  });

  test('list every input and output under its marker', async () => {
    const readme = await read('README.md');
    const between = (section: keyof typeof MARKERS): string =>
      readme.slice(readme.indexOf(MARKERS[section].start), readme.indexOf(MARKERS[section].end));
    for (const name of Object.keys(inputs)) expect(between('inputs')).toContain(`| \`${name}\` |`);
    for (const name of Object.keys(outputs)) expect(between('outputs')).toContain(`| \`${name}\` |`);
  });
});

describe('the table renderer', () => {
  const metadata: ActionMetadata = {
    inputs: {
      needed: { description: 'Needed.', required: true },
      optional: { description: 'Spread\n  over | lines.', required: false, default: '30' },
      empty: { description: 'Empty default.', required: false, default: '' },
      ticked: { description: 'A default with a backtick.', default: 'a`b' },
      old: { description: 'Old.', deprecationMessage: 'Use needed.' },
    },
    outputs: { result: { description: 'The result.' } },
  };

  test('renders one row per input: name, required, default, description', () => {
    expect(renderInputsTable(metadata).split('\n')).toEqual([
      '| input | required | default | description |',
      '|---|---|---|---|',
      '| `needed` | yes |  | Needed. |',
      '| `optional` | no | `30` | Spread over \\| lines. |',
      '| `empty` | no |  | Empty default. |',
      '| `ticked` | no | `` a`b `` | A default with a backtick. |',
      '| `old` | no |  | Old. **Deprecated:** Use needed. |',
    ]);
  });

  test('renders one row per output', () => {
    expect(renderOutputsTable(metadata)).toBe('| output | description |\n|---|---|\n| `result` | The result. |');
    expect(renderOutputsTable({})).toBe('| output | description |\n|---|---|');
  });

  test('keeps a cell on one line', () => {
    expect(cell(' a\r\n b | c \n')).toBe('a b \\| c');
  });

  test('replaces only what lies between the markers, and is idempotent', () => {
    const readme = `# T\n\nintro\n${MARKERS.inputs.start}\nstale table\n${MARKERS.inputs.end}\nmiddle\n${MARKERS.outputs.start}${MARKERS.outputs.end}\nend\n`;
    const once = updateReadme(readme, metadata);
    expect(once.startsWith('# T\n\nintro\n')).toBe(true);
    expect(once).toContain(`${MARKERS.inputs.start}\n${renderInputsTable(metadata)}\n${MARKERS.inputs.end}\nmiddle\n`);
    expect(once).toContain(`${MARKERS.outputs.start}\n${renderOutputsTable(metadata)}\n${MARKERS.outputs.end}\nend\n`);
    expect(once).not.toContain('stale table');
    expect(updateReadme(once, metadata)).toBe(once);
  });

  test('refuses a README whose markers are missing, repeated or swapped', () => {
    const { start, end } = MARKERS.inputs;
    expect(() => replaceSection('no markers', 'inputs', 'x')).toThrow(/exactly once/);
    expect(() => replaceSection(`${start}${end}${start}${end}`, 'inputs', 'x')).toThrow(/exactly once/);
    expect(() => replaceSection(`${end}${start}`, 'inputs', 'x')).toThrow(/before/);
  });
});

describe('the workflows and examples', () => {
  test('exist: the CI, the dist/ check and the four examples', async () => {
    const files = await workflowFiles();
    expect(files.filter((f) => f.startsWith('.github/')).length).toBeGreaterThanOrEqual(2);
    expect(files.filter((f) => f.startsWith('examples/')).length).toBeGreaterThanOrEqual(4);
  });

  test('give this action only declared inputs, every required one, and read only declared outputs', async () => {
    let uses = 0;
    for (const file of await workflowFiles()) {
      const workflow = parse(await read(file)) as { jobs?: Record<string, { steps?: Mapping[] }> };
      for (const [jobName, job] of Object.entries(workflow.jobs ?? {})) {
        const ids = new Set<string>();
        for (const step of job.steps ?? []) {
          if (typeof step.uses !== 'string' || !isThisAction(step.uses)) continue;
          uses++;
          const given = Object.keys(isMapping(step.with) ? step.with : {});
          const where = `${file}: job ${jobName}, step ${String(step.id ?? step.name ?? step.uses)}`;
          expect([where, given.filter((name) => !(name in inputs))]).toEqual([where, []]);
          const missing = Object.entries(inputs).filter(
            ([name, input]) => input.required === true && !given.includes(name),
          );
          expect([where, missing.map(([name]) => name)]).toEqual([where, []]);
          if (typeof step.id === 'string') ids.add(step.id);
        }
        const text = JSON.stringify(job);
        for (const [, id, output] of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
          if (ids.has(id as string))
            expect([file, jobName, output, (output as string) in outputs]).toEqual([file, jobName, output, true]);
        }
      }
    }
    expect(uses).toBeGreaterThan(0);
  });
  // Pins, secrets and the real service's values: workflows.test.ts.
});

describe('the README', () => {
  test('comes in the order a new user needs: what it does, try it, portal, usage, spec, inputs, outputs, examples, the command line, then the links to the reference', async () => {
    const headings = (await read('README.md')).split('\n').filter((line) => line.startsWith('## '));
    const order = [
      '## Try it',
      '## Before you start: the developer portal',
      '## Usage',
      '## The spec file',
      '## Inputs',
      '## Outputs',
      '## Examples',
      '## The command line',
      '## Learn more',
    ];
    const positions = order.map((heading) => headings.indexOf(heading));
    expect(positions.filter((p) => p < 0)).toEqual([]);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  test('links LICENSE, SECURITY.md, CONTRIBUTING.md and every example, all of which exist', async () => {
    const readme = await read('README.md');
    const examples = (await workflowFiles()).filter((f) => f.startsWith('examples/'));
    for (const file of ['LICENSE', 'SECURITY.md', 'CONTRIBUTING.md', ...examples]) {
      expect([file, existsSync(path.join(ROOT, file)), readme.includes(`](${file})`)]).toEqual([file, true, true]);
    }
  });

  test('stands alone: every file the README and CONTRIBUTING.md link or name is in the repository', async () => {
    for (const doc of ['README.md', 'CONTRIBUTING.md']) {
      const text = await read(doc);
      const linked = [...text.matchAll(/\]\(([^)#:]+)(#[^)]*)?\)/g)].map((m) => m[1] as string);
      const named = [
        ...text.matchAll(/`((?:src|dev|scripts|schema|examples|__tests__|\.github|\.ci)\/[\w./-]+|[A-Z]+\.md)`/g),
      ].map((m) => m[1] as string);
      // `.github/provider-scope.yml` is the user's own spec file, in the user's repository.
      const missing = [...linked, ...named].filter(
        (file) => file !== '.github/provider-scope.yml' && !existsSync(path.join(ROOT, file)),
      );
      expect({ doc, missing }).toEqual({ doc, missing: [] });
    }
  });

  // A front door: the reference is in docs/, each page linked from the README.
  test('is a front door: at most 300 lines, linking every page of docs/', async () => {
    const readme = await read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    const pages = (await readdir(path.join(ROOT, 'docs'))).filter((file) => file.endsWith('.md'));
    expect(pages.sort()).toEqual([
      'action.md',
      'command-line.md',
      'globus.md',
      'network.md',
      'rotation.md',
      'security.md',
      'several-scopes.md',
      'troubleshooting.md',
      'watch.md',
    ]);
    for (const page of pages)
      expect({ page, linked: readme.includes(`](docs/${page})`) }).toEqual({ page, linked: true });
  });
});

test("action.yml's defaults are the engine's, which the command line applies too, and the door's own", () => {
  const inputs = action.inputs as Record<string, { default?: string }>;
  const declared = Object.fromEntries(
    Object.entries(inputs).flatMap(([name, input]) =>
      input.default === undefined ? [] : [[name, String(input.default)]],
    ),
  );
  expect(declared).toEqual({ ...SETTING_DEFAULTS, ...COMMENT_INPUT_DEFAULTS, ...WATCH_INPUT_DEFAULTS });
});
