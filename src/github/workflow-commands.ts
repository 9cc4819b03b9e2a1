/**
 * What a step writes for the runner to read: workflow commands on stdout (a mask, a debug
 * line, an annotation), the output file, the job summary. Written as @actions/core writes
 * them (its command.ts, file-command.ts and summary.ts, github.com/actions/toolkit,
 * packages/core), without loading it: its index brings its OIDC client, and with it
 * @actions/http-client and undici's whole index (about 0.85 MB of code), which a step that
 * only writes never calls, and whose compile came after the last answer (CONTRIBUTING.md,
 * "What the start-up devices buy"). `__tests__/unit/workflow-commands.test.ts` holds every
 * line to the toolkit's own. The runner's side of it: docs.github.com/en/actions/reference/
 * workflow-commands-for-github-actions.
 */
import { randomUUID } from 'node:crypto';
import fs, { appendFileSync, constants, existsSync } from 'node:fs';
import { EOL } from 'node:os';
import { promisify } from 'node:util';
import type { AnnotationProperties } from './collaborators.ts';

// Not node:fs/promises, which loads readline with it (CONTRIBUTING.md, "What the start-up devices buy").
const [access, appendFile] = [promisify(fs.access), promisify(fs.appendFile)];

// The runner reads a command's message up to the line's end, its properties up to `::` and `,`.
const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * An annotation's properties in the runner's names, in the toolkit's order. As the toolkit
 * does: none given, none written; else each unset (or 0) left out, the space before them kept.
 */
const annotationProperties = (properties: AnnotationProperties): Record<string, string | number | undefined> => {
  const { title, file, startLine, startColumn } = properties;
  return Object.keys(properties).length === 0 ? {} : { title, file, line: startLine, col: startColumn };
};

/** `::name key=value,...::message`, one line. */
export function workflowCommand(
  name: 'add-mask' | 'debug' | 'warning' | 'error' | 'set-output',
  properties: Record<string, string | number | undefined>,
  message: string,
): string {
  const given = Object.entries(properties).flatMap(([key, value]) =>
    value ? [`${key}=${escapeProperty(String(value))}`] : [],
  );
  return `::${name}${Object.keys(properties).length > 0 ? ` ${given.join(',')}` : ''}::${escapeData(message)}`;
}

export const annotation = (
  level: 'warning' | 'error',
  message: string,
  properties: AnnotationProperties = {},
): string => workflowCommand(level, annotationProperties(properties), message);

/** `name<<delimiter`, the value, the delimiter: a delimiter the value cannot hold, as the toolkit makes it. */
export function keyValueBlock(name: string, value: string, uuid: () => string = randomUUID): string {
  const delimiter = `ghadelimiter_${uuid()}`;
  if (name.includes(delimiter))
    throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
  if (value.includes(delimiter))
    throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
  return `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}`;
}

/** Appends an output to the runner's output file; without one (an old runner), the `set-output` command. Throws what the toolkit throws. */
export function writeOutput(env: NodeJS.ProcessEnv, name: string, value: string, stdout: (text: string) => void): void {
  const file = env.GITHUB_OUTPUT;
  if (!file) return stdout(`${EOL}${workflowCommand('set-output', { name }, value)}${EOL}`);
  if (!existsSync(file)) throw new Error(`Missing file at path: ${file}`);
  appendFileSync(file, `${keyValueBlock(name, value)}${EOL}`, { encoding: 'utf8' });
}

/** Appends markdown to the job summary file, which must be there to read and write. */
export async function appendSummary(file: string, markdown: string): Promise<void> {
  try {
    await access(file, constants.R_OK | constants.W_OK);
  } catch {
    throw new Error(`Unable to access summary file: '${file}'. Check if the file has correct read/write permissions.`);
  }
  await appendFile(file, markdown, { encoding: 'utf8' });
}
