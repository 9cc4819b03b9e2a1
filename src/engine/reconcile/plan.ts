/**
 * The plan: what a run found, and did or would do, as data that every door renders (the
 * terminal's text, `--json`, the job summary, the pull request's comment). What one shows, all
 * show: every field of a creation, each changed field before and after, each drifted field's
 * two values, each dependent scope's string and id. A rendering may add the unchanged fields.
 */
import {
  asksConsent,
  dependentViews,
  suffixOf,
  type FieldComparison,
  type FieldValue,
  type ScopeNames,
} from './drift.ts';
import type { ScopeDefinition } from './service.ts';
import type { ReconcileResult } from './results.ts';
import type { Telling } from '../settings/telling.ts';

/** A field the run sets: before is null for a creation. */
export interface PlanField {
  field: string;
  before: FieldValue | null;
  after: FieldValue;
  /** Whether the change may ask the provider's users to consent again (drift.ts, asksConsent). */
  consent: boolean;
}

/** What a run found, and did or would do, for one scope of the spec. */
export interface ScopePlan {
  /** The scope's suffix, as the spec lists it: the key of the `scopes` output. */
  suffix: string;
  /** What apply does to the scope: create it, update fields of it, or nothing. */
  action: 'create' | 'update' | 'none';
  /** Whether an apply with the same settings changes (or this apply changed) this scope. */
  changes: boolean;
  /** The scope; its id is null while it is only planned. */
  scope: { scope_string: string; id: string | null };
  /** For a creation, every field it sends; for an update, each field it changes. */
  fields: PlanField[];
  /** The spec set against the scope after the run, field by field; empty for a creation only planned. */
  comparison: FieldComparison[];
  /** What apply sends for the action (e.g. `POST /v2/api/clients/{id}/scopes`); null for none. */
  request: string | null;
  /** How many FQDN variants of the scope an update sends the same to. */
  variants: number;
}

export interface Plan {
  /** How it is told: its scopes apart by suffix, or as its one scope (../settings/telling.ts). */
  telling: Telling;
  /** Whether the actions are only planned (a dry run) or were done. */
  dryRun: boolean;
  /** Whether an apply with the same settings changes (or this apply changed) the registration: the `changes` output. */
  changes: boolean;
  client: { id: string; name?: string | undefined };
  /** The spec's scopes, in its order: one in the single form. The first is the one the outputs describe. */
  scopes: [ScopePlan, ...ScopePlan[]];
  /** Every scope string of the client, in the client's order, then those only planned. */
  scopeStrings: string[];
  /** The list form: the client's scope strings that no listed scope has, left as they are. */
  unlisted: string[];
}

/** Every field a creation sends (a field the spec leaves out is not sent), the dependent scopes with their strings. */
function creationFields(definition: ScopeDefinition | undefined, names: ScopeNames): PlanField[] {
  if (definition === undefined) return [];
  return Object.entries({
    ...definition,
    dependent_scopes: dependentViews(definition.dependent_scopes, names),
  }).flatMap(([field, after]: [string, FieldValue | undefined]) =>
    after === undefined ? [] : [{ field, before: null, after, consent: false }],
  );
}

/** The plan of one scope the run ensured (or planned). */
export function scopePlanOf(result: ReconcileResult): ScopePlan {
  const { scope, client, names } = result;
  const action = result.wouldCreate || result.created ? 'create' : result.changes.length > 0 ? 'update' : 'none';
  const fields: PlanField[] =
    action === 'create'
      ? creationFields(result.definition, names)
      : result.changes.map((c) => ({ field: c.field, before: c.service, after: c.spec, consent: asksConsent(c) }));
  const suffix = suffixOf(scope.scope_string);
  return {
    suffix: result.definition?.scope_suffix ?? suffix,
    action,
    changes: action !== 'none',
    scope: { scope_string: scope.scope_string, id: scope.id === '' ? null : scope.id },
    fields,
    comparison: result.comparison,
    request:
      action === 'create'
        ? `POST /v2/api/clients/${client.id}/scopes`
        : action === 'update'
          ? `PUT /v2/api/scopes/${scope.id}`
          : null,
    variants:
      action === 'update'
        ? result.scopes.filter((s) => s.id !== scope.id && suffixOf(s.scope_string) === suffix).length
        : 0,
  };
}

/** What the run ensured: each listed scope's result (one in the single form), and the client's scopes the list leaves out. */
export interface Ensured {
  telling: Telling;
  results: [ReconcileResult, ...ReconcileResult[]];
  unlisted: ReadonlyArray<{ scope_string: string }>;
}

/** The plan of a run that ensured its scopes (or planned them). */
export function planOf({ telling, results, unlisted }: Ensured, dryRun: boolean): Plan {
  const scopes = results.map(scopePlanOf) as [ScopePlan, ...ScopePlan[]];
  // The last result has seen every write of the run; a planned scope is in its own result's list alone.
  const all = [...new Map(results.flatMap((r) => r.scopes).map((s) => [s.scope_string, s])).values()];
  const { client } = results.at(-1) as ReconcileResult;
  return {
    telling,
    dryRun,
    changes: scopes.some((s) => s.changes),
    client: { id: client.id, name: client.name },
    scopes,
    scopeStrings: all.map((s) => s.scope_string),
    unlisted: unlisted.map((s) => s.scope_string),
  };
}
