/**
 * What the property tests hold every outcome to: a valid result, or a ValidationError whose
 * problems each name a field and say something, with no stack trace; never a crash.
 */
import { expect } from '@jest/globals';
import { ValidationError } from '../../src/engine/settings/problems.ts';
import { parseSpec, scopeSpecSchema } from '../../src/engine/settings/spec.ts';

const FILE = '.github/provider-scope.yml';

/** Runs `fn` and checks that it either returns or fails with well-formed problems. */
export function outcomeOf<T>(fn: () => T): { value: T } | { problems: ValidationError['problems'] } {
  try {
    return { value: fn() };
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    const { problems } = error as ValidationError;
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) {
      expect(typeof problem.field).toBe('string');
      expect(problem.field.length).toBeGreaterThan(0);
      expect(problem.message.length).toBeGreaterThan(0);
      expect(problem.message).not.toMatch(/\n\s+at /); // no stack trace
    }
    return { problems };
  }
}

export function expectValidSpecOrProblems(source: string): void {
  const outcome = outcomeOf(() => parseSpec(source, FILE).scopes[0]);
  if ('value' in outcome) expect(scopeSpecSchema.parse(outcome.value)).toEqual(outcome.value);
}
