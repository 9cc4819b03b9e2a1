/**
 * The plan: what a run found, and did or would do, as data that every door renders (the
 * terminal's text, `--json`, the job summary, the pull request's comment). What one shows, all
 * show: every field of a creation, each changed field before and after, each drifted field's
 * two values, each dependent scope's string and id. A rendering may add the unchanged fields.
 */
import type { ProviderCheck } from '../wire/provider.ts';
import { asksConsent, dependentViews, suffixOf, type FieldComparison, type FieldValue, type ScopeNames } from './drift.ts';
import type { ScopeDefinition } from './service.ts';
import type { ReconcileResult } from './reconcile.ts';

/** A field the run sets: before is null for a creation. */
export interface PlanField {
  field: string;
  before: FieldValue | null;
  after: FieldValue;
  /** Whether the change may ask the provider's users to consent again (drift.ts, asksConsent). */
  consent: boolean;
}

export interface Plan {
  /** What apply does to the registration: create the scope, update fields of it, or nothing. */
  action: 'create' | 'update' | 'none';
  /** Whether the action is only planned (a dry run) or was done. */
  dryRun: boolean;
  /** Whether an apply with the same settings changes (or this apply changed) the registration: the `changes` output. */
  changes: boolean;
  client: { id: string; name?: string | undefined };
  /** The provider's scope; its id is null while it is only planned. */
  scope: { scope_string: string; id: string | null };
  /** Every scope string of the client, in the client's order. */
  scopeStrings: string[];
  /** For a creation, every field it sends; for an update, each field it changes. */
  fields: PlanField[];
  /** The spec set against the provider's scope after the run, field by field; empty for a creation only planned. */
  comparison: FieldComparison[];
  /** What apply sends for the action (e.g. `POST /v2/api/clients/{id}/scopes`); null for none. */
  request: string | null;
  /** How many FQDN variants of the scope an update sends the same to. */
  variants: number;
  /** The deployed provider's check, when one was made and could read the provider. */
  provider?: ProviderCheck | undefined;
}

/** Every field a creation sends (a field the spec leaves out is not sent), the dependent scopes with their strings. */
function creationFields(definition: ScopeDefinition | undefined, names: ScopeNames): PlanField[] {
  if (definition === undefined) return [];
  return Object.entries({ ...definition, dependent_scopes: dependentViews(definition.dependent_scopes, names) }).flatMap(([field, after]: [string, FieldValue | undefined]) =>
    after === undefined ? [] : [{ field, before: null, after, consent: false }],
  );
}

/** The plan of a run that ensured the scope (or planned it). */
export function planOf(result: ReconcileResult, dryRun: boolean, provider?: ProviderCheck): Plan {
  const { scope, client, names } = result;
  const action = result.wouldCreate || result.created ? 'create' : result.changes.length > 0 ? 'update' : 'none';
  const fields: PlanField[] =
    action === 'create'
      ? creationFields(result.definition, names)
      : result.changes.map((c) => ({ field: c.field, before: c.service, after: c.spec, consent: asksConsent(c) }));
  const suffix = suffixOf(scope.scope_string);
  return {
    action,
    dryRun,
    changes: action !== 'none',
    client: { id: client.id, name: client.name },
    scope: { scope_string: scope.scope_string, id: scope.id === '' ? null : scope.id },
    scopeStrings: result.scopes.map((s) => s.scope_string),
    fields,
    comparison: result.comparison,
    request: action === 'create' ? `POST /v2/api/clients/${client.id}/scopes` : action === 'update' ? `PUT /v2/api/scopes/${scope.id}` : null,
    variants: action === 'update' ? result.scopes.filter((s) => s.id !== scope.id && suffixOf(s.scope_string) === suffix).length : 0,
    provider,
  };
}
