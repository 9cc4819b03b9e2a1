/**
 * `npm run demo [-- [--auth token] [--out DIR]]`: a story in numbered steps, at most 150 lines
 * with npm's (see dev/README.md). The bundled action end to end against the embedded
 * authentication service, run three times as a release workflow would: it creates the scope,
 * then finds it unchanged, then applies a changed description with `on_drift: update`; then
 * twice on a pull request, whose plan becomes one comment (the fake GitHub API); then on a
 * team's shared client with the list form (examples/shared-client-scopes.yml, a scope that
 * depends on its sibling); then as the scheduled watch after the secret was deleted in the
 * portal: it fails and opens an issue. Then the command line, bundled as npm ships it, on
 * another client: a plan (exit 2), an apply, a plan (exit 0); and on another, whose scope was
 * made by hand, `import` into a fresh folder, then a plan with nothing to change; last, `rotate`
 * replaces the first command line client's secret (into a new file, never printed), and a plan
 * with the new secret goes through. The job
 * summary of the list form's run, the pull request's comment and the watch's issue, as the
 * action wrote them, go to DIR (.demo/ by default), named at the end. With `--auth token`,
 * every run first gets an access token (`auth: token`).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { credentialForms, secretForms } from '../src/engine/secrets.ts';
import { EmbeddedAuthService, GROUPS_SCOPE_ID, GROUPS_SCOPE_STRING } from './auth-service.ts';
import { FakeGitHubApi, WORKFLOW_BOT } from './github-api.ts';
import { markdownText } from './markdown-text.ts';
import { ROOT, runAction, type ActionRun } from './runner.ts';

const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 24) {
  console.error(
    `Node ${process.versions.node} is too old: run this through npm (npm run demo), which uses the Node 24 of the devDependencies.`,
  );
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

const { values: options } = parseArgs({
  options: { auth: { type: 'string', default: 'basic' }, out: { type: 'string', default: path.join(ROOT, '.demo') } },
});
if (options.auth !== 'basic' && options.auth !== 'token') {
  console.error(`--auth must be basic or token, not ${options.auth}`);
  process.exit(2);
}

/** Everything the demo prints goes through here, to be checked for secrets at the end. */
const printed: string[] = [];
const say = (text: string): void => {
  printed.push(text);
  console.log(text);
};

const service = new EmbeddedAuthService();
const authUrl = await service.start();
const client = service.addClient({ name: 'Example Action Provider' });
const indent = (lines: readonly string[], by = '    '): string =>
  lines.map((line) => (line === '' ? '' : `${by}${line}`)).join('\n');
say(`ensure-provider-scope, end to end: a provider's scope from its first release to a pull request, a shared client and
the watch, then the same from a terminal, against the embedded authentication service at ${authUrl}.

The provider's spec, .github/provider-scope.yml (client ${client.id}):
${indent(SPEC.trimEnd().split('\n'))}`);

/** The log as the runner shows it: masks and debug lines hidden (no debug logging), annotations labelled. */
const logOf = (stdout: string): string[] =>
  stdout
    .split('\n')
    .filter((line) => line !== '' && !/^::(add-mask|debug)::/.test(line))
    .map((line) =>
      line.replace(
        /^::(warning|error|notice)[^:]*::/,
        (_, level: string) => `${level[0]?.toUpperCase()}${level.slice(1)}: `,
      ),
    );

/** A heading for each step of the story: what happens, and how the action's run ended (each command line says its own). */
let step = 0;
let failed = false;
const heading = (text: string, exitCode?: number, expected = 0): void => {
  say(`\n${++step}. ${text}${exitCode === undefined ? '' : ` (exit ${exitCode})`}`);
  failed ||= exitCode !== undefined && exitCode !== expected;
};
/** What the service was asked since `before`, each client's id as {client}. */
const requestsSince = (before: number): string =>
  service.requests
    .slice(before)
    .map(
      (r) =>
        `${r.method} ${r.path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, (id) => (service.clients.has(id) ? '{client}' : id))}`,
    )
    .join(', ');
/** The action's log, then its stderr, indented. */
const showRun = (run: ActionRun, keep: (line: string) => boolean = () => true): void => {
  say(indent(logOf(run.stdout).filter(keep)));
  if (run.stderr !== '') say(indent(run.stderr.trimEnd().split('\n')));
};

/** The renderings, written at the end: what GitHub would show, as the action wrote it. */
const renderings: Array<{ file: string; what: string; markdown: string }> = [];

const CHANGED = SPEC.replace(
  'description: Runs example actions',
  'description: Runs example actions, now with a changed description',
);
const RUNS = [
  { title: 'The first release: the client has no scope yet, so the step creates it', spec: SPEC, inputs: {} },
  { title: 'The next release: the same step finds the scope and changes nothing', spec: SPEC, inputs: {} },
  {
    title: 'A release whose spec has a new description, with on_drift: update: the scope follows the spec',
    spec: CHANGED,
    inputs: { on_drift: 'update' },
  },
];
for (const { title, spec, inputs } of RUNS) {
  const before = service.requests.length;
  const run = await runAction({
    inputs: { client_id: client.id, client_secret: client.secret, auth_url: authUrl, auth: options.auth, ...inputs },
    files: { '.github/provider-scope.yml': spec },
  });
  // The runner hides each masked value wherever it appears in the log; so does the demo.
  const masks = run.stdout.match(/^::add-mask::.*$/gm)?.length ?? 0;
  const masked =
    options.auth === 'token'
      ? "the secret in every form it could take, then the access token's as it arrives"
      : 'the secret in every form it could take';
  heading(`${title}${step === 0 ? `; first, ${masks} values are masked: ${masked}` : ''}`, run.exitCode ?? -1);
  showRun(run, (line) => !line.startsWith('Ensuring scope'));
  say(
    `    Requests to the service: ${requestsSince(before)}. Outputs: created=${run.outputs.created}, updated=${run.outputs.updated}, changes=${run.outputs.changes}.`,
  );
}

// On a pull request: the same report as one comment, through the fake GitHub API (github-api.ts).
const github = new FakeGitHubApi();
await github.start();
const githubToken = 'ghs_DemoWorkflowToken0123456789abcdefAB';
github.grant(githubToken, { user: WORKFLOW_BOT, readUser: false });
const githubEnv = { GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.example', GITHUB_RUN_ID: '4242' };
const PROPOSED = SPEC.replace(
  'description: Runs example actions',
  'description: Runs example actions, as this pull request proposes',
);
for (const title of [
  'A pull request proposes another description: a dry run plans the change, as one comment',
  'The same pull request, pushed again: the comment is updated, not repeated',
]) {
  const before = github.requests.length;
  const run = await runAction({
    inputs: {
      client_id: client.id,
      client_secret: client.secret,
      auth_url: authUrl,
      auth: options.auth,
      dry_run: 'true',
      on_drift: 'update',
      github_token: githubToken,
    },
    files: { '.github/provider-scope.yml': PROPOSED },
    event: { name: 'pull_request', ref: 'refs/pull/7/merge', payload: { number: 7, pull_request: { number: 7 } } },
    env: githubEnv,
  });
  heading(title, run.exitCode ?? -1);
  // The second run's plan is the first's: only what it did with the comment.
  showRun(
    run,
    (line) =>
      !/^(Ensuring scope|scope_string:|Client .* already has)/.test(line) && (before === 0 || line.includes('comment')),
  );
  say(`    Requests to GitHub: ${github.calls().slice(before).join(', ')}`);
}
const comments = github.commentsOf('octo/provider#7');
failed ||= comments.length !== 1;
const comment = comments[0]?.body ?? '';
// Its headline as GitHub shows it; the rest (the update, the spec beside the service) is in the file named at the end, uncut.
const [headline] = markdownText(comment);
say(
  `    Pull request #7 has ${comments.length} comment from the action, "${headline}": the client, the update it plans, the spec beside the service.`,
);
renderings.push({
  file: 'pull-request-comment.md',
  what: `the pull request's comment (steps ${step - 1} and ${step})`,
  markdown: comment,
});

// A team's shared client: several scopes in one spec, one depending on its sibling.
const shared = service.addClient({ name: 'Transfer operations' });
const SHARED = readFileSync(path.join(ROOT, 'examples', 'shared-client-scopes.yml'), 'utf8');
const sharedBefore = service.requests.length;
const sharedRun = await runAction({
  inputs: { client_id: shared.id, client_secret: shared.secret, auth_url: authUrl, auth: options.auth },
  files: { '.github/provider-scope.yml': SHARED },
});
heading(
  `A team's shared client, its scopes listed: examples/shared-client-scopes.yml, transfer_mkdir depending on its sibling`,
  sharedRun.exitCode ?? -1,
);
say(
  indent(
    SHARED.trimEnd()
      .split('\n')
      .filter((line) => !/^\s*#/.test(line)),
    '      ',
  ),
);
showRun(sharedRun, (line) => !line.startsWith('Ensuring scope'));
say(`    Requests to the service: ${requestsSince(sharedBefore)}.`);
renderings.push({ file: 'job-summary.md', what: `the job summary of step ${step}`, markdown: sharedRun.summary });

// Between releases, the watch: a scheduled dry run that keeps one issue while the registration is unwell.
const deleted = client.secret;
client.secret = randomBytes(24).toString('base64url'); // a new secret, made in the portal; the repository still holds the deleted one
const watchBefore = github.requests.length;
const watch = await runAction({
  inputs: {
    client_id: client.id,
    client_secret: deleted,
    auth_url: authUrl,
    auth: options.auth,
    dry_run: 'true',
    github_token: githubToken,
  },
  files: { '.github/provider-scope.yml': CHANGED },
  event: {
    name: 'schedule',
    ref: 'refs/heads/main',
    payload: { schedule: '17 6 * * *', repository: { full_name: 'octo/provider', default_branch: 'main' } },
  },
  env: githubEnv,
});
heading(
  "Weeks later, the first client's secret is deleted in the developer portal: the daily watch (a scheduled dry run) fails, and opens an issue",
  watch.exitCode ?? -1,
  1,
);
showRun(watch, (line) => !line.startsWith('Ensuring scope'));
say(`    Requests to GitHub: ${github.calls().slice(watchBefore).join(', ')}`);
const [issue] = github.issuesOf('octo/provider').filter((i) => i.pull_request === undefined);
failed ||= issue === undefined;
renderings.push({
  file: 'watch-issue.md',
  what: `the watch's issue #${issue?.number} (step ${step}), "${issue?.title}"`,
  markdown: issue?.body ?? '',
});
await github.stop();

// The command line: the same engine, another door.
const cliClient = service.addClient({ name: 'Example Action Provider (command line)' });
const workdir = mkdtempSync(path.join(tmpdir(), 'eps-demo-'));
mkdirSync(path.join(workdir, '.github'));
writeFileSync(path.join(workdir, '.github', 'provider-scope.yml'), SPEC);
// The secret only in the environment, as PROVIDER_CLIENT_SECRET (a flag would show in ps); the rest as flags.
const env = { ...process.env, NO_COLOR: '1', PROVIDER_CLIENT_SECRET: cliClient.secret };
const flags = ['--client-id', cliClient.id, '--auth-url', authUrl, '--auth', options.auth];
/**
 * The bundled command line in `cwd`, as a user runs it: the command (the secret from `secretFrom`),
 * then what it printed, stderr first (`progress`: all of it, else its warnings and errors), the
 * lines `keep` keeps.
 */
async function cliRun(
  args: string[],
  cwd: string,
  runEnv: NodeJS.ProcessEnv,
  expected: number,
  {
    progress = false,
    secretFrom = '"$PROVIDER_CLIENT_SECRET"',
    keep = () => true,
  }: { progress?: boolean; secretFrom?: string; keep?: (line: string) => boolean } = {},
): Promise<void> {
  // Not spawnSync: the service answers from this very process.
  const run = await new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'dist', 'cli', 'index.js'), ...args],
      { cwd, env: runEnv },
      (error, stdout, stderr) =>
        resolve({ status: typeof error?.code === 'number' ? error.code : error === null ? 0 : 1, stdout, stderr }),
    );
  });
  say(`    $ PROVIDER_CLIENT_SECRET=${secretFrom} ensure-provider-scope ${args.join(' ')}    # exit ${run.status}`);
  // The outputs, as the action's above: said once, by the first command that has them.
  const shown = run.stdout.trimEnd().split('\n');
  const outputs = shown.indexOf('Outputs:');
  // Its progress on stderr, like the action's log above, only where the story needs it.
  const said = progress
    ? run.stderr.trimEnd().split('\n')
    : run.stderr.split('\n').filter((line) => /^(Warning|Error): /.test(line));
  say(
    indent(
      [...said, ...(outputs > 0 && args[0] !== 'apply' ? shown.slice(0, outputs - 1) : shown)].filter(keep),
      '      ',
    ),
  );
  failed ||= run.status !== expected;
}
heading(
  'From a terminal, on another client: plan shows the creation (exit 2), apply makes it, a plan again has nothing to change',
);
for (const [verb, expected, progress] of [
  ['plan', 2, true],
  ['apply', 0, false],
  ['plan', 0, false],
] as const)
  await cliRun([verb, ...flags], workdir, env, expected, { progress });

// import: a scope registered by hand (one POST to the service's API, as curl would send it),
// adopted into a fresh folder; the plan on the imported spec then has nothing to change.
const handClient = service.addClient({ name: 'Example Action Provider (registered by hand)' });
const made = await fetch(`${authUrl}/v2/api/clients/${handClient.id}/scopes`, {
  method: 'POST',
  headers: {
    authorization: `Basic ${Buffer.from(`${handClient.id}:${handClient.secret}`).toString('base64')}`,
    'content-type': 'application/json',
  },
  body: JSON.stringify({
    scope: {
      name: 'Hand-made provider',
      description: 'Registered with curl: "by hand" # once',
      scope_suffix: 'action_all',
      advertised: true,
      dependent_scopes: [{ scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true }],
    },
  }),
});
heading(
  `One more client's scope, made by hand (POST /v2/api/clients/{client}/scopes, HTTP ${made.status}), adopted with import`,
);
const fresh = mkdtempSync(path.join(tmpdir(), 'eps-demo-import-'));
const handEnv = { ...env, PROVIDER_CLIENT_SECRET: handClient.secret };
const handFlags = ['--client-id', handClient.id, '--auth-url', authUrl, '--auth', options.auth];
await cliRun(['import', ...handFlags], fresh, handEnv, 0, { progress: true });
const imported = path.join(fresh, '.github', 'provider-scope.yml');
if (existsSync(imported))
  say(
    `    .github/provider-scope.yml, as import wrote it:\n${indent(readFileSync(imported, 'utf8').trimEnd().split('\n'), '      ')}`,
  );
await cliRun(['plan', ...handFlags], fresh, handEnv, 0);
rmSync(fresh, { recursive: true, force: true });

// rotate: the command line's client's secret replaced, the new one into a new file (mode 0600), never printed.
heading("Back to step 8's client: rotate its secret into a new file, then plan with the new secret");
await cliRun(['rotate', '--secret-file', 'new-secret', ...flags], workdir, env, 0, {
  progress: true,
  keep: (line) => !line.startsWith('Rotating the secret'),
});
const newSecret = path.join(workdir, 'new-secret');
const rotated = existsSync(newSecret) ? readFileSync(newSecret, 'utf8') : '';
await cliRun(['plan', ...flags], workdir, { ...env, PROVIDER_CLIENT_SECRET: rotated }, 0, {
  secretFrom: '"$(cat new-secret)"',
  keep: (line) => line.startsWith('No changes'),
});
rmSync(workdir, { recursive: true, force: true });

// What GitHub would show, as markdown files: open them in any markdown viewer, or paste them in a gist.
mkdirSync(options.out, { recursive: true });
const shownPath = (file: string): string => {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
};
say('\nWhat GitHub would show for these runs, as the action wrote it (markdown, for any markdown viewer):');
const ORDER = ['job-summary.md', 'pull-request-comment.md', 'watch-issue.md'];
for (const { file, what, markdown } of renderings.sort((a, b) => ORDER.indexOf(a.file) - ORDER.indexOf(b.file))) {
  writeFileSync(path.join(options.out, file), markdown);
  say(`    ${shownPath(path.join(options.out, file))}: ${what}`);
}

// No secret, token or form of them in anything the demo printed or wrote.
const credentials = [
  ...[...service.clients.values()].flatMap((c) => c.credentials.flatMap((k) => secretForms(c.id, k.secret))),
  ...secretForms(client.id, deleted),
  ...[githubToken, ...service.issuedTokens()].flatMap(credentialForms),
];
const leaks = [printed.join('\n'), ...renderings.map((r) => r.markdown)].filter((text) =>
  credentials.some((form) => text.includes(form)),
);
if (leaks.length > 0)
  console.error(`A secret or a token, or a form of one, is in ${leaks.length} of the demo's texts: a leak to fix.`);
await service.stop();
process.exitCode = failed || leaks.length > 0 ? 1 : 0;
