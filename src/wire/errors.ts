/**
 * An error the user can act on: its message says what happened and what to do. Anything else
 * that reaches a door is reported as unexpected.
 */
export class ActionError extends Error {
  override readonly name: string = 'ActionError';
}
