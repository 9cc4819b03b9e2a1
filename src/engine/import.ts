/**
 * `import`: the spec of a scope registered by other means (by hand, a script, curl), read from
 * the service with the engine's own lookups and written so that the engine's own parser reads
 * it back equal, field for field as the drift check compares them: a plan on it changes nothing.
 * Like ensureProviderScope, it never throws: the spec as data and text, or the problems.
 */
import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, realpath, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Document, isMap, isSeq } from 'yaml';
import { ActionError } from '../wire/errors.ts';
import type { Log } from '../wire/log.ts';
import { isUuid, type Uuid } from '../wire/uuid.ts';
import { failureMessages, type Message, type Outputs } from './conclude/conclude.ts';
import { compareScope, suffixOf } from './reconcile/drift.ts';
import { connect, logOn, stopping } from './ensure.ts';
import type { RunPort } from './port.ts';
import { ValidationError, type Problem } from './settings/problems.ts';
import { describeScopes, lookupIds } from './reconcile/inspect.ts';
import type { Scrub } from './secrets.ts';
import type { AuthService, Scope, ScopeDefinition } from './reconcile/service.ts';
import { parseSettings } from './settings/settings.ts';
import { fromBase, MAX_SPEC_BYTES, parseSpec, type SpecDependent, type SpecFile } from './settings/spec.ts';
import { insideWorkspace } from './settings/spec-path.ts';
import { hasUnsafe } from './text.ts';

/** How the door's users ask for what only import takes. */
export interface ImportNaming {
  /** Picking one of the client's suffixes: "--scope-suffix action_all". */
  pickSuffix(suffix: string): string;
  /** Replacing an existing file: "--force". */
  overwrite: string;
  /** What to do for a client without scope: write a spec, then create the scope from it. */
  createInstead: string;
}

export interface ImportRequest extends Pick<
  RunPort,
  'read' | 'naming' | 'workspace' | 'specBase' | 'secrets' | 'write' | 'clock' | 'dispatcher' | 'signal'
> {
  importNaming: ImportNaming;
  /** The suffix of the scope to import, when the client's scopes have several; undefined: the client's only one. */
  scopeSuffix?: string | undefined;
  /** Where to write the spec (the `spec` setting, inside the workspace); none: the text is only returned. */
  destination?: { file: string; force: boolean } | undefined;
  /** The command as the header names it, e.g. "ensure-provider-scope import". */
  command: string;
  /** The JSON Schema's address, for the editors' schema line; none while it has no published one. */
  schemaUrl?: string | undefined;
}

export interface Imported {
  /** single: one scope, as today's files hold it; list: `scopes:`, one entry per suffix of the client. */
  form: SpecFile['form'];
  /** The scopes as the file reads back, in its order: one in the single form. */
  scopes: Array<ScopeDefinition<SpecDependent>>;
  /** The file's text. */
  text: string;
  /** Where it was written, as given; undefined when only returned. */
  file?: string | undefined;
  /** The dependent scopes the client cannot see, kept by their ids. */
  hidden: string[];
  /** The scopes, and their FQDN variants, as the action's outputs name them: `scope_string` and `scope_id` the first's. */
  outputs: Outputs;
}

export type ImportOutcome =
  | { imported: Imported; messages: Message[]; exitCode: 0 }
  | { imported?: undefined; messages: Message[]; problems?: readonly Problem[] | undefined; exitCode: 1 };

/** Reads the client's scopes, checks that their spec reads back equal, and writes it whole. Never throws. */
export const importScope = (request: ImportRequest): Promise<ImportOutcome> =>
  stopping<ImportOutcome>(
    request,
    async (signal) => ({ imported: await importScopes(request, signal), messages: [], exitCode: 0 }),
    (error) => {
      const problems = error instanceof ValidationError ? error.problems : undefined;
      return { messages: failureMessages(error, request.naming), problems, exitCode: 1 };
    },
  );

/** One suffix of the client: its scope, as the drift check picks it, with its FQDN variants. */
interface Group {
  suffix: string;
  /** The client's scopes with the suffix, in its order. */
  group: Scope[];
  /** The one the spec follows: the client's own scope string, else the group's first. */
  scope: Scope;
  /** Where its fields sit in the file: '' in the single form, "scopes[1]." in a list. */
  at: string;
}

async function importScopes(request: ImportRequest, signal: AbortSignal): Promise<Imported> {
  const settings = parseSettings(request.read, request.naming);
  // Before any request: a file that is there already, or outside, stops the run at once.
  const target = request.destination === undefined ? undefined : await checkTarget(request, request.destination);
  const log = logOn(request.write);
  const { service } = connect(settings, request, signal, log);

  const found = await readScopesToImport(service, request);
  const { client, form, groups } = found;
  const suffixes = groups.map((g) => g.suffix);
  const first = groups[0] as Group;
  log.info(
    form === 'single'
      ? `Importing the scope ${first.scope.scope_string} of client ${client.id} at ${settings.auth_url}`
      : `Importing the ${groups.length} scopes of client ${client.id} at ${settings.auth_url}: ${suffixes.join(', ')}`,
  );
  const { drawn, hidden, visible } = await drawSpecs(service, found, request.secrets.scrub, log);

  const date = new Date(request.clock?.now() ?? Date.now()).toISOString().slice(0, 10);
  const header = [
    ...(request.schemaUrl === undefined ? [] : [` yaml-language-server: $schema=${request.schemaUrl}`]),
    form === 'single'
      ? ` Imported from the live scope ${first.scope.scope_string} of client ${client.id}`
      : ` Imported from the ${groups.length} live scopes of client ${client.id} (${suffixes.join(', ')})`,
    ` at ${settings.auth_url} on ${date}, by: ${request.command}`,
    ` Check it, commit it, and let plan and apply hold the ${form === 'single' ? 'scope' : 'scopes'} to it from now on.`,
  ];
  const text = specText(form, drawn, header, hidden);
  const read = readBack(
    text,
    groups,
    visible,
    (suffix) => found.scopes.find((s) => s.scope_string === service.scopeStringFor(suffix))?.id,
  );
  warnVariants(groups, read, log);

  if (target !== undefined && request.destination !== undefined) {
    await writeWhole(target, text, request.destination.force, request.destination.file);
    log.info(`Wrote ${request.destination.file}`);
  }
  return { form, scopes: read, text, file: request.destination?.file, hidden, outputs: importOutputs(found) };
}

/** What the client holds to import: its scopes, each described, and the suffixes asked for, in the order the file keeps. */
interface ToImport {
  client: { id: string };
  /** Every scope of the client, in its order. */
  scopes: Scope[];
  form: SpecFile['form'];
  groups: Group[];
  /** A sibling, in a list: the client's own scope of a listed suffix, by id in lower case. */
  siblingOf: ReadonlyMap<string, string>;
}

async function readScopesToImport(
  service: AuthService,
  { scopeSuffix, importNaming }: Pick<ImportRequest, 'scopeSuffix' | 'importNaming'>,
): Promise<ToImport> {
  const client = await service.getClient();
  if (client.scopeIds.length === 0) {
    throw new ActionError(`Client ${client.id} has no scope: nothing to import. ${importNaming.createInstead}`);
  }
  const scopes = await describeScopes(service, client, client.scopes);
  const asked = suffixesToImport(scopes, scopeSuffix, importNaming);
  const form = asked.length === 1 ? 'single' : 'list';
  // A sibling, in a list: a dependency on the client's own scope string of a listed suffix, which the list names by that suffix.
  const siblingOf = new Map(
    form === 'single'
      ? []
      : asked.flatMap((suffix) =>
          scopes
            .filter((s) => s.scope_string === service.scopeStringFor(suffix))
            .map((s): [string, string] => [s.id.toLowerCase(), suffix]),
        ),
  );
  const found = asked.map((suffix) => {
    const group = scopes.filter((s) => suffixOf(s.scope_string) === suffix);
    // The drift check's choice: the scope with the client's own string, else the first (FQDN variants follow it).
    return {
      suffix,
      group,
      scope: group.find((s) => s.scope_string === service.scopeStringFor(suffix)) ?? (group[0] as Scope),
    };
  });
  const groups = keptOrder(found, siblingOf).map((g, index): Group => ({
    ...g,
    at: form === 'list' ? `scopes[${index}].` : '',
  }));
  return { client, scopes, form, groups, siblingOf };
}

/** Each scope's spec, its dependencies named as the client sees them: the others' looked up once for all. */
async function drawSpecs(
  service: AuthService,
  { scopes, groups, siblingOf }: ToImport,
  scrub: Scrub,
  log: Log,
): Promise<{ drawn: Array<ScopeDefinition<SpecDependent>>; hidden: string[]; visible: Map<string, Scope> }> {
  // The client's own scopes are known already; only the others' are looked up, once for all.
  const own = new Map(scopes.map((s) => [s.id.toLowerCase(), s]));
  const depIds = [
    ...new Set(groups.flatMap(({ scope }) => (scope.dependent_scopes ?? []).map((d) => d.scope.toLowerCase()))),
  ];
  const looked = await lookupIds(
    service,
    depIds.filter((id) => !own.has(id)),
  );
  const visible = new Map([...own, ...looked]);
  const bySuffix = siblingsBefore(groups, siblingOf);

  const hidden = [...new Set(depIds.filter((id) => !visible.has(id)))];
  const drawn = groups.map((g, index) => {
    for (const d of g.scope.dependent_scopes ?? []) {
      if (visible.has(d.scope.toLowerCase())) continue;
      log.warning(
        `${g.at}dependent_scopes: the scope ${d.scope.toLowerCase()} is not shown to this client (another client's scope that is not advertised, or one that no longer exists): ` +
          'it is written by its UUID, with a comment. Check it with its owner.',
      );
    }
    const spec = specOf(g.scope, g.suffix, visible, bySuffix[index] ?? new Map());
    // A value that holds a form of the secret or the token is refused, never written.
    refuseUnwritable(spec, g.at, scrub);
    return spec;
  });
  return { drawn, hidden, visible };
}

/** The drift check holds each spec to its scope alone: a variant set apart by hand stays apart, with a warning. */
function warnVariants(groups: readonly Group[], read: ReadonlyArray<ScopeDefinition<SpecDependent>>, log: Log): void {
  groups.forEach(({ group, scope }, index) => {
    const definition = {
      ...(read[index] as ScopeDefinition<SpecDependent>),
      dependent_scopes: scope.dependent_scopes ?? [],
    };
    // The scope itself differs in nothing from its own spec: only its variants can be warned about.
    for (const variant of group) {
      const fields = compareScope(definition, variant)
        .filter((c) => !c.same)
        .map((c) => c.field);
      if (fields.length > 0) {
        log.warning(
          `The FQDN variant ${variant.scope_string} differs from ${scope.scope_string} in ${fields.join(', ')}: the spec follows the latter, ` +
            'which plan and apply compare with it; the variant is left as it is. Align it on the service if it should match.',
        );
      }
    }
  });
}

/** The scopes imported as the action's outputs name them: `scope_string` and `scope_id` the first's; nothing written to the service. */
function importOutputs({ scopes, groups }: ToImport): Outputs {
  const first = groups[0] as Group;
  const suffixes = groups.map((g) => g.suffix);
  const each = ({ scope }: Group) => ({
    scope_string: scope.scope_string,
    scope_id: scope.id,
    created: false,
    updated: false,
    changes: false,
  });
  return {
    scope_string: first.scope.scope_string,
    scope_id: first.scope.id,
    // Those of the suffixes imported, in the client's order: a list's are the client's every one; --scope-suffix leaves the others out.
    scope_strings: scopes.filter((s) => suffixes.includes(suffixOf(s.scope_string))).map((s) => s.scope_string),
    created: false,
    updated: false,
    changes: false,
    scopes: Object.fromEntries(groups.map((g) => [g.suffix, each(g)])),
  };
}

/**
 * The order a person keeps in a list: by suffix, each scope right after the siblings it depends
 * on. In a cycle, the dependency that would close it is skipped here, and the spec names it by
 * its string (siblingsBefore).
 */
function keptOrder<G extends { suffix: string; scope: Scope }>(
  groups: readonly G[],
  siblingOf: ReadonlyMap<string, string>,
): G[] {
  const bySuffix = new Map([...groups].sort((a, b) => (a.suffix < b.suffix ? -1 : 1)).map((g) => [g.suffix, g]));
  const kept = new Map<string, G>();
  const visiting = new Set<string>();
  const visit = (g: G): void => {
    if (kept.has(g.suffix) || visiting.has(g.suffix)) return;
    visiting.add(g.suffix);
    const siblings = (g.scope.dependent_scopes ?? []).map((d) =>
      bySuffix.get(siblingOf.get(d.scope.toLowerCase()) ?? ''),
    );
    for (const sibling of siblings.filter((s) => s !== undefined).sort((a, b) => (a.suffix < b.suffix ? -1 : 1)))
      visit(sibling);
    kept.set(g.suffix, g);
  };
  for (const g of bySuffix.values()) visit(g);
  return [...kept.values()];
}

/** The suffixes to import: the one asked for, else every one of the client's, in its order. FQDN variants share their scope's suffix. */
function suffixesToImport(scopes: readonly Scope[], asked: string | undefined, naming: ImportNaming): string[] {
  const suffixes = [...new Set(scopes.map((s) => suffixOf(s.scope_string)))];
  if (asked === undefined || suffixes.includes(asked)) return asked === undefined ? suffixes : [asked];
  const listed = suffixes.map((s) => `"${s}"`).join(', ');
  throw new ActionError(
    `The client has no scope with the suffix "${asked}"; its scopes' suffixes are ${listed}. Pick one of them with ${naming.pickSuffix(suffixes[0] as string)}.`,
  );
}

/**
 * Which sibling dependencies each group's scope names by suffix: the sibling's suffix by the
 * dependency's id, for each sibling the file lists before it (keptOrder). A sibling listed after
 * it closes a cycle, which the spec refuses (spec.ts): that one keeps its scope string, which
 * plan resolves to the same id.
 */
function siblingsBefore(groups: readonly Group[], siblingOf: ReadonlyMap<string, string>): Array<Map<string, string>> {
  const position = new Map(groups.map((g, index) => [g.suffix, index]));
  return groups.map(({ scope }, index) => {
    const named = new Map<string, string>();
    for (const d of scope.dependent_scopes ?? []) {
      const target = siblingOf.get(d.scope.toLowerCase());
      if (target !== undefined && (position.get(target) ?? index) < index) named.set(d.scope.toLowerCase(), target);
    }
    return named;
  });
}

/** The spec's fields from the scope: a sibling by its suffix, any other dependency by its string when the client sees it, else by its id. */
function specOf(
  scope: Scope,
  suffix: string,
  visible: ReadonlyMap<string, Scope>,
  siblings: ReadonlyMap<string, string>,
): ScopeDefinition<SpecDependent> {
  const missing = (['name', 'description', 'advertised'] as const).filter((field) => scope[field] === undefined);
  if (missing.length > 0) {
    throw new ValidationError(
      missing.map((field) => ({
        field,
        message: `${field}: the service's answer does not give it, and the spec requires it: nothing was written. Write the spec by hand.`,
      })),
    );
  }
  return {
    name: scope.name as string,
    description: scope.description as string,
    scope_suffix: suffix,
    advertised: scope.advertised as boolean,
    // Left out when the service does not say: the drift check then leaves it out too.
    ...(scope.allows_refresh_token === undefined ? {} : { allow_refresh_tokens: scope.allows_refresh_token }),
    ...(scope.required_domains === undefined ? {} : { required_domains: [...scope.required_domains] }),
    dependent_scopes: (scope.dependent_scopes ?? []).map(
      ({ scope: id, optional, requires_refresh_token }): SpecDependent => {
        const named = siblings.get(id.toLowerCase());
        if (named !== undefined) return { scope_suffix: named, optional, requires_refresh_token };
        return {
          scope: visible.get(id.toLowerCase())?.scope_string ?? id.toLowerCase(),
          optional,
          requires_refresh_token,
        };
      },
    ),
  } as ScopeDefinition<SpecDependent>;
}

/** Every text of the spec, named as the spec names its field. */
function textsOf(spec: ScopeDefinition<SpecDependent>): Array<[string, string]> {
  const texts: Array<[string, string]> = [
    ['name', spec.name],
    ['description', spec.description],
    ['scope_suffix', spec.scope_suffix],
    ...spec.dependent_scopes.map((d, i): [string, string] =>
      'scope' in d
        ? [`dependent_scopes[${i}].scope`, d.scope]
        : [`dependent_scopes[${i}].scope_suffix`, d.scope_suffix],
    ),
  ];
  spec.required_domains?.forEach((d, i) => texts.push([`required_domains[${i}]`, d]));
  return texts;
}

/** Text a reviewed file must not hold: a control character, or a form of the secret or the token. `at` leads each field's name. */
function refuseUnwritable(spec: ScopeDefinition<SpecDependent>, at: string, scrub: Scrub): void {
  const problems = textsOf(spec).flatMap(([name, value]): Problem[] => {
    const field = `${at}${name}`;
    if (hasUnsafe(value)) {
      return [
        {
          field,
          message:
            `${field}: the service's value holds a control character (a line break, a tab, an escape, a direction override...), which import does not write ` +
            'into a file people review: nothing was written. Change the value on the service first, or write the spec by hand.',
        },
      ];
    }
    if (scrub(value) !== value)
      return [
        {
          field,
          message: `${field}: the service's value holds a form of the client secret or of the token: nothing was written. Change the value on the service first.`,
        },
      ];
    return [];
  });
  if (problems.length > 0) throw new ValidationError(problems);
}

/** The file: the header's comment lines, then every field in the README's order (under `scopes:` in a list); a hidden dependency says why it is an id. */
function specText(
  form: SpecFile['form'],
  specs: ReadonlyArray<ScopeDefinition<SpecDependent>>,
  header: readonly string[],
  hidden: readonly string[],
): string {
  const doc = new Document(form === 'single' ? specs[0] : { scopes: specs });
  doc.commentBefore = header.join('\n');
  const listed = doc.get('scopes');
  // A blank line between listed scopes, where a reviewer's eye looks for the next one.
  for (const item of isSeq(listed) ? listed.items.slice(1) : []) {
    if (isMap(item)) item.spaceBefore = true;
  }
  specs.forEach((spec, i) => {
    const deps = doc.getIn([...(form === 'single' ? [] : ['scopes', i]), 'dependent_scopes']);
    if (!isSeq(deps)) return;
    spec.dependent_scopes.forEach((dep, index) => {
      const item = deps.items[index];
      if (isMap(item) && 'scope' in dep && hidden.includes(dep.scope)) {
        item.commentBefore =
          " Not shown to this client (another client's scope that is not advertised, or gone): kept by its UUID.";
      }
    });
  });
  // No folding: each value on one line, as a reviewer diffs it.
  return doc.toString({ lineWidth: 0 });
}

/**
 * The scopes as their own parser reads the text, which must be the client's scopes as the drift
 * check compares them, a sibling's suffix standing for `siblingId`; else nothing is written.
 */
function readBack(
  text: string,
  groups: readonly Group[],
  visible: ReadonlyMap<string, Scope>,
  siblingId: (suffix: string) => Uuid | undefined,
): Array<ScopeDefinition<SpecDependent>> {
  const nothing = 'nothing was written. Change the value on the service first, or write the spec by hand.';
  if (Buffer.byteLength(text) > MAX_SPEC_BYTES) {
    throw new ValidationError([
      {
        field: 'spec',
        message: `The spec would take ${Buffer.byteLength(text)} bytes, over the spec file's limit of ${MAX_SPEC_BYTES}: ${nothing}`,
      },
    ]);
  }
  let read: SpecFile;
  try {
    // As the file will hold it: UTF-8 (a lone surrogate would not survive).
    read = parseSpec(Buffer.from(text, 'utf8').toString('utf8'), 'spec');
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(
      error.problems.map((p) => ({
        field: p.field,
        message: `${p.message.replace(/^spec: /, '')} (the spec's rule, which the service's value breaks): ${nothing}`,
      })),
    );
  }
  const ids = new Map([...visible.values()].map((s) => [s.scope_string, s.id]));
  // As plan resolves them: a string by its lookup, an id as it is, a sibling by its suffix (one read back as none of them shows as a difference).
  const resolve = (d: SpecDependent): Uuid | undefined =>
    'scope' in d ? (ids.get(d.scope) ?? (isUuid(d.scope) ? d.scope : undefined)) : siblingId(d.scope_suffix);
  const differ = groups.flatMap(({ scope, at }, index) => {
    // The form and the number of scopes follow from the text's top keys: only the fields can differ.
    const spec = read.scopes[index] as ScopeDefinition<SpecDependent>;
    const dependent_scopes = spec.dependent_scopes.flatMap((d) => {
      const id = resolve(d);
      return id === undefined
        ? []
        : [{ scope: id, optional: d.optional, requires_refresh_token: d.requires_refresh_token }];
    });
    return compareScope({ ...spec, dependent_scopes }, scope)
      .filter((c) => !c.same)
      .map((c) => ({ field: `${at}${c.field}` }));
  });
  if (differ.length > 0) {
    throw new ValidationError(
      differ.map(({ field }) => ({
        field,
        message: `${field}: the spec would read the service's value back otherwise, and a plan would show the difference: ${nothing}`,
      })),
    );
  }
  return read.scopes;
}

/** Where the file goes: inside the workspace once links are followed, never over a file unless forced. */
async function checkTarget(
  { workspace, specBase, naming, importNaming }: ImportRequest,
  { file, force }: { file: string; force: boolean },
): Promise<string> {
  const fail = (message: string): never => {
    throw new ValidationError([{ field: 'spec', message }]);
  };
  const root = await realpath(workspace).catch(() => path.resolve(workspace));
  // The spec's own rule (spec-path.ts); a folder may be the workspace itself.
  const within = (full: string): boolean => full === root || insideWorkspace(path, root, full) !== undefined;
  const refuse = (): never =>
    fail(
      `${file} is outside ${naming.workspace} (after its links are followed): import writes only inside it. Give ${naming.ref('spec')} a path inside it, or ${naming.assign('spec', '-')} to print the spec.`,
    );
  const full = insideWorkspace(path, root, await fromBase(root, specBase, file));
  if (full === undefined) return refuse();
  // The nearest folder that exists, its links followed, must lie inside too: the missing ones are made there.
  let folder = path.dirname(full);
  while (!(await exists(folder))) folder = path.dirname(folder);
  if (!within(await realpath(folder))) return refuse();
  const there = await lstat(full).catch(() => undefined);
  if (there === undefined) return full;
  if (there.isDirectory())
    return fail(`${file} is a folder: give ${naming.ref('spec')} the path of the spec file to write.`);
  if (there.isSymbolicLink() && !within(await realpath(full).catch(() => root))) return refuse();
  if (!force) {
    return fail(
      `${file} exists already, and import never overwrites a file unless told to: compare it with ${naming.assign('spec', '-')}, or give ${importNaming.overwrite} to replace it.`,
    );
  }
  return full;
}

const exists = (file: string): Promise<boolean> =>
  lstat(file).then(
    () => true,
    () => false,
  );

/** Whole or not at all: a temporary file in the same folder, then a rename (or, not forced, a link that fails on an existing file). */
async function writeWhole(full: string, text: string, force: boolean, file: string): Promise<void> {
  const temporary = path.join(path.dirname(full), `.${path.basename(full)}.${randomBytes(6).toString('hex')}.tmp`);
  let placing = false;
  try {
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(temporary, text, { flag: 'wx' });
    placing = true;
    if (force) await rename(temporary, full);
    else await link(temporary, full);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ActionError(
      placing && code === 'EEXIST'
        ? `${file} appeared while the scope was read: nothing was written. Run import again.`
        : `${file} could not be written (${code}): nothing was written.`,
    );
  } finally {
    // After a rename it is gone already.
    await unlink(temporary).catch(() => {});
  }
}
