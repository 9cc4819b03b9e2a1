/**
 * The two ways a registration holds its scopes (../settings/telling.ts), as rules over one path
 * (reconcile.ts). Told as its one scope, a registration is a list of one with its own rule:
 * nothing is created on a client that has any scope; the spec's scope is the one with its
 * string, else the client's first (a different suffix is drift); the client's other scopes are
 * not named. Told apart, each listed scope is matched to the client's by its suffix (FQDN
 * variants included), the ones the client lacks are created, and the others are named.
 */
import { ActionError } from '../../wire/errors.ts';
import type { Log } from '../../wire/log.ts';
import { scopeWithSuffixOf, suffixOf } from './drift.ts';
import type { Client, Scope, ScopeDefinition } from './service.ts';
import type { SpecDependent } from '../settings/spec.ts';
import type { Telling } from '../settings/telling.ts';

type Spec = ScopeDefinition<SpecDependent>;

export interface Rule {
  /** The client's scope that stands for the spec's scope whose string is `expected`: none to create. */
  match(scopes: readonly Scope[], expected: string): Scope | undefined;
  /** Where a scope's fields are in the file: a listed scope's start with its index, one told as the registration's are the file's. */
  place(index: number): number | undefined;
  /** The log of one scope's lines: a listed scope's start with its suffix. */
  about(log: Log, suffix: string): Log;
  /** The scopes a dependency by scope_suffix may wait for, by suffix: told as one, none: its dependencies are the client's. */
  siblings(specs: readonly Spec[]): Map<string, number>;
  /** The client's scopes with a suffix no listed scope has: named, never touched (told as one, none is named). */
  unlisted(specs: readonly Spec[], scopes: readonly Scope[]): Scope[];
  /** Tells what the inspection found, once the spec's dependencies resolved. */
  found(log: Log, client: Client, unlisted: readonly Scope[]): void;
  /** What a scope to create is, in the lines about it. */
  planned(spec: Spec, expected: string, client: Client): string;
  creating(spec: Spec, expected: string, client: Client): string;
  /** What the client lacks while the creation is not applied, after "no". */
  lacking(expected: string): string;
  /** The error a level's failures end the run with (the first scope's, as it is, told as one). */
  failure(failures: ReadonlyArray<{ suffix: string; error: unknown }>, written: readonly string[]): unknown;
}

/** The scope with the expected string, else the client's first; none on a client without scope. */
const AS_ONE: Rule = {
  match: (scopes, expected) => scopes.find((s) => s.scope_string === expected) ?? scopes[0],
  place: () => undefined,
  about: (log) => log,
  siblings: () => new Map(),
  unlisted: () => [],
  found: (log, client) => {
    if (client.scopeIds.length > 0)
      log.info(`Client ${client.id} already has ${client.scopeIds.length} scope(s): nothing to create`);
  },
  planned: (spec, expected, client) =>
    `Dry run: client ${client.id} has no scope; ${JSON.stringify(spec.name)} (${expected}) would be created`,
  creating: (spec, expected, client) =>
    `Client ${client.id} has no scope: creating ${JSON.stringify(spec.name)} (${expected})`,
  lacking: () => 'scope',
  failure: ([first]) => first?.error,
};

/** Each listed scope by its suffix: its own string, else an FQDN variant. */
const APART: Rule = {
  match: (scopes, expected) => scopeWithSuffixOf(scopes, expected),
  place: (index) => index,
  about: (log, suffix) => ({
    info: (text) => log.info(`${suffix}: ${text}`),
    // One line per request stays as the wire says it.
    debug: (text) => log.debug(text),
    warning: (text, field) => log.warning(`${suffix}: ${text}`, field),
  }),
  siblings: (specs) => new Map(specs.map((spec, i) => [spec.scope_suffix, i])),
  unlisted: (specs, scopes) => {
    const suffixes = new Set(specs.map((s) => s.scope_suffix));
    return scopes.filter((s) => !suffixes.has(suffixOf(s.scope_string)));
  },
  found: (log, _client, unlisted) => {
    if (unlisted.length > 0)
      log.info(
        `The client's other scope(s), which the spec does not list, are left as they are: ${unlisted.map((s) => s.scope_string).join(', ')}`,
      );
  },
  planned: (spec, expected) =>
    `${spec.scope_suffix}: Dry run: the client has no scope with this suffix; ${JSON.stringify(spec.name)} (${expected}) would be created`,
  creating: (spec, expected) =>
    `${spec.scope_suffix}: the client has no scope with this suffix: creating ${JSON.stringify(spec.name)} (${expected})`,
  lacking: (expected) => `scope ${expected}`,
  // Each failure said with its scope, and what the run wrote before it stopped: kept, and adopted by the next run.
  failure: (failures, written) => {
    const unexpected = failures.find(({ error }) => !(error instanceof ActionError));
    if (unexpected !== undefined) return unexpected.error;
    const said = failures.map(({ suffix, error }) => `${suffix}: ${(error as ActionError).message}`);
    if (written.length > 0)
      said.push(`Before it stopped, this run ${written.join(', ')}: kept as they are, the next run adopts them.`);
    return new ActionError(said.join(' '));
  },
};

export const ruleOf = ({ apart }: Telling): Rule => (apart ? APART : AS_ONE);
