/**
 * `npm run demo` (dev/demo.ts) as a newcomer runs and reads it: through npm, every line of
 * stdout and stderr counted, npm's own among them, at most 160; no bundling when dist/ is the
 * bundle of the checkout (`npm test` has just built it); a story in numbered steps with the list
 * form and one failed run; no workflow command and no raw markdown, the summaries shown as
 * text; each command line it runs shown with its flags, the secret only as
 * $PROVIDER_CLIENT_SECRET; the note about masking true for the auth in use. The job summary,
 * the pull request's comment and the watch's issue it wrote, named at its end, are the action's
 * markdown. The tests are in support/demo.ts, run here with --auth basic and in
 * e2e/demo-token.test.ts with --auth token.
 */
import { describeDemo } from '../support/demo.ts';

describeDemo('basic');
