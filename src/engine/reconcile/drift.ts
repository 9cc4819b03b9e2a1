import { isUuid } from '../../wire/uuid.ts';
import type { DependentScope, Scope, ScopeDefinition } from './service.ts';

/**
 * A dependent scope as every door shows it, its keys in this order everywhere: the scope string
 * (the one the spec gave, or that a lookup of the spec's id returned; null when no request of
 * the run named it), its id, and its two flags.
 */
export interface DependentView {
  scope_string: string | null;
  /** The id; null for a sibling scope that is only planned ("to be created"). */
  scope: string | null;
  optional: boolean;
  requires_refresh_token: boolean;
}

/** A field's value, as the spec or the service has it. */
export type FieldValue = string | boolean | readonly string[] | readonly DependentView[];

/** One field of the spec set against what the service holds. */
export interface FieldComparison {
  field: string;
  spec: FieldValue;
  service: FieldValue;
  same: boolean;
}

/** The dependent scopes' strings the run knows, by id in lower case. */
export type ScopeNames = ReadonlyMap<string, string>;

// A sibling that a dry run only plans is named by its scope string until it has an id (dependents.ts).
const view = (d: DependentScope, names: ScopeNames): DependentView => ({
  scope_string: isUuid(d.scope) ? (names.get(d.scope.toLowerCase()) ?? null) : d.scope,
  scope: isUuid(d.scope) ? d.scope : null,
  optional: d.optional,
  requires_refresh_token: d.requires_refresh_token,
});

// A set, written the same way on both sides: sorted, ids in one case.
const dependentSet = (deps: readonly DependentScope[]): string =>
  JSON.stringify(
    deps
      .map((d) => ({
        scope: d.scope.toLowerCase(),
        optional: d.optional,
        requires_refresh_token: d.requires_refresh_token,
      }))
      // A code-point order (localeCompare would start ICU's collator); ids are unique.
      .sort((a, b) => (a.scope < b.scope ? -1 : 1)),
  );

/**
 * The service's entries in the order a reader compares them with the spec's: those the spec
 * names, in the spec's order, then the others by id.
 */
function inSpecOrder(service: readonly DependentScope[], spec: readonly DependentScope[]): DependentScope[] {
  const rank = new Map(spec.map((d, index) => [d.scope.toLowerCase(), index]));
  const order = (d: DependentScope): [number, string] => [
    rank.get(d.scope.toLowerCase()) ?? spec.length,
    d.scope.toLowerCase(),
  ];
  return [...service].sort((a, b) => {
    const [ra, ia] = order(a);
    const [rb, ib] = order(b);
    return ra - rb || (ia < ib ? -1 : 1);
  });
}

/** The spec's dependent scopes as the doors show them, in the spec's order. */
export const dependentViews = (deps: readonly DependentScope[], names: ScopeNames): DependentView[] =>
  deps.map((d) => view(d, names));

/**
 * What changing the dependent scopes means for the provider's users. Globus Auth asks each
 * user's consent to a provider's dependent scopes and reports one missing as ConsentRequired
 * (globus-sdk-python, gare/_variants.py); nothing documents what happens to earlier consents,
 * so the note says what to expect, not what is certain. See the README's "Drift, updates and dry runs".
 */
export const CONSENT_NOTE =
  'users of the provider may have to consent again before it can use a dependent scope that is added, made required or made to require a refresh token';

/**
 * Whether going from the service's dependent scopes to the spec's may ask users to consent
 * again: a dependent scope added, made required (optional from true to false), or made to
 * require a refresh token. One removed, or made optional, asks nothing new.
 */
export function asksConsent(c: FieldComparison): boolean {
  if (c.field !== 'dependent_scopes' || c.same) return false;
  const key = (d: DependentView): string => (d.scope ?? d.scope_string ?? '').toLowerCase();
  const before = new Map((c.service as readonly DependentView[]).map((d) => [key(d), d]));
  return (c.spec as readonly DependentView[]).some((after) => {
    const was = before.get(key(after));
    return (
      was === undefined ||
      (was.optional && !after.optional) ||
      (!was.requires_refresh_token && after.requires_refresh_token)
    );
  });
}

/** The suffix a scope string implies: its last path segment (`.../scopes/<client>/<suffix>`). */
export const suffixOf = (scopeString: string): string => scopeString.slice(scopeString.lastIndexOf('/') + 1);

/** The client's scope with the suffix of `own`, its scope string: that string's scope first, else an FQDN variant's. */
export const scopeWithSuffixOf = <S extends Pick<Scope, 'scope_string'>>(
  scopes: readonly S[],
  own: string,
): S | undefined =>
  scopes.find((s) => s.scope_string === own) ?? scopes.find((s) => suffixOf(s.scope_string) === suffixOf(own));

/**
 * Compares the spec, with every dependent scope resolved to its UUID, with a scope as the
 * service describes it. Fields the service did not report are left out, not guessed.
 * `names` gives the dependent scopes' strings the run knows, for the doors to show.
 */
export function compareScope(
  definition: ScopeDefinition,
  scope: Scope,
  names: ScopeNames = new Map(),
): FieldComparison[] {
  const pairs: Array<[string, string | boolean, string | boolean | undefined]> = [
    ['name', definition.name, scope.name],
    ['description', definition.description, scope.description],
    ['scope_suffix', definition.scope_suffix, suffixOf(scope.scope_string)],
    ['advertised', definition.advertised, scope.advertised],
    // The service answers the request's allow_refresh_tokens as allows_refresh_token.
    ['allow_refresh_tokens', definition.allow_refresh_tokens, scope.allows_refresh_token],
  ];
  const comparisons: FieldComparison[] = pairs.flatMap(([field, spec, service]) =>
    service === undefined ? [] : [{ field, spec, service, same: spec === service }],
  );
  if (scope.required_domains !== undefined) {
    // A set too; a spec without the field asks for the service's default, none.
    const spec = [...(definition.required_domains ?? [])].sort();
    const service = [...scope.required_domains].sort();
    comparisons.push({
      field: 'required_domains',
      spec,
      service,
      same: JSON.stringify(spec) === JSON.stringify(service),
    });
  }
  if (scope.dependent_scopes !== undefined) {
    comparisons.push({
      field: 'dependent_scopes',
      spec: dependentViews(definition.dependent_scopes, names),
      service: dependentViews(inSpecOrder(scope.dependent_scopes, definition.dependent_scopes), names),
      same: dependentSet(definition.dependent_scopes) === dependentSet(scope.dependent_scopes),
    });
  }
  return comparisons;
}

const dependentText = (d: DependentView): string =>
  `${d.scope_string === null ? d.scope : `${d.scope_string} (${d.scope ?? 'to be created'})`} optional: ${d.optional}, requires_refresh_token: ${d.requires_refresh_token}`;

/** Whether a value is a list of dependent scopes with at least one entry (an empty one reads as `[]`). */
export const isDependentList = (value: FieldValue | null): value is readonly DependentView[] =>
  Array.isArray(value) && value.some((v) => typeof v === 'object');

/**
 * A value as text, one entry per item: a string quoted as JSON quotes it, a list of dependent
 * scopes one entry each (a door shows them on separate lines), anything else as JSON.
 */
export function valueEntries(value: FieldValue): string[] {
  if (isDependentList(value)) return value.map(dependentText);
  return [JSON.stringify(value)];
}

/** A value as one line of text, for a message. */
export const valueText = (value: FieldValue): string =>
  isDependentList(value) ? `[${value.map(dependentText).join('; ')}]` : JSON.stringify(value);

/**
 * What this run did to the scope before the comparison: found it, created it, or updated it
 * to the spec. After a creation or an update, a difference is a field the service ignored,
 * which aligning the spec cannot help.
 */
export type Written = 'nothing' | 'created' | 'updated';

/**
 * The annotation for a field that differs: what each side says, and what the user can do.
 * `update` is how the door's users ask for an update ("on_drift: update", "--on-drift update"),
 * or undefined when no update can be made (the suffix differs too: an update refuses then).
 */
export function describeDrift(c: FieldComparison, written: Written, update: string | undefined): string {
  const spec = valueText(c.spec);
  const service = valueText(c.service);
  if (written !== 'nothing') {
    return (
      `The service ${written === 'created' ? 'created the scope' : 'kept the scope'} with ${c.field} ${service}, although the ` +
      `${written === 'created' ? 'spec' : 'update'} asked for ${spec}: it ignored the field. ` +
      "Check the value against what the service accepts; if it should have been taken, report it with the run's log."
    );
  }
  return (
    `The client's scope differs from the spec in ${c.field}: the spec says ${spec}, the service has ${service}. ` +
    (c.field === 'scope_suffix'
      ? 'The existing scope is used; no second scope is created.'
      : update === undefined
        ? 'Align the spec with the service: no update is made while scope_suffix differs too.'
        : `Align the spec with the service, or apply the spec to the scope with ${update}.`)
  );
}
