/**
 * Round trips of a spec that lists scopes (`scopes:`), counted exactly: the command line's
 * engine run in process against the embedded service through a dispatcher that holds every
 * answer until the requests sent with it are all in (the end of the event loop's turn, not a
 * timer), then releases them together. A request sent only after an answer starts the next
 * round. What it pins is the engine's order, apart from connections and latency (the wire
 * runs of bench.ts measure those): every listed scope present is one round; creations are one
 * round per level of sibling dependencies, then one verifying inspection.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { main } from '../../src/cli/main.ts';
import { EmbeddedAuthService, GROUPS_SCOPE_ID, GROUPS_SCOPE_STRING, type ClientRecord } from '../auth-service.ts';
import { InProcessDispatcher } from '../service/in-process.ts';

/** The cases: 10 listed scopes, all present; 10 listed, 5 of them to create two levels deep. */
export const ROUND_CASES = ['listed-10-present', 'listed-10-create-5'] as const;
export type RoundCase = (typeof ROUND_CASES)[number];

export const ROUND_CASE_LABELS: Record<RoundCase, string> = {
  'listed-10-present': '10 listed scopes, all present',
  'listed-10-create-5': '10 listed scopes, 5 to create two levels deep (3, then 2 that depend on them)',
};

const AUTH_URL = 'https://auth.bench.test';
const SUFFIXES = Array.from({ length: 10 }, (_, i) => `scope_${i}`);

/**
 * Scopes 0 to 4 exist (each depending on Groups by its string); 5 to 7 are new, on the first
 * level; 8 depends on 5 and 9 on 6 and 7, on the second.
 */
const SIBLINGS: Readonly<Record<string, string[]>> = { scope_8: ['scope_5'], scope_9: ['scope_6', 'scope_7'] };

const entryOf = (suffix: string) => ({
  name: `Benchmark ${suffix}`,
  description: `Runs ${suffix} actions`,
  scope_suffix: suffix,
  advertised: true,
  dependent_scopes: [{ scope: GROUPS_SCOPE_STRING }, ...(SIBLINGS[suffix] ?? []).map((s) => ({ scope_suffix: s }))],
});

export const roundSpecFile = (): string =>
  `# Written by dev/bench/rounds.ts\n${stringify({ scopes: SUFFIXES.map(entryOf) })}`;

/** Each round's requests, as `METHOD path`, in the order they came. */
export interface Rounds {
  rounds: string[][];
  exitCode: number;
  /** The client's scopes after the run, by suffix. */
  suffixes: string[];
}

/** The dispatcher that counts rounds: every answer held until the turn of the event loop that sent its request ends. */
export function roundCountingDispatcher(service: EmbeddedAuthService): {
  dispatcher: InProcessDispatcher;
  rounds: string[][];
} {
  const rounds: string[][] = [];
  let current: { calls: string[]; waiting: Array<() => void> } | undefined;
  const dispatcher = new InProcessDispatcher(async (call) => {
    if (current === undefined) {
      const round = { calls: [] as string[], waiting: [] as Array<() => void> };
      current = round;
      rounds.push(round.calls);
      setImmediate(() => {
        current = undefined;
        for (const release of round.waiting) release();
      });
    }
    const round = current;
    round.calls.push(`${call.method} ${call.path.split('?')[0] ?? ''}`);
    await new Promise<void>((resolve) => round.waiting.push(resolve));
    return service.reply(call);
  });
  return { dispatcher, rounds };
}

function seedPresent(service: EmbeddedAuthService, client: ClientRecord, count: number): void {
  for (const suffix of SUFFIXES.slice(0, count)) {
    const entry = entryOf(suffix);
    service.addScope({
      client: client.id,
      scope_string: `${AUTH_URL}/scopes/${client.id}/${suffix}`,
      name: entry.name,
      description: entry.description,
      advertised: true,
      allows_refresh_token: true,
      dependent_scopes: [{ scope: GROUPS_SCOPE_ID, optional: false, requires_refresh_token: true }],
    });
  }
}

/** Runs `apply` of the 10-scope spec once on a fresh client, set up as the case says, and counts its rounds. */
export async function countRounds(name: RoundCase): Promise<Rounds> {
  const service = new EmbeddedAuthService({ publicUrl: AUTH_URL });
  const client = service.addClient({ name: 'Benchmark Action Provider' });
  seedPresent(service, client, name === 'listed-10-present' ? 10 : 5);
  const { dispatcher, rounds } = roundCountingDispatcher(service);
  const cwd = await mkdtemp(path.join(tmpdir(), 'eps-rounds-'));
  try {
    await mkdir(path.join(cwd, '.github'), { recursive: true });
    await writeFile(path.join(cwd, '.github', 'provider-scope.yml'), roundSpecFile());
    const noop = { write: () => true, isTTY: false };
    const exitCode = await main({
      argv: ['apply', '--json'],
      env: { PROVIDER_AUTH_URL: AUTH_URL, PROVIDER_CLIENT_ID: client.id, PROVIDER_CLIENT_SECRET: client.secret },
      cwd,
      stdout: noop,
      stderr: noop,
      readStdin: async () => '',
      writeFile: async () => {},
      dispatcher,
    });
    const suffixes = [...service.scopes.values()]
      .filter((s) => s.client === client.id)
      .map((s) => s.scope_string.split('/').at(-1) ?? '');
    return { rounds, exitCode, suffixes };
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

/** The bench's printout of the cases: rounds, and the requests of each. */
export async function printRounds(): Promise<void> {
  console.log(
    '\nRound trips of a spec that lists scopes (the engine in process, counted exactly; apply on a fresh client set up as each case says)',
  );
  for (const name of ROUND_CASES) {
    const { rounds, exitCode } = await countRounds(name);
    const requests = rounds.map((round) => round.length).join(' + ');
    console.log(
      `  ${ROUND_CASE_LABELS[name].padEnd(80)}${rounds.length} round(s), requests ${requests}${exitCode === 0 ? '' : `, exit ${exitCode}`}`,
    );
  }
}
