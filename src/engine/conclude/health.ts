/**
 * Whether a run leaves the registration well, for a watch between releases: a door keeps one
 * issue open while it is not. Unwell is a failed run (credentials rejected, the service failing
 * after its retries, an invalid spec, a client's listed scope missing, the provider publishing
 * another scope), drift that is still there after the run (unless on_drift is ignore, which
 * asks for quiet), a client without its scope (a dry run that would create it), or, for a
 * watch, the client's credentials (a secret older than the spec's policy, a credential the tool
 * did not make beside the portal's first).
 */
import type { Conclusion } from './conclude.ts';
import type { Settings } from '../settings/settings.ts';

/** Why a run is unwell, in the order a reader fixes them; none: it is well. */
export type Unwell = 'failed' | 'drift' | 'no scope' | 'credentials';

/** `onDrift` as the run read it; when it was not valid the run failed, whatever it says. */
export function unwellBecause(
  { exitCode, plan, credentials }: Pick<Conclusion, 'exitCode' | 'plan' | 'credentials'>,
  onDrift: Settings['on_drift'] | undefined,
): Unwell[] {
  const because: Unwell[] = exitCode === 0 ? [] : ['failed'];
  if (plan !== undefined) {
    if (onDrift !== 'ignore' && plan.scopes.some((s) => s.comparison.some((c) => !c.same))) because.push('drift');
    // A scope's id is known once it exists: a creation only planned leaves it null.
    if (plan.scopes.some((s) => s.scope.id === null)) because.push('no scope');
  }
  // The client's, found by a watch: an old secret, a credential nobody expects.
  if (credentials?.read === true && credentials.findings.length > 0) because.push('credentials');
  return because;
}
