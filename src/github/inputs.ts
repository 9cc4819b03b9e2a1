/** The action's inputs: the engine's settings under action.yml's names, in a workflow's words. */
import type { Naming } from '../engine/index.ts';

/** An input as the runner gives it (`INPUT_<NAME>`), trimmed, as @actions/core's getInput reads it. */
export const readInput = (env: NodeJS.ProcessEnv, name: string): string =>
  (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();

export const INPUT_NAMING: Naming = {
  label: (setting) => `Input ${setting}`,
  ref: (setting) => setting,
  assign: (setting, value) => `${setting}: ${value}`,
  whenEmpty: (setting) =>
    ({
      client_id:
        'set it to the Client ID shown in the developer portal, e.g. `client_id: ${{ vars.PROVIDER_CLIENT_ID }}`',
      client_secret:
        'secrets are not passed to workflows triggered from forks or by Dependabot. Otherwise check that the repository secret ' +
        'exists and is passed as `client_secret: ${{ secrets.PROVIDER_CLIENT_SECRET }}`',
      auth_url: 'set it to the base address of the authentication service, e.g. https://auth.globus.org',
    })[setting],
  workspace: 'the workspace',
  specNotFound:
    'Check out the repository first (actions/checkout) and commit the spec there, or point the `spec` input at it.',
  createScope: 'run the step without dry_run',
  applyRun: 'a run without dry_run',
  debugOutput: 'the debug log of this run',
  runAgain: 'Run the step again',
  scopeStringOutput: "the step's scope_string output",
  // The examples keep a copy per GitHub environment: the release's, the dry run's, the watch's.
  secretCopies:
    "each GitHub environment that holds a copy of it as a secret (the release's, and the dry run's and the watch's if they have their own)",
  scopeOutputOf: (suffix) => `the scope_string of ${JSON.stringify(suffix)} in the step's scopes output`,
  lineOf: (setting, line) => `Line ${line} of input ${setting}`,
};
