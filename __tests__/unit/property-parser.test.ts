/**
 * Hostile and broken input, the spec file as text: whatever it holds, the only outcomes are a
 * valid result or a ValidationError with problems that name a field; never a crash. (The
 * documents and the inputs: property-spec.test.ts.)
 */
import { describe, test } from '@jest/globals';
import fc from 'fast-check';
import { expectValidSpecOrProblems } from '../support/outcomes.ts';

describe('the spec loader, given text', () => {
  test('arbitrary text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), expectValidSpecOrProblems), { numRuns: 400 });
  });

  test('YAML snippets that stress the parser', () => {
    const snippets = fc.constantFrom(
      '&a [*a]',
      '!!binary x',
      '? [a]\n: b',
      '---\n---',
      '%YAML 1.1\n---\na: 1',
      'a: !!int x',
      '{',
      'a:\n\t- b',
      '*x',
    );
    fc.assert(
      fc.property(fc.array(snippets, { maxLength: 4 }), (parts) => expectValidSpecOrProblems(parts.join('\n'))),
      { numRuns: 300 },
    );
  });
});
