/**
 * A bare Node process, spawned with dev/runner.ts's spawnNode, as the action is. dev/runner.ts's runAction runs only dist/index.js in a runner's environment
 * (inputs, GITHUB_* files, a workspace); the benchmark also times what it is compared with, and
 * what runAction cannot run: `node -e 0`, the same with the peak RSS preload, and the import of
 * each dependency. This helper is for those only; the action always runs through runAction.
 */
import { tmpdir } from 'node:os';
import { ROOT, spawnNode as spawnLikeTheRunner, type Spawned } from '../runner.ts';

export type { Spawned };

export const spawnNode = (nodeArgs: string[], env: Record<string, string>, killAfterMs = 30_000): Promise<Spawned> =>
  spawnLikeTheRunner(nodeArgs, { cwd: ROOT, env, killAfterMs });

/** The environment of a bare process: only PATH and a HOME. */
export const minimalEnv = (): Record<string, string> => ({ PATH: process.env.PATH ?? '', HOME: tmpdir() });

/** `node -e 0`, the bare start-up the action's is compared with. */
export async function bareNode(extraEnv: Record<string, string> = {}): Promise<Spawned> {
  const bare = await spawnNode(['-e', '0'], { ...minimalEnv(), ...extraEnv });
  if (bare.exitCode !== 0) throw new Error(`node -e 0 failed: ${bare.stderr}`);
  return bare;
}
