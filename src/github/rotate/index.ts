// The rotation action's entry (rotate/action.yml), loaded as the main action loads: what the
// runner reads written by the door itself (../workflow-commands.ts, as @actions/core writes it,
// which is in no file of the bundle), the rotation loaded after this small file, and
// @actions/github (with its HTTP client and undici's index) only once a token was given for the
// secrets: its load overlaps the rotation's first requests to the service.
import { EOL } from 'node:os';
import type { Octokit } from '../octokit.ts';
import { readInput } from '../inputs.ts';
import { annotation, workflowCommand, writeOutput } from '../workflow-commands.ts';
import type { RotationRunner } from './action.ts';

/** An octokit for the token whose library loads when it is made, and answers its first request once loaded. */
function octokitOnDemand(token: string, baseUrl: string): Octokit {
  const loaded = import('@actions/github').then(({ getOctokit }) => getOctokit(token, { baseUrl }));
  // The destinations send every call through `request` (github-secrets.ts).
  const request = async (...args: Parameters<Octokit['request']>) => (await loaded).request(...args);
  return { request } as unknown as Octokit;
}

/** What the rotation takes from the runner: its inputs, its workflow commands and outputs, the repository, GitHub's API. */
export function fromRotationRunner(env: NodeJS.ProcessEnv = process.env): RotationRunner {
  const stdout = (text: string): void => void process.stdout.write(text);
  const line = (text: string): void => stdout(`${text}${EOL}`);
  return {
    input: (name) => readInput(env, name),
    mask: (form) => line(workflowCommand('add-mask', {}, form)),
    setOutput: (name, value) => writeOutput(env, name, value, stdout),
    write: (message) => {
      if (message.level === 'info') line(message.text);
      else if (message.level === 'debug') line(workflowCommand('debug', {}, message.text));
      else line(annotation(message.level, message.text));
    },
    repository: env.GITHUB_REPOSITORY ?? '',
    octokit: (token) => octokitOnDemand(token, env.GITHUB_API_URL ?? 'https://api.github.com'),
  };
}

const { rotateAction } = await import('./action.ts');
process.exitCode = await rotateAction(fromRotationRunner());
