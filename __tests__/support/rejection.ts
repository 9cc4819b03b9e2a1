import { expect } from '@jest/globals';

/** The error `promise` rejects with, checked to be a `type`; a promise that resolves fails the test. */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const error: unknown = await promise.then(
    (value) => {
      throw new Error(`expected a ${type.name}, got ${JSON.stringify(value)}`);
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}
