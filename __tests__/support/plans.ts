/**
 * A run's conclusion from a reconciliation's result, as the engine concludes it (engine/reconcile/plan.ts,
 * engine/conclude/conclude.ts): the tests of the doors' renderings start from the one plan.
 */
import { outputsOf, type Conclusion, type Message } from '../../src/engine/conclude/conclude.ts';
import { failureVerdict, planVerdict, type VerdictFacts } from '../../src/engine/conclude/verdict.ts';
import type { Settings } from '../../src/engine/settings/settings.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { planOf, type Ensured, tellingOf } from '../../src/engine/reconcile/plan.ts';
import type { ReconcileResult } from '../../src/engine/reconcile/reconcile.ts';
import { ANY_SCOPE_OF_CLIENT, type ProviderCheck } from '../../src/wire/provider.ts';
import { outputStrings, type OutputStrings } from '../../src/render/outputs.ts';
import { id } from './ids.ts';

/** The outputs of a conclusion as the action sets them (each a string), as the tests read them. */
export const actionOutputs = ({ outputs }: Pick<Conclusion, 'outputs'>): OutputStrings | undefined =>
  outputs === undefined ? undefined : outputStrings(outputs);

export interface RunShape {
  dryRun?: boolean;
  /** The provider's check; what it had to publish is a scope string of the client unless said. */
  provider?: ProviderCheck & { allowed?: string };
  messages?: Message[];
  exitCode?: 0 | 1;
  /** Leave the outputs out, for a test of the rest. */
  outputs?: false;
  /** The on_drift the run had: its verdict's next step says what it leaves. */
  onDrift?: Settings['on_drift'];
  /** The door's words for the verdict's next step: the action's (INPUT_NAMING) unless said, e.g. the command line's (cliNaming). */
  naming?: VerdictFacts['naming'];
}

/** A conclusion without a plan, as the engine ends a failed run: its verdict from its messages and problems, in the action's words. */
export const failedRun = (failed: Omit<Conclusion, 'verdict' | 'exitCode'> & { exitCode?: 0 | 1 }): Conclusion => ({
  exitCode: 1,
  ...failed,
  verdict: failureVerdict(failed, INPUT_NAMING),
});

/** A result of the single form, as the engine hands it to the plan. */
export const single = (result: ReconcileResult): Ensured => ({
  telling: tellingOf('single'),
  results: [result],
  unlisted: [],
});

export function conclusionOf(
  result: ReconcileResult,
  { dryRun = false, provider, messages = [], exitCode = 0, outputs, onDrift, naming = INPUT_NAMING }: RunShape = {},
): Conclusion {
  const plan = planOf(single(result), dryRun);
  const providers =
    provider === undefined ? [] : [{ allowed: ANY_SCOPE_OF_CLIENT, suffix: undefined, read: true, ...provider }];
  const verdict = planVerdict({ plan, messages, providers, exitCode }, { naming, onDrift });
  return {
    ...(outputs === false ? {} : { outputs: outputsOf([result], plan) }),
    messages,
    plan,
    providers,
    verdict,
    exitCode,
  };
}

/** The GitHub door's tests' client, and its scope registered as the spec says: one field compared, the same. */
export const CLIENT_ID = id('6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10');
export const SCOPE_STRING = `https://auth.example.org/scopes/${CLIENT_ID}/action_all`;
export const REGISTERED: ReconcileResult = {
  scope: { id: id('0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9'), scope_string: SCOPE_STRING },
  scopes: [{ id: id('0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9'), scope_string: SCOPE_STRING }],
  created: false,
  client: { id: CLIENT_ID, name: 'Example Action Provider' },
  wouldCreate: false,
  comparison: [{ field: 'name', spec: 'P', service: 'P', same: true }],
  changes: [],
  updated: false,
  names: new Map(),
};
