/**
 * A run's conclusion from a reconciliation's result, as the engine concludes it (engine/plan.ts,
 * engine/conclude.ts): the tests of the doors' renderings start from the one plan.
 */
import { outputsOf, type Conclusion, type Message } from '../../src/engine/conclude.ts';
import { planOf } from '../../src/engine/plan.ts';
import type { ReconcileResult } from '../../src/engine/reconcile.ts';
import type { ProviderCheck } from '../../src/wire/provider.ts';

export interface RunShape {
  dryRun?: boolean;
  provider?: ProviderCheck;
  messages?: Message[];
  exitCode?: 0 | 1;
  /** Leave the outputs out, for a test of the rest. */
  outputs?: false;
}

export function conclusionOf(result: ReconcileResult, { dryRun = false, provider, messages = [], exitCode = 0, outputs }: RunShape = {}): Conclusion {
  const plan = planOf(result, dryRun, provider);
  return { ...(outputs === false ? {} : { outputs: outputsOf(result, plan) }), messages, plan, exitCode };
}
