import { isUtf8 } from 'node:buffer';
import { TOLD_APART, TOLD_AS_ONE, type Telling } from './telling.ts';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';

type LinePos = { line: number; col: number };
import { z } from 'zod/mini';
import { ValidationError, type Location, type Problem } from './problems.ts';
import { SCOPE_SUFFIX, type Naming } from './settings.ts';
import { insideWorkspace } from './spec-path.ts';
import { nearestKey } from './suggest.ts';
import type { ScopeDefinition } from '../../wire/service-client.ts';
import { isUuid } from '../../wire/uuid.ts';

// Not node:fs/promises, which loads readline with it (CONTRIBUTING.md, "What the start-up devices buy").
const [realpath, stat, open, read, close] = [
  promisify(fs.realpath.native),
  promisify(fs.stat),
  promisify(fs.open),
  promisify(fs.read),
  promisify(fs.close),
];

/** A spec file is a few hundred bytes; anything far larger is a mistake, not a spec. */
export const MAX_SPEC_BYTES = 64 * 1024;

// Text as written: YAML drops the blanks around a plain value already; blanks inside quotes are
// meant, and the service keeps them (so that import can write any text the service holds).
const text = z.string().check(
  z.minLength(1, { error: 'must not be empty', abort: true }),
  z.refine((value) => value.trim() !== '', 'must not be empty'),
);

// Scope strings are URIs (https://... or urn:...); anything else cannot be looked up.
const isUri = (value: string): boolean => URL.canParse(value) && !/\s/.test(value);

const suffixText = text.check(z.regex(SCOPE_SUFFIX.pattern, `must be ${SCOPE_SUFFIX.rule}`));

const dependentFields = z.strictObject({
  scope: z
    .optional(
      z.pipe(
        text.check(z.refine((v) => isUuid(v) || isUri(v), 'must be a scope UUID or a scope string (a URL or URN)')),
        // One spelling per UUID, so that duplicates are found and ids compare as the service's do.
        z.transform((v) => (isUuid(v) ? v.toLowerCase() : v)),
      ),
    )
    .check(z.describe('The dependent scope, by UUID or by scope string (resolved to its UUID through the service).')),
  scope_suffix: z
    .optional(suffixText)
    .check(
      z.describe(
        "Instead of scope: another scope of this client, by its suffix (listed in the spec or on the client); it stands for the id of the client's own scope string with that suffix.",
      ),
    ),
  optional: z._default(z.boolean(), false).check(z.describe('Whether the dependent scope is optional.')),
  requires_refresh_token: z
    ._default(z.boolean(), true)
    .check(z.describe('Whether a refresh token is required for the dependent scope.')),
});

// Exactly one of scope and scope_suffix: the output says which, as its type does.
const specDependentSchema = z.pipe(
  dependentFields.check(
    z.superRefine((dep, ctx) => {
      if ((dep.scope === undefined) === (dep.scope_suffix === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: dep.scope === undefined ? ['scope'] : ['scope_suffix'],
          message:
            dep.scope === undefined
              ? 'is required: the dependent scope by UUID or scope string (or, instead, scope_suffix: another scope of this client)'
              : 'is given with scope: give one of them (scope for a scope by UUID or string, scope_suffix for another scope of this client)',
        });
      }
    }),
  ),
  z.transform(({ scope, scope_suffix: suffix, ...flags }): SpecDependent =>
    suffix === undefined ? { scope: scope as string, ...flags } : { scope_suffix: suffix, ...flags },
  ),
);

/** A dependent scope as a spec file names it: by UUID or scope string, or, for another scope of the same client, by its suffix. */
export type SpecDependent =
  | { scope: string; optional: boolean; requires_refresh_token: boolean }
  | { scope_suffix: string; optional: boolean; requires_refresh_token: boolean };

/** What a dependent scope's entry names: its string or id, or `suffix:` and a sibling's suffix (never a URI or UUID). */
export const dependentKey = (dep: SpecDependent): string => ('scope' in dep ? dep.scope : `suffix:${dep.scope_suffix}`);

/** A scope's definition as the spec file gives it, with the service's field names (globus-sdk-python, AuthClient.create_scope). */
export const scopeSpecSchema = z.strictObject({
  name: text.check(z.describe('Shown to others who look the scope up.')),
  description: text.check(z.describe('Shown to others who look the scope up.')),
  scope_suffix: z
    ._default(suffixText, 'action_all')
    .check(
      z.describe(
        'Appended to the generated scope string; action_all is the convention for a scope covering all operations.',
      ),
    ),
  advertised: z.boolean().check(z.describe('true makes the scope visible to everyone who looks scopes up.')),
  allow_refresh_tokens: z
    ._default(z.boolean(), true)
    .check(
      z.describe(
        "Lets a client holding a user's grant refresh it without the user; the service answers it as allows_refresh_token.",
      ),
    ),
  required_domains: z
    .optional(z.array(text))
    .check(
      z.describe(
        "Domains a user's identity must come from to use the scope; sent only when given (the service's default is none).",
      ),
    ),
  dependent_scopes: z._default(z.array(specDependentSchema), []).check(
    z.superRefine((deps, ctx) => {
      const seen = new Set<string>();
      deps.forEach((dep, index) => {
        const key = dependentKey(dep);
        if (seen.has(key)) {
          const [field, value] = 'scope' in dep ? ['scope', dep.scope] : ['scope_suffix', dep.scope_suffix];
          ctx.addIssue({ code: 'custom', path: [index, field], message: `lists ${value} a second time` });
        }
        seen.add(key);
      });
    }),
    z.describe('Scopes of other services the provider calls; the groups scope enables group-based policies.'),
  ),
});

// The schema's output is the scope's definition, its dependents as the file names them, field
// for field: a field added to one and not the other fails the type-check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const SCHEMA_IS_THE_DEFINITION: Same<z.output<typeof scopeSpecSchema>, ScopeDefinition<SpecDependent>> = true;
void SCHEMA_IS_THE_DEFINITION;

/** The spec file's two forms: one scope, or `scopes:`, a list. Read here and written by import, nowhere else. */
export type SpecForm = 'single' | 'list';

/** A parsed spec file: its scopes, where each field sits, and what the service may refuse. */
export interface SpecFile {
  /**
   * How the registration is told and held, from the file's form (telling.ts): one scope (at the
   * top level or under `scope:`), created only on a client without any; or `scopes:`, each
   * matched to the client's scope with its suffix, created when the client lacks it.
   */
  telling: Telling;
  /** The scopes, in the file's order: one in the single form. */
  scopes: Array<ScopeDefinition<SpecDependent>>;
  /** Where a field of the scope at `index` (e.g. [1, 'dependent_scopes', 0, 'scope']) is in the file, for an annotation there. */
  locate(field: readonly [number, ...PropertyKey[]]): Location;
  /** Allowed by the spec, but likely refused by the service: shown, and the run goes on. */
  warnings: Problem[];
  /** The credentials' policy, when the file sets one. */
  credentials?: CredentialsPolicy | undefined;
}

// The vendor documents scope suffixes as lower-case letters, digits and underscores
// (globus/globus-sdk-python, src/globus_sdk/services/auth/client/service_client.py,
// create_scope's docstring: "String consisting of lowercase letters, number, and underscores");
// a scope's own suffix may be any string, with a warning.
const DOCUMENTED_SUFFIX = /^[a-z0-9_]+$/;

/**
 * The client's credentials as the scheduled watch holds them, beside the scopes in either form:
 * the secret in use no older than `max_age_days` (docs/watch.md). Without it no age is judged.
 */
export const credentialsPolicySchema = z
  .strictObject({
    max_age_days: z
      .int()
      .check(
        z.minimum(1, 'must be 1 or more: a whole number of days'),
        z.describe(
          'The most days the secret in use may have: the watch opens its issue once every credential that may be the one in use is older. Rotate a little more often.',
        ),
      ),
  })
  .check(
    z.describe(
      "The policy the scheduled watch holds the client's credentials to (docs/watch.md): rotation's age. Optional.",
    ),
  );
export type CredentialsPolicy = z.output<typeof credentialsPolicySchema>;
const policy = { credentials: z.optional(credentialsPolicySchema) };

/** The single form at the top level: the scope's fields, and the credentials' policy beside them. */
export const singleSpecSchema = z.extend(scopeSpecSchema, policy);

// The definition may also sit under a top-level `scope:` key, as in the service's request body.
export const wrappedSpecSchema = z.strictObject({ scope: scopeSpecSchema, ...policy });

/** A scope of the list form: its suffix is required, as it is what matches it to the client's scope. */
export const listedScopeSchema = z.extend(scopeSpecSchema, {
  scope_suffix: suffixText.check(
    z.describe(
      "Required here: it matches the listed scope to the client's scope with the same suffix, and names it for the others.",
    ),
  ),
});

/** The list form: several scopes of one client, each by its suffix. */
export const scopeListSchema = z.strictObject({
  scopes: z.array(listedScopeSchema).check(
    z.minLength(1, 'must list at least one scope'),
    z.superRefine((scopes, ctx) => {
      const first = new Map<string, number>();
      scopes.forEach(({ scope_suffix: suffix }, index) => {
        const earlier = first.get(suffix);
        if (earlier === undefined) first.set(suffix, index);
        else
          ctx.addIssue({
            code: 'custom',
            path: [index, 'scope_suffix'],
            message: `repeats ${suffix}, the suffix of scopes[${earlier}]: each listed scope needs its own`,
          });
      });
      for (const { at, cycle } of cyclesOf(scopes)) {
        ctx.addIssue({
          code: 'custom',
          path: at,
          message: `closes a cycle of dependencies (${cycle.join(' -> ')}): no scope of it can be created before the others. Remove one of these dependencies`,
        });
      }
    }),
    z.describe(
      'The scopes of one client, each with its own scope_suffix: a listed scope the client lacks is created, one it has is held to its entry.',
    ),
  ),
  ...policy,
});

/**
 * Each cycle of sibling dependencies among listed scopes, once, reported at the dependency that
 * closes it, in the file's order. A scope that depends on itself is a cycle of one.
 */
function cyclesOf(
  scopes: ReadonlyArray<ScopeDefinition<SpecDependent>>,
): Array<{ at: PropertyKey[]; cycle: string[] }> {
  const index = new Map(scopes.map((s, i) => [s.scope_suffix, i]));
  const siblings = (i: number): Array<[number, number]> =>
    (scopes[i]?.dependent_scopes ?? []).flatMap((d, j): Array<[number, number]> => {
      const target = 'scope_suffix' in d ? index.get(d.scope_suffix) : undefined;
      return target === undefined ? [] : [[j, target]];
    });
  const state = new Map<number, 'open' | 'done'>();
  const found: Array<{ at: PropertyKey[]; cycle: string[] }> = [];
  const visit = (i: number, path: number[]): void => {
    state.set(i, 'open');
    for (const [j, target] of siblings(i)) {
      if (state.get(target) === 'open') {
        const stack = [...path, i];
        const cycle = [...stack.slice(stack.indexOf(target)), target].map((k) => scopes[k]?.scope_suffix as string);
        found.push({ at: [i, 'dependent_scopes', j, 'scope_suffix'], cycle });
      } else if (state.get(target) === undefined) {
        visit(target, [...path, i]);
      }
    }
    state.set(i, 'done');
  };
  scopes.forEach((_, i) => {
    if (state.get(i) === undefined) visit(i, []);
  });
  return found;
}

type PathSegment = PropertyKey;

function fieldName(segments: readonly PathSegment[]): string {
  return (
    segments
      // An empty key still needs a visible name.
      .map((s, i) => (typeof s === 'number' ? `[${s}]` : `${i === 0 ? '' : '.'}${String(s) || '""'}`))
      .join('')
  );
}

type Ranged = { range?: [number, number, number] | null };

/** Finds where a path points in the document: at the key itself when `key` is given. */
function locate(
  doc: Document,
  lines: LineCounter,
  segments: readonly PathSegment[],
  key?: string,
): LinePos | undefined {
  let node: unknown = doc.contents;
  for (const segment of segments) {
    // A missing field is reported where its parent is.
    const child: unknown = isMap(node) || isSeq(node) ? node.get(segment, true) : undefined;
    if (child === undefined || child === null) break;
    node = child;
  }
  if (key !== undefined && isMap(node)) {
    node = node.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === key)?.key ?? node;
  }
  const offset = (node as Ranged | null)?.range?.[0];
  return offset === undefined ? undefined : lines.linePos(offset);
}

// Never given null: each caller says what null means before it asks.
function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}

const article = (type: string): string =>
  type === 'object' ? 'a mapping' : type === 'array' ? 'a list' : type === 'int' ? 'a whole number' : `a ${type}`;

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'is required';
    if (issue.input === null) return `has no value: it must be ${article(issue.expected)}`;
    return `must be ${article(issue.expected)}, not ${describeType(issue.input)}`;
  }
  return issue.message;
}

const SCOPE_KEYS = Object.keys(scopeSpecSchema.shape);
const DEPENDENT_SCOPE_KEYS = Object.keys(dependentFields.shape);
const POLICY_KEYS = Object.keys(credentialsPolicySchema.shape);

/** The keys allowed where an unknown one was found, to suggest the near miss from. */
function knownKeysAt(segments: readonly PathSegment[], form: SpecForm, wrapped: boolean): readonly string[] {
  if (segments.length === 0)
    return [...(form === 'list' ? ['scopes'] : wrapped ? ['scope'] : SCOPE_KEYS), 'credentials'];
  if (segments[0] === 'credentials') return POLICY_KEYS;
  return segments.includes('dependent_scopes') ? DEPENDENT_SCOPE_KEYS : SCOPE_KEYS;
}

/** A spec file's YAML, parsed: where each node is, and the data it holds (a mapping). */
interface Parsed {
  file: string;
  doc: Document.Parsed;
  lines: LineCounter;
  data: object;
}

/** A line and column as a problem's location in the file. */
const locationOf = (file: string, pos: LinePos | undefined): Location =>
  pos === undefined ? { file } : { file, startLine: pos.line, startColumn: pos.col };

/**
 * Parses and validates a spec file's text. Every problem is collected, each named by its
 * field and located at its line, so that one run shows the user everything to fix.
 */
export function parseSpec(source: string, file: string): SpecFile {
  const parsed = parseYaml(source, file);
  const { data } = parsed;
  const form = 'scopes' in data ? 'list' : 'single';
  const wrapped = form === 'single' && 'scope' in data;
  // Where the scopes sit: under scopes: (by index), under scope:, or at the top.
  const prefix = form === 'list' ? ['scopes'] : wrapped ? ['scope'] : [];
  const schema = form === 'list' ? scopeListSchema : wrapped ? wrappedSpecSchema : singleSpecSchema;
  const result = schema.safeParse(data, { reportInput: true });
  if (!result.success) throw new ValidationError(schemaProblems(result.error.issues, parsed, form, wrapped));
  const { credentials, ...value } = result.data;
  const scopes = 'scopes' in value ? value.scopes : ['scope' in value ? value.scope : value];
  const where = ([index, ...field]: readonly [number, ...PropertyKey[]]): Location =>
    locationOf(
      file,
      locate(parsed.doc, parsed.lines, form === 'list' ? [...prefix, index, ...field] : [...prefix, ...field]),
    );
  // The fields of a scope: a listed one's under its index.
  const named = (index: number, ...field: PathSegment[]): string =>
    fieldName([...(form === 'list' ? [...prefix, index] : []), ...field]);
  const problems = [
    ...(form === 'single' ? selfDependencies(scopes, file, where) : []),
    ...malformedSiblings(scopes, file, named, where),
  ];
  if (problems.length > 0) throw new ValidationError(problems);
  const warnings = scopes.flatMap(({ scope_suffix: suffix }, index): Problem[] => {
    if (DOCUMENTED_SUFFIX.test(suffix)) return [];
    const field = named(index, 'scope_suffix');
    return [
      {
        field,
        message:
          `${file}: ${field} ${JSON.stringify(suffix)} has characters other than lower-case letters, digits and underscores, ` +
          'the only ones the authentication service documents for a suffix: the creation may be refused. Use, e.g., action_all.',
        location: where([index, 'scope_suffix']),
      },
    ];
  });
  const telling = form === 'list' ? TOLD_APART : TOLD_AS_ONE;
  return { telling, scopes, locate: where, warnings, ...(credentials === undefined ? {} : { credentials }) };
}

/** The YAML read: a syntax error, a tag, aliases without bound, an empty file or one that is no mapping are refused. */
function parseYaml(source: string, file: string): Parsed {
  const lines = new LineCounter();
  // logLevel: a collection used as a key is reported as an unknown key, not as a process warning.
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: true, uniqueKeys: true, logLevel: 'error' });
  if (doc.errors.some((error) => error.code === 'RESOURCE_EXHAUSTION')) {
    throw new ValidationError([
      { field: 'spec', message: `${file}: the YAML is nested too deeply to be a scope definition`, location: { file } },
    ]);
  }
  // Tags name types of a programming language: a spec is plain data, so a tag is a mistake.
  const tags = doc.warnings.filter((warning) => warning.code === 'TAG_RESOLVE_FAILED');
  const errors = [...doc.errors, ...tags];
  if (errors.length > 0) {
    const problems = errors.map((error) => ({
      field: 'spec',
      // prettyErrors appends a code excerpt after the first line; the annotation has the location.
      message: `${file}: ${error.code === 'TAG_RESOLVE_FAILED' ? 'YAML tags are not supported in a spec' : 'YAML syntax error'}: ${error.message.split('\n')[0]?.replace(/:$/, '')}`,
      location: locationOf(file, error.linePos?.[0]),
    }));
    // One error cascades into many alike: each message once.
    throw new ValidationError(problems.filter((p, i) => problems.findIndex((q) => q.message === p.message) === i));
  }

  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // The one way a well-formed document fails to convert: aliases expanding without bound.
    throw new ValidationError([{ field: 'spec', message: `${file}: ${(error as Error).message}`, location: { file } }]);
  }
  if (data === null || data === undefined) {
    throw new ValidationError([
      {
        field: 'spec',
        message: `${file} is empty: it must define the scope (name, description, advertised, ...)`,
        location: { file },
      },
    ]);
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new ValidationError([
      {
        field: 'spec',
        message: `${file} must be a mapping of the scope's fields, not ${describeType(data)}`,
        location: locationOf(file, locate(doc, lines, [])),
      },
    ]);
  }
  return { file, doc, lines, data };
}

type Where = (at: readonly [number, ...PropertyKey[]]) => Location;

/** A scope of the single form that depends on its own suffix: the list form's cycle check finds it in a list. */
const selfDependencies = (
  scopes: ReadonlyArray<ScopeDefinition<SpecDependent>>,
  file: string,
  where: Where,
): Problem[] =>
  cyclesOf(scopes).map(({ at: [, ...field], cycle }): Problem => {
    const name = fieldName(field as PathSegment[]);
    return {
      field: name,
      message: `${file}: ${name} names the scope's own suffix (${cycle[0] ?? ''}): a scope cannot depend on itself`,
      location: where([0, ...field] as [number, ...PropertyKey[]]),
    };
  });

/**
 * A sibling's suffix that no scope can have is a typo: refused before any request, with the
 * near miss among the listed suffixes. A listed scope's own suffix of other characters is only
 * warned about (parseSpec), so a sibling that names it is kept.
 */
function malformedSiblings(
  scopes: ReadonlyArray<ScopeDefinition<SpecDependent>>,
  file: string,
  named: (index: number, ...field: PathSegment[]) => string,
  where: Where,
): Problem[] {
  const suffixes = scopes.map((s) => s.scope_suffix);
  return scopes.flatMap(({ scope_suffix: own, dependent_scopes: dependents }, index) =>
    dependents.flatMap((dep, j): Problem[] => {
      if (!('scope_suffix' in dep) || DOCUMENTED_SUFFIX.test(dep.scope_suffix) || suffixes.includes(dep.scope_suffix))
        return [];
      const name = named(index, 'dependent_scopes', j, 'scope_suffix');
      const near = nearestKey(
        dep.scope_suffix,
        suffixes.filter((s) => s !== own),
      );
      return [
        {
          field: name,
          message:
            `${file}: ${name} ${JSON.stringify(dep.scope_suffix)} cannot be a scope's suffix: the authentication service takes lower-case letters, digits and underscores only` +
            (near === undefined ? ". Write the suffix as it ends the scope's string" : ` (did you mean ${near}?)`),
          location: where([index, 'dependent_scopes', j, 'scope_suffix']),
        },
      ];
    }),
  );
}

/** The schema's issues as problems, each at its line, an unknown key with its near miss; in the file's order. */
function schemaProblems(
  issues: readonly z.core.$ZodIssue[],
  { file, doc, lines }: Parsed,
  form: SpecForm,
  wrapped: boolean,
): Problem[] {
  const problems: Problem[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = fieldName([...issue.path, key]);
        const hint = nearestKey(key, knownKeysAt(issue.path, form, wrapped));
        problems.push({
          field,
          message: `${file}: unknown key "${field}"${hint === undefined ? '' : ` (did you mean "${hint}"?)`}`,
          location: locationOf(file, locate(doc, lines, issue.path, key)),
        });
      }
    } else {
      const field = fieldName(issue.path);
      problems.push({
        field,
        message: `${file}: ${field} ${issueMessage(issue)}`,
        location: locationOf(file, locate(doc, lines, issue.path)),
      });
    }
  }
  // In the file's order, as a reader fixes them, not in the order of their kinds.
  const place = ({ location }: Problem): number => (location?.startLine ?? 0) * 1e6 + (location?.startColumn ?? 0);
  return problems.sort((a, b) => place(a) - place(b));
}

/**
 * Reads the spec file from the workspace and parses it; see parseSpec. The path, once its
 * links are resolved, must lie inside the workspace: a spec from a pull request must not make
 * the run read, and quote, a file of the machine's.
 */
export async function loadSpec(
  workspace: string,
  file: string,
  naming: Pick<Naming, 'label' | 'workspace' | 'specNotFound'>,
  base?: string,
): Promise<SpecFile> {
  const fail = (message: string): never => {
    throw new ValidationError([{ field: 'spec', message }]);
  };
  const root = await realpath(workspace).catch(() => path.resolve(workspace));
  const refuse = (): never =>
    fail(
      `Spec file ${file} is outside ${naming.workspace} (after its links are followed): ${naming.label('spec')} must name a file inside it.`,
    );
  // As written first (a path that climbs out is refused whether or not it exists), then with its links followed.
  const asWritten = insideWorkspace(path, root, await fromBase(root, base, file));
  if (asWritten === undefined) return refuse();
  let source: Buffer;
  try {
    const fullPath = await realpath(asWritten);
    if (insideWorkspace(path, root, fullPath) === undefined) return refuse();
    const info = await stat(fullPath);
    if (!info.isFile())
      return fail(
        `Spec file ${file} is not a file: ${naming.label('spec')} must name the YAML file that defines the scope.`,
      );
    // Read to one byte past the limit: a size from stat is 0 for some special files.
    source = await readAtMost(fullPath, MAX_SPEC_BYTES + 1);
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      return fail(`Spec file ${file} was not found in ${naming.workspace} (${workspace}). ${naming.specNotFound}`);
    return fail(`Spec file ${file} could not be read (${code ?? String(error)}).`);
  }
  if (source.length > MAX_SPEC_BYTES)
    return fail(
      `Spec file ${file} is over the limit of ${MAX_SPEC_BYTES} bytes: it should hold scope definitions alone.`,
    );
  // UTF-16 has NULs or bytes UTF-8 never holds (its byte-order marks among them), as has a
  // Latin-1 accent: refused, rather than read with U+FFFD in its values and sent on.
  if (source.includes(0) || !isUtf8(source)) {
    return fail(`Spec file ${file} is not UTF-8 text (it looks like UTF-16, Latin-1 or binary): save it as UTF-8.`);
  }
  return parseSpec(source.toString('utf8'), file);
}

/** The absolute path a relative spec path names: from `base` (its links followed, as the root's are), else from the root. */
export const fromBase = async (root: string, base: string | undefined, file: string): Promise<string> =>
  base === undefined
    ? path.resolve(root, file)
    : path.resolve(await realpath(base).catch(() => path.resolve(base)), file);

async function readAtMost(file: string, bytes: number): Promise<Buffer> {
  const fd = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    let filled = 0;
    for (let got = -1; got !== 0 && filled < bytes; filled += got) {
      ({ bytesRead: got } = await read(fd, buffer, filled, bytes - filled, null));
    }
    return buffer.subarray(0, filled);
  } finally {
    await close(fd);
  }
}
