#!/usr/bin/env node
// The command line's entry: the process as main() sees it, and its exit code. The Node version
// is checked first, and main() loaded only then: its dependencies need Node 22.19 or later.
import fs from 'node:fs';
import { text } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { openAhead } from '../wire/transport.ts';
import { givenAuthUrl } from './address.ts';
import { tooOldNode } from './node-version.ts';

const tooOld = tooOldNode(process.versions.node);
if (tooOld === undefined) {
  // The service's first connections open while the rest of the command loads (transport.ts).
  await openAhead(givenAuthUrl(process.argv.slice(2), process.env));
  const { main } = await import('./main.ts');
  process.exitCode = await main({
    argv: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    stdout: process.stdout,
    stderr: process.stderr,
    readStdin: () => text(process.stdin),
    writeFile: (file, contents) => promisify(fs.writeFile)(file, contents, { mode: 0o600 }),
  });
  // Ended once what was written has gone, without the teardown of a natural exit (CONTRIBUTING.md,
  // "What the start-up devices buy"): main() has awaited all it started.
  await Promise.all(
    [process.stdout, process.stderr].map((stream) =>
      stream.writableLength === 0
        ? undefined
        : new Promise((resolve) => stream.once('drain', resolve).once('error', resolve).once('close', resolve)),
    ),
  );
  process.exit();
} else {
  process.stderr.write(`${tooOld}\n`);
  process.exitCode = 1;
}
