/**
 * The rotation action (rotate/action.yml): the engine's rotation (engine/rotation/) with the
 * repository's or its environments' GitHub secrets as destinations, in the order given. Every
 * form of the old and the new secret, and of a token, is masked (`::add-mask::`) before
 * anything can print it. Whatever the run ends in, its outputs are set when the engine gives
 * them (the new credential's id and the ids retired, a failure past a store included), and
 * its job summary is written (../../render/rotation.ts), scrubbed by the run's one keeper.
 */
import {
  keepSecrets,
  type Message,
  rotateSecret,
  type RotationConclusion,
  type RotationNaming,
  type RotationReport,
  type RotationSetting,
  type Secrets,
  SETTING_DEFAULTS,
  type SettingName,
} from '../../engine/index.ts';
import { inert } from '../../engine/text.ts';
import { buildRotationSummary } from '../../render/rotation.ts';
import type { Dispatcher } from 'undici';
import type { Clock } from '../../wire/retry.ts';
import { INPUT_NAMING } from '../inputs.ts';
import type { Octokit } from '../octokit.ts';
import { githubSecret } from './github-secrets.ts';

/** What the rotation takes from the runner: given by index.ts (runner.ts), or by a test. */
export interface RotationRunner {
  input(name: string): string;
  mask(form: string): void;
  setOutput(name: string, value: string): void;
  write(message: Message): void;
  /** Appends markdown to the job summary (nothing, where the runner gives none). */
  summary(markdown: string): Promise<void>;
  /** `owner/repo`, as GITHUB_REPOSITORY gives it. */
  repository: string;
  /** An octokit for the github_token input: asked for only once a destination is checked, so that a run loads it late, a dry run never. */
  octokit(token: string): Promise<Octokit>;
  clock?: Clock | undefined;
  /** For the authentication service's requests; the default is the proxy-aware agent. */
  dispatcher?: Dispatcher | undefined;
}

export const ROTATION_INPUTS: RotationNaming = {
  label: (s) => `Input ${s}`,
  assign: (s, v) => `${s}: ${v}`,
};

const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** An empty report: what a run refused before the engine knows nothing of. */
const nothingDone = (): RotationReport => ({
  dryRun: false,
  stored: [],
  mayHold: [],
  unchanged: [],
  restored: [],
  gone: false,
  retired: [],
  credentials: [],
  left: [],
});

/** This door's own inputs, checked before anything is sent: every refusal at once. */
function refusals(runner: RotationRunner, name: string, dryRun: boolean): string[] {
  return [
    ...(runner.input('github_token') === '' && !dryRun
      ? [
          'Input github_token is empty: give a GitHub App token (actions/create-github-app-token) or a fine-grained personal access token that may write the secret (docs/rotation.md)',
        ]
      : []),
    ...(SECRET_NAME.test(name)
      ? []
      : ['Input secret_name must be a secret name: letters, digits and _, not starting with a digit']),
    ...(/^[^/]+\/[^/]+$/.test(runner.repository) ? [] : ['GITHUB_REPOSITORY is not set: run the action in a workflow']),
  ];
}

/** Every GitHub secret the run writes, in order: one octokit for all, loaded at the first check. */
function destinations(runner: RotationRunner, name: string, token: string) {
  // Checked by refusals(): owner/repo, GITHUB_REPOSITORY's form (not a path).
  const [, owner = '', repo = ''] = /^([^/]+)\/([^/]+)$/.exec(runner.repository) ?? [];
  let octokit: Promise<Octokit> | undefined;
  const client = (): Promise<Octokit> => (octokit ??= runner.octokit(token));
  const environments = runner
    .input('environments')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return (environments.length === 0 ? [undefined] : environments).map((environment) =>
    githubSecret(client, { owner, repo, name, environment }),
  );
}

export async function rotateAction(runner: RotationRunner): Promise<0 | 1> {
  // The engine's settings by their names, as the inputs are named; an empty input takes its default.
  // The rotation action has no spec: its dry run reads none (the spec's default path is a run's, not a rotation's).
  const read = (name: SettingName | RotationSetting): string =>
    name === 'spec' ? '' : runner.input(name) || (SETTING_DEFAULTS[name as SettingName] ?? '');
  const secrets = keepSecrets(read('client_id'), read('client_secret'), runner.mask);
  const token = runner.input('github_token');
  // Masked and scrubbed as a credential is, should GitHub's answers ever echo it.
  secrets.learn(token);
  // One line each (inert escapes every line break); an annotation is escaped as a workflow command (runner.ts).
  const write = (message: Message): void => runner.write({ ...message, text: inert(secrets.scrub(message.text)) });
  const name = runner.input('secret_name') || 'PROVIDER_CLIENT_SECRET';
  const dryRun = read('dry_run').trim().toLowerCase() === 'true';
  const refused = refusals(runner, name, dryRun);
  const conclusion: RotationConclusion =
    refused.length > 0
      ? { messages: refused.map((text) => ({ level: 'error', text })), report: nothingDone(), exitCode: 1 }
      : await rotateSecret({
          read,
          naming: INPUT_NAMING,
          rotationNaming: ROTATION_INPUTS,
          secrets,
          write,
          clock: runner.clock,
          dispatcher: runner.dispatcher,
          destinations: dryRun ? [] : destinations(runner, name, token),
        });
  conclusion.messages.forEach(write);
  if (conclusion.outputs !== undefined) {
    // Ids the service gave, each a UUID (wire/uuid.ts): nothing to scrub.
    runner.setOutput('credential_id', conclusion.outputs.credential_id);
    runner.setOutput('retired', JSON.stringify(conclusion.outputs.retired));
  }
  await summarise(runner, conclusion, secrets, write);
  return conclusion.exitCode;
}

/**
 * The job summary, every value scrubbed as it is built (before it is escaped, while a secret is
 * still whole). One that cannot be written is a warning, never the rotation's failure.
 */
async function summarise(
  runner: RotationRunner,
  conclusion: RotationConclusion,
  { scrub }: Secrets,
  write: (message: Message) => void,
): Promise<void> {
  const markdown = buildRotationSummary(conclusion, {
    scrub,
    assign: ROTATION_INPUTS.assign,
    runAgain: INPUT_NAMING.runAgain,
  });
  await runner.summary(markdown).catch((error: unknown) =>
    write({
      level: 'warning',
      text: `The job summary could not be written (${error instanceof Error ? error.message : String(error)}); the log above says what the run did.`,
    }),
  );
}
