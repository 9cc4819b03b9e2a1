/**
 * `npm run schema`: writes the JSON Schemas in schema/ from their zod schemas: the spec file's
 * (schema/provider-scope.schema.json) and the command line's `--json` document's
 * (schema/cli-output.schema.json). A test fails when a committed file is not what this writes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod/mini';
import { cliReportSchema } from '../src/render/json-report.ts';
import { credentialsPolicySchema, scopeListSchema, scopeSpecSchema } from '../src/engine/settings/spec.ts';

const SCHEMAS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'schema');
export const SCHEMA_FILE = path.join(SCHEMAS, 'provider-scope.schema.json');
export const CLI_SCHEMA_FILE = path.join(SCHEMAS, 'cli-output.schema.json');

const json = (schema: unknown): string => `${JSON.stringify(schema, null, 2)}\n`;

/** The spec file's: the definition at the top level, or under `scope:` as in the service's request body. */
export function renderSchema(): string {
  const definition = scopeSpecSchema.check(
    z.meta({
      id: 'scope',
      title: 'Scope definition',
      description: "The provider's scope, as the authentication service defines it.",
    }),
  );
  const credentials = z.optional(
    credentialsPolicySchema.check(z.meta({ id: 'credentials', title: "The client's credentials" })),
  );
  // The single form at the top level: the scope's fields and the policy beside them, in one object.
  const single = z.extend(scopeSpecSchema, { credentials });
  const file = z
    .union([single, z.strictObject({ scope: definition, credentials }), z.extend(scopeListSchema, { credentials })])
    .check(
      z.meta({
        title: 'ensure-provider-scope spec file',
        description:
          "The scope an Action Provider registers, at the top level or under scope:; or, under scopes:, several scopes of one client, each by its scope_suffix. Beside them, optionally, credentials: the policy the scheduled watch holds the client's secret to.",
      }),
    );
  return json(z.toJSONSchema(file, { io: 'input', unrepresentable: 'any' }));
}
export const renderCliSchema = (): string => json(z.toJSONSchema(cliReportSchema, { io: 'output' }));

if (import.meta.main) {
  await mkdir(SCHEMAS, { recursive: true });
  await writeFile(SCHEMA_FILE, renderSchema());
  await writeFile(CLI_SCHEMA_FILE, renderCliSchema());
  console.log(`wrote ${[SCHEMA_FILE, CLI_SCHEMA_FILE].map((f) => path.relative(process.cwd(), f)).join(', ')}`);
}
