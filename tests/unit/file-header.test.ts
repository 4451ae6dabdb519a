import { describe, expect, it } from 'vitest';
import { summarizeCoverage } from '../../src/lib/coverage';
import { csvLines } from '../../src/lib/csv';
import { coverageRows, fileHeader } from '../../src/lib/file-header';

const PACIFIC = 'America/Los_Angeles';
const NOW = Date.parse('2026-11-23T09:00:00Z');

describe('fileHeader', () => {
  it('says what a file is on its own: report, period, coverage, time zone, when made', () => {
    expect(
      fileHeader({
        title: 'Event Performance Report, Last Month',
        period: '2026-10-01 to 2026-10-31',
        coverage: null,
        timeZone: PACIFIC,
        now: NOW,
      }),
    ).toEqual([
      ['Report', 'Event Performance Report, Last Month'],
      ['Period', '2026-10-01 to 2026-10-31'],
      ['Coverage', 'unknown (the sensor gaps were not loaded)'],
      ['Time zone', 'Pacific Time (PT), America/Los_Angeles'],
      ['Generated', 'Nov 23, 2026, 1:00 AM PST'],
    ]);
  });

  it('states where figures come from instead of the sensors’ coverage when they are not counts', () => {
    const header = fileHeader({
      title: 'Event Performance Report, Last Month',
      period: '2026-10-01 to 2026-10-31',
      source: [['Source', 'Amy’s event analysis']],
      timeZone: PACIFIC,
      now: NOW,
    });
    expect(header).toEqual([
      ['Report', 'Event Performance Report, Last Month'],
      ['Period', '2026-10-01 to 2026-10-31'],
      ['Source', 'Amy’s event analysis'],
      ['Time zone', 'Pacific Time (PT), America/Los_Angeles'],
      ['Generated', 'Nov 23, 2026, 1:00 AM PST'],
    ]);
  });

  it('states the covered hours and the period’s hours as numbers a spreadsheet can add', () => {
    const from = Date.parse('2026-11-22T08:00:00Z');
    const coverage = summarizeCoverage(
      {
        from: new Date(from).toISOString(),
        to: new Date(from + 24 * 3_600_000).toISOString(),
        amenities: [
          {
            id: 'great-lawn',
            name: 'The Great Lawn',
            silent: [
              {
                from: new Date(from).toISOString(),
                to: new Date(from + 3 * 3_600_000).toISOString(),
              },
            ],
          },
        ],
      },
      { from, to: from + 24 * 3_600_000 },
      PACIFIC,
    );
    const rows = coverageRows(coverage);
    // Each a plain number with one decimal, its unit in its label.
    expect(rows).toEqual([
      ['Coverage', coverage.text],
      ['Covered (hours)', '21.0'],
      ['Period length (hours)', '24.0'],
    ]);
    // What a spreadsheet reading the file gets: numbers it can add and divide.
    const lines = csvLines(rows).trimEnd().split('\r\n');
    expect(lines.slice(1)).toEqual(['Covered (hours),21.0', 'Period length (hours),24.0']);
    const [covered, total] = lines.slice(1).map((line) => Number(line.split(',')[1]));
    expect((covered ?? 0) / (total ?? 1)).toBe(21 / 24);
  });
});
