import { describe, expect, it } from 'vitest';
import { localTimestamp, usageCsv } from '../../src/lib/usage-csv';
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
