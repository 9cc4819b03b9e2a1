/**
 * The port a door builds once per run and hands to the engine: the settings as the user gave
 * them, the door's words for what messages mention, where messages go, and the one keeper of
 * the secret's and the token's forms. The engine and the wire name settings and write
 * messages through it; they never word anything the door's way themselves.
 */
import type { Dispatcher } from 'undici';
import type { Clock } from '../wire/retry.ts';
import type { Message } from './conclude/conclude.ts';
import type { Secrets } from './secrets.ts';
import type { Problem } from './settings/problems.ts';
import type { Naming, SettingName, Settings } from './settings/settings.ts';
import type { SpecFile } from './settings/spec.ts';

export interface RunPort {
  /** One setting, by the engine's name for it, as the user gave it. */
  read(name: SettingName): string;
  /** The door's words. */
  naming: Naming;
  /** The folder the spec must lie inside; where a relative `spec` path points unless `specBase` is given. */
  workspace: string;
  /** Where a relative `spec` path points, when not the workspace: the command line's current directory. */
  specBase?: string | undefined;
  /**
   * The secret's and the token's forms, and the one scrub: the engine hands it the token the
   * moment it arrives and quotes the service through its scrub; the door scrubs what it writes.
   */
  secrets: Secrets;
  /** Each message as soon as it is known, in order: before any write, a reviewer reads them. */
  write(message: Message): void;
  clock?: Clock | undefined;
  /** For every HTTP request; the default is the proxy-aware agent. */
  dispatcher?: Dispatcher | undefined;
  /**
   * The door's own checks of a valid spec, run with the engine's validation, before any request
   * (the command line's --dotenv: names and size); `scopeStringFor` gives the string a suffix implies.
   */
  check?: ((spec: SpecFile, scopeStringFor: (suffix: string) => string) => Problem[]) | undefined;
  /** Aborted from outside (a fatal error): the run stops as it does after its first failure. */
  signal?: AbortSignal | undefined;
  /**
   * A watch's run: after the registration, the client's credentials read once (one listing, with
   * the run's secret) and judged (engine/reconcile/lineage.ts, credentialFindings). A release, a
   * pull request and the command line never ask.
   */
  checkCredentials?: ((settings: Settings) => boolean) | undefined;
}
