/**
 * One run of one contender on one path, as a process, against the service on the wire: its
 * wall time, and what the wire saw of it.
 */
import { tmpdir } from 'node:os';
import { runAction, spawnProcess, type Spawned } from '../runner.ts';
import type { ServiceOnTheWire } from '../wire/service-on-the-wire.ts';
import { COMMANDS, type ContenderName } from './contenders.ts';
import type { PathClients, PathName } from './paths.ts';
import { SPEC, SPEC_PATH, specFile } from './spec.ts';

/** A contender, and whether it goes through the proxy. */
export interface Entrant {
  name: ContenderName;
  viaProxy: boolean;
}

export const entrantKey = ({ name, viaProxy }: Entrant): string => `${name}${viaProxy ? ' via proxy' : ''}`;

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
export async function runOnce(wire: ServiceOnTheWire, clients: PathClients, entrant: Entrant, pathName: PathName): Promise<Sample> {
  const client = clients.clientFor(pathName);
  const mark = wire.mark();
  const env = wire.clientEnv(entrant.viaProxy);
  const killAfterMs = 60_000 + 50 * wire.latencyMs;
  let spawned: Spawned;
  let created: boolean;
  if (entrant.name === 'action') {
    const run = await runAction({ inputs: { client_id: client.id, client_secret: client.secret, auth_url: wire.url }, files: { [SPEC_PATH]: specFile() }, env, killAfterMs });
    spawned = run;
    created = run.outputs.created === 'true';
  } else {
    const { command, args } = COMMANDS[entrant.name];
    spawned = await spawnProcess(command, args, {
      cwd: tmpdir(),
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...env, AUTH_URL: wire.url, CLIENT_ID: client.id, CLIENT_SECRET: client.secret, SCOPE: JSON.stringify(SPEC) },
      killAfterMs,
    });
    created = spawned.stdout.startsWith('created ');
  }
  const owned = [...wire.service.scopes.values()].some((s) => s.client === client.id);
  if (spawned.exitCode !== 0 || created !== (pathName === 'create') || !owned) {
    throw new Error(`${entrantKey(entrant)} on the ${pathName} path failed (exit code ${spawned.exitCode}, created: ${created}):\n${spawned.stdout}${spawned.stderr}`);
  }
  const seen = wire.since(mark);
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
