/**
 * `npm run preview -- [--registered <path>] [preview's options]`: the command line's `preview`
 * (src/cli/preview.ts, through src/cli/main.ts as `ensure-provider-scope preview` runs it)
 * against the embedded service, started here on 127.0.0.1 with a client made for the run; with
 * `--registered <spec>`, that spec's scopes applied to the client first (the command line's
 * `apply`, as a release leaves them). With PROVIDER_AUTH_URL set, no embedded service: the
 * command alone, with the usual PROVIDER_* settings. The files are the command's:
 * `summary.md`, `pull-request-comment.md`, `merge-request-note.md`, `watch-issue.md`, in
 * `.preview/` or the folder `--out` names. CONTRIBUTING.md ("What GitHub will show") has more.
 */
import fs from 'node:fs';
import { promisify } from 'node:util';
import { main, type Collaborators, type Stream } from '../src/cli/main.ts';
import { inert } from '../src/engine/text.ts';
import { EmbeddedAuthService } from './auth-service.ts';

export const USAGE = `Usage: npm run preview -- [--registered <path>] [options of ensure-provider-scope preview]

The command line's preview against the embedded service, started on 127.0.0.1 with a fresh
client (EMBEDDED_CLIENT_ID and EMBEDDED_CLIENT_SECRET fix it, as for npm run auth-service):
one dry run, then what each place would show, each a file named on stdout. With
PROVIDER_AUTH_URL set, that service instead, with PROVIDER_CLIENT_ID and PROVIDER_CLIENT_SECRET.

  --registered <path>   Embedded service only: the client starts with the scopes of this spec,
                        as an apply leaves them. The same spec as --spec: no changes, and the
                        watch would open no issue; an older one: drift, and with --on-drift
                        update the update a run would make.

The options of the command itself follow (the connection's come from the embedded service).

`;

export interface Io {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** Where the command was typed (npm runs a script from the package's folder: INIT_CWD). */
  cwd: string;
  stdout: Stream;
  stderr: Stream;
  writeFile: Collaborators['writeFile'];
}

/** --registered's value taken out of the arguments; the rest are the command's. */
export function splitArguments(argv: readonly string[]): { registered?: string; rest: string[] } | { problem: string } {
  const rest: string[] = [];
  let registered: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--registered' || arg.startsWith('--registered=')) {
      const value = arg === '--registered' ? argv[++i] : arg.slice('--registered='.length);
      if (value === undefined || value === '' || value.startsWith('--'))
        return { problem: '--registered needs a spec, e.g. --registered .github/provider-scope.yml' };
      registered = value;
    } else rest.push(arg);
  }
  return registered === undefined ? { rest } : { registered, rest };
}

export async function preview(io: Io): Promise<number> {
  const fail = (text: string): 1 => (io.stderr.write(`preview: ${inert(text)}\n`), 1);
  const split = splitArguments(io.argv);
  if ('problem' in split) return fail(split.problem);
  const { registered, rest } = split;
  // The command as ensure-provider-scope runs it; `kept`, its stdout dropped and its stderr kept back.
  const command = (argv: string[], env: Io['env'], kept?: string[]): Promise<number> =>
    main({
      argv,
      env,
      cwd: io.cwd,
      stdout: kept === undefined ? io.stdout : { write: () => true },
      stderr: kept === undefined ? io.stderr : { write: (text: string) => kept.push(text) },
      readStdin: () => Promise.resolve(''),
      writeFile: io.writeFile,
    });
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(USAGE);
    return command(['preview', '--help'], io.env);
  }
  if ((io.env.PROVIDER_AUTH_URL ?? '') !== '') {
    if (registered !== undefined)
      return fail(
        '--registered sets up the embedded service: leave it out with PROVIDER_AUTH_URL, or unset PROVIDER_AUTH_URL.',
      );
    return command(['preview', ...rest], io.env);
  }
  const service = new EmbeddedAuthService();
  try {
    const url = await service.start();
    const given = (name: string): string | undefined => (io.env[name] === '' ? undefined : io.env[name]);
    const id = given('EMBEDDED_CLIENT_ID');
    const secret = given('EMBEDDED_CLIENT_SECRET');
    const client = service.addClient({
      name: 'Preview client',
      ...(id === undefined ? {} : { id }),
      ...(secret === undefined ? {} : { secret }),
    });
    const env = {
      ...io.env,
      PROVIDER_AUTH_URL: url,
      PROVIDER_CLIENT_ID: client.id,
      PROVIDER_CLIENT_SECRET: client.secret,
    };
    if (registered !== undefined) {
      // What a release leaves: the command line's apply, what it said shown only when it fails.
      const said: string[] = [];
      if ((await command(['apply', '--spec', registered, '--on-drift', 'update'], env, said)) !== 0) {
        io.stderr.write(said.join(''));
        return fail(
          `--registered ${registered}: its scopes could not be registered (the errors of its apply are above).`,
        );
      }
    }
    io.stderr.write(
      `Previewing against the embedded service at ${url}, a client with ${registered === undefined ? 'no scope' : `the scopes of ${inert(registered)}`}.\n`,
    );
    return await command(['preview', ...rest], env);
  } finally {
    await service.stop();
  }
}

if (import.meta.main) {
  process.exitCode = await preview({
    argv: process.argv.slice(2),
    env: process.env,
    cwd: process.env.INIT_CWD ?? process.cwd(),
    stdout: process.stdout,
    stderr: process.stderr,
    writeFile: (file, contents) => promisify(fs.writeFile)(file, contents, { mode: 0o600 }),
  });
}
