import { z } from 'zod/mini';

// The service's identifiers are UUIDs of any version: z.guid() accepts them all,
// where z.uuid() would reject an identifier of an unusual variant.
export const uuidSchema = z.guid().brand<'Uuid'>();

/** A string checked to be a UUID: the only way to get one is through uuidSchema or isUuid. */
export type Uuid = z.output<typeof uuidSchema>;

export const isUuid = (value: string): value is Uuid => uuidSchema.safeParse(value).success;
