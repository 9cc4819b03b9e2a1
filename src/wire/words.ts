/**
 * The settings the wire's messages mention, and how the user names them: the wire says which
 * setting to check, the door says how its users write it ("auth_url" in a workflow,
 * "--auth-url" on a terminal). The engine's Naming is one of these.
 */
export type WireSetting = 'client_id' | 'client_secret' | 'auth_url' | 'auth' | 'provider_url' | 'timeout_seconds';

export interface WireWords {
  /** A setting as a message mentions it: "auth_url", "--auth-url". */
  ref(setting: WireSetting): string;
  /** A setting given a value, as its users write it: "auth: basic", "--auth basic". */
  assign(setting: WireSetting, value: string): string;
  /** What to do to try once more, as a sentence's start: "Run the step again", "Run the command again". */
  runAgain: string;
  /** Where the user finds the scope string to deploy: "the step's scope_string output". */
  scopeStringOutput: string;
}

/** Plain names, for the wire's own tests and for callers that have no door. */
export const PLAIN_WORDS: WireWords = {
  ref: (setting) => setting,
  assign: (setting, value) => `${setting}: ${value}`,
  runAgain: 'Run again',
  scopeStringOutput: 'the scope_string output',
};

/** A sentence's start as a clause: "run the step again". */
export const lowerFirst = (text: string): string => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
