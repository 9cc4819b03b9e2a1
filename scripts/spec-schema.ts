/**
 * `npm run schema`: writes schema/provider-scope.schema.json from the spec's zod schema.
 * A test fails when the committed file is not what this writes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { specJsonSchema } from '../src/engine/spec.ts';

export const SCHEMA_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'schema', 'provider-scope.schema.json');

export const renderSchema = (): string => `${JSON.stringify(specJsonSchema(), null, 2)}\n`;

if (import.meta.main) {
  await mkdir(path.dirname(SCHEMA_FILE), { recursive: true });
  await writeFile(SCHEMA_FILE, renderSchema());
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
}
