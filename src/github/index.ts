// The action's entry. The service's first connections open while the rest of the action loads
// (transport.ts, openAhead): the input is read as the runner gives it, and checked only later,
// with the others; a connection opened ahead sends nothing until then.
import { openAhead } from '../wire/transport.ts';

await openAhead(process.env.INPUT_AUTH_URL?.trim());
const { run } = await import('./action.ts');
await run();
