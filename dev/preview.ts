/**
 * `npm run preview -- [--spec <path>] [--out <dir>] [options]`: what GitHub would show for a
 * spec, without GitHub. One dry run of the engine (nothing is written to the service, nothing
 * sent to GitHub), then the three renderings a run leaves, each written to a markdown file
 * named on stdout: the job summary (render/summary.ts), the pull request's comment and the
 * watch's issue (render/places.ts, as the GitHub door builds them). Against the embedded
 * service by default, started here on 127.0.0.1 with a client made for the run; against
 * another (the real one) when PROVIDER_AUTH_URL is set, with PROVIDER_CLIENT_ID and
 * PROVIDER_CLIENT_SECRET. `--help` lists the options; CONTRIBUTING.md ("Local runs") has more.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findRepository } from '../src/cli/repository.ts';
import type { Conclusion, Message } from '../src/engine/conclude/conclude.ts';
import { ensureProviderScope } from '../src/engine/ensure.ts';
import type { RunPort } from '../src/engine/port.ts';
import { keepSecrets } from '../src/engine/secrets.ts';
import {
  providersGiven,
  readSetting,
  SETTING_DEFAULTS,
  type Naming,
  type SettingName,
} from '../src/engine/settings/settings.ts';
import { nearestKey } from '../src/engine/settings/suggest.ts';
import { inert } from '../src/engine/text.ts';
import { INPUT_NAMING } from '../src/github/inputs.ts';
import { pullRequestComment, watchWriting } from '../src/render/places.ts';
import { buildSummary, escapePunctuation } from '../src/render/summary.ts';
import { EmbeddedAuthService } from './auth-service.ts';

export const USAGE = `Usage: npm run preview -- [options]

Renders what a run of the action would show for a spec, without GitHub: the job summary, the
pull request's comment and the watch's issue, each as a markdown file, named on stdout. One dry
run: nothing is written to the service, nothing is sent to GitHub. The words are the action's
(inputs, not flags), as GitHub would show them.

The service: the embedded one by default, started on 127.0.0.1 with a fresh client that has no
scope (so the scope "would be created", and the watch's issue says the client has none). With
PROVIDER_AUTH_URL set, that service (the real one: https://auth.globus.org), with
PROVIDER_CLIENT_ID and PROVIDER_CLIENT_SECRET (and PROVIDER_AUTH, PROVIDER_TIMEOUT_SECONDS).

Options:
  --spec <path>             The spec file, inside the repository. [default .github/provider-scope.yml]
  --out <dir>               Where the files go, made if missing. [default: a new temporary folder]
  --on-drift <value>        warn, fail, ignore or update, as the input on_drift. [default warn]
  --provider-url <url>      The deployed provider to check, as the input provider_url; again, or
                            as <suffix>=<url>, one provider each, as its lines.
  --provider-suffix <sfx>   The scope it must publish, as the input provider_suffix.
  --registered <path>       Embedded service only: the client starts with the scopes of this spec,
                            as an apply leaves them. The same spec as --spec: no changes, the
                            watch opens no issue; an older one: drift, and with --on-drift update
                            the update a run would make.
  -h, --help                Show this help.

Exit codes: 0 the run passed (the files are written), 1 it failed or the options are wrong (the
files are written all the same when the run failed: that is what GitHub would show).
`;

/** What the "Ran for" row says: no workflow event ran it. */
export const RAN_FOR = 'a local preview (npm run preview)';
/** The run's page, which a preview has none of: the shape of GitHub's, with placeholders. */
export const RUN_URL = 'https://github.com/OWNER/REPO/actions/runs/RUN_ID';

const OPTIONS = {
  spec: { type: 'string' },
  out: { type: 'string' },
  'on-drift': { type: 'string' },
  'provider-url': { type: 'string', multiple: true },
  'provider-suffix': { type: 'string' },
  registered: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The action's words, but where a local run's spec is not found: the path given here, not a checkout. */
const NAMING: Naming = {
  ...INPUT_NAMING,
  specNotFound:
    'Check the path given with --spec: it is read from the current directory, and must lie inside the repository.',
};

interface Io {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** Where the command was typed (npm runs a script from the package's folder: INIT_CWD). */
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** The service a preview runs against, and the client's settings there. */
interface Target {
  authUrl: string;
  clientId: string;
  secret: string;
  described: string;
  settings: Partial<Record<SettingName, string | undefined>>;
  stop?: () => Promise<void>;
}

export async function preview({ argv, env, cwd, stdout, stderr }: Io): Promise<0 | 1> {
  const fail = (text: string): 1 => (stderr(`preview: ${inert(text)}\n`), 1);
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: false, strict: true });
  } catch (error) {
    const unknown = /Unknown option '(--?[^']+)'/.exec((error as Error).message)?.[1];
    const near = unknown === undefined ? undefined : nearestKey(unknown.replace(/^--?/, ''), Object.keys(OPTIONS));
    return fail(
      `${(error as Error).message.replace(/\. To specify a positional argument.*$/s, '')}${near === undefined ? '' : ` (did you mean --${near}?)`}. Run 'npm run preview -- --help' for the options.`,
    );
  }
  const { values } = parsed;
  if (values.help === true) return (stdout(USAGE), 0);

  const repository = await findRepository(cwd);
  // The spec as the action's input names it: from the repository's top.
  const spec = path.relative(
    repository.top,
    path.resolve(repository.here, values.spec ?? path.join(repository.top, SETTING_DEFAULTS.spec as string)),
  );
  const real = env.PROVIDER_AUTH_URL !== undefined && env.PROVIDER_AUTH_URL !== '';
  if (real && values.registered !== undefined)
    return fail(
      '--registered sets up the embedded service: leave it out with PROVIDER_AUTH_URL, or unset PROVIDER_AUTH_URL.',
    );
  let target: Target;
  if (real) {
    const missing = ['PROVIDER_CLIENT_ID', 'PROVIDER_CLIENT_SECRET'].filter((name) => (env[name] ?? '') === '');
    if (missing.length > 0)
      return fail(
        `PROVIDER_AUTH_URL is set, so the preview runs against that service: put ${missing.join(' and ')} in the environment too, or unset PROVIDER_AUTH_URL for the embedded service.`,
      );
    const authUrl = env.PROVIDER_AUTH_URL as string;
    target = {
      authUrl,
      clientId: env.PROVIDER_CLIENT_ID as string,
      secret: env.PROVIDER_CLIENT_SECRET as string,
      described: `the service at ${authUrl} (PROVIDER_AUTH_URL)`,
      settings: { auth: env.PROVIDER_AUTH, timeout_seconds: env.PROVIDER_TIMEOUT_SECONDS },
    };
  } else {
    const embedded = await embeddedTarget(
      env,
      values.registered === undefined
        ? undefined
        : path.relative(repository.top, path.resolve(repository.here, values.registered)),
      repository.top,
    );
    if ('problem' in embedded) return fail(embedded.problem);
    target = embedded;
  }

  try {
    // Of the secret as it is sent: trimmed, as every setting is read.
    const secrets = keepSecrets(target.clientId.trim(), target.secret.trim());
    const write = (message: Message): void => {
      if (message.level === 'debug') return;
      const label = { info: '', warning: 'Warning: ', error: 'Error: ' }[message.level];
      stderr(`${label}${inert(secrets.scrub(message.text))}\n`);
    };
    const settings: Partial<Record<SettingName, string | undefined>> = {
      ...target.settings,
      client_id: target.clientId,
      client_secret: target.secret,
      auth_url: target.authUrl,
      spec,
      dry_run: 'true',
      on_drift: values['on-drift'],
      provider_url: values['provider-url']?.join('\n'),
      provider_suffix: values['provider-suffix'],
    };
    const read = (name: SettingName): string => settings[name] ?? SETTING_DEFAULTS[name] ?? '';
    stderr(
      `Previewing ${inert(spec)} against ${inert(target.described)}: a dry run, nothing is written to the service.\n`,
    );
    const port: RunPort = { read, naming: NAMING, workspace: repository.top, secrets, write };
    const conclusion: Conclusion = await ensureProviderScope(port);
    conclusion.messages.forEach(write);

    const facts = { conclusion, clientId: read('client_id'), spec, runUrl: RUN_URL, scrub: secrets.scrub };
    // Read as the run read it (a value it refused failed the run, whatever it says), as the watch reads it.
    const watch = watchWriting({
      ...facts,
      onDrift: readSetting('on_drift', read('on_drift'), NAMING),
      providers: providersGiven(read('provider_url'), read('provider_suffix'), NAMING),
    });
    const files = {
      'summary.md': buildSummary(conclusion, { ranFor: RAN_FOR, scrub: secrets.scrub }),
      'comment.md': pullRequestComment({ ...facts, ranFor: RAN_FOR }).body,
      'issue.md':
        'issue' in watch
          ? `<!-- The issue's title, as GitHub shows it (plain text), then its body. -->\n**${escapePunctuation(watch.issue.title)}**\n\n${watch.issue.body}`
          : `_The watch would open no issue: the registration is well (the run passed, the scope exists and matches the spec). It would close an open one, with this comment:_\n\n${watch.resolved}\n`,
    };
    const out =
      values.out === undefined
        ? await mkdtemp(path.join(tmpdir(), 'eps-preview-'))
        : path.resolve(repository.here, values.out);
    await mkdir(out, { recursive: true });
    // Each scrubbed again whole, as the action scrubs what it writes.
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(out, name), secrets.scrub(text));
    const where = (name: string): string => inert(path.join(out, name));
    const why =
      'issue' in watch
        ? `the registration is unwell: ${watch.unwell.join(', ')}`
        : 'the registration is well: no issue';
    stdout(
      [
        `The job summary:            ${where('summary.md')}`,
        `The pull request's comment: ${where('comment.md')}`,
        `The watch's issue:          ${where('issue.md')} (${why})`,
        '',
      ].join('\n'),
    );
    if (conclusion.exitCode !== 0)
      stderr('The run failed: its errors are above, and in each file, as GitHub would show them.\n');
    return conclusion.exitCode;
  } finally {
    await target.stop?.();
  }
}

/**
 * The embedded service on 127.0.0.1 with one client (EMBEDDED_CLIENT_ID and
 * EMBEDDED_CLIENT_SECRET keep them, as for `npm run auth-service`), and with `registered`,
 * the scopes of that spec applied first, through the engine as a release would.
 */
async function embeddedTarget(
  env: Io['env'],
  registered: string | undefined,
  workspace: string,
): Promise<Target | { problem: string }> {
  const service = new EmbeddedAuthService();
  const authUrl = await service.start();
  const given = (name: string): string | undefined => (env[name] === '' ? undefined : env[name]);
  const id = given('EMBEDDED_CLIENT_ID');
  const secret = given('EMBEDDED_CLIENT_SECRET');
  const client = service.addClient({
    name: 'Preview client',
    ...(id === undefined ? {} : { id }),
    ...(secret === undefined ? {} : { secret }),
  });
  const stop = (): Promise<void> => service.stop();
  let described = `the embedded service at ${authUrl}, a client with no scope`;
  if (registered !== undefined) {
    const errors: string[] = [];
    const settings: Partial<Record<SettingName, string>> = {
      client_id: client.id,
      client_secret: client.secret,
      auth_url: authUrl,
      spec: registered,
      dry_run: 'false',
      on_drift: 'update',
    };
    const secrets = keepSecrets(client.id, client.secret);
    const applied = await ensureProviderScope({
      read: (name) => settings[name] ?? SETTING_DEFAULTS[name] ?? '',
      naming: {
        ...NAMING,
        specNotFound:
          'Check the path given with --registered: it is read from the current directory, and must lie inside the repository.',
      },
      workspace,
      secrets,
      write: (m) => void (m.level === 'error' && errors.push(m.text)),
    });
    applied.messages.forEach((m) => m.level === 'error' && errors.push(m.text));
    if (applied.exitCode !== 0) {
      await stop();
      return {
        problem: `--registered ${registered}: its scopes could not be registered: ${[...new Set(errors)].map((e) => secrets.scrub(e)).join('; ')}`,
      };
    }
    described = `the embedded service at ${authUrl}, a client with the scopes of ${registered}`;
  }
  return { authUrl, clientId: client.id, secret: client.secret, described, settings: {}, stop };
}

if (import.meta.main) {
  process.exitCode = await preview({
    argv: process.argv.slice(2),
    env: process.env,
    cwd: process.env.INIT_CWD ?? process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
}
