import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';

type LinePos = { line: number; col: number };
import { z } from 'zod';
import { ValidationError, type Location, type Problem } from './errors.ts';
import { nearestKey } from './suggest.ts';
import { isUuid } from './uuid.ts';

/** A spec file is a few hundred bytes; anything far larger is a mistake, not a spec. */
export const MAX_SPEC_BYTES = 64 * 1024;

const text = z.string().trim().min(1, 'must not be empty');

// Scope strings are URIs (https://... or urn:...); anything else cannot be looked up.
const isUri = (value: string): boolean => URL.canParse(value) && !/\s/.test(value);

const dependentScopeSchema = z.strictObject({
  scope: text
    .refine((v) => isUuid(v) || isUri(v), 'must be a scope UUID or a scope string (a URL or URN)')
    // One spelling per UUID, so that duplicates are found and ids compare as the service's do.
    .transform((v) => (isUuid(v) ? v.toLowerCase() : v))
    .describe('The dependent scope, by UUID or by scope string (resolved to its UUID through the service).'),
  optional: z.boolean().default(false).describe('Whether the dependent scope is optional.'),
  requires_refresh_token: z.boolean().default(true).describe('Whether a refresh token is required for the dependent scope.'),
});

/** The scope definition of the system spec's section 2.3, with the service's field names. */
export const scopeSpecSchema = z.strictObject({
  name: text.describe('Shown to others who look the scope up.'),
  description: text.describe('Shown to others who look the scope up.'),
  // The last path segment of a URL, in space-separated scope lists: no white space, / ? # %.
  scope_suffix: text
    .regex(/^[^\s/?#%]+$/, 'must be one path segment: no white space, /, ?, # or %')
    .default('action_all')
    .describe('Appended to the generated scope string; action_all is the convention for a scope covering all operations.'),
  advertised: z.boolean().describe('true makes the scope visible to everyone who looks scopes up.'),
  allow_refresh_tokens: z
    .boolean()
    .default(true)
    .describe("Lets a client holding a user's grant refresh it without the user; the service answers it as allows_refresh_token."),
  dependent_scopes: z
    .array(dependentScopeSchema)
    .default([])
    .superRefine((deps, ctx) => {
      const seen = new Set<string>();
      deps.forEach((dep, index) => {
        if (seen.has(dep.scope)) {
          ctx.addIssue({ code: 'custom', path: [index, 'scope'], message: `lists ${dep.scope} a second time` });
        }
        seen.add(dep.scope);
      });
    })
    .describe('Scopes of other services the provider calls; the groups scope enables group-based policies.'),
});

export type ScopeSpec = z.output<typeof scopeSpecSchema>;
export type DependentScopeSpec = ScopeSpec['dependent_scopes'][number];

// The definition may also sit under a top-level `scope:` key, as in the service's request body.
const wrappedSpecSchema = z.strictObject({ scope: scopeSpecSchema });

/** The spec file's JSON Schema, for editors: generated from the schemas above, never by hand. */
export function specJsonSchema(): Record<string, unknown> {
  const definition = scopeSpecSchema.meta({ id: 'scope', title: 'Scope definition', description: "The provider's scope, as in the system spec's section 2.3." });
  const file = z.union([definition, z.strictObject({ scope: definition })]).meta({
    title: 'ensure-provider-scope spec file',
    description: 'The scope an Action Provider registers, at the top level or under scope:.',
  });
  return z.toJSONSchema(file, { io: 'input', unrepresentable: 'any' });
}

type PathSegment = PropertyKey;

function fieldName(segments: readonly PathSegment[]): string {
  return segments
    // An empty key still needs a visible name.
    .map((s, i) => (typeof s === 'number' ? `[${s}]` : `${i === 0 ? '' : '.'}${String(s) || '""'}`))
    .join('');
}

type Ranged = { range?: [number, number, number] | null };

/** Finds where a path points in the document: at the key itself when `key` is given. */
function locate(doc: Document, lines: LineCounter, segments: readonly PathSegment[], key?: string): LinePos | undefined {
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

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}

const article = (type: string): string => (type === 'object' ? 'a mapping' : type === 'array' ? 'a list' : `a ${type}`);

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'is required';
    if (issue.input === null) return `has no value: it must be ${article(issue.expected)}`;
    return `must be ${article(issue.expected)}, not ${describeType(issue.input)}`;
  }
  if (issue.code === 'too_small' && issue.origin === 'string') return 'must not be empty';
  return issue.message;
}

const SCOPE_KEYS = Object.keys(scopeSpecSchema.shape);
const DEPENDENT_SCOPE_KEYS = Object.keys(dependentScopeSchema.shape);

/** The keys allowed where an unknown one was found, to suggest the near miss from. */
function knownKeysAt(segments: readonly PathSegment[], wrapped: boolean): readonly string[] {
  if (typeof segments.at(-1) === 'number') return DEPENDENT_SCOPE_KEYS;
  return segments.length === 0 && wrapped ? ['scope'] : SCOPE_KEYS;
}

/**
 * Parses and validates a spec file's text. Every problem is collected, each named by its
 * field and located at its line, so that one run shows the user everything to fix.
 */
export function parseSpec(source: string, file: string): ScopeSpec {
  const lines = new LineCounter();
  // logLevel: a collection used as a key is reported as an unknown key, not as a process warning.
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: true, uniqueKeys: true, logLevel: 'error' });
  const at = (pos: LinePos | undefined): Location =>
    pos === undefined ? { file } : { file, startLine: pos.line, startColumn: pos.col };

  if (doc.errors.length > 0) {
    throw new ValidationError(
      doc.errors.map((error) => ({
        field: 'spec',
        // prettyErrors appends a code excerpt after the first line; the annotation has the location.
        message: `${file}: YAML syntax error: ${error.message.split('\n')[0]?.replace(/:$/, '')}`,
        location: at(error.linePos?.[0]),
      })),
    );
  }

  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // The one way a well-formed document fails to convert: aliases expanding without bound.
    throw new ValidationError([{ field: 'spec', message: `${file}: ${(error as Error).message}`, location: { file } }]);
  }
  if (data === null || data === undefined) {
    throw new ValidationError([{ field: 'spec', message: `${file} is empty: it must define the scope (name, description, advertised, ...)`, location: { file } }]);
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new ValidationError([{ field: 'spec', message: `${file} must be a mapping of the scope's fields, not ${describeType(data)}`, location: at(locate(doc, lines, [])) }]);
  }

  const wrapped = 'scope' in data;
  const result = wrapped ? wrappedSpecSchema.safeParse(data, { reportInput: true }) : scopeSpecSchema.safeParse(data, { reportInput: true });
  if (result.success) return 'scope' in result.data ? result.data.scope : result.data;

  const problems: Problem[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = fieldName([...issue.path, key]);
        const hint = nearestKey(key, knownKeysAt(issue.path, wrapped));
        problems.push({
          field,
          message: `${file}: unknown key "${field}"${hint === undefined ? '' : ` (did you mean "${hint}"?)`}`,
          location: at(locate(doc, lines, issue.path, key)),
        });
      }
    } else {
      const field = fieldName(issue.path);
      problems.push({ field, message: `${file}: ${field} ${issueMessage(issue)}`, location: at(locate(doc, lines, issue.path)) });
    }
  }
  throw new ValidationError(problems);
}

/** Reads the spec file from the workspace and parses it; see parseSpec. */
export async function loadSpec(workspace: string, file: string): Promise<ScopeSpec> {
  const fullPath = path.resolve(workspace, file);
  const fail = (message: string): never => {
    throw new ValidationError([{ field: 'spec', message }]);
  };
  let info: Stats;
  try {
    info = await stat(fullPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') return fail(`Spec file ${file} could not be read (${code ?? String(error)}).`);
    return fail(
      `Spec file ${file} was not found in the workspace (${workspace}). ` +
        'Check out the repository first (actions/checkout) and commit the spec there, or point the `spec` input at it.',
    );
  }
  if (!info.isFile()) return fail(`Spec file ${file} is not a file. Point the \`spec\` input at the YAML file that defines the scope.`);
  if (info.size > MAX_SPEC_BYTES) {
    return fail(`Spec file ${file} is ${info.size} bytes, over the limit of ${MAX_SPEC_BYTES}: it should hold one scope definition.`);
  }
  const source = await readFile(fullPath, 'utf8').catch((error: NodeJS.ErrnoException) =>
    fail(`Spec file ${file} could not be read (${error.code ?? String(error)}).`),
  );
  return parseSpec(source, file);
}
