/** The action, run by dev/runner.ts as the GitHub runner runs it, on one path. */
import { runAction } from '../runner.ts';
import { EXPECTED_OUTPUTS, PATH_INPUTS, type PathClients, type PathName } from './paths.ts';
import { analyseRequests } from './request-log.ts';
import type { BenchService } from './service.ts';
import { SPEC_PATH, specFile } from './spec.ts';
import type { Measured } from './statistics.ts';

export class ActionRuns {
  /** The paths whose first annotation was already told. */
  private readonly annotated = new Set<PathName>();

  private readonly service: BenchService;
  private readonly clients: PathClients;
  /** L: the guard that kills a hung run grows with it. */
  private readonly latencyMs: number;

  constructor(service: BenchService, clients: PathClients, latencyMs: number) {
    this.service = service;
    this.clients = clients;
    this.latencyMs = latencyMs;
  }

  /** One run on the path, from a fresh client; it throws unless the run ends as the path should. */
  async run(pathName: PathName, extraEnv: Record<string, string> = {}): Promise<Measured> {
    const client = this.clients.clientFor(pathName);
    const before = this.service.mark();
    const started = performance.now();
    const run = await runAction({
      inputs: { client_id: client.id, client_secret: client.secret, auth_url: this.service.url, ...PATH_INPUTS[pathName] },
      files: { [SPEC_PATH]: specFile() },
      env: extraEnv,
      killAfterMs: 30_000 + 20 * this.latencyMs,
    });
    const ms = performance.now() - started;
    const annotation = /^::(?:warning|error)\b.*$/m.exec(run.stdout)?.[0];
    if (annotation !== undefined && !this.annotated.has(pathName)) {
      this.annotated.add(pathName);
      console.log(`Note: the action's ${pathName} run annotated: ${annotation}`);
    }
    const expected = EXPECTED_OUTPUTS[pathName];
    if (run.exitCode !== 0 || run.outputs.created !== expected.created || run.outputs.updated !== expected.updated) {
      throw new Error(
        `The action's ${pathName} run failed (exit code ${run.exitCode}, created=${run.outputs.created ?? 'unset'}, ` +
          `updated=${run.outputs.updated ?? 'unset'}, expected created=${expected.created}, updated=${expected.updated}):\n${run.stdout}${run.stderr}`,
      );
    }
    return { ms, ...analyseRequests(this.service.requestsSince(before), this.service.latencyMs) };
  }
}
