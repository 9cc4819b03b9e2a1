/**
 * What the action is measured against, each run directly and through the local HTTPS proxy:
 * the floor (the fewest round trips, bare node:https) and the peers a team would write instead
 * (the procedure by hand with curl, with Python's urllib, with Node's fetch). See peers/README.md.
 * Beside it, the action with `auth: token`: what the token's round trip costs.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../runner.ts';

export const CONTENDER_NAMES = ['action', 'action-token', 'cli', 'floor', 'curl', 'python', 'fetch'] as const;
export type ContenderName = (typeof CONTENDER_NAMES)[number];
/** The bundled action, run as the runner runs it, with the `auth` input of each variant. */
export const ACTION_AUTH = { action: 'basic', 'action-token': 'token' } as const satisfies Partial<
  Record<ContenderName, string>
>;
export type ActionVariant = keyof typeof ACTION_AUTH;
export const isAction = (name: ContenderName): name is ActionVariant => name in ACTION_AUTH;
/** The contenders the action must beat. */
export const PEERS = ['curl', 'python', 'fetch'] as const satisfies readonly ContenderName[];

export const CONTENDER_LABELS: Record<ContenderName, string> = {
  action: 'the action (dist/index.js)',
  'action-token': 'the action, auth: token',
  cli: 'the command line (dist/cli/index.js: plan no-op, apply creating)',
  floor: 'floor: node:https, fewest round trips',
  curl: 'peer: procedure with curl + jq',
  python: "peer: procedure with Python's urllib",
  fetch: "peer: procedure with Node's fetch",
};

const PEERS_DIR = path.join(ROOT, 'dev', 'bench', 'peers');

/** How a contender other than the action is started: a command and its arguments. */
export const COMMANDS: Record<
  Exclude<ContenderName, ActionVariant | 'cli'>,
  { command: string; args: string[]; needs: string[] }
> = {
  floor: { command: process.execPath, args: [path.join(PEERS_DIR, 'floor.mjs')], needs: [] },
  curl: { command: 'bash', args: [path.join(PEERS_DIR, 'procedure.sh')], needs: ['bash', 'curl', 'jq'] },
  python: { command: 'python3', args: [path.join(PEERS_DIR, 'procedure.py')], needs: ['python3'] },
  fetch: { command: process.execPath, args: [path.join(PEERS_DIR, 'fetch.mjs')], needs: [] },
};

/** The contenders this machine can run, and why the others cannot. */
export function availableContenders(): { available: ContenderName[]; missing: Map<ContenderName, string> } {
  const missing = new Map<ContenderName, string>();
  const onPath = (tool: string): boolean => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  for (const [name, { needs }] of Object.entries(COMMANDS) as Array<[ContenderName, { needs: string[] }]>) {
    const absent = needs.filter((tool) => !onPath(tool));
    if (absent.length > 0) missing.set(name, `${absent.join(', ')} not on the PATH`);
  }
  return { available: CONTENDER_NAMES.filter((name) => !missing.has(name)), missing };
}
