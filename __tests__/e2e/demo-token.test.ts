/** `npm run demo -- --auth token`: the tests of e2e/demo.test.ts (support/demo.ts) with the token. */
import { describeDemo } from '../support/demo.ts';

describeDemo('token');
