/**
 * The rotation action (rotate/action.yml): the engine's rotation (engine/rotation/) with the
 * repository's or its environments' GitHub secrets as destinations, in the order given. Every
 * form of the old and the new secret, and of a token, is masked (`::add-mask::`) before
 * anything can print it; the outputs are the new credential's id and the ids retired.
 */
import {
  keepSecrets,
  type Message,
  rotateSecret,
  type RotationNaming,
  type RotationSetting,
  SETTING_DEFAULTS,
  type SettingName,
} from '../../engine/index.ts';
import { inert } from '../../engine/text.ts';
import type { Dispatcher } from 'undici';
import type { Clock } from '../../wire/retry.ts';
import { INPUT_NAMING } from '../inputs.ts';
import type { Octokit } from '../octokit.ts';
import { githubSecret } from './github-secrets.ts';

/** What the rotation takes from the runner: given by index.ts, or by a test. */
export interface RotationRunner {
  input(name: string): string;
  mask(form: string): void;
  setOutput(name: string, value: string): void;
  write(message: Message): void;
  /** `owner/repo`, as GITHUB_REPOSITORY gives it. */
  repository: string;
  /** An octokit for the github_token input. */
  octokit(token: string): Octokit;
  clock?: Clock | undefined;
  /** For the authentication service's requests; the default is the proxy-aware agent. */
  dispatcher?: Dispatcher | undefined;
}

export const ROTATION_INPUTS: RotationNaming = {
  label: (s) => `Input ${s}`,
  assign: (s, v) => `${s}: ${v}`,
};

export async function rotateAction(runner: RotationRunner): Promise<0 | 1> {
  // The engine's settings by their names, as the inputs are named; an empty input takes its default.
  const read = (name: SettingName | RotationSetting): string =>
    runner.input(name) || (SETTING_DEFAULTS[name as SettingName] ?? '');
  const secrets = keepSecrets(read('client_id'), read('client_secret'), runner.mask);
  const write = (message: Message): void => runner.write({ ...message, text: inert(secrets.scrub(message.text)) });
  const token = runner.input('github_token');
  const name = runner.input('secret_name') || 'PROVIDER_CLIENT_SECRET';
  const [, owner = '', repo = ''] = /^([^/]+)\/([^/]+)$/.exec(runner.repository) ?? [];
  if (token === '' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || repo === '') {
    if (token === '')
      write({
        level: 'error',
        text: 'Input github_token is empty: give a GitHub App token (actions/create-github-app-token) or a fine-grained personal access token that may write the secret (docs/rotation.md)',
      });
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
      write({
        level: 'error',
        text: 'Input secret_name must be a secret name: letters, digits and _, not starting with a digit',
      });
    if (repo === '') write({ level: 'error', text: 'GITHUB_REPOSITORY is not set: run the action in a workflow' });
    return 1;
  }
  runner.mask(token);
  const octokit = runner.octokit(token);
  const environments = runner
    .input('environments')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const places = environments.length === 0 ? [undefined] : environments;
  const conclusion = await rotateSecret({
    read,
    naming: INPUT_NAMING,
    rotationNaming: ROTATION_INPUTS,
    secrets,
    write,
    clock: runner.clock,
    dispatcher: runner.dispatcher,
    destinations: places.map((environment) => githubSecret(octokit, { owner, repo, name, environment })),
  });
  conclusion.messages.forEach(write);
  if (conclusion.outputs !== undefined) {
    runner.setOutput('credential_id', conclusion.outputs.credential_id);
    runner.setOutput('retired', JSON.stringify(conclusion.outputs.retired));
  }
  return conclusion.exitCode;
}
