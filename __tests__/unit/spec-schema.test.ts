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
    anyOf: Array<{
      properties: Record<string, { $ref?: string }>;
      required?: string[];
      additionalProperties: boolean;
    }>;
    $defs: { scope: { properties: Record<string, unknown>; required: string[]; additionalProperties: boolean } };
  };
  const definition = schema.$defs.scope;
  expect(Object.keys(definition.properties)).toEqual(Object.keys(scopeSpecSchema.shape));
  expect(definition.required).toEqual(['name', 'description', 'advertised']);
  expect(definition.additionalProperties).toBe(false);
  const [single, wrapped] = schema.anyOf;
  // At the top level, the scope's fields and the credentials' policy beside them.
  expect(Object.keys(single?.properties ?? {})).toEqual([...Object.keys(scopeSpecSchema.shape), 'credentials']);
  expect([single?.required, single?.additionalProperties]).toEqual([['name', 'description', 'advertised'], false]);
  expect(wrapped?.properties.scope?.$ref).toBe('#/$defs/scope');
  expect(schema.anyOf.map((branch) => branch.properties.credentials?.$ref)).toEqual([
    '#/$defs/credentials',
    '#/$defs/credentials',
    '#/$defs/credentials',
  ]);
});

test("the credentials' policy in each form: a whole number of days, at least 1, and nothing else", async () => {
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const validate = new Ajv2020({ strict: false }).compile(JSON.parse(renderSchema()) as object);
  const scope = { name: 'P', description: 'D', advertised: true };
  for (const spec of [{ ...scope }, { scope }, { scopes: [{ ...scope, scope_suffix: 'a' }] }]) {
    expect(validate({ ...spec, credentials: { max_age_days: 90 } })).toBe(true);
    for (const bad of [
      { max_age_days: 0 },
      { max_age_days: 1.5 },
      { max_age_days: '90' },
      { max_age_days: 9, x: 1 },
      {},
    ])
      expect({ spec, bad, valid: validate({ ...spec, credentials: bad }) }).toEqual({ spec, bad, valid: false });
  }
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
