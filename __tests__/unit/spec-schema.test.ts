import { expect, test } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { CLI_SCHEMA_FILE, renderCliSchema, renderSchema, SCHEMA_FILE } from '../../scripts/spec-schema.ts';
import { scopeSpecSchema } from '../../src/engine/settings/spec.ts';

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
  expect(schema.anyOf.map((branch) => branch.$ref ?? branch.properties?.scope?.$ref)).toEqual([
    '#/$defs/scope',
    '#/$defs/scope',
  ]);
});

test('the JSON Schema describes the list form too: the shared-client example is valid, a listed scope without its suffix or with another key is not', async () => {
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const { parse } = await import('yaml');
  const validate = new Ajv2020({ strict: false }).compile(JSON.parse(renderSchema()) as object);
  const example = parse(
    await readFile(new URL('../../examples/shared-client-scopes.yml', import.meta.url), 'utf8'),
  ) as { scopes: Array<Record<string, unknown>> };
  expect(validate(example)).toBe(true);
  const [first, second] = example.scopes;
  const withoutSuffix = Object.fromEntries(Object.entries(second ?? {}).filter(([key]) => key !== 'scope_suffix'));
  expect(validate({ scopes: [first, withoutSuffix] })).toBe(false);
  expect(validate({ scopes: [first], extra: true })).toBe(false);
  expect(validate({ scopes: [] })).toBe(false);
});
