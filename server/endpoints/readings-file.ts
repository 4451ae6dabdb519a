import type { Context } from 'hono';
import {
  archivedAmenityName,
  READINGS_FILE_COLUMNS,
  READINGS_FILE_MAX_DAYS,
  READINGS_FILE_MAX_ROWS,
  ReadingsFileQuerySchema,
} from '../../src/api/contract';
import { isRealDate } from '../../src/lib/calendar-date';
import { periodInstants } from '../../src/lib/calendar-period';
import { summarizeCoverage } from '../../src/lib/coverage';
import { csvLines, type CsvCell } from '../../src/lib/csv';
import { csvFilename } from '../../src/lib/download';
import { fileHeader } from '../../src/lib/file-header';
import { formatCount } from '../../src/lib/format';
import type { Amenity } from '../community';
import { HttpError } from '../errors';
import { parseQuery, type ResponseKit } from '../http';
import { acceptedEncodings } from '../static/compression';
import { localDayOf } from '../rollups';
import { addDays, daysBetween, HOUR, localDate } from '../time';
import type { EndpointContext } from './context';
import { usageGaps } from './gaps';

/**
 * Rows read per query: a page of the file, so no one query holds the period's readings, nor (on
 * PGlite, which runs on the server's own thread) keeps other requests waiting long: 2,000 rows
 * held a health check up at most 40-93 ms during a file of a month or of 90 days, 10,000 rows
 * 150-205 ms.
 */
const PAGE_ROWS = 2_000;

/**
 * Files made at once by one server process: each reads its period's readings, so a third is
 * told to wait (429) rather than let a few requests take the database from the sensors.
 */
export const READINGS_FILES_AT_ONCE = 2;

type ReadingRow = {
  /** The time in UTC to the microsecond: where the next page starts after, and (to the
   * millisecond) the file's UTC time. */
  cursor: string;
  local: string;
  day: string;
  occupancy: number;
  entries: number;
  dwell: number;
};

export type ReadingsFileAsk = { from: string; to: string; amenity: string | null };

/**
 * What GET /api/readings.csv is asked for, or a 400 naming the parameter: `from` and `to` real
 * days of the community's zone, `from` not after `to`, `to` not after today, `from` at most
 * READINGS_FILE_MAX_DAYS days back; `amenity` a live amenity's id when given.
 */
export function readingsFileAsk(
  c: Context,
  community: EndpointContext['community'],
  now: number,
): ReadingsFileAsk {
  const today = localDate(now, community.timeZone);
  const earliest = addDays(today, -(READINGS_FILE_MAX_DAYS - 1));
  // Each parameter once, as every query of the API (parseQuery).
  const query = parseQuery(ReadingsFileQuerySchema, c);
  const day = (name: 'from' | 'to'): string => {
    const value = query[name];
    if (value === '') {
      throw new HttpError(400, `Invalid query: ${name}: a day is required, such as ${today}`);
    }
    if (!isRealDate(value)) {
      throw new HttpError(400, `Invalid query: ${name}: a day such as ${today} (yyyy-mm-dd)`);
    }
    if (value > today) {
      throw new HttpError(
        400,
        `Invalid query: ${name}: ${value} has not come yet (today is ${today})`,
      );
    }
    if (value < earliest) {
      throw new HttpError(
        400,
        `Invalid query: ${name}: a file reaches back ${READINGS_FILE_MAX_DAYS} days, to ${earliest}`,
      );
    }
    return value;
  };
  const from = day('from');
  const to = day('to');
  if (from > to) {
    throw new HttpError(
      400,
      `Invalid query: from: ${from} is after to (${to}); the period runs from one to the other`,
    );
  }
  const slug = query.amenity;
  if (slug !== '' && !community.amenities.some((a) => a.slug === slug)) {
    throw new HttpError(
      400,
      `Invalid query: amenity: no amenity has the id ${JSON.stringify(slug.slice(0, 64))}; use an id from GET /api/amenities, or leave amenity out for all`,
    );
  }
  return { from, to, amenity: slug === '' ? null : slug };
}

/**
 * GET /api/readings.csv: every reading of the asked days, one row each, by amenity then time,
 * headed like every data file (period, the sensors' coverage of it, time zone, when made). The
 * rows are the readings the rollups are made of, so a spreadsheet recomputes any report's
 * figure: a day's visits are the sum of its rows' Entries, a mean visit length the
 * Entries-weighted mean of Dwell minutes. Archived amenities' readings are in a file of all
 * amenities, named as archived.
 *
 * Refusals come before any byte: more than READINGS_FILE_MAX_ROWS readings is a 400 that says
 * how many. Then the file is text in parts, the header first and a page of rows after it, each
 * page read only when the one before has been taken: the server never holds more than a page,
 * however long the period.
 */
export async function readingsFile(
  context: EndpointContext,
  ask: ReadingsFileAsk,
): Promise<{ filename: string; parts: AsyncGenerator<string, void, undefined> }> {
  const { db, community, now } = context;
  const zone = community.timeZone;
  const amenities: { amenity: Amenity; name: string }[] = [
    ...community.amenities.map((amenity) => ({ amenity, name: amenity.name })),
    ...community.archivedAmenities.map((amenity) => ({
      amenity,
      name: archivedAmenityName(amenity.name),
    })),
  ].filter(({ amenity }) => ask.amenity === null || amenity.slug === ask.amenity);
  const ids = amenities.map(({ amenity }) => amenity.id);

  // The daily rollups count the same rows by the same day: the size is known before reading.
  const [counted] = await db.query<{ readings: number }>(
    `SELECT coalesce(sum(readings), 0)::float8 AS readings FROM readings_daily
      WHERE community_id = $1 AND amenity_id = ANY($2::int[]) AND day >= $3 AND day <= $4`,
    [community.id, ids, ask.from, ask.to],
  );
  const total = counted?.readings ?? 0;
  if (total > READINGS_FILE_MAX_ROWS) {
    throw new HttpError(
      400,
      `${ask.from} to ${ask.to} holds ${formatCount(total)} readings${ask.amenity === null ? '' : ` of ${amenities[0]?.name ?? ask.amenity}`}; a file holds at most ${formatCount(READINGS_FILE_MAX_ROWS)}: choose a shorter period${ask.amenity === null ? ' or one amenity' : ''}`,
    );
  }

  const span = periodInstants(ask.from, ask.to, zone);
  const gaps = await usageGaps(context, daysBetween(ask.from, localDate(now, zone)) + 1);
  const coverage = summarizeCoverage(
    ask.amenity === null
      ? gaps
      : { ...gaps, amenities: gaps.amenities.filter((a) => a.id === ask.amenity) },
    span,
    zone,
  );
  const header = fileHeader({
    title: `Sensor readings, ${ask.amenity === null ? 'all amenities' : (amenities[0]?.name ?? ask.amenity)}`,
    period: `${ask.from} to ${ask.to}`,
    coverage,
    notes: [
      [
        'Visits',
        'the sum of Entries (one entry is one visit); a day’s visits are its rows’ Entries',
      ],
      ['Day', 'the day of the time zone below that the reports count the reading in'],
    ],
    timeZone: zone,
    now,
  });

  // The instants that can fall in those days (a day is its reading's hour's, as the rollups
  // count it: an hour either side covers a zone whose hours do not start on the UTC hour).
  const lower = new Date(span.from - HOUR).toISOString();
  const upper = new Date(span.to + HOUR).toISOString();
  async function* parts(): AsyncGenerator<string, void, undefined> {
    yield `\uFEFF${csvLines([...header, [], [...READINGS_FILE_COLUMNS]])}`;
    for (const { amenity, name } of amenities) {
      let after = lower;
      let first = true;
      for (;;) {
        const page = await db.query<ReadingRow>(
          `SELECT to_char(r.time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor,
                  to_char(r.time AT TIME ZONE $5, 'YYYY-MM-DD HH24:MI:SS') AS local,
                  to_char(${localDayOf('r.time', '$5')}, 'YYYY-MM-DD') AS day,
                  r.occupancy, r.entries, r.dwell_minutes::float8 AS dwell
             FROM readings r
            WHERE r.community_id = $1 AND r.amenity_id = $2
              AND r.time ${first ? '>=' : '>'} $3 AND r.time < $4
            ORDER BY r.time
            LIMIT ${PAGE_ROWS}`,
          [community.id, amenity.id, after, upper, zone],
        );
        const cells = (row: ReadingRow): CsvCell[] => [
          name,
          amenity.slug,
          row.local,
          `${row.cursor.slice(0, 23)}Z`,
          row.day,
          row.occupancy,
          row.entries,
          // Stored as a 4-byte float: its shortest decimal, not 12.300000190734863.
          Number(row.dwell.toPrecision(7)),
        ];
        const kept = page.filter((row) => row.day >= ask.from && row.day <= ask.to);
        if (kept.length > 0) yield csvLines(kept.map(cells));
        const last = page.at(-1);
        if (page.length < PAGE_ROWS || !last) break;
        after = last.cursor;
        first = false;
      }
    }
  }

  const stem = `readings-${ask.amenity ?? 'all'}-${ask.from}-to-${ask.to}`;
  return { filename: csvFilename(stem, now, zone), parts: parts() };
}

/**
 * A client that stops taking the file (it neither reads nor leaves) loses it after this long,
 * so it cannot hold one of the READINGS_FILES_AT_ONCE places for ever.
 */
export const READINGS_FILE_STALL_MS = 60_000;

/**
 * The file as an answer, sent as it is read (gzip when the client takes it: a month of readings
 * is ~6 MB of text, a year of twenty amenities hundreds). `done` is called once: when the last
 * part is sent, the client goes away, the client has taken nothing for `stallMs`, or a page
 * cannot be read. In the last two the answer is cut off, never ended as if whole, so the client
 * knows the file is not complete.
 */
export function readingsFileResponse(
  kit: ResponseKit,
  file: { filename: string; parts: AsyncGenerator<string, void, undefined> },
  {
    acceptEncoding,
    done,
    stallMs = READINGS_FILE_STALL_MS,
  }: { acceptEncoding: string | undefined; done: (error?: unknown) => void; stallMs?: number },
): Response {
  let finished = false;
  let stall: ReturnType<typeof setTimeout> | undefined;
  const finish = (error?: unknown) => {
    clearTimeout(stall);
    if (finished) return;
    finished = true;
    done(error);
  };
  const text = new ReadableStream<string>({
    async pull(controller) {
      clearTimeout(stall);
      try {
        const next = await file.parts.next();
        if (next.done) {
          finish();
          controller.close();
          return;
        }
        controller.enqueue(next.value);
        stall = setTimeout(() => {
          const error = new Error(`the client took nothing for ${stallMs / 1000} s`);
          finish(error);
          controller.error(error);
          void file.parts.return();
        }, stallMs);
      } catch (error) {
        finish(error);
        controller.error(error);
      }
    },
    async cancel() {
      finish();
      await file.parts.return();
    },
  });
  const bytes = text.pipeThrough(new TextEncoderStream());
  const gzip = acceptedEncodings(acceptEncoding ?? '').has('gzip');
  return kit.reply(200, gzip ? bytes.pipeThrough(new CompressionStream('gzip')) : bytes, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'no-store',
    Vary: 'Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
}
