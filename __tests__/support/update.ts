/** What the end-to-end tests of `on_drift: update` share: the changed spec, the run, what was sent. */
import type { ActionRun } from '../../dev/runner.ts';
import { SPEC, SPEC_FILE, type Harness } from './harness.ts';

/** SPEC with another description. */
export const CHANGED = SPEC.replace('description: Runs example actions', 'description: Runs better actions');

/** A run with `on_drift: update` and the given spec (CHANGED by default). */
export const update = (h: Harness, files: string = CHANGED, inputs: Record<string, string> = {}): Promise<ActionRun> =>
  h.run({ files: { [SPEC_FILE]: files }, inputs: { on_drift: 'update', ...inputs } });

/** The paths of the PUTs the service received. */
export const puts = (h: Harness): string[] => h.service.requests.filter((r) => r.method === 'PUT').map((r) => r.path);

/** The client's own scopes in the service's state. */
export const clientScopes = (h: Harness) => [...h.service.scopes.values()].filter((s) => s.client === h.client.id);

/** The provider's scope and its FQDN variant (the client's FQDN `fqdn`), as a first run makes them. */
export function seedCreated(h: Harness, fqdn = 'provider.example.org'): void {
  h.addSpecifiedScope();
  h.addSpecifiedScope({ scope_string: `${h.service.url}/scopes/${fqdn}/action_all` });
}
