/**
 * The verdict: what a run would change, or what is wrong, decided here once for every rendering
 * (the terminal's text, `--json`, the job summary, the review comment, the watch's issue), which
 * open with it. Its line names each scope that changes or differs and its fields, the new scopes
 * before nothing of the unchanged; its rows are the differing or new fields only (a creation: the
 * scope, then each field it sends); its next step is what apply would send, what an update would
 * change, or the fix a failure names. A spec of one scope is a list of one: the same words.
 */
import type { FieldValue } from '../reconcile/drift.ts';
import type { Plan, ScopePlan } from '../reconcile/plan.ts';
import type { Problem } from '../settings/problems.ts';
import type { Naming, Settings } from '../settings/settings.ts';

/** One thing the line says: about a scope (by its suffix) and some of its fields, or about the run. */
export interface VerdictItem {
  /** The scope's suffix; none: the run or the registration as a whole. */
  scope?: string;
  /** The fields it is about, by their names (the spec's keys, never a value). */
  fields?: string[];
  /** What becomes of them, or what is wrong: "would be created", "would change", "differs from the spec". */
  says: string;
}

/** A row of "What changes": a field of a scope, the service's value (none for a creation) and the spec's. */
export interface ChangeRow {
  /** The scope's suffix. */
  scope: string;
  /** The field; null: the scope itself, to create (its string is the spec's value; its fields follow). */
  field: string | null;
  service: FieldValue | null;
  spec: FieldValue;
}

export interface Verdict {
  /** The line's first words: "Dry run", "Applied", "No changes", "Drift", "The run failed", "Nothing was done". */
  title: string;
  /** What changes, differs or is wrong, in the spec's order; never empty. */
  items: VerdictItem[];
  /** What changes, field by field: empty when nothing does or differs. */
  rows: ChangeRow[];
  /** What to do next, each a sentence in the door's words: empty when there is nothing to do. */
  next: string[];
}

/** What a verdict needs of the run beyond its conclusion: the door's words and the on_drift it ran with. */
export interface VerdictFacts {
  naming: Pick<Naming, 'assign' | 'applyRun' | 'runAgain'>;
  onDrift: Settings['on_drift'] | undefined;
}

/** What a verdict reads of a run's conclusion (conclude.ts), which is made with it. */
interface Concluded {
  messages: ReadonlyArray<{ level: string; text: string }>;
  problems?: readonly Problem[] | undefined;
  secretRejected?: true | undefined;
  exitCode: 0 | 1;
  providers?: ReadonlyArray<{ suffix: string | undefined; read: boolean; matches: boolean }> | undefined;
}

const errorsOf = ({ messages }: Pick<Concluded, 'messages'>): string[] =>
  messages.flatMap((m) => (m.level === 'error' ? [m.text] : []));

/** The verdict of a run that ended without a plan: a failed validation (its problems), or a failure past it. */
export function failureVerdict(
  conclusion: Pick<Concluded, 'problems' | 'messages' | 'secretRejected'>,
  { runAgain }: Pick<Naming, 'runAgain'>,
): Verdict {
  const { problems } = conclusion;
  if (problems !== undefined)
    return {
      title: 'Nothing was done',
      items: [{ says: `${problems.length} problem(s) to fix first` }],
      rows: [],
      next: [`Fix each problem below at its line. ${runAgain}.`],
    };
  return {
    title: 'The run failed',
    items: [
      {
        says:
          conclusion.secretRejected === true
            ? "the service rejected the client's credentials"
            : 'the run stopped before it could tell what would change',
      },
    ],
    rows: [],
    next: errorsOf(conclusion),
  };
}

/** A scope's item and rows: what becomes of it, or how it differs; none when it is left as the spec says. */
function scopeVerdict(scope: ScopePlan, dryRun: boolean): { item?: VerdictItem; rows: ChangeRow[] } {
  const { suffix, action, fields, comparison } = scope;
  if (action === 'create')
    return {
      item: { scope: suffix, says: dryRun ? 'would be created' : 'was created' },
      rows: [
        { scope: suffix, field: null, service: null, spec: scope.scope.scope_string },
        ...fields.map((f) => ({ scope: suffix, field: f.field, service: null, spec: f.after })),
      ],
    };
  if (action === 'update')
    return {
      item: { scope: suffix, fields: fields.map((f) => f.field), says: dryRun ? 'would change' : 'changed' },
      rows: fields.map((f) => ({ scope: suffix, field: f.field, service: f.before, spec: f.after })),
    };
  const drift = comparison.filter((c) => !c.same);
  if (drift.length === 0) return { rows: [] };
  return {
    item: {
      scope: suffix,
      fields: drift.map((c) => c.field),
      says: drift.length === 1 ? 'differs from the spec' : 'differ from the spec',
    },
    rows: drift.map((c) => ({ scope: suffix, field: c.field, service: c.service, spec: c.spec })),
  };
}

/** The verdict of a run that has a plan: its scopes' changes and drift, the providers that fail, what comes next. */
export function planVerdict(
  conclusion: Pick<Concluded, 'messages' | 'exitCode' | 'providers'> & { plan: Plan },
  facts: VerdictFacts,
): Verdict {
  const { plan } = conclusion;
  const each = plan.scopes.map((scope) => scopeVerdict(scope, plan.dryRun));
  const items = each.flatMap(({ item }) => (item === undefined ? [] : [item]));
  const providers = (conclusion.providers ?? []).flatMap(({ suffix, read, matches }): VerdictItem[] =>
    matches
      ? []
      : [
          {
            ...(suffix === undefined ? {} : { scope: suffix }),
            says: read ? 'the deployed provider publishes another scope' : 'the deployed provider could not be read',
          },
        ],
  );
  const failed = conclusion.exitCode !== 0;
  const title = failed
    ? 'The run failed'
    : plan.changes
      ? plan.dryRun
        ? 'Dry run'
        : 'Applied'
      : items.length > 0
        ? 'Drift'
        : 'No changes';
  const all = [...items, ...providers];
  return {
    title,
    items: all.length > 0 ? all : [{ says: plan.telling.matching }],
    rows: each.flatMap(({ rows }) => rows),
    next: failed ? errorsOf(conclusion) : nextSteps(plan, facts),
  };
}

/** What a plan's next run does: what apply would send, and what it leaves that differs. */
function nextSteps({ scopes, dryRun }: Plan, { naming, onDrift }: VerdictFacts): string[] {
  const next: string[] = [];
  const sent = scopes.flatMap(({ request, variants }) =>
    request === null ? [] : [variants === 0 ? request : `${request} (and the same to ${variants} FQDN variant(s))`],
  );
  if (dryRun && sent.length > 0) next.push(`${naming.applyRun} would send ${sent.join(', ')}.`);
  const drifted = scopes.filter((s) => s.action === 'none' && s.comparison.some((c) => !c.same));
  if (drifted.length === 0 || onDrift === undefined) return next;
  const kept = `With ${naming.assign('on_drift', onDrift)}, ${naming.applyRun} leaves ${drifted.length === 1 ? 'the scope' : `${drifted.length} scopes`} as the service has ${drifted.length === 1 ? 'it' : 'them'}`;
  const fields = drifted.flatMap((s) => s.comparison.filter((c) => !c.same).map((c) => c.field));
  const update = naming.assign('on_drift', 'update');
  next.push(
    fields.includes('scope_suffix')
      ? `${kept}. scope_suffix differs, and no update changes a suffix: ${update} refuses until the spec has the scope's suffix again.`
      : `${kept}; ${update} would change ${fields.length} field(s).`,
  );
  return next;
}
