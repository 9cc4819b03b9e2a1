/**
 * `npm run demo [-- --auth token]`: a story in seven numbered steps, at most 150 lines (see
 * dev/README.md). The bundled action end to end against the embedded
 * authentication service, run three times as a release workflow would: it creates the scope,
 * then finds it unchanged, then applies a changed description with `on_drift: update`; then
 * twice on a pull request, whose plan becomes one comment (the fake GitHub API). Then the
 * command line, bundled as npm ships it, on a second client: a plan (exit 2), an apply, a plan
 * (exit 0); and on a third, whose scope was made by hand, `import` into a fresh folder, then a
 * plan with nothing to change. With `--auth token`, every run first gets an access token (`auth: token`).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EmbeddedAuthService, GROUPS_SCOPE_ID, GROUPS_SCOPE_STRING } from './auth-service.ts';
import { FakeGitHubApi, WORKFLOW_BOT } from './github-api.ts';
import { markdownText } from './markdown-text.ts';
import { ROOT, runAction } from './runner.ts';

const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 24) {
  console.error(`Node ${process.versions.node} is too old: run this through npm (npm run demo), which uses the Node 24 of the devDependencies.`);
  process.exit(1);
}

const SPEC = `name: Example Action Provider
description: Runs example actions
scope_suffix: action_all
advertised: true
allow_refresh_tokens: true
dependent_scopes:
  - scope: ${GROUPS_SCOPE_STRING}
`;

const { values: options } = parseArgs({ options: { auth: { type: 'string', default: 'basic' } } });
if (options.auth !== 'basic' && options.auth !== 'token') {
  console.error(`--auth must be basic or token, not ${options.auth}`);
  process.exit(2);
}

const service = new EmbeddedAuthService();
const authUrl = await service.start();
const client = service.addClient({ name: 'Example Action Provider' });
const indent = (lines: readonly string[], by = '    '): string => lines.map((line) => (line === '' ? '' : `${by}${line}`)).join('\n');
console.log(`ensure-provider-scope, end to end: a provider's scope from its first release to a pull request, then the
same from a terminal, against the embedded authentication service at ${authUrl} (client ${client.id}).

The provider's spec, .github/provider-scope.yml:
${indent(SPEC.trimEnd().split('\n'))}`);

/** The log as the runner shows it: masks and debug lines hidden (no debug logging), annotations labelled. */
const logOf = (stdout: string): string[] =>
  stdout
    .split('\n')
    .filter((line) => line !== '' && !/^::(add-mask|debug)::/.test(line))
    .map((line) => line.replace(/^::(warning|error|notice)[^:]*::/, (_, level: string) => `${level[0]?.toUpperCase()}${level.slice(1)}: `));

/** A heading for each step of the story: what happens, and how the action's run ended (each command line says its own). */
let step = 0;
let failed = false;
const heading = (text: string, exitCode?: number): void => {
  console.log(`\n${++step}. ${text}${exitCode === undefined ? '' : ` (exit ${exitCode})`}`);
  failed ||= exitCode !== undefined && exitCode !== 0;
};

const CHANGED = SPEC.replace('description: Runs example actions', 'description: Runs example actions, now with a changed description');
const RUNS = [
  { title: 'The first release: the client has no scope yet, so the step creates it', spec: SPEC, inputs: {}, summary: true },
  { title: 'The next release: the same step finds the scope and changes nothing', spec: SPEC, inputs: {}, summary: false },
  { title: 'A release whose spec has a new description, with on_drift: update: the scope follows the spec', spec: CHANGED, inputs: { on_drift: 'update' }, summary: false },
];
for (const { title, spec, inputs, summary } of RUNS) {
  const before = service.requests.length;
  const run = await runAction({
    inputs: { client_id: client.id, client_secret: client.secret, auth_url: authUrl, auth: options.auth, ...inputs },
    files: { '.github/provider-scope.yml': spec },
  });
  // The runner hides each masked value wherever it appears in the log; so does the demo.
  const masks = run.stdout.match(/^::add-mask::.*$/gm)?.length ?? 0;
  const masked = options.auth === 'token' ? "the secret in every form it could take, then the access token's as it arrives" : 'the secret in every form it could take';
  heading(`${title}${step === 0 ? `; first, ${masks} values are masked: ${masked}` : ''}`, run.exitCode ?? -1);
  console.log(indent(logOf(run.stdout)));
  if (run.stderr !== '') console.log(indent(run.stderr.trimEnd().split('\n')));
  const requests = service.requests.slice(before).map((r) => `${r.method} ${r.path.replace(client.id, '{client}')}`);
  console.log(`    Requests to the service: ${requests.join(', ')}. Outputs: created=${run.outputs.created}, updated=${run.outputs.updated}, changes=${run.outputs.changes}.`);
  if (summary) {
    // Its head; the field-by-field table is the same as in the pull request's comment, shown whole below.
    const text = markdownText(run.summary);
    const head = text.slice(0, text.indexOf('', text.indexOf('') + 1));
    console.log(`    The job summary, as GitHub shows it (then the spec and the service, field by field, as in step 5):\n${indent(head, '      ')}`);
  }
}

// On a pull request: the same report as one comment, through the fake GitHub API (github-api.ts).
const github = new FakeGitHubApi();
await github.start();
const githubToken = 'ghs_DemoWorkflowToken0123456789abcdefAB';
github.grant(githubToken, { user: WORKFLOW_BOT, readUser: false });
const PROPOSED = SPEC.replace('description: Runs example actions', 'description: Runs example actions, as this pull request proposes');
for (const title of ['A pull request proposes another description: a dry run plans the change, as one comment', 'The same pull request, pushed again: the comment is updated, not repeated']) {
  const before = github.requests.length;
  const run = await runAction({
    inputs: { client_id: client.id, client_secret: client.secret, auth_url: authUrl, auth: options.auth, dry_run: 'true', on_drift: 'update', github_token: githubToken },
    files: { '.github/provider-scope.yml': PROPOSED },
    event: { name: 'pull_request', ref: 'refs/pull/7/merge', payload: { number: 7, pull_request: { number: 7 } } },
    env: { GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.example', GITHUB_RUN_ID: '4242' },
  });
  heading(title, run.exitCode ?? -1);
  // The second run's plan is the first's: only what it did with the comment.
  console.log(indent(logOf(run.stdout).filter((line) => !/^(Ensuring scope|scope_string:)/.test(line) && (before === 0 || line.includes('comment')))));
  console.log(`    Requests to GitHub: ${github.calls().slice(before).join(', ')}`);
}
const comments = github.commentsOf('octo/provider#7');
// All of it but its table of outputs, which the steps above show.
const comment = markdownText(comments[0]?.body ?? '');
const outputs = comment.indexOf('Outputs');
const shownComment = outputs < 0 ? comment : [...comment.slice(0, outputs), '(Its outputs, then a link to the run.)'];
console.log(`    Pull request #7 has ${comments.length} comment from the action; as GitHub shows it:\n${indent(shownComment, '      ')}`);
failed ||= comments.length !== 1;
await github.stop();

// The command line: the same engine, another door.
const cliClient = service.addClient({ name: 'Example Action Provider (command line)' });
const workdir = mkdtempSync(path.join(tmpdir(), 'eps-demo-'));
mkdirSync(path.join(workdir, '.github'));
writeFileSync(path.join(workdir, '.github', 'provider-scope.yml'), SPEC);
// The secret only in the environment, as PROVIDER_CLIENT_SECRET (a flag would show in ps); the rest as flags.
const env = { ...process.env, NO_COLOR: '1', PROVIDER_CLIENT_SECRET: cliClient.secret };
const flags = ['--client-id', cliClient.id, '--auth-url', authUrl, '--auth', options.auth];
/** The bundled command line in `cwd`, as a user runs it: the command, then what it printed, stderr first (`progress`: all of it, else its warnings and errors). */
async function cliRun(args: string[], cwd: string, runEnv: NodeJS.ProcessEnv, expected: number, progress = false): Promise<void> {
  // Not spawnSync: the service answers from this very process.
  const run = await new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [path.join(ROOT, 'dist', 'cli', 'index.js'), ...args], { cwd, env: runEnv }, (error, stdout, stderr) =>
      resolve({ status: typeof error?.code === 'number' ? error.code : error === null ? 0 : 1, stdout, stderr }),
    );
  });
  console.log(`    $ PROVIDER_CLIENT_SECRET="$PROVIDER_CLIENT_SECRET" ensure-provider-scope ${args.join(' ')}    # exit ${run.status}`);
  // The outputs, as the action's above: said once, by the first command that has them.
  const shown = run.stdout.trimEnd().split('\n');
  const outputs = shown.indexOf('Outputs:');
  // Its progress on stderr, like the action's log above, only where the story needs it.
  const said = progress ? run.stderr.trimEnd().split('\n') : run.stderr.split('\n').filter((line) => /^(Warning|Error): /.test(line));
  console.log(indent([...said, ...(outputs > 0 && args[0] !== 'apply' ? shown.slice(0, outputs - 1) : shown)], '      '));
  failed ||= run.status !== expected;
}
heading('From a terminal, on a second client: plan shows the creation (exit 2), apply makes it, a plan again has nothing to change');
for (const [verb, expected, progress] of [['plan', 2, true], ['apply', 0, false], ['plan', 0, false]] as const) await cliRun([verb, ...flags], workdir, env, expected, progress);
rmSync(workdir, { recursive: true, force: true });

// import: a scope registered by hand (one POST to the service's API, as curl would send it),
// adopted into a fresh folder; the plan on the imported spec then has nothing to change.
const handClient = service.addClient({ name: 'Example Action Provider (registered by hand)' });
const made = await fetch(`${authUrl}/v2/api/clients/${handClient.id}/scopes`, {
  method: 'POST',
  headers: { authorization: `Basic ${Buffer.from(`${handClient.id}:${handClient.secret}`).toString('base64')}`, 'content-type': 'application/json' },
  body: JSON.stringify({ scope: { name: 'Hand-made provider', description: 'Registered with curl: "by hand" # once', scope_suffix: 'action_all', advertised: true, dependent_scopes: [{ scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true }] } }),
});
heading(`A third client's scope, made by hand (POST /v2/api/clients/{client}/scopes, HTTP ${made.status}), adopted with import`);
const fresh = mkdtempSync(path.join(tmpdir(), 'eps-demo-import-'));
const handEnv = { ...env, PROVIDER_CLIENT_SECRET: handClient.secret };
const handFlags = ['--client-id', handClient.id, '--auth-url', authUrl, '--auth', options.auth];
await cliRun(['import', ...handFlags], fresh, handEnv, 0, true);
const imported = path.join(fresh, '.github', 'provider-scope.yml');
if (existsSync(imported)) console.log(`    .github/provider-scope.yml, as import wrote it:\n${indent(readFileSync(imported, 'utf8').trimEnd().split('\n'), '      ')}`);
await cliRun(['plan', ...handFlags], fresh, handEnv, 0);
rmSync(fresh, { recursive: true, force: true });
await service.stop();
process.exitCode = failed ? 1 : 0;
