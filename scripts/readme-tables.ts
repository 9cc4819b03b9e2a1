/**
 * `npm run docs`: regenerates the README's Inputs and Outputs tables from action.yml, the
 * single source of truth, between the marker comments `<!-- inputs:start -->` /
 * `<!-- inputs:end -->` and `<!-- outputs:start -->` / `<!-- outputs:end -->`.
 * `node scripts/readme-tables.ts --check` changes nothing and exits 1 when the README is stale.
 * __tests__/unit/action-yml.test.ts fails when the README differs from what this would write.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ActionInput {
  description?: unknown;
  required?: unknown;
  default?: unknown;
  deprecationMessage?: unknown;
}

export interface ActionOutput {
  description?: unknown;
}

/** The parts of action.yml the tables are made of. */
export interface ActionMetadata {
  inputs?: Record<string, ActionInput> | null;
  outputs?: Record<string, ActionOutput> | null;
}

export const MARKERS = {
  inputs: { start: '<!-- inputs:start -->', end: '<!-- inputs:end -->' },
  outputs: { start: '<!-- outputs:start -->', end: '<!-- outputs:end -->' },
} as const;

export type Section = keyof typeof MARKERS;

/** One table cell: one line, pipes escaped so that they do not end the cell. */
export function cell(text: string): string {
  return text
    .trim()
    .replace(/\s*\r?\n\s*/g, ' ')
    .replace(/\|/g, '\\|');
}

/** Inline code that survives backticks in the value. */
function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${fence === '``' ? ` ${text} ` : text}${fence}`;
}

const descriptionOf = (entry: { description?: unknown } | null | undefined): string =>
  cell(typeof entry?.description === 'string' ? entry.description : '');

export function renderInputsTable(action: ActionMetadata): string {
  const rows = Object.entries(action.inputs ?? {}).map(([name, input]) => {
    const required = input?.required === true || input?.required === 'true' ? 'yes' : 'no';
    const value = input?.default;
    const fallback = value === undefined || value === null || value === '' ? '' : cell(code(String(value)));
    const deprecated =
      typeof input?.deprecationMessage === 'string' ? ` **Deprecated:** ${cell(input.deprecationMessage)}` : '';
    return `| ${code(name)} | ${required} | ${fallback} | ${descriptionOf(input)}${deprecated} |`;
  });
  return ['| input | required | default | description |', '|---|---|---|---|', ...rows].join('\n');
}

export function renderOutputsTable(action: ActionMetadata): string {
  const rows = Object.entries(action.outputs ?? {}).map(
    ([name, output]) => `| ${code(name)} | ${descriptionOf(output)} |`,
  );
  return ['| output | description |', '|---|---|', ...rows].join('\n');
}

export function renderTables(action: ActionMetadata): Record<Section, string> {
  return { inputs: renderInputsTable(action), outputs: renderOutputsTable(action) };
}

/** Replaces what lies between a section's markers; each marker must occur exactly once. */
export function replaceSection(readme: string, section: Section, content: string): string {
  const { start, end } = MARKERS[section];
  const count = (marker: string): number => readme.split(marker).length - 1;
  if (count(start) !== 1 || count(end) !== 1) {
    throw new Error(`README.md must hold ${start} and ${end} exactly once each`);
  }
  const from = readme.indexOf(start) + start.length;
  const to = readme.indexOf(end);
  if (to < from) throw new Error(`README.md has ${end} before ${start}`);
  return `${readme.slice(0, from)}\n${content}\n${readme.slice(to)}`;
}

/** The README with both tables as action.yml says. A pure function: the test compares its result. */
export function updateReadme(readme: string, action: ActionMetadata): string {
  const tables = renderTables(action);
  return (Object.keys(MARKERS) as Section[]).reduce(
    (text, section) => replaceSection(text, section, tables[section]),
    readme,
  );
}

export async function readAction(root = ROOT): Promise<ActionMetadata> {
  return parse(await readFile(path.join(root, 'action.yml'), 'utf8')) as ActionMetadata;
}

if (import.meta.main) {
  const check = process.argv.includes('--check');
  const readmePath = path.join(ROOT, 'README.md');
  const readme = await readFile(readmePath, 'utf8');
  const updated = updateReadme(readme, await readAction());
  if (updated === readme) {
    console.log('README.md: the Inputs and Outputs tables match action.yml');
  } else if (check) {
    console.error('README.md: the Inputs and Outputs tables differ from action.yml: run `npm run docs`');
    process.exit(1);
  } else {
    await writeFile(readmePath, updated);
    console.log('README.md: the Inputs and Outputs tables were regenerated from action.yml');
  }
}
