import { readdir, readFile } from 'node:fs/promises';
import { runAction } from '../runner.ts';
import { ServiceOnTheWire } from '../wire/service-on-the-wire.ts';
import { PathClients } from './paths.ts';
import { SPEC_PATH, specFile } from './spec.ts';
const wire = await ServiceOnTheWire.start();
wire.latencyMs = 0;
const client = new PathClients(wire.service).clientFor('noop');
for (let i = 0; i < Number(process.env.RUNS ?? 3); i++) {
  const run = await runAction({
    inputs: { client_id: client.id, client_secret: client.secret, auth_url: wire.url },
    files: { [SPEC_PATH]: specFile() },
    env: { ...wire.clientEnv(false), NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=/work/prof --cpu-prof-interval=100` },
  });
  if (run.exitCode !== 0) throw new Error(run.stdout + run.stderr);
}
await wire.stop();
console.log((await readdir('/work/prof')).length);
