/**
 * How a registration is told, decided where its spec file is read (spec.ts), once, for the
 * reconciliation's rule and for every rendering and door: whether its scopes are told apart,
 * each under its suffix (a spec that lists them: each matched to the client's scope by its
 * suffix and created when the client lacks it; a section, a line, a message and dotenv lines
 * each; the client's other scopes named), or the registration is told as its one scope (a spec
 * of one scope, which the client's first scope stands for and which is created only on a client
 * with none, as the registration procedure asks); and the words for a registration that matches
 * its spec. Past the spec file, nothing reads its form: they read this.
 */
export interface Telling {
  apart: boolean;
  /** What matches the spec when nothing changes, after "No changes:". */
  matching: string;
}

/** A spec that lists its scopes (`scopes:`). */
export const TOLD_APART: Telling = { apart: true, matching: 'every listed scope matches the spec' };
/** The registration as its one scope: a spec of one scope's, and the deployed provider's check (verify), which holds no spec. */
export const TOLD_AS_ONE: Telling = { apart: false, matching: 'the scope matches the spec' };
