// The action's entry. The service's first connections open while the rest of the action loads
// (transport.ts, openAhead): the input is read as the runner gives it, and checked only later,
// with the others; a connection opened ahead sends nothing until then.
import { openAhead } from '../wire/transport.ts';

await openAhead(process.env.INPUT_AUTH_URL?.trim());
const { run } = await import('./action.ts');
await run();
// Ended once what was written has gone, without the teardown of a natural exit (CONTRIBUTING.md,
// "What the start-up devices buy"): run() has awaited all it started.
await Promise.all(
  [process.stdout, process.stderr].map((stream) =>
    stream.writableLength === 0
      ? undefined
      : new Promise((resolve) => stream.once('drain', resolve).once('error', resolve).once('close', resolve)),
  ),
);
process.exit();
