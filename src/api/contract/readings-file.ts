import { MAX_TIMELINE_DAYS } from './query-params';

// ---- The readings behind the figures ------------------------------------------------------------

/**
 * Every reading of a period as a CSV file (`from`, `to`: days of the community's zone, both
 * included; `amenity`: one amenity's id, all when left out), so any figure of a report can be
 * recomputed by hand: a day's visits are the sum of its rows' Entries.
 */
export const READINGS_FILE_PATH = '/api/readings.csv';
/**
 * Readings one file may hold: about 280 MB of text (some 25 MB sent gzipped), a year of twenty
 * amenities counted every five minutes, and a minute's reading for the embedded database. Past
 * it, a shorter period or one amenity.
 */
export const READINGS_FILE_MAX_ROWS = 3_000_000;
/** How far back a file may start, in days before today: as far as the reports reach. */
export const READINGS_FILE_MAX_DAYS = MAX_TIMELINE_DAYS;
/** The file's columns, in order. `Day` is the day the reports count the reading in. */
export const READINGS_FILE_COLUMNS = [
  'Amenity',
  'Amenity id',
  'Time (local)',
  'Time (UTC)',
  'Day',
  'Occupancy',
  'Entries',
  'Dwell minutes',
] as const;
