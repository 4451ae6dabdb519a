import * as z from 'zod/mini';
import { DEFAULT_DAY_RANGE, USAGE_PERIODS } from './core';
import { MAX_RESIDENTS, RESIDENT_PAGE_SIZE } from './residents-input';

/**
 * The query parameters of the data endpoints, the alert inbox and the residents directory, as the
 * server validates them (the client builds its keys from the constants in core.ts and
 * residents-input.ts). Only the server parses these, so they are not in the core: the first
 * screen would build them, and z.coerce would join the shared zod core.
 */

const daysParam = z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(366)));
/**
 * Daily timeline points reach further back: a report's calendar period (the previous 12 whole
 * months) plus the days of the current month, up to 366 + 31 days.
 */
export const MAX_TIMELINE_DAYS = 400;
export const TimelineQuerySchema = z.object({
  period: z._default(z.enum(USAGE_PERIODS), 'day'),
  days: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_TIMELINE_DAYS))),
});
export const RangeQuerySchema = z.object({ days: daysParam });
export const GapsQuerySchema = z.object({
  days: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_TIMELINE_DAYS)),
    DEFAULT_DAY_RANGE,
  ),
});
export const SuggestionsQuerySchema = z.object({
  month: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(12))),
});
export const AlertInboxQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
});
export const ResidentsQuerySchema = z.object({
  q: z._default(z.string().check(z.maxLength(100)), ''),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)),
    RESIDENT_PAGE_SIZE,
  ),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(MAX_RESIDENTS)), 0),
});
/** GET /api/readings.csv: days and amenity as given ('' when absent); the server bounds them. */
export const ReadingsFileQuerySchema = z.object({
  from: z._default(z.string(), ''),
  to: z._default(z.string(), ''),
  amenity: z._default(z.string(), ''),
});
