/**
 * The command line's `--json` document: one JSON object on stdout, for programs. Its shape is
 * this zod schema, and `schema/cli-output.schema.json` is generated from it (`npm run schema`):
 * fields are added, never renamed or removed, within a `schema_version`. Its top level speaks of
 * the registration as a whole (version 2): what a run does to each scope is under `scopes`.
 */
import { z } from 'zod/mini';
import type { Conclusion, Message, ScopePlan, Verdict } from '../engine/index.ts';
import { COMMAND_NAMES, type Command } from './commands.ts';

const value = z
  .unknown()
  .check(
    z.describe(
      'A field value as JSON: a string, a boolean, or a list; a dependent scope is {scope_string, scope, optional, requires_refresh_token}, scope_string null when the run did not learn it.',
    ),
  );
const located = z.strictObject({
  message: z.string(),
  file: z.optional(z.string()),
  line: z.optional(z.int()),
  column: z.optional(z.int()),
});

const change = z.strictObject({
  action: z.enum(['create', 'update', 'none']),
  request: z
    .nullable(z.string())
    .check(z.describe('What apply sends for it, e.g. "POST /v2/api/clients/{id}/scopes"; null for none.')),
  fields: z
    .array(z.strictObject({ field: z.string(), before: value, after: value }))
    .check(
      z.describe('Each field it sets: every field for a creation (before null), each changed field for an update.'),
    ),
});

const verdict = z
  .strictObject({
    title: z
      .string()
      .check(
        z.describe(
          'The verdict\'s first words: "Dry run", "Applied", "No changes", "Drift", "The run failed", "Nothing was done".',
        ),
      ),
    items: z
      .array(
        z.strictObject({
          scope: z.optional(z.string()).check(z.describe('The scope it is about, by its suffix; absent: the run.')),
          fields: z.optional(z.array(z.string())),
          says: z.string(),
        }),
      )
      .check(z.describe("What changes, differs or is wrong, in the spec's order.")),
    rows: z
      .array(z.strictObject({ scope: z.string(), field: z.nullable(z.string()), service: value, spec: value }))
      .check(
        z.describe(
          'What changes, field by field (differing or new fields only); field null: a scope to create, its string as spec, its fields in the rows after it.',
        ),
      ),
    next: z.array(z.string()).check(z.describe('What to do next, each a sentence.')),
  })
  .check(z.describe('What would change, or what is wrong, and what to do next: what every rendering opens with.'));

const driftEntry = z.strictObject({ field: z.string(), spec: value, service: value, same: z.boolean() });

/** A scope as import writes it; a dependency on a sibling scope of the client, in a list, by its suffix. */
const importedSpec = z.strictObject({
  name: z.string(),
  description: z.string(),
  scope_suffix: z.string(),
  advertised: z.boolean(),
  allow_refresh_tokens: z.boolean(),
  required_domains: z.optional(z.array(z.string())),
  dependent_scopes: z.array(
    z.union([
      z.strictObject({ scope: z.string(), optional: z.boolean(), requires_refresh_token: z.boolean() }),
      z.strictObject({ scope_suffix: z.string(), optional: z.boolean(), requires_refresh_token: z.boolean() }),
    ]),
  ),
});

/** A credential of the client, never its secret. */
const credentialOut = z.strictObject({ id: z.string(), name: z.string(), created: z.string() });

export const cliReportSchema = z
  .strictObject({
    schema_version: z.literal(2),
    command: z.enum(COMMAND_NAMES),
    /** What came of it; `exit_code` is the process's. */
    status: z.enum(['no_changes', 'changes', 'applied', 'verified', 'imported', 'rotated', 'planned', 'failed']),
    exit_code: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    verdict: z.optional(verdict).check(z.describe('plan, apply and verify.')),
    outputs: z
      .nullable(
        z.strictObject({
          scope_string: z.string(),
          scope_id: z.string().check(z.describe('Empty when the scope is only planned.')),
          scope_strings: z.array(z.string()),
          created: z.boolean().check(z.describe('Whether this run created any scope of the spec.')),
          updated: z
            .boolean()
            .check(z.describe('Whether this run updated any scope of the spec (or, in a dry run, planned to).')),
          changes: z
            .boolean()
            .check(
              z.describe(
                'In a dry run (plan), whether apply would change the registration; in an apply, whether it did.',
              ),
            ),
          scopes: z
            .record(
              z.string(),
              z.strictObject({
                scope_string: z.string(),
                scope_id: z.string(),
                created: z.boolean(),
                updated: z.boolean(),
                changes: z.boolean(),
              }),
            )
            .check(
              z.describe(
                'Every scope of the spec by its suffix (one for a spec of one scope); scope_id is empty while the scope is only planned.',
              ),
            ),
        }),
      )
      .check(
        z.describe(
          "The outputs the action sets, typed; null when the run failed before the scope was known. scope_string and scope_id are the first scope of the spec's (each scope's is in scopes); created, updated and changes are the whole registration's.",
        ),
      ),
    scopes: z
      .array(
        z.strictObject({
          suffix: z.string(),
          scope_string: z.string(),
          scope_id: z.nullable(z.string()).check(z.describe('null while the scope is only planned.')),
          change,
          drift: z.array(driftEntry),
        }),
      )
      .check(
        z.describe(
          'plan and apply: every scope of the spec, in its order (one for a spec of one scope), with what apply would write (plan) or wrote (apply) and the spec set against the scope, field by field.',
        ),
      ),
    unlisted: z
      .array(z.string())
      .check(z.describe("A spec that lists scopes: the client's scope strings it does not list, left as they are.")),
    providers: z
      .array(
        z.strictObject({
          suffix: z
            .nullable(z.string())
            .check(
              z.describe("The scope of the spec it had to publish; null: any listed scope (or any of the client's)."),
            ),
          url: z.string(),
          read: z
            .boolean()
            .check(z.describe('Whether its introspection document was read; when not, an error says why.')),
          key: z
            .nullable(z.string())
            .check(
              z.describe('The key of its introspection document that holds a scope; null when it publishes none.'),
            ),
          published: z.nullable(z.string()),
          matches: z.boolean(),
          allowed: z.string().check(z.describe('What it had to publish, e.g. "a scope string of this client".')),
        }),
      )
      .check(z.describe('Each deployed provider checked, in the order given, with its verdict; empty when none was.')),
    known: z
      .optional(
        z.strictObject({
          client_id: z.string(),
          scopes: z
            .array(z.strictObject({ suffix: z.string(), scope_string: z.string() }))
            .check(
              z.describe(
                "Each scope of the spec, in its order, with the string its suffix implies: the spec's, not read from the service.",
              ),
            ),
        }),
      )
      .check(
        z.describe(
          'A run that failed after its settings were read (outputs null): the client, and every scope of the spec.',
        ),
      ),
    warnings: z.array(located),
    errors: z.array(located),
    import: z
      .optional(
        z.strictObject({
          file: z
            .nullable(z.string())
            .check(
              z.describe(
                'Where the spec was written, as given; null with --spec - (the text is printed, or is in text with --json).',
              ),
            ),
          text: z.string().check(z.describe("The spec file's text.")),
          form: z
            .enum(['single', 'list'])
            .check(
              z.describe(
                "single: the file holds one scope; list: it lists the client's scopes under scopes:, one per suffix.",
              ),
            ),
          scopes: z
            .array(importedSpec)
            .check(z.describe('Every scope as the file reads back, in its order: one in the single form.')),
          hidden_dependents: z
            .array(z.string())
            .check(z.describe('The dependent scopes the client cannot see, written by their UUID.')),
        }),
      )
      .check(z.describe('import only: the spec read from the live scope, and where it was written.')),
    rotation: z
      .optional(
        z.strictObject({
          credential_id: z
            .nullable(z.string())
            .check(
              z.describe(
                'The credential this run made and kept; null when none was (or it was deleted after a failure).',
              ),
            ),
          retired: z.array(credentialOut).check(z.describe('The credentials deleted, oldest first.')),
          stored: z.array(z.string()).check(z.describe('The destinations that hold the new secret.')),
          may_hold: z
            .array(z.string())
            .check(
              z.describe(
                'After a store whose outcome is unknown (no answer): the destinations that may hold the new secret.',
              ),
            ),
          unchanged: z
            .array(z.string())
            .check(z.describe('After a failed store: the destinations that still hold the current secret.')),
          gone: z
            .boolean()
            .check(
              z.describe(
                'The new secret stopped working after the stores (its credential deleted by another run or a person): a destination in stored but not in restored holds a secret that does not work.',
              ),
            ),
          restored: z
            .array(z.string())
            .check(
              z.describe(
                'After the new credential was found deleted by another run: the destinations given the starting secret back.',
              ),
            ),
          credentials: z
            .array(
              z.extend(credentialOut, {
                made_by_this_tool: z.boolean(),
                standing: z.enum([
                  'new',
                  'in use',
                  'may be in use',
                  'made from this secret',
                  'older',
                  'not made by this tool',
                ]),
                recent: z
                  .boolean()
                  .check(
                    z.describe(
                      'Made in the last hour (or at a time that cannot be read): maybe another run in flight.',
                    ),
                  ),
                kept: z.nullable(
                  z.enum([
                    'the new one',
                    'in use',
                    'may be in use',
                    'not made by this tool',
                    'may belong to a rotation in flight',
                  ]),
                ),
              }),
            )
            .check(
              z.describe(
                'Every credential the run judged, oldest first: what it takes each for, and why it stays (null: retired, or in a dry run, would be). Empty when the run stopped before.',
              ),
            ),
          left: z
            .array(z.extend(credentialOut, { made_by_this_tool: z.boolean() }))
            .check(
              z.describe(
                "Every credential left, oldest first; one this tool did not make (the portal's) is only deleted when --retire-id names it.",
              ),
            ),
        }),
      )
      .check(z.describe('rotate only: what the rotation made, stored and retired. Never a secret.')),
  })
  .check(
    z.meta({ title: 'ensure-provider-scope --json', description: 'What one run of the command line did or would do.' }),
  );

export type CliReport = z.output<typeof cliReportSchema>;

const locatedOf = (m: Extract<Message, { level: 'warning' | 'error' }>) => ({
  message: m.text,
  ...(m.location === undefined ? {} : { file: m.location.file }),
  ...(m.location?.startLine === undefined ? {} : { line: m.location.startLine }),
  ...(m.location?.startColumn === undefined ? {} : { column: m.location.startColumn }),
});

type ScopeReport = CliReport['scopes'][number];
const changeOf = (scope: ScopePlan): ScopeReport['change'] => ({
  action: scope.action,
  request: scope.request,
  fields: scope.fields.map(({ field, before, after }) => ({ field, before, after })),
});
const driftOf = ({ comparison }: ScopePlan): ScopeReport['drift'] =>
  comparison.map(({ field, spec, service, same }) => ({ field, spec, service, same }));

/** The document for a conclusion; `messages` are every warning and error the run wrote, in order. */
export function jsonReport(
  command: Command,
  conclusion: Pick<Conclusion, 'outputs' | 'plan' | 'known' | 'providers'> & { verdict?: Verdict | undefined },
  messages: readonly Message[],
  exitCode: 0 | 1 | 2,
  imported?: CliReport['import'],
): CliReport {
  const { outputs, plan, known, verdict } = conclusion;
  const done = command === 'verify' ? 'verified' : command === 'import' ? 'imported' : 'applied';
  const status = exitCode === 1 ? 'failed' : command === 'plan' ? (exitCode === 2 ? 'changes' : 'no_changes') : done;
  return {
    schema_version: 2,
    command,
    status,
    exit_code: exitCode,
    ...(verdict === undefined ? {} : { verdict }),
    outputs:
      outputs === undefined
        ? null
        : { ...outputs, scope_strings: [...outputs.scope_strings], scopes: { ...outputs.scopes } },
    scopes: (plan?.scopes ?? []).map((scope) => ({
      suffix: scope.suffix,
      scope_string: scope.scope.scope_string,
      scope_id: scope.scope.id,
      change: changeOf(scope),
      drift: driftOf(scope),
    })),
    unlisted: plan?.unlisted ?? [],
    providers: (conclusion.providers ?? []).map(({ suffix, url, read, key, published, matches, allowed }) => ({
      suffix: suffix ?? null,
      url,
      read,
      key: key ?? null,
      published: published ?? null,
      matches,
      allowed,
    })),
    ...(known === undefined
      ? {}
      : {
          known: {
            client_id: known.clientId,
            scopes: known.scopes.map(({ suffix, scopeString }) => ({ suffix, scope_string: scopeString })),
          },
        }),
    warnings: messages.flatMap((m) => (m.level === 'warning' ? [locatedOf(m)] : [])),
    errors: messages.flatMap((m) => (m.level === 'error' ? [locatedOf(m)] : [])),
    ...(imported === undefined ? {} : { import: imported }),
  };
}
