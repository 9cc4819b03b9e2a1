/**
 * `node dev/auth-service.ts` (`npm run auth-service`): its options, its help and what it prints
 * once it listens. Apart from the service, so that a test reads them without starting one.
 */
import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run auth-service -- [options]     (or: node dev/auth-service.ts [options], with Node 24)

The embedded authentication service: the part of Globus Auth's API that the action and the
command line call, on 127.0.0.1, with throw-away clients. It keeps its state in memory, so a
scope made here is gone when it stops (Ctrl-C).

Options:
  --port <n>                Port to listen on; 0 for any free one. [default 8080]
  --clients <n>             How many clients to register, each with a fresh id. [default 1]
  --client-id <uuid>        A client with this id, to keep it across restarts; repeat it for
                            several. [env EMBEDDED_CLIENT_ID]
  --client-secret <text>    Every client's secret, to keep it across restarts; else each gets a
                            fresh one. [env EMBEDDED_CLIENT_SECRET]
  --scope <string>          Another service's scope, advertised, that a spec may depend on by its
                            string; repeat it for several.
  --credentials-file <file> Once it listens, write the first client's auth_url=, client_id= and
                            client_secret= lines to the file (GITHUB_OUTPUT's format), whole.
  -h, --help                Show this help.

It knows the scopes providers commonly depend on, by their strings: Groups (with the id Globus
Auth gives it) and Transfer (with an id made up here). Then it prints, for each client, the
lines to paste into .env for npm run local-action, and the export lines for the command line.
`;

export interface ServiceSettings {
  port: number;
  /** The clients to register: each with its id if given, and the secret if given. */
  clients: Array<{ id?: string; secret?: string }>;
  /** More scopes of other services, by their strings. */
  scopes: string[];
  credentialsFile?: string;
}

/** The settings from the arguments and the environment; `help`, or the problem in one line. */
export function parseServiceArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ServiceSettings | 'help' | { problem: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        clients: { type: 'string' },
        'client-id': { type: 'string', multiple: true },
        'client-secret': { type: 'string' },
        scope: { type: 'string', multiple: true },
        'credentials-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { problem: (error as Error).message };
  }
  const { values } = parsed;
  if (values.help === true) return 'help';
  const port = Number(values.port ?? '8080');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return { problem: `--port must be a port number, 0 to 65535, not "${values.port}"` };
  const ids =
    values['client-id'] ??
    (env.EMBEDDED_CLIENT_ID === undefined || env.EMBEDDED_CLIENT_ID === '' ? [] : [env.EMBEDDED_CLIENT_ID]);
  const count = values.clients === undefined ? Math.max(ids.length, 1) : Number(values.clients);
  if (!Number.isInteger(count) || count < 1 || count > 100)
    return { problem: `--clients must be a whole number, 1 to 100, not "${values.clients}"` };
  if (ids.length > count)
    return { problem: `--clients ${count} is fewer than the ${ids.length} ids given with --client-id` };
  const secret =
    values['client-secret'] ?? (env.EMBEDDED_CLIENT_SECRET === '' ? undefined : env.EMBEDDED_CLIENT_SECRET);
  const clients = Array.from({ length: count }, (_, i) => ({
    ...(ids[i] === undefined ? {} : { id: ids[i] }),
    ...(secret === undefined ? {} : { secret }),
  }));
  return {
    port,
    clients,
    scopes: values.scope ?? [],
    ...(values['credentials-file'] === undefined ? {} : { credentialsFile: values['credentials-file'] }),
  };
}

/** A value as one word of a POSIX shell: as it is when it is plain, else in single quotes. */
export const shellWord = (value: string): string =>
  /^[\w.,:/@%+=-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;

/** What it prints once it listens: the scopes it knows, then each client's lines. */
export function banner(
  url: string,
  clients: ReadonlyArray<{ id: string; secret: string }>,
  known: ReadonlyArray<{ scope_string: string; id: string; madeUp: boolean }>,
): string {
  const lines = [
    `Embedded authentication service on ${url}, with ${clients.length === 1 ? 'one client' : `${clients.length} clients`}: local, throw-away credentials. Ctrl-C stops it.`,
    '',
    'Scopes of other services it knows, for dependent_scopes:',
    ...known.map(
      (s) => `  ${s.scope_string}  (id ${s.id}${s.madeUp ? ', made up here: give the scope by its string' : ''})`,
    ),
  ];
  clients.forEach((client, i) => {
    lines.push(
      '',
      clients.length === 1 ? '' : `Client ${i + 1} of ${clients.length}:`,
      'For the action (npm run local-action), paste into .env:',
      '',
      `INPUT_AUTH_URL=${url}`,
      `INPUT_CLIENT_ID=${client.id}`,
      `INPUT_CLIENT_SECRET=${client.secret}`,
      '',
      'For the command line, in your shell; then, at the top of this repository,',
      'npx ensure-provider-scope plan --spec examples/provider-scope.yml (on the Node 24 that npm install brought):',
      '',
      `export PROVIDER_AUTH_URL=${shellWord(url)}`,
      `export PROVIDER_CLIENT_ID=${shellWord(client.id)}`,
      `export PROVIDER_CLIENT_SECRET=${shellWord(client.secret)}`,
    );
  });
  return `${lines.filter((line, i) => !(line === '' && lines[i - 1] === '')).join('\n')}\n`;
}
