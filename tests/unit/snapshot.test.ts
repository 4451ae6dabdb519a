import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import {
  amenitiesFixture,
  gapsFixture,
  metricsFixture,
  timelineFixture,
} from '../../mocks/fixtures';
import { API_PATHS } from '../../src/api/contract';
import { amenityAnalyticsQuery } from '../../src/api/amenity-analytics';
import { metricsQuery } from '../../src/api/metrics';
import { createQueryClient } from '../../src/api/query-client';
import { downloadUsageCsv, loadSource, readSource } from '../../src/api/snapshot';
import { timelineQuery } from '../../src/api/timeline';
import { SESSION_STARTED_AT } from '../../src/lib/session';
import { parseCsv } from '../../src/lib/csv';

const SAVED_AT = SESSION_STARTED_AT - 60 * 60 * 1000;

afterEach(() => server.events.removeAllListeners());

function countRequests(path: string) {
  const seen = { count: 0 };
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === path) seen.count += 1;
  });
  return seen;
}

describe('readSource', () => {
  it('says missing when the device holds nothing', () => {
    const client = createQueryClient();
    expect(readSource(client, metricsQuery().queryKey)).toEqual({
      status: 'missing',
      reason: 'offline',
      error: null,
    });
  });

  it('returns saved data with its time, marked as from the snapshot', () => {
    const client = createQueryClient();
    client.setQueryData(metricsQuery().queryKey, metricsFixture, { updatedAt: SAVED_AT });
    expect(readSource(client, metricsQuery().queryKey)).toEqual({
      status: 'ready',
      data: metricsFixture,
      updatedAt: SAVED_AT,
      fromSnapshot: true,
      refreshError: null,
    });
  });
});

describe('loadSource', () => {
  it('offline: reads the saved copy and asks nothing', async () => {
    const requests = countRequests(API_PATHS.metrics);
    const client = createQueryClient();
    client.setQueryData(metricsQuery().queryKey, metricsFixture, { updatedAt: SAVED_AT });
    const source = await loadSource(client, metricsQuery(), { online: false });
    expect(source).toMatchObject({ status: 'ready', fromSnapshot: true });
    expect(requests.count).toBe(0);
  });

  it('offline with nothing saved: missing, without a request', async () => {
    const requests = countRequests(API_PATHS.metrics);
    const source = await loadSource(createQueryClient(), metricsQuery(), { online: false });
    expect(source).toEqual({ status: 'missing', reason: 'offline', error: null });
    expect(requests.count).toBe(0);
  });

  it('online and missing: fetches through the endpoint options', async () => {
    const client = createQueryClient();
    const source = await loadSource(client, amenityAnalyticsQuery(), { online: true });
    expect(source).toMatchObject({ status: 'ready', data: amenitiesFixture, fromSnapshot: false });
    expect(client.getQueryData(amenityAnalyticsQuery().queryKey)).toEqual(amenitiesFixture);
  });

  it('online with fresh data: does not ask again', async () => {
    const requests = countRequests(API_PATHS.metrics);
    const client = createQueryClient();
    client.setQueryData(metricsQuery().queryKey, metricsFixture);
    await loadSource(client, metricsQuery(), { online: true });
    expect(requests.count).toBe(0);
  });

  it('online with a restored copy: refreshes it', async () => {
    const client = createQueryClient();
    client.setQueryData(
      metricsQuery().queryKey,
      { ...metricsFixture, activeUsersToday: 1 },
      {
        updatedAt: SAVED_AT,
      },
    );
    await client.invalidateQueries(); // what the snapshot restore does to older data
    const source = await loadSource(client, metricsQuery(), { online: true });
    expect(source).toMatchObject({ status: 'ready', fromSnapshot: false });
    expect(source.status === 'ready' && source.data.activeUsersToday).toBe(
      metricsFixture.activeUsersToday,
    );
  });

  it('keeps the last good copy when the refresh fails, and says why', async () => {
    server.use(
      http.get(API_PATHS.metrics, () => new HttpResponse('database down', { status: 500 })),
    );
    const client = createQueryClient();
    client.setQueryData(metricsQuery().queryKey, metricsFixture, { updatedAt: SAVED_AT });
    await client.invalidateQueries();
    const source = await loadSource(client, metricsQuery(), { online: true });
    expect(source).toMatchObject({
      status: 'ready',
      data: metricsFixture,
      fromSnapshot: true,
      refreshError: '500: database down',
    });
  });

  it('reports a failed load with nothing saved', async () => {
    server.use(
      http.get(API_PATHS.metrics, () => new HttpResponse('database down', { status: 500 })),
    );
    const source = await loadSource(createQueryClient(), metricsQuery(), { online: true });
    expect(source).toEqual({ status: 'missing', reason: 'failed', error: '500: database down' });
  });

  it('gives up on a server that never answers', async () => {
    server.use(http.get(API_PATHS.metrics, () => new Promise<never>(() => undefined)));
    const source = await loadSource(createQueryClient(), metricsQuery(), {
      online: true,
      timeoutMs: 20,
    });
    expect(source).toEqual({
      status: 'missing',
      reason: 'failed',
      error: 'The server did not answer in time.',
    });
  });
});

describe('downloadUsageCsv (the dashboard export)', () => {
  function captureFiles() {
    const files: { name: string; blob: Blob }[] = [];
    let pending: Blob | null = null;
    URL.createObjectURL = (blob: Blob) => {
      pending = blob;
      return 'blob:test/usage';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (pending) files.push({ name: this.download, blob: pending });
    });
    return files;
  }

  it('saves the cached timeline as CSV, offline too', async () => {
    const files = captureFiles();
    const client = createQueryClient();
    client.setQueryData(timelineQuery('week').queryKey, timelineFixture('week'), {
      updatedAt: SAVED_AT,
    });
    client.setQueryData(amenityAnalyticsQuery().queryKey, amenitiesFixture, {
      updatedAt: SAVED_AT,
    });
    const result = await downloadUsageCsv(client, { period: 'week' });
    expect(result).toMatchObject({ ok: true, rows: 7, fromSnapshot: true });
    expect(files).toHaveLength(1);
    // The days it covers and when it was made, in the community's zone.
    expect(files[0]?.name).toMatch(
      /^usage-data-week-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-generated-\d{4}-\d{2}-\d{2}-\d{4}-P[SD]T\.csv$/,
    );
    const lines = ((await files[0]?.blob.text()) ?? '').split('\r\n');
    // What the file is, its span up to when it was made (the last day not over), the sensors'
    // coverage of that span, the zone and the time it was made.
    expect(lines.slice(0, 9)).toEqual([
      'Report,"Usage data, last 7 days"',
      expect.stringMatching(
        /^Period,\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(the last day so far\)$/,
      ),
      expect.stringMatching(/^Coverage,"?Data for /),
      // The covered hours and the span's hours: plain numbers, the unit in the label.
      expect.stringMatching(/^Covered \(hours\),\d+\.\d$/),
      expect.stringMatching(/^Period length \(hours\),\d+\.\d$/),
      'Time zone,"Pacific Time (PT), America/Los_Angeles"',
      expect.stringMatching(/^Generated,".+ P[SD]T"$/),
      '',
      // Every amenity, not only the four series of the usage chart.
      'Date (Pacific Time (PT)),The Great Lawn,Solis Hall,The Yard,Grand Lake,Heritage Tree Area,Market Street Promenade,Sunny Side Playground,Total',
    ]);
  });

  it('fetches the timeline when it is missing and the app is online', async () => {
    const files = captureFiles();
    const result = await downloadUsageCsv(createQueryClient(), { period: 'month', days: 90 });
    expect(result).toMatchObject({ ok: true, rows: 90, fromSnapshot: false });
    expect(files[0]?.name).toMatch(/^usage-data-90-days-/);
    // The gaps come with it, so the file states its coverage.
    const lines = ((await files[0]?.blob.text()) ?? '').split('\r\n');
    expect(lines[0]).toBe('Report,"Usage data, last 90 days"');
    expect(lines[2]).toMatch(/^Coverage,"?Data for /);
    expect(lines[3]).toMatch(/^Covered \(hours\),\d+\.\d$/);
    expect(lines[4]).toMatch(/^Period length \(hours\),\d+\.\d$/);
  });

  it('leaves an amenity’s hours before it was added empty, not 0, and says when it was added', async () => {
    // The app's clock at 2026-11-22 10:20 PST; Market Street Promenade added at 02:30 PST.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T18:20:00Z'));
    try {
      const added = '2026-11-22T10:30:00.000Z';
      server.use(
        http.get(API_PATHS.gaps, () => {
          const gaps = gapsFixture(2);
          return HttpResponse.json({
            ...gaps,
            amenities: gaps.amenities.map((amenity) =>
              amenity.id === 'market-street' ? { ...amenity, addedAt: added } : amenity,
            ),
          });
        }),
      );
      const files = captureFiles();
      const points = timelineFixture('day');
      const result = await downloadUsageCsv(createQueryClient(), { period: 'day' });
      expect(result).toMatchObject({ ok: true, rows: 24 });
      const parsed = parseCsv((await files[0]?.blob.text()) ?? '');
      if (!parsed.ok) throw new Error(parsed.error);
      const rows = parsed.records.map((record) => record.cells);
      // The header says so, after the coverage and before the zone, as the report's file does.
      const note = rows.findIndex(([label]) => label === 'New amenities');
      expect(rows[note]).toEqual([
        'New amenities',
        'Market Street Promenade added Sun 22 Nov 02:30',
      ]);
      expect(rows[note - 1]?.[0]).toBe('Period length (hours)');
      expect(rows[note + 1]?.[0]).toBe('Time zone');
      const head = rows.findIndex(([label]) => label === 'Time (Pacific Time (PT))');
      const column = rows[head]?.indexOf('Market Street Promenade') ?? -1;
      expect(column).toBeGreaterThan(0);
      const cells = new Map(rows.slice(head + 1).map((cells) => [cells[0], cells[column]]));
      // Hours that ended before it was added are empty; the 02:00 hour it was added in and
      // every hour after carry their counts.
      expect(cells.get('2026-11-21 11:00')).toBe('');
      expect(cells.get('2026-11-22 01:00')).toBe('');
      const at = (time: string) => points.find((point) => point.time === time);
      expect(cells.get('2026-11-22 02:00')).toBe(
        String(at('2026-11-22T10:00:00.000Z')?.amenities?.['market-street']),
      );
      expect(cells.get('2026-11-22 10:00')).toBe(
        String(at('2026-11-22T18:00:00.000Z')?.amenities?.['market-street']),
      );
      expect([...cells.values()].filter((cell) => cell === '')).toHaveLength(15);
    } finally {
      vi.useRealTimers();
    }
  });

  it('explains instead of saving an empty file when nothing can be had', async () => {
    const files = captureFiles();
    server.use(http.get(API_PATHS.timeline, () => HttpResponse.error()));
    const result = await downloadUsageCsv(createQueryClient(), { period: 'day' });
    expect(result.ok).toBe(false);
    expect(files).toEqual([]);
  });
});
