import * as z from 'zod/mini';

/** The contract's shared field shapes (not part of its exports). */
export const count = z.int().check(z.nonnegative());
export const finite = z.number();
export const nonNegative = z.number().check(z.nonnegative());
export const percent = z.number().check(z.minimum(0), z.maximum(100));
export const nonEmpty = z.string().check(z.minLength(1));
export const timeOfDay = z.string().check(z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/));
export const isoDate = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/));
