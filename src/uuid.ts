import { z } from 'zod';

// The service's identifiers are UUIDs of any version: z.guid() accepts them all,
// where z.uuid() would reject an identifier of an unusual variant.
export const uuidSchema = z.guid();

export const isUuid = (value: string): boolean => uuidSchema.safeParse(value).success;
