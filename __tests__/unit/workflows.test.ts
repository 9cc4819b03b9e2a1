/**
 * The repository's workflows (.github/workflows), the examples users copy (examples/), the
 * README's snippets and .github/dependabot.yml: pins, secrets and the real service's values.
 * action-yml.test.ts checks what the workflows give the action against action.yml.
 */
import { TOLD_APART } from '../../src/engine/settings/telling.ts';
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { parseSpec } from '../../src/engine/settings/spec.ts';
import {
  asMapping,
  isMapping,
  isThisAction,
  jobsOf,
  read,
  readWorkflows,
  stepsOf,
  type Mapping,
  type Workflow,
} from '../support/workflows.ts';

const workflows: Workflow[] = await readWorkflows();
const examples = workflows.filter((w) => w.file.startsWith('examples/'));

// This repository's second action, rotate/action.yml, is this project's too.
const isThirdParty = (uses: string): boolean =>
  !uses.startsWith('./') &&
  !uses.startsWith('docker://') &&
  !isThisAction(uses) &&
  !/(^|\/)ensure-provider-scope\/rotate@/.test(uses);

/** A `uses:` line: the action reference and the comment after it. */
interface UsesLine {
  uses: string;
  comment: string;
}

/** The `uses:` lines of a workflow's (or a snippet's) text, with their trailing comments; comment lines are skipped. */
function usesLines(text: string): UsesLine[] {
  return [...text.matchAll(/^[ \t]*(?:-[ \t]+)?uses:[ \t]*(['"]?)([^\s'"#]+)\1[ \t]*(#.*)?$/gm)].map((m) => ({
    uses: m[2] as string,
    comment: (m[3] ?? '').trim(),
  }));
}

/** A third-party action's pin: the repository (owner/name, the part the SHA belongs to), the ref and the version comment. */
interface Pin {
  repo: string;
  ref: string;
  version: string | undefined;
}

function pinOf({ uses, comment }: UsesLine): Pin {
  const at = uses.lastIndexOf('@');
  const name = at < 0 ? uses : uses.slice(0, at);
  return {
    repo: name.split('/').slice(0, 2).join('/'),
    ref: at < 0 ? '' : uses.slice(at + 1),
    version: /^#\s*(v\d+\.\d+\.\d+)\b/.exec(comment)?.[1],
  };
}

const isFullSha = (ref: string): boolean => /^[0-9a-f]{40}$/.test(ref);

/** The `uses:` lines inside the ```yaml (or ```yml) fenced blocks of a Markdown text. */
function markdownYamlUses(markdown: string): UsesLine[] {
  return [...markdown.matchAll(/^([ \t]*)(`{3,}|~{3,})[ \t]*ya?ml\b[^\n]*\n([\s\S]*?)^\1\2[ \t]*$/gm)].flatMap((m) =>
    usesLines(m[3] as string),
  );
}

/**
 * The differences between the third-party `uses:` lines of a Markdown text's YAML snippets
 * and the workflows' pins: a snippet must pin an action the workflows pin to the same SHA and
 * version, and any other action by a full SHA with a version comment.
 */
function snippetPinProblems(markdown: string, pins: ReadonlyMap<string, Pin>): string[] {
  return markdownYamlUses(markdown)
    .filter((line) => isThirdParty(line.uses))
    .flatMap((line) => {
      const pin = pinOf(line);
      const expected = pins.get(pin.repo);
      if (expected !== undefined) {
        return pin.ref === expected.ref && pin.version === expected.version
          ? []
          : [
              `${line.uses} ${line.comment}: the workflows pin ${pin.repo}@${expected.ref} # ${String(expected.version)}`,
            ];
      }
      return isFullSha(pin.ref) && pin.version !== undefined
        ? []
        : [`${line.uses} ${line.comment}: not pinned by a full commit SHA with a # vX.Y.Z comment`];
    });
}

/** The pin of each third-party action the workflows use: the first one seen (the tests below make them all equal). */
function workflowPins(): Map<string, Pin> {
  const pins = new Map<string, Pin>();
  for (const { text } of workflows) {
    for (const line of usesLines(text).filter((l) => isThirdParty(l.uses))) {
      const pin = pinOf(line);
      if (!pins.has(pin.repo)) pins.set(pin.repo, pin);
    }
  }
  return pins;
}

/** Every string in a parsed YAML value (comments are not in it). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (isMapping(value)) return Object.entries(value).flatMap(([key, v]) => [key, ...strings(v)]);
  return [];
}

/** The `${{ … }}` expressions of a parsed workflow, and the bare `if:` conditions. */
function expressions(workflow: Workflow): string[] {
  const found = strings(workflow.yaml).flatMap((s) =>
    [...s.matchAll(/\$\{\{([\s\S]*?)\}\}/g)].map((m) => (m[1] as string).trim()),
  );
  const conditions: string[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (isMapping(value)) {
      for (const [key, v] of Object.entries(value)) {
        if (key === 'if' && typeof v === 'string' && !v.includes('${{')) conditions.push(v);
        collect(v);
      }
    }
  };
  collect(workflow.yaml);
  return [...found, ...conditions];
}

describe('the helpers', () => {
  const pins = new Map<string, Pin>([
    ['actions/checkout', { repo: 'actions/checkout', ref: 'a'.repeat(40), version: 'v7.0.1' }],
  ]);
  const readme = (uses: string): string => `# Usage\n\n\`\`\`yaml\nsteps:\n  - uses: ${uses}\n\`\`\`\n`;

  test('read uses lines with their comments, quoted or not, and skip comment lines', () => {
    expect(usesLines(`# uses: ./ in a comment\n- uses: a/b@c # v1.2.3\n  uses: "d/e/f@g"\nrun: echo\n`)).toEqual([
      { uses: 'a/b@c', comment: '# v1.2.3' },
      { uses: 'd/e/f@g', comment: '' },
    ]);
    expect(pinOf({ uses: `github/codeql-action/init@${'b'.repeat(40)}`, comment: '# v4.36.2' })).toEqual({
      repo: 'github/codeql-action',
      ref: 'b'.repeat(40),
      version: 'v4.36.2',
    });
  });

  test('find uses lines in yaml fences only', () => {
    const markdown = `\`\`\`sh\nuses: x/y@z\n\`\`\`\n\n~~~yml\n- uses: a/b@c\n~~~\n\n  \`\`\`yaml\n  - uses: d/e@f # v1.0.0\n  \`\`\`\n`;
    expect(markdownYamlUses(markdown).map((l) => l.uses)).toEqual(['a/b@c', 'd/e@f']);
  });

  test("accept a README with no pin of its own, or with the workflows' pins", () => {
    expect(snippetPinProblems('# No snippet\n', pins)).toEqual([]);
    expect(snippetPinProblems(readme('<owner>/ensure-provider-scope@v1'), pins)).toEqual([]);
    expect(snippetPinProblems(readme(`actions/checkout@${'a'.repeat(40)} # v7.0.1`), pins)).toEqual([]);
  });

  test("refuse a README pin that differs from the workflows' or is not a SHA", () => {
    expect(snippetPinProblems(readme(`actions/checkout@${'c'.repeat(40)} # v4.3.1`), pins)).toHaveLength(1);
    expect(snippetPinProblems(readme(`actions/checkout@${'a'.repeat(40)} # v7.0.0`), pins)).toHaveLength(1);
    expect(snippetPinProblems(readme('actions/checkout@v7'), pins)).toHaveLength(1);
    expect(snippetPinProblems(readme('actions/cache@v4'), pins)).toHaveLength(1);
  });
});

describe('pins', () => {
  test('every workflow and example exists and parses', () => {
    expect(workflows.filter((w) => w.file.startsWith('.github/')).length).toBeGreaterThanOrEqual(4);
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const { file, yaml } of workflows) expect([file, isMapping(yaml.jobs)]).toEqual([file, true]);
  });

  test('the line scan sees every uses: of the parsed workflows', () => {
    for (const workflow of workflows) {
      const parsed = jobsOf(workflow)
        .flatMap(([, job]) => [job.uses, ...stepsOf(job).map((s) => s.uses)])
        .filter((u): u is string => typeof u === 'string');
      expect([
        workflow.file,
        usesLines(workflow.text)
          .map((l) => l.uses)
          .sort(),
      ]).toEqual([workflow.file, parsed.sort()]);
    }
  });

  test('every third-party action is pinned by a full commit SHA with a # vX.Y.Z comment', () => {
    let count = 0;
    for (const { file, text } of workflows) {
      for (const line of usesLines(text).filter((l) => isThirdParty(l.uses))) {
        count++;
        const pin = pinOf(line);
        expect([file, line.uses, isFullSha(pin.ref), pin.version !== undefined]).toEqual([file, line.uses, true, true]);
      }
    }
    expect(count).toBeGreaterThan(0);
  });

  test('an action is pinned to the same SHA and version everywhere', () => {
    const seen = new Map<string, Set<string>>();
    for (const { text } of workflows) {
      for (const line of usesLines(text).filter((l) => isThirdParty(l.uses))) {
        const pin = pinOf(line);
        seen.set(pin.repo, (seen.get(pin.repo) ?? new Set()).add(`${pin.ref} # ${String(pin.version)}`));
      }
    }
    for (const [repo, refs] of seen) expect([repo, [...refs]]).toEqual([repo, [...refs].slice(0, 1)]);
  });

  // The runner's node24 is what these versions run on; older majors run on node20, which the
  // runner deprecates (checkout v7.0.1, setup-node v7.0.0, codeql-action v4.36.2: their action.yml).
  test('actions/checkout, actions/setup-node and github/codeql-action are at their node24 releases', () => {
    const pins = workflowPins();
    expect(pins.get('actions/checkout')).toEqual({
      repo: 'actions/checkout',
      ref: '3d3c42e5aac5ba805825da76410c181273ba90b1',
      version: 'v7.0.1',
    });
    expect(pins.get('actions/setup-node')).toEqual({
      repo: 'actions/setup-node',
      ref: '820762786026740c76f36085b0efc47a31fe5020',
      version: 'v7.0.0',
    });
    expect(pins.get('github/codeql-action')).toEqual({
      repo: 'github/codeql-action',
      ref: '8aad20d150bbac5944a9f9d289da16a4b0d87c1e',
      version: 'v4.36.2',
    });
  });

  test('the examples tell users to pin this action by commit SHA', () => {
    for (const { file, text } of examples) {
      const lines = text.split('\n');
      lines.forEach((line, index) => {
        if (!/^\s*(?:-\s+)?uses:\s*<owner>\/ensure-provider-scope@/.test(line)) return;
        expect([file, index + 1, lines[index - 1]]).toEqual([
          file,
          index + 1,
          expect.stringMatching(/#.*pin.*commit SHA/i),
        ]);
      });
    }
  });

  // The README is written apart from the workflows: its snippets must not teach another pin.
  test("the README's YAML snippets use the workflows' pins", async () => {
    expect(snippetPinProblems(await read('README.md'), workflowPins())).toEqual([]);
  });
});

describe('secrets and credentials', () => {
  // `secrets[...]` or `toJSON(secrets)` makes the runner send every secret of the repository to
  // the job; `secrets.NAME` sends that one only.
  test('no workflow or example looks a secret up with a computed expression, or takes the whole secrets context', () => {
    for (const workflow of workflows) {
      const computed = expressions(workflow).filter(
        (e) => /\bsecrets\s*\[/.test(e) || /\bsecrets\b(?!\s*\.\s*[A-Za-z_])/.test(e),
      );
      expect([workflow.file, computed]).toEqual([workflow.file, []]);
    }
  });

  test('client_id is never given from secrets', () => {
    for (const workflow of workflows) {
      for (const [jobName, job] of jobsOf(workflow)) {
        for (const step of stepsOf(job)) {
          const clientId = asMapping(step.with).client_id;
          if (clientId === undefined) continue;
          expect([workflow.file, jobName, String(clientId)]).toEqual([
            workflow.file,
            jobName,
            expect.not.stringMatching(/\bsecrets\b/),
          ]);
        }
      }
    }
  });

  // The Client ID is public (the scope string holds it); as a secret, the runner would mask it
  // in every scope string and drop the job outputs that hold one.
  test('the examples take client_id from vars.PROVIDER_CLIENT_ID and client_secret from secrets.PROVIDER_CLIENT_SECRET', () => {
    let count = 0;
    for (const workflow of examples) {
      for (const [jobName, job] of jobsOf(workflow)) {
        for (const step of stepsOf(job).filter((s) => typeof s.uses === 'string' && isThisAction(s.uses))) {
          count++;
          const given = asMapping(step.with);
          expect([workflow.file, jobName, given.client_id, given.client_secret]).toEqual([
            workflow.file,
            jobName,
            '${{ vars.PROVIDER_CLIENT_ID }}',
            '${{ secrets.PROVIDER_CLIENT_SECRET }}',
          ]);
        }
      }
    }
    expect(count).toBeGreaterThanOrEqual(4);
  });

  test('every example job that reads a secret runs in a GitHub environment', () => {
    for (const workflow of examples) {
      for (const [jobName, job] of jobsOf(workflow)) {
        if (!JSON.stringify(job).includes('secrets.')) continue;
        expect([workflow.file, jobName, typeof job.environment === 'string' && job.environment !== '']).toEqual([
          workflow.file,
          jobName,
          true,
        ]);
      }
    }
  });

  test('each matrix provider has its own environment', async () => {
    const job = asMapping(asMapping(parse(await read('examples/workflows/matrix.yml')).jobs).provider);
    expect(job.environment).toBe('${{ matrix.provider }}');
  });

  test("every workflow sets its permissions, and only the release's publishing jobs, the pull request's comment and the watch's issue may write", () => {
    for (const workflow of workflows) {
      expect([workflow.file, 'permissions' in workflow.yaml]).toEqual([workflow.file, true]);
      for (const [jobName, job] of jobsOf(workflow)) {
        const permissions = { ...asMapping(workflow.yaml.permissions), ...asMapping(job.permissions) };
        const writes = Object.entries(permissions)
          .filter(([, level]) => level === 'write')
          .map(([scope]) => scope);
        const release = workflow.file === '.github/workflows/release.yml';
        // On a pull request, a step of this action with pr_comment on comments: it needs pull-requests: write, and has it.
        const on = workflow.yaml.on;
        const onPullRequest = ['pull_request', 'pull_request_target'].some((event) =>
          typeof on === 'string' ? on === event : Array.isArray(on) ? on.includes(event) : event in asMapping(on),
        );
        const comments =
          onPullRequest &&
          stepsOf(job).some(
            (step) =>
              typeof step.uses === 'string' && isThisAction(step.uses) && asMapping(step.with).pr_comment !== 'off',
          );
        // On a schedule, a dry run of this action with watch_issue on keeps an issue: it needs issues: write, and has it.
        const onSchedule = typeof on !== 'string' && !Array.isArray(on) && 'schedule' in asMapping(on);
        const watches =
          onSchedule &&
          stepsOf(job).some(
            (step) =>
              typeof step.uses === 'string' &&
              isThisAction(step.uses) &&
              asMapping(step.with).watch_issue !== 'off' &&
              String(asMapping(step.with).dry_run) === 'true',
          );
        // The GitHub release writes contents; npm's trusted publishing needs an OIDC token.
        const allowed =
          release && jobName === 'publish'
            ? ['contents']
            : release && jobName === 'npm'
              ? ['id-token']
              : workflow.file === '.github/workflows/codeql.yml'
                ? ['security-events']
                : comments
                  ? ['pull-requests']
                  : watches
                    ? ['issues']
                    : [];
        expect([workflow.file, jobName, writes]).toEqual([workflow.file, jobName, allowed]);
      }
    }
  });

  test('a checkout keeps no credentials, except in a job that pushes', () => {
    for (const workflow of workflows) {
      for (const [jobName, job] of jobsOf(workflow)) {
        const pushes = stepsOf(job).some((s) => typeof s.run === 'string' && /\bgit push\b/.test(s.run));
        for (const step of stepsOf(job).filter(
          (s) => typeof s.uses === 'string' && s.uses.startsWith('actions/checkout@'),
        )) {
          expect([workflow.file, jobName, asMapping(step.with)['persist-credentials']]).toEqual([
            workflow.file,
            jobName,
            pushes,
          ]);
        }
      }
    }
  });
});

// The real service's values (__tests__/fixtures/vendor/README.md): Globus Auth at https://auth.globus.org;
// providers publish their scope as globus_auth_scope (globus/action-provider-tools,
// src/globus_action_provider_tools/data_types.py); the groups scope's string
// (globus/globus-cli, tests/files/api_fixtures/scopes.yaml).
describe('the examples use the real service', () => {
  const GROUPS_SCOPE = 'urn:globus:auth:scope:groups.api.globus.org:view_my_groups_and_memberships';

  test('auth_url is https://auth.globus.org in every step of this action', () => {
    for (const workflow of examples) {
      for (const [, job] of jobsOf(workflow)) {
        for (const step of stepsOf(job).filter((s) => typeof s.uses === 'string' && isThisAction(s.uses))) {
          expect([workflow.file, asMapping(step.with).auth_url]).toEqual([workflow.file, 'https://auth.globus.org']);
        }
      }
    }
  });

  test('the deploy steps publish the scope string as globus_auth_scope, and no stand-in is left', () => {
    expect(examples.filter((w) => w.text.includes('deploy.sh')).length).toBeGreaterThanOrEqual(3);
    for (const workflow of examples) {
      expect([workflow.file, workflow.text]).toEqual([
        workflow.file,
        expect.not.stringMatching(/platform_auth_scope|PLATFORM_AUTH_SCOPE|auth\.example\.org|urn:platform:/),
      ]);
      if (!workflow.text.includes('deploy.sh')) continue;
      expect([workflow.file, workflow.text]).toEqual([
        workflow.file,
        expect.stringMatching(/GLOBUS_AUTH_SCOPE: \$\{\{ steps\.scope\.outputs\.scope_string \}\}/),
      ]);
    }
  });

  test('the example spec is valid and names the groups scope by its real string', async () => {
    const file = 'examples/provider-scope.yml';
    const {
      scopes: [spec],
      warnings,
    } = parseSpec(await read(file), file);
    expect(warnings).toEqual([]);
    expect(spec?.dependent_scopes).toMatchObject([{ scope: GROUPS_SCOPE }]);
  });

  test('the shared-client example spec is valid: two listed scopes, the second depending on the first by its suffix, the Transfer scope by its real string', async () => {
    const file = 'examples/shared-client-scopes.yml';
    const { telling, scopes, warnings } = parseSpec(await read(file), file);
    expect(warnings).toEqual([]);
    expect(telling).toBe(TOLD_APART);
    expect(scopes.map((s) => s.scope_suffix)).toEqual(['transfer_ls', 'transfer_mkdir']);
    expect(scopes[0]?.dependent_scopes).toMatchObject([{ scope: 'urn:globus:auth:scope:transfer.api.globus.org:all' }]);
    expect(scopes[1]?.dependent_scopes).toMatchObject([{ scope_suffix: 'transfer_ls' }]);
  });

  test('the CI spec names the groups scope by its real string, the one the embedded service holds', async () => {
    const ci = await read('.github/workflows/ci.yml');
    expect(ci).toContain(`- scope: ${GROUPS_SCOPE}`);
    expect(ci).not.toContain('urn:platform:');
  });
});

describe('the example workflows', () => {
  const dryRun = examples.find((w) => w.file === 'examples/workflows/scope-dry-run.yml');
  const release = examples.find((w) => w.file === 'examples/workflows/release.yml');

  test("each example says where to copy it: never under another example's name, unless in place of it", () => {
    const names = examples.map((w) => w.file.split('/').at(-1));
    for (const { file, text } of examples.filter((w) => w.file.startsWith('examples/workflows/'))) {
      const target = /Copy to\s+(?:#\s*)?\.github\/workflows\/([\w-]+\.yml)/.exec(text)?.[1];
      const replaces = /in place of\s+(?:#\s*)?([\w.-]+\.yml)/.exec(text)?.[1];
      const own =
        target !== undefined && (target === file.split('/').at(-1) || !names.includes(target) || target === replaces);
      expect({ file, target, own }).toEqual({ file, target, own: true });
    }
  });

  test('the dry run says how to make its second environment: its name, the same variable and secret, reviewers, no branch restriction', () => {
    const text = dryRun?.text ?? '';
    const environment = /^\s+environment: (\S+)$/m.exec(text)?.[1];
    expect(environment).toBe('scope-review');
    for (const part of [
      `create \`${environment}\` with`,
      'PROVIDER_CLIENT_ID',
      'PROVIDER_CLIENT_SECRET',
      '"Required reviewers"',
      '"No restriction"',
    ])
      expect(text).toContain(part);
  });

  test('the dry run runs on spec changes only, not for Dependabot, and changes nothing', () => {
    expect(dryRun).toBeDefined();
    if (dryRun === undefined) return;
    const paths = asMapping(asMapping(dryRun.yaml.on).pull_request).paths;
    expect(paths).toEqual(['.github/provider-scope.yml']);
    const [[, job] = ['', {}]] = jobsOf(dryRun);
    expect(String(job.if)).toContain("github.actor != 'dependabot[bot]'");
    const step = asMapping(stepsOf(job).find((s) => typeof s.uses === 'string' && isThisAction(s.uses)));
    expect(asMapping(step.with)).toEqual(expect.objectContaining({ dry_run: true }));
  });

  /** The `with:` of the example's step that uses this action. */
  const actionStepOf = (workflow: typeof release): Record<string, unknown> =>
    asMapping(
      asMapping(
        jobsOf(workflow as NonNullable<typeof release>)
          .flatMap(([, job]) => stepsOf(job))
          .find((s) => typeof s.uses === 'string' && isThisAction(s.uses)),
      ).with,
    );

  test('the dry run plans with the settings the release applies: one on_drift, from one repository variable', () => {
    const onDrift = actionStepOf(release).on_drift;
    expect(onDrift).toBe("${{ vars.PROVIDER_ON_DRIFT || 'warn' }}");
    expect(actionStepOf(dryRun).on_drift).toBe(onDrift);
    for (const text of [release?.text, dryRun?.text]) expect(text).toContain('PROVIDER_ON_DRIFT to update');
  });

  test('the release example acts on created and updated, and names each scope from the scopes output, JSON-quoted', () => {
    expect(release).toBeDefined();
    if (release === undefined) return;
    const steps = jobsOf(release).flatMap(([, job]) => stepsOf(job));
    const announcements = ["steps.scope.outputs.created == 'true'", "steps.scope.outputs.updated == 'true'"].map(
      (condition) => steps.find((s) => s.if === condition),
    );
    for (const [step, flag] of announcements.map((s, i) => [asMapping(s), ['created', 'updated'][i]] as const)) {
      expect(asMapping(step.env).SCOPES).toBe('${{ steps.scope.outputs.scopes }}');
      expect(String(step.run)).toContain(`select(.value.${flag})`);
      // Every value in a workflow command's line is JSON-quoted: no line break can start another.
      expect(String(step.run)).not.toMatch(/\\\((?![^)]*@json)[^)]*\)/);
    }
  });
});

describe('the watch example', () => {
  const watch = examples.find((w) => w.file === 'examples/workflows/watch.yml');
  const [[, job] = ['', {}]] = watch === undefined ? [] : jobsOf(watch);
  const step = asMapping(stepsOf(job).find((s) => s.id === 'release'));

  /**
   * The release step's script, run as GitHub runs a `shell: bash` step (`bash --noprofile
   * --norc -eo pipefail`), with a `gh` on the PATH that prints `stdout` and exits with `code`.
   */
  async function findRelease(gh: {
    stdout: string;
    code: number;
  }): Promise<{ status: number | null; stdout: string; output: string }> {
    const dir = await mkdtemp(path.join(tmpdir(), 'eps-watch-'));
    try {
      await writeFile(
        path.join(dir, 'gh'),
        `#!/bin/sh\nprintf '%s' '${gh.stdout}'\n[ ${gh.code} -eq 0 ] || echo 'release not found' >&2\nexit ${gh.code}\n`,
      );
      await chmod(path.join(dir, 'gh'), 0o755);
      await writeFile(path.join(dir, 'output'), '');
      const env = {
        PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}`,
        GITHUB_REPOSITORY: 'owner/provider',
        GITHUB_OUTPUT: path.join(dir, 'output'),
        GH_TOKEN: 'unused',
      };
      const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', String(step.run)], {
        env,
        encoding: 'utf8',
      });
      return { status: run.status, stdout: run.stdout, output: await readFile(path.join(dir, 'output'), 'utf8') };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  test("checks out the latest release's tag, found in a bash step", () => {
    expect(step.shell).toBe('bash');
    const checkout = asMapping(
      stepsOf(job).find((s) => typeof s.uses === 'string' && s.uses.startsWith('actions/checkout@')),
    );
    expect(asMapping(checkout.with).ref).toBe('${{ steps.release.outputs.tag }}');
  });

  test("a release found: its tag is the step's output", async () => {
    expect(await findRelease({ stdout: 'v1.4.0\n', code: 0 })).toEqual({
      status: 0,
      stdout: '',
      output: 'tag=v1.4.0\n',
    });
  });

  test.each([
    ['gh fails (no release yet, no permission)', { stdout: '', code: 1 }],
    ['gh prints no tag', { stdout: '', code: 0 }],
  ])(
    '%s: the job fails with an error that says what to do before the first release, and no tag is set',
    async (_, gh) => {
      const run = await findRelease(gh);
      expect(run.status).toBe(1);
      expect(run.output).toBe('');
      expect(run.stdout).toMatch(
        /^::error title=No latest release::The latest release of owner\/provider cannot be read/,
      );
      expect(run.stdout).toContain(
        'Before the first release this is expected: publish it, or disable this workflow until then (gh workflow disable scope-watch.yml)',
      );
    },
  );

  test('says GitHub disables its schedule after 60 days without activity, and how to enable it again', () => {
    const text = watch?.text ?? '';
    for (const part of [
      '60 days without activity',
      '"Enable workflow"',
      'gh workflow enable scope-watch.yml',
      'Copy to .github/workflows/scope-watch.yml',
    ])
      expect(text).toContain(part);
  });
});

describe('dependabot.yml', () => {
  test('updates the actions of the workflows and of the examples, each entry with a cooldown', async () => {
    const config = asMapping(parse(await read('.github/dependabot.yml')));
    const updates = (Array.isArray(config.updates) ? config.updates : []).map(asMapping);
    const actions = updates.find((u) => u['package-ecosystem'] === 'github-actions');
    expect(actions?.directories).toEqual(expect.arrayContaining(['/', '/examples/workflows']));
    for (const update of updates) {
      expect([update['package-ecosystem'], asMapping(update.cooldown)['default-days']]).toEqual([
        update['package-ecosystem'],
        expect.any(Number),
      ]);
      expect([update['package-ecosystem'], Array.isArray(update.labels) && isMapping(update.groups)]).toEqual([
        update['package-ecosystem'],
        true,
      ]);
    }
  });
});

describe('the issue forms', () => {
  test('the bug report asks for the version, runner, step, spec, what happened and was expected, and the debug log', async () => {
    const form = asMapping(parse(await read('.github/ISSUE_TEMPLATE/bug_report.yml')));
    const body = (Array.isArray(form.body) ? form.body : []).map(asMapping);
    const ids = body.map((item) => item.id).filter((id) => id !== undefined);
    expect(ids).toEqual(
      expect.arrayContaining(['version', 'runner', 'step', 'spec', 'what-happened', 'expected', 'debug-log']),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(JSON.stringify(form)).toMatch(/Enable debug logging/);
    expect(JSON.stringify(form)).toMatch(/SECURITY\.md/);
  });

  test('blank issues are off', async () => {
    expect(asMapping(parse(await read('.github/ISSUE_TEMPLATE/config.yml'))).blank_issues_enabled).toBe(false);
  });
});

// Users' runners are Linux, Windows and macOS: paths, the file system's case and line endings
// differ, and the action must run on each (actionlint checks the syntax, `npm run lint:workflows`).
describe("CI runs the action on the three systems of GitHub's runners", () => {
  const SYSTEMS = ['ubuntu-latest', 'windows-latest', 'macos-latest'];
  const ci = workflows.find((w) => w.file === '.github/workflows/ci.yml');
  const actionJobs = (): Array<[string, Mapping]> =>
    ci === undefined ? [] : jobsOf(ci).filter(([, job]) => stepsOf(job).some((s) => s.uses === './'));

  test('the job that runs uses: ./ runs on a matrix of ubuntu, windows and macos, and one failing system does not cancel the others', () => {
    const jobs = actionJobs();
    expect(jobs).toHaveLength(1);
    const [[, job] = ['', {}]] = jobs;
    expect(job['runs-on']).toBe('${{ matrix.os }}');
    const strategy = asMapping(job.strategy);
    expect(asMapping(strategy.matrix).os).toEqual(SYSTEMS);
    expect(strategy['fail-fast']).toBe(false);
  });

  // Windows' default shell is PowerShell: the scripts are bash, which all three runners have.
  test('each of its run steps runs in bash', () => {
    const [[, job] = ['', {}]] = actionJobs();
    const jobShell = asMapping(asMapping(job.defaults).run).shell;
    const runSteps = stepsOf(job).filter((s) => typeof s.run === 'string');
    expect(runSteps.length).toBeGreaterThanOrEqual(3);
    for (const step of runSteps) expect([step.name, step.shell ?? jobShell]).toEqual([step.name, 'bash']);
  });

  test('it runs the action against a spec path that climbs out, and asserts the step failed', () => {
    const [[, job] = ['', {}]] = actionJobs();
    const outside = stepsOf(job).find(
      (s) =>
        s.uses === './' &&
        typeof asMapping(s.with).spec === 'string' &&
        String(asMapping(s.with).spec).startsWith('..'),
    );
    expect(outside).toEqual(expect.objectContaining({ 'continue-on-error': true, id: expect.any(String) }));
    const assertion = stepsOf(job).find((s) => s.name === 'Assert the outputs');
    expect(JSON.stringify(assertion)).toContain(`steps.${String(outside?.id)}.outcome`);
  });
});
