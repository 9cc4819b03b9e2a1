/**
 * What a rotation of the client secret is made of, whichever door starts it: the port a door
 * hands it (its settings, words and destinations), what a destination is, the report and the
 * conclusion; and what its steps share (rotate.ts runs them; hand-off.ts stores the new secret
 * and confirms it; retire.ts judges the credentials and retires what is known to be unused).
 */
import type { Budget } from '../../wire/budget.ts';
import { ActionError } from '../../wire/errors.ts';
import type { Log } from '../../wire/log.ts';
import type { Uuid } from '../../wire/uuid.ts';
import type { Message } from '../conclude/conclude.ts';
import type { RunPort } from '../port.ts';
import type { Keeping, Standing } from '../reconcile/lineage.ts';
import type { AuthService, Credential } from '../reconcile/service.ts';
import type { SettingName, Settings } from '../settings/settings.ts';

/** The settings of a rotation beyond the service's (client_id, client_secret, auth_url, auth, timeout_seconds). */
export type RotationSetting = 'retire' | 'retire_id' | 'dry_run';

/** How the door words the rotation's own settings, as Naming does the others. */
export interface RotationNaming {
  label(setting: RotationSetting): string;
  assign(setting: RotationSetting, value: string): string;
}

/** What a destination's requests run under: the run's budget (its retries, its deadline, its signal) and its log. */
export interface DestinationRun {
  budget: Budget;
  log: Log;
}

/** A place the new secret is stored: a GitHub secret, a file, standard output. */
export interface Destination {
  /** As messages name it: "the repository secret PROVIDER_CLIENT_SECRET". */
  name: string;
  /** Before any credential is made: throws an Error that says why it cannot be written, as far as can be told. */
  check(run: DestinationRun): Promise<void>;
  /**
   * Stores the secret, and resolves only once the place has confirmed it holds it. Throws an
   * Error that says why not: a StoreUnknown when the place may hold it all the same.
   */
  store(secret: string, run: DestinationRun): Promise<void>;
  /** Whether a second store replaces the first (a GitHub secret), so that the starting secret can be stored back. */
  rewritable: boolean;
}

/** A store whose outcome cannot be known (no answer, or a gateway's 502, 503 or 504): the place may hold the new secret. */
export class StoreUnknown extends ActionError {
  override readonly name = 'StoreUnknown';
}

export interface RotationPort extends Pick<
  RunPort,
  'naming' | 'secrets' | 'write' | 'clock' | 'dispatcher' | 'signal' | 'specBase'
> {
  /** Where a dry run reads the spec named by `spec` (its credentials' policy), as a run does; none: the current directory. */
  workspace?: string | undefined;
  /** A setting by the engine's name; of the spec's settings, only `spec` (a dry run's policy; '' for none). */
  read(name: SettingName | RotationSetting): string;
  rotationNaming: RotationNaming;
  /** In the order they are written. */
  destinations: readonly Destination[];
  /** The token unique to this run in the new credential's name; random by default. */
  runToken?: string | undefined;
}

/** A credential as the report shows it: never a secret. */
export interface CredentialView {
  id: string;
  name: string;
  created: string;
}

/** A credential as the run judged it: what it takes it for, and whether it goes (or would go, in a dry run). */
export interface JudgedView extends CredentialView {
  madeByThisTool: boolean;
  standing: Standing;
  /** Made in the last hour (or at a time that cannot be read): maybe another rotation's in flight. */
  recent: boolean;
  /** Why it stays; none: it is retired. */
  kept: Keeping;
}

export interface RotationReport {
  clientId?: string | undefined;
  dryRun: boolean;
  /** The credential this run made (and kept). */
  created?: CredentialView | undefined;
  /** The destinations that hold the new secret, in order. */
  stored: string[];
  /** The destinations whose store had no known outcome: they may hold the new secret. */
  mayHold: string[];
  /** The destinations that still hold the current secret after a failed store. */
  unchanged: string[];
  /** The destinations given the current secret back after the new credential was found gone. */
  restored: string[];
  /**
   * The new secret stopped working after the stores (its credential deleted, by another run or a
   * person): the destinations that hold it and were not restored hold a secret that does not work.
   */
  gone: boolean;
  retired: CredentialView[];
  /** Every credential the run judged (before retiring), oldest first; empty until it did. */
  credentials: JudgedView[];
  /** Every credential left, oldest first, and whether this tool made it. */
  left: Array<CredentialView & { madeByThisTool: boolean }>;
}

export interface RotationConclusion {
  /** The outputs: set once a credential was made and kept past its first store. */
  outputs?: { credential_id: string; retired: string[] } | undefined;
  /** What the door shows at the end, in order. */
  messages: Message[];
  report: RotationReport;
  exitCode: 0 | 1;
}

/** A credential just made, with its secret. */
export type Made = { credential: Credential; secret: string };

export const viewOf = ({ id, name, created }: Credential): CredentialView => ({ id, name, created });

export const describe = (c: CredentialView): string => `${JSON.stringify(c.name)} (id ${c.id}, created ${c.created})`;

export const plural = (places: readonly string[], one: string, many: string): string =>
  `${places.join(', ')} ${places.length === 1 ? one : many}`;

/** A failure that ends the rotation with what the report knows so far. */
export class RotationFailure extends ActionError {
  override readonly name = 'RotationFailure';
  readonly messages: readonly string[];
  constructor(messages: readonly string[]) {
    super(messages.join('\n'));
    this.messages = messages;
  }
}

/** The outputs, once a credential was made and a destination holds or may hold its secret. */
export const outputsOf = ({ created, stored, mayHold, retired }: RotationReport): RotationConclusion['outputs'] =>
  created === undefined || stored.length + mayHold.length === 0
    ? undefined
    : { credential_id: created.id, retired: retired.map((c) => c.id) };

export interface RotationSettings {
  settings: Settings;
  retire: 'later' | 'now';
  retireIds: Uuid[];
  dryRun: boolean;
}

/** What every step of one rotation shares. */
export interface Rotation extends RotationSettings {
  port: RotationPort;
  report: RotationReport;
  budget: Budget;
  signal: AbortSignal;
  log: Log;
  /** The fingerprint of the secret this run started with (engine/reconcile/lineage.ts). */
  own: string;
  /** The service's client with the current secret: until the new one is proven. */
  current: AuthService;
  /** A client for `secret` on a budget of its own: a clean-up after a failure must not find the run's deadline spent. */
  cleanup(secret: string): AuthService;
}
