import * as z from 'zod/mini';

/**
 * Field shapes several area modules share and the core does not (not part of the contract's
 * exports): apart from primitives.ts, which the core's first-load chunk carries.
 */
export const timeOfDay = z
  .string()
  .check(
    z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be a time such as 07:30 (24-hour HH:MM)'),
  );
export const isoDate = z
  .string()
  .check(
    z.regex(
      /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
      'must be a date such as 2026-03-18 (YYYY-MM-DD)',
    ),
  );
