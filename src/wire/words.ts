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
  /** Where copies of the client's secret are kept, for its replacement: "each GitHub environment that holds it". */
  secretCopies: string;
}

/** Plain names, for the wire's own tests and for callers that have no door. */
export const PLAIN_WORDS: WireWords = {
  ref: (setting) => setting,
  assign: (setting, value) => `${setting}: ${value}`,
  runAgain: 'Run again',
  scopeStringOutput: 'the scope_string output',
  secretCopies: 'each place that holds a copy of it',
};

/**
 * A rejected secret's replacement, in the only order that leaves nothing broken longer than it
 * is: the new secret exists before any copy is changed, and the provider, which authenticates
 * with the same client, is redeployed once its copy is. A clause, after "For a secret deleted or lost: ".
 */
export const replaceSecret = ({ secretCopies }: Pick<WireWords, 'secretCopies'>): string =>
  `make a new secret in the developer portal, put it in ${secretCopies}, then redeploy the provider with it, in that order`;

/** A sentence's start as a clause: "run the step again". */
export const lowerFirst = (text: string): string => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
