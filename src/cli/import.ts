/**
 * The command line's `import`: where the spec goes (`--spec`, or stdout with `--spec -`),
 * `--force`, `--scope-suffix`, and the report. The engine (engine/import.ts) reads the scopes,
 * checks that the spec reads back equal, and writes the file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ImportNaming, type ImportRequest, importScope, type Message } from '../engine/index.ts';
import { inertJson } from '../engine/text.ts';
import { NAME } from './options.ts';
import { jsonReport, type CliReport } from '../render/json-report.ts';

const IMPORT_NAMING: ImportNaming = {
  pickSuffix: (suffix) => `--scope-suffix ${suffix}`,
  overwrite: '--force',
  createInstead: `To register a scope, write the spec instead (the README's "The spec file" says how), then run '${NAME} plan' and '${NAME} apply'.`,
};

/**
 * The schema line for editors: the package's own schema, at the version that wrote the file,
 * from the npm registry's CDN (the package ships schema/). Only a published package has that
 * address: the release workflow names the repository in package.json as it publishes, and a
 * clone's package.json does not, so a file imported before then gets no line that leads nowhere.
 */
export const schemaUrlOf = (pkg: { name?: unknown; version?: unknown; repository?: unknown }): string | undefined =>
  pkg.repository === undefined
    ? undefined
    : `https://unpkg.com/${String(pkg.name)}@${String(pkg.version)}/schema/provider-scope.schema.json`;

/**
 * package.json as installed, two folders above `module` (src/cli/ and the bundle's dist/cli/
 * alike), read when import runs: the bundle holds the clone's, from before the release set
 * `repository`. None there: {}.
 */
export async function readInstalledPackage(module: string): Promise<Record<string, unknown>> {
  // Found by a loop: a path the bundler can work out, it copies into the bundle as an asset, the clone's file.
  let folder = path.dirname(fileURLToPath(module));
  for (let up = 0; up < 2; up++) folder = path.dirname(folder);
  return readFile(path.join(folder, 'package.json'), 'utf8').then(
    (text) => JSON.parse(text) as Record<string, unknown>,
    () => ({}),
  );
}

export interface ImportRun {
  /** The run's port, as main.ts gives it to every command. */
  port: Omit<ImportRequest, 'importNaming' | 'scopeSuffix' | 'destination' | 'command' | 'schemaUrl'>;
  values: Readonly<Record<string, string | boolean | undefined>>;
  /** Every warning and error written so far, for --json. */
  seen: readonly Message[];
  stdout: { write(text: string): unknown };
  /** A value made safe for the terminal: scrubbed, inert. */
  show(text: string): string;
}

export async function runImport({ port, values, seen, stdout, show }: ImportRun): Promise<0 | 1> {
  const file = port.read('spec');
  const asked = values['scope-suffix'];
  // `--scope-suffix "$SUFFIX"` with the variable empty asks for nothing: the client's only suffix.
  const scopeSuffix = typeof asked === 'string' && asked !== '' ? asked : undefined;
  const outcome = await importScope({
    ...port,
    importNaming: IMPORT_NAMING,
    scopeSuffix,
    destination: file === '-' ? undefined : { file, force: values.force === true },
    command: `${NAME} import${scopeSuffix === undefined ? '' : ` --scope-suffix ${scopeSuffix}`}`,
    schemaUrl: schemaUrlOf(await readInstalledPackage(import.meta.url)),
  });
  outcome.messages.forEach(port.write);
  const { imported, exitCode } = outcome;
  if (values.json === true) {
    const data: CliReport['import'] =
      imported === undefined
        ? undefined
        : {
            file: imported.file ?? null,
            text: imported.text,
            form: imported.form,
            scopes: imported.scopes,
            hidden_dependents: imported.hidden,
          };
    const conclusion = {
      messages: outcome.messages,
      exitCode,
      ...(imported === undefined ? {} : { outputs: imported.outputs }),
    };
    stdout.write(
      `${inertJson(port.secrets.scrub(JSON.stringify(jsonReport('import', conclusion, seen, exitCode, data), null, 2)))}\n`,
    );
  } else if (imported?.file === undefined) {
    // Every value was checked for control characters and the secret's forms before: the text is the file's.
    if (imported !== undefined) stdout.write(port.secrets.scrub(imported.text));
  } else {
    const scopes = Object.values(imported.outputs.scopes);
    const named = ({ scope_string, scope_id }: { scope_string: string; scope_id: string }): string =>
      `${show(scope_string)} (id ${show(scope_id)})`;
    stdout.write(
      (imported.form === 'single'
        ? `Imported scope ${named(imported.outputs)} into ${show(imported.file)}.\n`
        : `Imported ${scopes.length} scopes into ${show(imported.file)}:\n${scopes.map((s) => `  ${named(s)}\n`).join('')}`) +
        `Next: '${NAME} plan' says "No changes"; review ${show(imported.file)} and commit it.\n`,
    );
  }
  return exitCode;
}
