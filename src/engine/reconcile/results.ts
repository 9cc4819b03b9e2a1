/** What the reconciliation concludes for each scope of the spec: the types every later step reads. */
import type { Budget } from '../../wire/budget.ts';
import type { WireWords } from '../../wire/words.ts';
import type { FieldComparison, ScopeNames } from './drift.ts';
import type { Client, Scope, ScopeDefinition } from './service.ts';
import type { SpecDependent } from '../settings/spec.ts';
import type { Telling } from '../settings/telling.ts';

export interface ReconcileRequest {
  /** Apart: every listed scope matched by its suffix; as one: one scope, created only on a client without any (../settings/telling.ts). */
  telling: Telling;
  /** The spec's scopes, in its order (one in the single form); their suffixes are unique and their sibling dependencies have no cycle (spec.ts). */
  specs: ReadonlyArray<ScopeDefinition<SpecDependent>>;
  /** Everything but the writes: a creation or an update is only planned. */
  dryRun: boolean;
  /** Apply the spec to a scope that differs from it (on_drift: update). */
  update?: boolean;
  /** Paces a creation sent again. */
  budget: Budget;
  /** The door's words, for what to do next; plain names by default. */
  words?: WireWords | undefined;
}

/** The scope a dry run would create: its string is known, its id is not. */
export interface PlannedScope {
  id: '';
  scope_string: string;
}

export interface Found<S extends Scope | PlannedScope = Scope> {
  /** The spec's scope on the client: the registration's rule picks it (rules.ts). */
  scope: S;
  /** Every scope of the client (FQDN variants included), in the client's order; then those only planned. */
  scopes: Array<Scope | S>;
  created: boolean;
  client: Pick<Client, 'id' | 'name'>;
}

interface Reconciled<S extends Scope | PlannedScope> extends Found<S> {
  /** The spec set against the scope, field by field (empty when there is none yet); after an update, against the updated scope. */
  comparison: FieldComparison[];
  /** The fields an update changed (or, in a dry run, would change): `service` before, `spec` after. */
  changes: FieldComparison[];
  /** Whether this run changed the scope. */
  updated: boolean;
  /** The dependent scopes' strings the run's lookups returned, by id in lower case, for the doors to show. */
  names: ScopeNames;
}

/** The client has its scope (found, created or updated) ... */
export type Registered = Reconciled<Scope> & {
  wouldCreate: false;
  /** What the spec asks for, its dependent scopes by id; none when no spec was held to the scope (verify). */
  definition?: ScopeDefinition;
};

/** ... or, in a dry run on a client without the scope, `scope` is what would be created, with no id yet. */
export type Planned = Reconciled<PlannedScope> & {
  wouldCreate: true;
  /** What the creation would send. */
  definition: ScopeDefinition;
};

export type ReconcileResult = Registered | Planned;

/** What a run reconciled: one result per scope of the spec, in its order, and the client's scopes the list leaves out. */
export interface Reconciliation {
  /** Each result's `scopes` is every scope of the client after the run. */
  results: [ReconcileResult, ...ReconcileResult[]];
  /** The client's scopes with a suffix no listed scope has: named, never touched (none in the single form). */
  unlisted: Scope[];
}
