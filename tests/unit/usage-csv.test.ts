import { describe, expect, it } from 'vitest';
import { localTimestamp, usageCsv, withAddedAt } from '../../src/lib/usage-csv';
import { summarizeCoverage } from '../../src/lib/coverage';
import { parseCsv } from '../../src/lib/csv';
import { amenityColumns, timelineSeriesLabels } from '../../src/api/snapshot';
import { amenitiesFixture, timelineFixture } from '../../mocks/fixtures';
import {
  amenitySetupFixture,
  archivedAmenitySetupFixture,
} from '../../mocks/amenity-setup-handlers';
import type { UsagePoint } from '../../src/api/contract';

const PACIFIC = { timeZone: 'America/Los_Angeles', timeZoneLabel: 'Pacific Time (PT)' };

describe('usageCsv', () => {
  it('writes one line per day with a column per amenity and the total', () => {
    const points = timelineFixture('week');
    const csv = usageCsv(points, timelineSeriesLabels(amenitiesFixture), {
      resolution: 'day',
      ...PACIFIC,
    });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date (Pacific Time (PT)),The Great Lawn,Solis Hall,The Yard,Grand Lake,Total',
    );
    expect(lines).toHaveLength(points.length + 1);
    const first = points[0];
    if (!first) throw new Error('the fixture has points');
    expect(lines[1]).toBe(
      [
        localTimestamp(first.time, 'day', PACIFIC.timeZone),
        first.lawn,
        first.hall,
        first.yard,
        first.lake,
        first.lawn + first.hall + first.yard + first.lake,
      ].join(','),
    );
  });

  it('names the series by type when the amenity list is not available', () => {
    const csv = usageCsv<UsagePoint>([], timelineSeriesLabels(undefined), {
      resolution: 'hour',
      ...PACIFIC,
    });
    expect(csv).toBe('Time (Pacific Time (PT)),Lawn,Hall,Yard,Lake,Total\r\n');
  });

  it('escapes amenity names that would break or run in a spreadsheet', () => {
    const csv = usageCsv(
      [{ time: '2026-11-22T18:00:00Z', lawn: 1, hall: 2, yard: 3, lake: 4 }],
      [
        { key: 'lawn', label: 'Lawn, North' },
        { key: 'hall', label: '=cmd' },
        { key: 'yard', label: 'Yard' },
        { key: 'lake', label: 'Lake' },
      ],
      { resolution: 'hour', ...PACIFIC },
    );
    expect(csv.split('\r\n')[0]).toBe(
      `Time (Pacific Time (PT)),"Lawn, North",'=cmd,Yard,Lake,Total`,
    );
    expect(csv.split('\r\n')[1]).toBe('2026-11-22 10:00,1,2,3,4,10');
  });
});

describe('usageCsv with header rows and every amenity', () => {
  it('states what the file covers above the table', () => {
    const points = timelineFixture('week');
    const csv = usageCsv(points, amenityColumns(points, amenitiesFixture), {
      resolution: 'day',
      ...PACIFIC,
      preamble: [
        ['Period', '2026-11-16 to 2026-11-22'],
        ['Time zone', 'Pacific Time (PT), America/Los_Angeles'],
      ],
    });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'Period,2026-11-16 to 2026-11-22',
      'Time zone,"Pacific Time (PT), America/Los_Angeles"',
      '',
    ]);
    // Every amenity the points carry, in the amenity list's order, and their total.
    expect(lines[3]).toBe(
      `Date (Pacific Time (PT)),${amenitiesFixture.map((a) => a.name).join(',')},Total`,
    );
    const first = points[0];
    const all = Object.values(first?.amenities ?? {});
    expect(lines[4]?.split(',').slice(1)).toEqual(
      [...all, all.reduce((sum, visits) => sum + visits, 0)].map(String),
    );
  });

  it('falls back to the four series for points without every amenity', () => {
    const points = [{ time: '2026-11-22T08:00:00Z', lawn: 1, hall: 2, yard: 3, lake: 4 }];
    expect(amenityColumns(points, amenitiesFixture).map((column) => column.label)).toEqual([
      'The Great Lawn',
      'Solis Hall',
      'The Yard',
      'Grand Lake',
    ]);
  });
});

describe('usageCsv with an amenity added during the span', () => {
  // Hourly points from 08:00 to 12:00 UTC (00:00-04:00 PST); the playground added at 10:20Z.
  const points = [8, 9, 10, 11].map((hour) => ({
    time: `2026-11-22T${String(hour).padStart(2, '0')}:00:00.000Z`,
    lawn: 10,
    hall: 0,
    yard: 0,
    lake: 0,
    amenities: { 'great-lawn': 10, 'sunny-playground': 0 },
  }));
  const ADDED = '2026-11-22T10:20:00.000Z';
  const coverage = summarizeCoverage(
    {
      from: '2026-11-22T08:00:00.000Z',
      to: '2026-11-22T12:00:00.000Z',
      amenities: [
        { id: 'great-lawn', name: 'The Great Lawn', silent: [] },
        { id: 'sunny-playground', name: 'Sunny Side Playground', addedAt: ADDED, silent: [] },
      ],
    },
    { from: Date.parse('2026-11-22T08:00:00Z'), to: Date.parse('2026-11-22T12:00:00Z') },
    PACIFIC.timeZone,
  );
  const added = withAddedAt(amenityColumns(points, amenitiesFixture), coverage, PACIFIC.timeZone);

  it('carries when each column’s amenity was added, and a header note naming it', () => {
    expect(added.columns.map((column) => [column.id, column.addedAt])).toEqual([
      ['great-lawn', null],
      ['sunny-playground', Date.parse(ADDED)],
    ]);
    expect(added.notes).toEqual([
      ['New amenities', 'Sunny Side Playground added Sun 22 Nov 02:20'],
    ]);
    // Without the gaps nothing is known of it: no note, every cell counted.
    expect(withAddedAt(amenityColumns(points, amenitiesFixture), null, PACIFIC.timeZone)).toEqual({
      columns: expect.arrayContaining([expect.objectContaining({ addedAt: null })]),
      notes: [],
    });
  });

  it('leaves its hours before empty, not 0; the hour it was added in keeps its count', () => {
    const parsed = parseCsv(
      usageCsv(points, added.columns, { resolution: 'hour', ...PACIFIC, preamble: added.notes }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.records.map((record) => record.cells)).toEqual([
      ['New amenities', 'Sunny Side Playground added Sun 22 Nov 02:20'],
      ['Time (Pacific Time (PT))', 'The Great Lawn', 'Sunny Side Playground', 'Total'],
      ['2026-11-22 00:00', '10', '', '10'],
      ['2026-11-22 01:00', '10', '', '10'],
      ['2026-11-22 02:00', '10', '0', '10'],
      ['2026-11-22 03:00', '10', '0', '10'],
    ]);
  });

  it('leaves the total empty too where no amenity was there yet', () => {
    const csv = usageCsv(
      points,
      [{ key: 'lawn', label: 'Lawn', addedAt: Date.parse('2026-11-22T09:00:00Z') }],
      { resolution: 'hour', ...PACIFIC },
    );
    expect(csv.split('\r\n').slice(1, 3)).toEqual(['2026-11-22 00:00,,', '2026-11-22 01:00,10,10']);
  });
});

describe('amenityColumns for an amenity archived since', () => {
  const point = {
    time: '2026-11-22T08:00:00Z',
    lawn: 1,
    hall: 0,
    yard: 0,
    lake: 0,
    amenities: { 'great-lawn': 1, 'tennis-court': 7 },
  };
  const points = [point];

  it('keeps its past visits under its name from the set-up list, marked archived', () => {
    const columns = amenityColumns(points, amenitiesFixture, [
      ...amenitySetupFixture,
      ...archivedAmenitySetupFixture,
    ]);
    expect(columns.map((column) => [column.label, column.value(point)])).toEqual([
      ['The Great Lawn', 1],
      ['Tennis Court (archived)', 7],
    ]);
  });

  it('names it by its id when the set-up list is missing, and never names a live one as archived', () => {
    expect(amenityColumns(points, amenitiesFixture).map((column) => column.label)).toEqual([
      'The Great Lawn',
      'tennis-court',
    ]);
    // A set-up entry that is not archived does not name a column the live list lacks.
    const live = archivedAmenitySetupFixture.map((amenity) => ({ ...amenity, archived: false }));
    expect(amenityColumns(points, amenitiesFixture, live).map((column) => column.label)).toEqual([
      'The Great Lawn',
      'tennis-court',
    ]);
  });
});

describe('localTimestamp', () => {
  it('writes the wall-clock time of the zone', () => {
    expect(localTimestamp('2026-11-22T18:00:00Z', 'hour', 'America/New_York')).toBe(
      '2026-11-22 13:00',
    );
    expect(localTimestamp('2026-11-23T02:00:00Z', 'day', 'America/Denver')).toBe('2026-11-22');
  });

  it('keeps text that is not a time as it is', () => {
    expect(localTimestamp('not a time', 'day', 'America/Denver')).toBe('not a time');
  });
});
