/**
 * Hostile and broken input, the spec file's documents and the inputs: whatever they hold, the
 * only outcomes are a valid result or a ValidationError with problems that name a field; never
 * a crash. (The spec file as text: property-parser.test.ts.)
 */
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { parseSettings, SETTING_NAMES, type SettingName } from '../../src/engine/settings/settings.ts';
import { INPUT_NAMING } from '../../src/github/inputs.ts';
import { expectValidSpecOrProblems, outcomeOf } from '../support/outcomes.ts';

// Values near the valid ones, so that the generator reaches deep into the schema too.
const nearValue = fc.oneof(
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  fc.constant('6f4d4ff0-0f3c-4a55-9a8e-5a8c1f3d2b10'),
  fc.constant('https://auth.example.org/scopes/x/all'),
  fc.anything(),
);
const dependent = fc.dictionary(
  fc.constantFrom('scope', 'optional', 'requires_refresh_token', 'optinal', 'x'),
  nearValue,
);
const specLike = fc.dictionary(
  fc.constantFrom(
    'name',
    'description',
    'scope_suffix',
    'advertised',
    'allow_refresh_tokens',
    'allow_refresh_token',
    'dependent_scopes',
    'scope',
    'extra',
  ),
  fc.oneof(nearValue, fc.array(dependent, { maxLength: 3 })),
);

describe('the spec loader, given documents', () => {
  test('arbitrary YAML documents', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => expectValidSpecOrProblems(stringify(value) ?? '')),
      { numRuns: 400 },
    );
  });

  test('documents shaped like a spec, with any values, at the top level or under scope:', () => {
    fc.assert(
      fc.property(specLike, fc.boolean(), (spec, wrapped) =>
        expectValidSpecOrProblems(stringify(wrapped ? { scope: spec } : spec)),
      ),
      { numRuns: 400 },
    );
  });
});

describe('the inputs', () => {
  test('arbitrary strings in every input: a result or problems that never quote them', () => {
    // '§' appears in no message, so a marked value found in one was echoed.
    const marked = fc.string({ maxLength: 40 }).map((s) => `§${s}§`);
    fc.assert(
      fc.property(
        fc.record(
          Object.fromEntries(SETTING_NAMES.map((name) => [name, fc.oneof(fc.string(), marked)])) as Record<
            SettingName,
            fc.Arbitrary<string>
          >,
        ),
        (inputs) => {
          const outcome = outcomeOf(() => parseSettings((name) => inputs[name], INPUT_NAMING));
          if ('problems' in outcome) {
            for (const value of [inputs.client_id, inputs.client_secret].filter((v) => v.startsWith('§'))) {
              for (const problem of outcome.problems) expect(problem.message).not.toContain(value);
            }
          }
        },
      ),
      { numRuns: 450 },
    );
  });
});
