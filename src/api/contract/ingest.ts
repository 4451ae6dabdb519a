import * as z from 'zod/mini';
import { count, nonEmpty } from './primitives';

/**
 * POST /api/readings: sensor readings in, for real sensors (server ingest; the app never calls
 * it). Shape only: the server checks the rest (known amenity, not in the future, not negative,
 * not far over capacity, no duplicates) and names the reading that fails.
 */
export const MAX_READINGS_PER_BATCH = 5000;
/** An amenity's id (its slug) is made from its name, cut to this length (server/amenities). */
export const MAX_AMENITY_ID_LENGTH = 60;
export const ReadingSchema = z.object({
  /** The amenity's id, as in /api/amenities/analytics (e.g. "great-lawn"). */
  amenityId: nonEmpty.check(z.maxLength(MAX_AMENITY_ID_LENGTH)),
  /** ISO 8601 instant with a zone, e.g. "2026-03-18T18:30:00Z". */
  time: z.iso.datetime({
    offset: true,
    error: 'must be an ISO 8601 instant with its zone, such as 2026-03-18T18:30:00Z',
  }),
  /** People present at `time`. */
  occupancy: z.int(),
  /** People who came in since the previous reading. */
  entries: z.int(),
  /** Mean visit length of those visits, in minutes. */
  dwellMinutes: z.number(),
});
export type Reading = z.infer<typeof ReadingSchema>;
export const ReadingBatchSchema = z.object({
  readings: z.array(ReadingSchema).check(z.minLength(1), z.maxLength(MAX_READINGS_PER_BATCH)),
});
export const IngestResultSchema = z.object({ accepted: count });
