import { expect, test } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { CLI_SCHEMA_FILE, renderCliSchema, renderSchema, SCHEMA_FILE } from '../../scripts/spec-schema.ts';
import { scopeSpecSchema } from '../../src/engine/spec.ts';

test('the committed JSON Schemas are the ones generated from the zod schemas (npm run schema)', async () => {
  expect(await readFile(SCHEMA_FILE, 'utf8')).toBe(renderSchema());
  expect(await readFile(CLI_SCHEMA_FILE, 'utf8')).toBe(renderCliSchema());
});

test('the JSON Schema holds every field, the required ones and no others, at the top level or under scope:', () => {
  const schema = JSON.parse(renderSchema()) as {
    anyOf: Array<{ $ref?: string; properties?: { scope?: { $ref: string } } }>;
    $defs: { scope: { properties: Record<string, unknown>; required: string[]; additionalProperties: boolean } };
  };
  const definition = schema.$defs.scope;
  expect(Object.keys(definition.properties)).toEqual(Object.keys(scopeSpecSchema.shape));
  expect(definition.required).toEqual(['name', 'description', 'advertised']);
  expect(definition.additionalProperties).toBe(false);
  expect(schema.anyOf.map((branch) => branch.$ref ?? branch.properties?.scope?.$ref)).toEqual(['#/$defs/scope', '#/$defs/scope']);
});
