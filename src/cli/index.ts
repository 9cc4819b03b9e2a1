#!/usr/bin/env node
// The command line's entry: the process as main() sees it, and its exit code.
import { writeFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { main } from './main.ts';

process.exitCode = await main({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
  readStdin: () => text(process.stdin),
  writeFile: (file, contents) => writeFile(file, contents, { mode: 0o600 }),
});
