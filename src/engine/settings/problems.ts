import { ActionError } from '../../wire/errors.ts';

/** Where a problem is, so a door can point at the file (1-based lines and columns). */
export interface Location {
  file: string;
  startLine?: number;
  startColumn?: number;
}

/** One thing the user must fix, named by the field it is about. */
export interface Problem {
  field: string;
  message: string;
  location?: Location;
}

/** Validation failed before any request: each problem is reported on its own. */
export class ValidationError extends ActionError {
  override readonly name = 'ValidationError';
  readonly problems: readonly Problem[];

  constructor(problems: readonly Problem[]) {
    super(problems.map((p) => p.message).join('\n'));
    this.problems = problems;
  }
}

/**
 * A problem of the spec that only the service's answers show (a sibling neither listed nor on
 * the client), named by its place in the spec ([scope index, ...field]): ensure.ts places each
 * at its line, as validation's problems are. Thrown before any write.
 */
export class SpecFieldError extends ActionError {
  override readonly name = 'SpecFieldError';
  readonly problems: ReadonlyArray<{ at?: readonly [number, ...PropertyKey[]]; field: string; message: string }>;

  constructor(problems: SpecFieldError['problems']) {
    super(problems.map((p) => p.message).join('\n'));
    this.problems = problems;
  }
}
