/**
 * `npm run demo [-- --auth token]`: the bundled action end to end against the embedded
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
import { ROOT, runAction } from './runner.ts';

const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 24) {
  console.error(`Node ${process.versions.node} is too old: run this through npm (npm run demo), which uses the Node 24 of the devDependencies.`);
  process.exit(1);
}

const SPEC = `# The scope this provider registers (see README: "The spec file")
name: Example Action Provider
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
console.log(`Embedded authentication service on ${authUrl}, with a fresh client ${client.id}\n`);
console.log(`.github/provider-scope.yml:\n${SPEC}`);

const CHANGED = SPEC.replace('description: Runs example actions', 'description: Runs example actions, now with a changed description');
const RUNS = [
  { title: 'First run: the client has no scope yet', spec: SPEC, inputs: {} },
  { title: 'Second run: the same step again', spec: SPEC, inputs: {} },
  { title: 'Third run: the spec changed its description, with on_drift: update', spec: CHANGED, inputs: { on_drift: 'update' } },
];

let failed = false;
for (const { title, spec, inputs } of RUNS) {
  const before = service.requests.length;
  const run = await runAction({
    inputs: { client_id: client.id, client_secret: client.secret, auth_url: authUrl, auth: options.auth, ...inputs },
    files: { '.github/provider-scope.yml': spec },
  });
  console.log(`=== ${title} (exit code ${run.exitCode}) ===`);
  if (spec !== SPEC) console.log(`.github/provider-scope.yml now says:\n${spec}`);
  // The runner hides each masked value wherever it appears in the log; so does the demo.
  const masks = run.stdout.match(/^::add-mask::.*$/gm) ?? [];
  const masked = options.auth === 'token' ? "the secret in every form it could take, first, then the access token's as it arrives" : 'the secret in every form it could take, first';
  console.log(`(${masks.length} ::add-mask:: commands: ${masked}; hidden by the runner from then on)`);
  console.log(run.stdout.replace(/^::add-mask::.*\n/gm, '').trimEnd());
  if (run.stderr !== '') console.log(run.stderr.trimEnd());
  console.log('\nRequests to the service:');
  for (const r of service.requests.slice(before)) {
    const query = Object.entries(r.query).map(([k, v]) => `${k}=${v}`).join('&');
    console.log(`  ${r.method} ${r.path}${query === '' ? '' : `?${query}`}${r.auth === undefined ? '' : ` (${r.auth})`}`);
  }
  console.log('\nStep outputs:');
  for (const [name, value] of Object.entries(run.outputs)) console.log(`  ${name} = ${value}`);
  // As GitHub renders it, near enough for a terminal: escapes undone, code in backticks.
  const readable = run.summary.replace(/\\(.)/g, '$1').replace(/<\/?code>/g, '`').replace(/<br>/g, ', ');
  console.log(`\nJob summary (markdown, as rendered):\n${readable}`);
  failed ||= run.exitCode !== 0;
}

// On a pull request: the same report as one comment, through the fake GitHub API (github-api.ts).
const github = new FakeGitHubApi();
await github.start();
const githubToken = 'ghs_DemoWorkflowToken0123456789abcdefAB';
github.grant(githubToken, { user: WORKFLOW_BOT, readUser: false });
const PROPOSED = SPEC.replace('description: Runs example actions', 'description: Runs example actions, as this pull request proposes');
for (const title of ['Fourth run: a pull request proposes another description (dry run): the plan becomes its comment', 'Fifth run: the same pull request, pushed again: the comment is updated, not repeated']) {
  const before = github.requests.length;
  const run = await runAction({
    inputs: { client_id: client.id, client_secret: client.secret, auth_url: authUrl, auth: options.auth, dry_run: 'true', on_drift: 'update', github_token: githubToken },
    files: { '.github/provider-scope.yml': PROPOSED },
    event: { name: 'pull_request', ref: 'refs/pull/7/merge', payload: { number: 7, pull_request: { number: 7 } } },
    env: { GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.example', GITHUB_RUN_ID: '4242' },
  });
  console.log(`\n=== ${title} (exit code ${run.exitCode}) ===`);
  console.log(run.stdout.replace(/^::add-mask::.*\n/gm, '').trimEnd());
  console.log(`\nRequests to GitHub:\n${github.calls().slice(before).map((call) => `  ${call}`).join('\n')}`);
  failed ||= run.exitCode !== 0;
}
const comments = github.commentsOf('octo/provider#7');
console.log(`\nPull request #7 has ${comments.length} comment(s); the action's, as markdown:\n${comments[0]?.body ?? ''}`);
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
console.log(`\nThe command line, on a second client, in ${workdir} (which holds .github/provider-scope.yml), the secret in its environment as $PROVIDER_CLIENT_SECRET:`);
const CLI_RUNS = [
  { args: ['plan', ...flags], expected: 2, title: 'the client has no scope: the plan shows the creation (exit 2: it would change the registration)' },
  { args: ['apply', ...flags], expected: 0, title: 'apply creates it (exit 0)' },
  { args: ['plan', ...flags], expected: 0, title: 'the same plan again: nothing to change (exit 0)' },
];
/** The bundled command line in `cwd`, as a user runs it; its output shown under `title`. */
async function cliRun(args: string[], cwd: string, runEnv: NodeJS.ProcessEnv, expected: number, title: string): Promise<void> {
  // Not spawnSync: the service answers from this very process.
  const run = await new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [path.join(ROOT, 'dist', 'cli', 'index.js'), ...args], { cwd, env: runEnv }, (error, stdout, stderr) =>
      resolve({ status: typeof error?.code === 'number' ? error.code : error === null ? 0 : 1, stdout, stderr }),
    );
  });
  console.log(`\n=== ${title}${run.status === expected ? '' : `, but it exited ${run.status}`} ===`);
  console.log(`$ PROVIDER_CLIENT_SECRET="$PROVIDER_CLIENT_SECRET" ensure-provider-scope ${args.join(' ')}`);
  console.log(`${run.stderr.trimEnd()}\n---\n${run.stdout.trimEnd()}`);
  failed ||= run.status !== expected;
}
for (const { args, expected, title } of CLI_RUNS) await cliRun(args, workdir, env, expected, title);
rmSync(workdir, { recursive: true, force: true });

// import: a scope registered by hand (one POST to the service's API, as curl would send it),
// adopted into a fresh folder; the plan on the imported spec then has nothing to change.
const handClient = service.addClient({ name: 'Example Action Provider (registered by hand)' });
const made = await fetch(`${authUrl}/v2/api/clients/${handClient.id}/scopes`, {
  method: 'POST',
  headers: { authorization: `Basic ${Buffer.from(`${handClient.id}:${handClient.secret}`).toString('base64')}`, 'content-type': 'application/json' },
  body: JSON.stringify({ scope: { name: 'Hand-made provider', description: 'Registered with curl: "by hand" # once', scope_suffix: 'action_all', advertised: true, dependent_scopes: [{ scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true }] } }),
});
console.log(`\nA scope registered by hand, as curl would: POST /v2/api/clients/${handClient.id}/scopes answered HTTP ${made.status}.`);
const fresh = mkdtempSync(path.join(tmpdir(), 'eps-demo-import-'));
const handEnv = { ...env, PROVIDER_CLIENT_SECRET: handClient.secret };
const handFlags = ['--client-id', handClient.id, '--auth-url', authUrl, '--auth', options.auth];
await cliRun(['import', ...handFlags], fresh, handEnv, 0, 'import writes the spec from the live scope, into a fresh folder (exit 0)');
const imported = path.join(fresh, '.github', 'provider-scope.yml');
if (existsSync(imported)) console.log(`\n.github/provider-scope.yml, as import wrote it:\n${readFileSync(imported, 'utf8').trimEnd()}`);
await cliRun(['plan', ...handFlags], fresh, handEnv, 0, 'plan on the imported spec: nothing to change (exit 0)');
rmSync(fresh, { recursive: true, force: true });
await service.stop();
process.exitCode = failed ? 1 : 0;
