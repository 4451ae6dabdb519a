import * as z from 'zod/mini';

/**
 * The contract's shared field shapes (not part of its exports). The core uses these, so they are
 * in the first load; the shapes only area modules use are in text-formats.ts.
 */
export const count = z.int().check(z.nonnegative());
export const finite = z.number();
export const nonNegative = z.number().check(z.nonnegative());
export const percent = z.number().check(z.minimum(0), z.maximum(100));
export const nonEmpty = z.string().check(z.minLength(1));
