import { http, HttpResponse } from 'msw';
import { READINGS_FILE_COLUMNS, READINGS_FILE_PATH } from '../src/api/contract';
import { REPORT_TIMELINE } from '../src/features/reports/periods';
import { isRealDate } from '../src/lib/calendar-date';
import { csvLines, type CsvCell } from '../src/lib/csv';
import { amenitiesFixture, timelineFixture } from './fixtures';

const badRequest = (message: string) => HttpResponse.json({ error: message }, { status: 400 });
const HOUR = 3_600_000;

/**
 * GET /api/readings.csv for `npm run dev` and the component tests: one reading per amenity per
 * day, at noon, whose Entries are the mock timeline's visits that day, so the file adds up to the
 * mock's reports (the same
 * timeline) as the server's adds up to its own. The days are Pacific standard time, as the
 * mock timeline's (each day's point is 08:00 UTC).
 */
export const readingsHandlers = [
  http.get(READINGS_FILE_PATH, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const from = query.get('from') ?? '';
    const to = query.get('to') ?? '';
    if (!isRealDate(from)) return badRequest('Invalid query: from: a day such as 2026-11-01');
    if (!isRealDate(to)) return badRequest('Invalid query: to: a day such as 2026-11-30');
    if (from > to) return badRequest(`Invalid query: from: ${from} is after to (${to})`);
    const only = query.get('amenity');
    const amenities = amenitiesFixture.filter((amenity) => only === null || amenity.id === only);
    if (amenities.length === 0) {
      return badRequest(`Invalid query: amenity: no amenity has the id ${JSON.stringify(only)}`);
    }
    const rows: CsvCell[][] = [];
    for (const amenity of amenities) {
      for (const point of timelineFixture(REPORT_TIMELINE.period, REPORT_TIMELINE.days)) {
        const start = Date.parse(point.time);
        const day = new Date(start - 8 * HOUR).toISOString().slice(0, 10);
        if (day < from || day > to) continue;
        const visits = point.amenities?.[amenity.id] ?? 0;
        const noon = new Date(start + 12 * HOUR).toISOString();
        rows.push([amenity.name, amenity.id, `${day} 12:00:00`, noon, day, 0, visits, 30]);
      }
    }
    const csv = csvLines([
      [
        'Report',
        `Sensor readings, ${only === null ? 'all amenities' : (amenities[0]?.name ?? '')}`,
      ],
      ['Period', `${from} to ${to}`],
      ['Time zone', 'Pacific Time (PT), America/Los_Angeles'],
      [],
      [...READINGS_FILE_COLUMNS],
      ...rows,
    ]);
    return new HttpResponse(`\uFEFF${csv}`, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="readings-${only ?? 'all'}-${from}-to-${to}-2026-11-22.csv"`,
      },
    });
  }),
];
