import { uuidSchema, type Uuid } from '../../src/wire/uuid.ts';

/** A UUID literal as the domain types take it (checked, so a typo fails the test). */
export const id = (value: string): Uuid => uuidSchema.parse(value);

/** The n-th test UUID, `00000000-0000-4000-8000-00000000000n`. */
export const nthUuid = (n: number): Uuid => id(`00000000-0000-4000-8000-${String(n).padStart(12, '0')}`);
