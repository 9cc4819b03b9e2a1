/** Where a problem is, so the runner can annotate the file (1-based; the runner's own names). */
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

/**
 * An error the user can act on: its message says what happened and what to do.
 * Anything else that reaches the top level is reported as unexpected.
 */
export class ActionError extends Error {
  override readonly name: string = 'ActionError';
}

/** Validation failed before any request: each problem becomes its own annotation. */
export class ValidationError extends ActionError {
  override readonly name = 'ValidationError';
  readonly problems: readonly Problem[];

  constructor(problems: readonly Problem[]) {
    super(problems.map((p) => p.message).join('\n'));
    this.problems = problems;
  }
}
