import * as z from 'zod/mini';
import { displayName } from './display-name';
import { AmenityTypeSchema } from './core';
import { count, nonEmpty, nonNegative } from './primitives';
import { isoDate } from './text-formats';
import { MAX_CLOSURE_REASON, MAX_CLOSURES } from '../../lib/amenity-closures';

// ---- Opening hours per weekday (issue 11) -------------------------------------------------------

const DayHoursSchema = z.object({
  opensMinute: z.int().check(z.minimum(0), z.maximum(1439)),
  closesMinute: z.int().check(z.minimum(1), z.maximum(1440)),
});
/** Seven days, Sunday first; null is closed (see src/lib/weekly-hours.ts). */
export const WeeklyHoursSchema = z
  .array(z.nullable(DayHoursSchema))
  .check(z.minLength(7), z.maxLength(7));

// ---- Closures: whole days closed whatever the hours say (src/lib/amenity-closures.ts) ----------

const ClosureSchema = z.object({ firstDay: z.string(), lastDay: z.string(), reason: z.string() });
/** As sent: days as yyyy-mm-dd (checked against the calendar by closuresProblem). */
const ClosureInputSchema = z.strictObject({
  firstDay: isoDate,
  lastDay: isoDate,
  reason: z.string().check(z.trim(), z.maxLength(MAX_CLOSURE_REASON)),
});

// ---- Amenity setup (issue 11) -------------------------------------------------------------------

export const AMENITY_SETUP_PATH = '/api/amenities';

/** An amenity as its settings form edits it; `id` is its public slug. */
export const AmenitySetupSchema = z.object({
  id: nonEmpty,
  name: nonEmpty,
  type: AmenityTypeSchema,
  description: z.string(),
  capacity: count,
  /** Opening hours per weekday, Sunday first; null is closed that day. */
  hours: WeeklyHoursSchema,
  /** Days closed, soonest first. Optional: lists saved offline before closures existed lack it. */
  closures: z.optional(z.array(ClosureSchema)),
  color: z.string(),
  monthlyOperatingCost: z.nullable(nonNegative),
  /**
   * What one visit is worth, set for this amenity; null: its type's default (VISIT_VALUE).
   * Optional: lists saved offline before it existed lack it (they then read as the default).
   */
  visitValue: z.optional(z.nullable(nonNegative)),
  archived: z.boolean(),
  /** Its photo (see AMENITY_PHOTO below), versioned by its content; null when there is none. */
  photoUrl: z.nullable(nonEmpty),
});
export type AmenitySetup = z.infer<typeof AmenitySetupSchema>;

/** How a report names an amenity archived since, whose past visits it still counts. */
export const archivedAmenityName = (name: string) => `${name} (archived)`;
export const AmenitySetupListSchema = z.array(AmenitySetupSchema);

export const MAX_AMENITY_CAPACITY = 100_000;
export const MAX_MONTHLY_OPERATING_COST = 10_000_000;
/** A visit's value at most: a day pass or a rental, not a membership. */
export const MAX_VISIT_VALUE = 1_000;

/** POST /api/amenities (PATCH takes any subset of it). */
export const AmenityInputSchema = z.strictObject({
  name: displayName(80),
  type: AmenityTypeSchema,
  description: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  capacity: z.int().check(z.minimum(1), z.maximum(MAX_AMENITY_CAPACITY)),
  hours: WeeklyHoursSchema,
  /** Replaces the amenity's closures; left out, they stay as they are (none for a new one). */
  closures: z.optional(z.array(ClosureInputSchema).check(z.maxLength(MAX_CLOSURES))),
  color: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^#[0-9a-f]{6}$/,
          'must be a color such as #1a7f5a (# and six lowercase hex digits)',
        ),
      ),
  ),
  monthlyOperatingCost: z.nullable(
    z.number().check(z.minimum(0), z.maximum(MAX_MONTHLY_OPERATING_COST)),
  ),
  /** Null or left out: its type's default. Stored to the cent (numeric(8, 2) rounds). */
  visitValue: z.optional(z.nullable(z.number().check(z.minimum(0), z.maximum(MAX_VISIT_VALUE)))),
});
export type AmenityInput = z.infer<typeof AmenityInputSchema>;
export const AmenityPatchSchema = z.partial(AmenityInputSchema);
export type AmenityPatch = z.infer<typeof AmenityPatchSchema>;

/**
 * An amenity's photo (issue 11): PUT the image's bytes as the request body (replaces any photo),
 * DELETE removes it, GET serves it. The server recognises the type from the bytes themselves,
 * never from the Content-Type header, and reads the size from the image header.
 */
export const AMENITY_PHOTO = {
  /** 2 MiB: a phone photo resized for the web; the body is refused while it streams past this. */
  maxBytes: 2 * 1024 * 1024,
  /** Pixels on either side, at most (larger is a decompression bomb, not a photo). */
  maxSide: 8000,
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
export type AmenityPhotoType = (typeof AMENITY_PHOTO.types)[number];

/** The photo route of amenity `id` (its slug). */
export const amenityPhotoPath = (id: string) =>
  `${AMENITY_SETUP_PATH}/${encodeURIComponent(id)}/photo`;

/** The URL of one version of a photo (by its SHA-256): a new image is a new URL. */
export const amenityPhotoUrl = (id: string, sha256: string) =>
  `${amenityPhotoPath(id)}?v=${sha256.slice(0, 16)}`;
