import * as z from 'zod/mini';
import { displayName } from './display-name';
import { isRealDate } from '../../lib/calendar-date';
import { ResidentStatusSchema } from './core';
import { count, nonEmpty } from './primitives';
import { isoDate } from './text-formats';

/**
 * Residents directory (issue 11): its bounds, writes and imports. The directory's pages
 * (ResidentPageSchema) are in core.ts: the offline snapshot keeps them.
 */

export const RESIDENTS_IMPORT_PATH = '/api/residents/import';
export const RESIDENTS_EXPORT_PATH = '/api/residents.csv';

/** Bounds of a resident's fields (the database checks the same). */
export const RESIDENT_LIMITS = {
  name: 100,
  unit: 100,
  email: 254,
  phone: 40,
  householdSize: 50,
  notes: 500,
} as const;
/** More residents than any HOA has: a bound on the directory, not a plan. */
export const MAX_RESIDENTS = 20_000;
/** One import: at most this many rows and bytes. */
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 1024 * 1024;

/** GET /api/residents: the page size the directory asks for (query-params.ts checks the query). */
export const RESIDENT_PAGE_SIZE = 50;

/**
 * A date that has come somewhere on Earth (UTC+14 is the first zone to reach a day): a resident
 * joined on a day that has happened, so 2099-01-01 is a typo, not a plan.
 */
function notAfterToday(date: string): boolean {
  return date <= new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}

const optionalText = (max: number) =>
  z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

/** POST /api/residents (PATCH takes any subset of it). Empty optional text is stored as none. */
export const ResidentInputSchema = z.strictObject({
  name: displayName(RESIDENT_LIMITS.name),
  unit: z.string().check(z.trim(), z.minLength(1), z.maxLength(RESIDENT_LIMITS.unit)),
  email: z.optional(
    z.nullable(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(RESIDENT_LIMITS.email),
          z.regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/),
        ),
    ),
  ),
  phone: z.optional(
    z.nullable(
      z
        .string()
        .check(z.trim(), z.maxLength(RESIDENT_LIMITS.phone), z.regex(/^[0-9+()\-.\s/x#*]*$/i)),
    ),
  ),
  householdSize: z.optional(
    z.nullable(z.int().check(z.minimum(1), z.maximum(RESIDENT_LIMITS.householdSize))),
  ),
  status: z.optional(ResidentStatusSchema),
  // The shape alone lets 2024-02-30 through to the database, which refuses it.
  joinedOn: z.optional(
    z.nullable(
      isoDate.check(
        z.refine(isRealDate, 'must be a real date'),
        z.refine(notAfterToday, 'must not be in the future'),
      ),
    ),
  ),
  notes: optionalText(RESIDENT_LIMITS.notes),
});
export type ResidentInput = z.infer<typeof ResidentInputSchema>;
export const ResidentPatchSchema = z.partial(ResidentInputSchema);
export type ResidentPatch = z.infer<typeof ResidentPatchSchema>;

/** One problem of an imported row: the column it is in ("Email") and what is wrong. */
export const ImportProblemSchema = z.object({ field: z.string(), message: nonEmpty });
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** One data row of an import: its line in the file, the resident it makes, its problems. */
export const ImportRowSchema = z.object({
  line: count,
  name: z.string(),
  unit: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  householdSize: z.nullable(count),
  status: ResidentStatusSchema,
  joinedOn: z.nullable(z.string()),
  notes: z.string(),
  errors: z.array(ImportProblemSchema),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

/**
 * POST /api/residents/import[?dryRun=1]: every row with its problems. A dry run stores nothing;
 * a real import stores every row or, when any row has a problem, none (400 with this body).
 */
export const ResidentImportSchema = z.object({
  dryRun: z.boolean(),
  rows: z.array(ImportRowSchema),
  /** Rows with at least one problem. */
  invalid: count,
  imported: count,
});
export type ResidentImport = z.infer<typeof ResidentImportSchema>;
export const ResidentImportQuerySchema = z.object({
  dryRun: z.optional(z.enum(['0', '1'])),
});
