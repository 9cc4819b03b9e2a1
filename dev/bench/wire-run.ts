/**
 * One run of one contender on one path, as a process, against the service on the wire: its
 * wall time, and what the wire saw of it.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, runAction, spawnProcess, type Spawned } from '../runner.ts';
import { NODE_FETCH_PROXY, type ServiceOnTheWire } from '../wire/service-on-the-wire.ts';
import { TOKEN_PATH } from '../auth-service.ts';
import { ACTION_AUTH, COMMANDS, isAction, type ContenderName } from './contenders.ts';
import type { PathClients, PathName } from './paths.ts';
import { SPEC, SPEC_PATH, specFile } from './spec.ts';

/** A contender, and whether it goes through the proxy. */
export interface Entrant {
  name: ContenderName;
  viaProxy: boolean;
}

export const entrantKey = ({ name, viaProxy }: Entrant): string => `${name}${viaProxy ? ' via proxy' : ''}`;

/** Each contender directly, then through the proxy. */
export const entrantsOf = (names: readonly ContenderName[]): Entrant[] =>
  names.flatMap((name) => [
    { name, viaProxy: false },
    { name, viaProxy: true },
  ]);

export interface Sample {
  /** From spawn to exit. */
  wallMs: number;
  /** From spawn to the first TCP connection the link saw. */
  firstRequestMs: number;
  /** From the last answer byte the link delivered to exit. */
  tailMs: number;
  requests: number;
  connections: number;
  handshakes: number;
}

/** Runs it; throws unless the run ended as the path should (exit 0, the scope created or found). */
export async function runOnce(
  wire: ServiceOnTheWire,
  clients: PathClients,
  entrant: Entrant,
  pathName: PathName,
): Promise<Sample> {
  const client = clients.clientFor(pathName);
  const mark = wire.mark();
  const env = {
    ...wire.clientEnv(entrant.viaProxy),
    ...(entrant.name === 'fetch' && entrant.viaProxy ? NODE_FETCH_PROXY : {}),
  };
  const killAfterMs = 60_000 + 50 * wire.latencyMs;
  let spawned: Spawned;
  let created: boolean;
  // The scope string the contender gave: the action's output, a peer's line.
  let said: string | undefined;
  if (isAction(entrant.name)) {
    const inputs = {
      client_id: client.id,
      client_secret: client.secret,
      auth_url: wire.url,
      auth: ACTION_AUTH[entrant.name],
    };
    const run = await runAction({ inputs, files: { [SPEC_PATH]: specFile() }, env, killAfterMs });
    spawned = run;
    created = run.outputs.created === 'true';
    said = run.outputs.scope_string;
  } else if (entrant.name === 'cli') {
    // The command line as a user runs it in CI: the no-op is its plan, the creation its apply.
    const cwd = await mkdtemp(path.join(tmpdir(), 'eps-bench-'));
    await mkdir(path.join(cwd, path.dirname(SPEC_PATH)), { recursive: true });
    await writeFile(path.join(cwd, SPEC_PATH), specFile());
    const verb = pathName === 'noop' ? 'plan' : 'apply';
    spawned = await spawnProcess(process.execPath, [path.join(ROOT, 'dist', 'cli', 'index.js'), verb, '--json'], {
      cwd,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: tmpdir(),
        ...env,
        PROVIDER_AUTH_URL: wire.url,
        PROVIDER_CLIENT_ID: client.id,
        PROVIDER_CLIENT_SECRET: client.secret,
      },
      killAfterMs,
    }).finally(() => rm(cwd, { recursive: true, force: true }));
    const outputs = (JSON.parse(spawned.stdout || '{}') as { outputs?: { scope_string: string; created: boolean } })
      .outputs;
    created = outputs?.created === true;
    said = outputs?.scope_string;
  } else {
    const { command, args } = COMMANDS[entrant.name];
    spawned = await spawnProcess(command, args, {
      cwd: tmpdir(),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: tmpdir(),
        ...env,
        AUTH_URL: wire.url,
        CLIENT_ID: client.id,
        CLIENT_SECRET: client.secret,
        SCOPE: JSON.stringify(SPEC),
      },
      killAfterMs,
    });
    const [verb, string] = spawned.stdout.trim().split(' ');
    created = verb === 'created';
    said = string;
  }
  const seen = wire.since(mark);
  const problem = wrongOutcome(spawned, said, created, pathName, wire, clients, client.id, seen.requests);
  if (problem !== undefined)
    throw new Error(`${entrantKey(entrant)} on the ${pathName} path: ${problem}:\n${spawned.stdout}${spawned.stderr}`);
  const exitedAt = spawned.spawnedAt + spawned.ms;
  return {
    wallMs: spawned.ms,
    firstRequestMs: (seen.connections[0]?.openedAt ?? Number.NaN) - spawned.spawnedAt,
    tailMs: exitedAt - wire.link.lastAnswerAt,
    requests: seen.requests.length,
    connections: seen.connections.length,
    handshakes: seen.handshakes.length,
  };
}

/**
 * Why the run did not end as the path should, if it did not: exit 0; the client's one scope as
 * the spec says, its dependent scopes resolved to the service's ids; the contender naming it;
 * created on the creating path with one POST, and nothing written on the no-op path.
 */
function wrongOutcome(
  spawned: Spawned,
  said: string | undefined,
  created: boolean,
  pathName: PathName,
  wire: ServiceOnTheWire,
  clients: PathClients,
  clientId: string,
  requests: ReadonlyArray<{ method: string; path: string }>,
): string | undefined {
  const expected = `${wire.url}/scopes/${clientId}/${SPEC.scope_suffix}`;
  const scopes = [...wire.service.scopes.values()].filter((s) => s.client === clientId);
  const ids = (deps: ReadonlyArray<{ scope: string }>): string => JSON.stringify(deps.map((d) => d.scope).sort());
  // The token request (auth: token) writes nothing.
  const writes = requests.filter((r) => r.method !== 'GET' && r.path !== TOKEN_PATH).map((r) => r.method);
  if (spawned.exitCode !== 0) return `exit code ${spawned.exitCode}`;
  if (said !== expected) return `it named ${said ?? 'no scope'}, not ${expected}`;
  if (created !== (pathName === 'create')) return `created: ${created}`;
  const [scope] = scopes;
  if (scopes.length !== 1 || scope === undefined || scope.scope_string !== expected)
    return `the client has ${scopes.length} scope(s), not the one expected`;
  if (
    scope.name !== SPEC.name ||
    scope.description !== SPEC.description ||
    ids(scope.dependent_scopes) !== ids(clients.dependentScopes)
  ) {
    return 'its scope is not as the spec says';
  }
  if (JSON.stringify(writes) !== JSON.stringify(pathName === 'create' ? ['POST'] : []))
    return `it wrote ${writes.join(', ') || 'nothing'}`;
  return undefined;
}
