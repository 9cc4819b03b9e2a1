// The rotation action's entry (rotate/action.yml): @actions/core and @actions/github as the runner gives them.
import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import { rotateAction } from './action.ts';

process.exitCode = await rotateAction({
  input: (name) => core.getInput(name),
  mask: (form) => core.setSecret(form),
  setOutput: (name, value) => core.setOutput(name, value),
  write: (message) => {
    if (message.level === 'info') core.info(message.text);
    else if (message.level === 'debug') core.debug(message.text);
    else if (message.level === 'warning') core.warning(message.text);
    else core.error(message.text);
  },
  repository: process.env.GITHUB_REPOSITORY ?? '',
  octokit: (token) => getOctokit(token, { baseUrl: process.env.GITHUB_API_URL ?? 'https://api.github.com' }),
});
