/**
 * The entry `npm run local-action` gives @github/local-action: run() with the runner's
 * collaborators, but inputs read and outputs set through @actions/core, which local-action
 * replaces with its own. The runner sets every INPUT_ variable with action.yml's defaults
 * applied, so the action reads them as they are (src/github/runner.ts); local-action applies
 * the defaults in its getInput instead, and sets only the variables of .env. The action writes
 * its outputs to the runner's file itself (src/github/workflow-commands.ts); local-action has no
 * such file, and shows the outputs set through its own setOutput.
 */
import * as core from '@actions/core';
import { fromGitHubRunner } from '../src/github/runner.ts';
import { run as runAction } from '../src/github/action.ts';

export async function run(): Promise<void> {
  const runner = fromGitHubRunner();
  await runAction({
    ...runner,
    core: {
      ...runner.core,
      getInput: (name) => core.getInput(name),
      setOutput: (name, value) => core.setOutput(name, value),
    },
  });
}
