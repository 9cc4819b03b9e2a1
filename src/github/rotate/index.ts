// The rotation action's entry (rotate/action.yml). Nothing of the GitHub toolkit loads here:
// runner.ts writes for the runner as @actions/core would, and @actions/github loads only when
// a destination is first checked.
import { rotateAction } from './action.ts';
import { fromGitHubRunner } from './runner.ts';

const { runner, exitCode } = fromGitHubRunner();
process.exitCode = exitCode(await rotateAction(runner));
