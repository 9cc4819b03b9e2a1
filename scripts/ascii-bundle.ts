/**
 * The last step of `npm run bundle` but the stamp: every character of dist/'s JavaScript outside
 * ASCII written as its `\uXXXX` escape. V8 holds a source with one such character (a dash in a
 * comment, an ellipsis in a message) as two bytes a character, and reads and scans it slower:
 * the entry chunk's load costs less as ASCII (CONTRIBUTING.md, "What the start-up devices buy").
 * The escape means the same character everywhere ncc leaves one: a string, a template, a regular
 * expression, a comment, an identifier.
 *
 *   node scripts/ascii-bundle.ts
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
  const file = path.join(entry.parentPath, entry.name);
  const text = readFileSync(file, 'utf8');
  // After a backslash the escape would be read as text (`\\u2014`): never seen in ncc's output, refused if it comes.
  if (/\\[^\0-\x7f]/.test(text))
    throw new Error(`${file}: a character outside ASCII after a backslash; write it as its escape in src/`);
  // Each UTF-16 unit above 0x7f: an astral character as its two surrogates.
  const ascii = text.replace(/[^\0-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(file, ascii);
}
