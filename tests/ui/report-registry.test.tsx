import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import {
  amenitiesFixture,
  analysisFixture,
  gapsFixture,
  metricsFixture,
  timelineFixture,
} from '../../mocks/fixtures';
import { amenityAnalyticsQuery } from '../../src/api/amenity-analytics';
import { analysisQuery } from '../../src/api/amy-analysis';
import { metricsQuery } from '../../src/api/metrics';
import { createQueryClient } from '../../src/api/query-client';
import type { Source } from '../../src/api/snapshot';
import { calendarPeriod } from '../../src/features/reports/calendar';
import { FULL_REPORT, REPORTS } from '../../src/features/reports/registry';
import {
  reportGapsQuery,
  reportTimelineQuery,
  type ReportData,
} from '../../src/features/reports/report-data';
import { REPORT_TIMELINE } from '../../src/features/reports/periods';
import { SOURCE_LABELS } from '../../src/features/reports/report-kind';
import { captureDownloads } from '../downloads';

const PACIFIC = 'America/Los_Angeles';
const UPDATED_AT = Date.parse('2026-11-22T18:00:00Z');

function ready<T>(data: T): Source<T> {
  return { status: 'ready', data, updatedAt: UPDATED_AT, fromSnapshot: false, refreshError: null };
}

const DATA: ReportData = {
  period: 'month',
  calendar: calendarPeriod('month', UPDATED_AT, PACIFIC),
  today: '2026-11-22',
  generatedAt: UPDATED_AT,
  metrics: ready(metricsFixture),
  timeline: ready(timelineFixture('month', REPORT_TIMELINE.days)),
  amenities: ready(amenitiesFixture),
  analysis: ready(analysisFixture),
  gaps: ready(gapsFixture(REPORT_TIMELINE.days, UPDATED_AT)),
  setup: [],
};

/** A device that holds the month's data, offline: downloads must come from it. */
function savedClient() {
  const client = createQueryClient();
  client.setQueryData(metricsQuery().queryKey, metricsFixture);
  client.setQueryData(
    reportTimelineQuery().queryKey,
    timelineFixture('month', REPORT_TIMELINE.days),
  );
  client.setQueryData(amenityAnalyticsQuery().queryKey, amenitiesFixture);
  client.setQueryData(analysisQuery().queryKey, analysisFixture);
  client.setQueryData(reportGapsQuery().queryKey, gapsFixture(REPORT_TIMELINE.days));
  return client;
}

describe('the reports registry', () => {
  it('lists each report once, by a kind of its own', () => {
    const kinds = [...REPORTS, FULL_REPORT].map((report) => report.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it('the full report is made of every ready report and reads what they read', () => {
    const ready = REPORTS.filter((report) => report.status === 'ready');
    for (const report of ready) {
      for (const source of report.sources) expect(FULL_REPORT.sources).toContain(source);
    }
  });

  for (const report of [...REPORTS, FULL_REPORT]) {
    describe(report.title || report.kind, () => {
      it('has a title, a description and known sources', () => {
        expect(report.title).not.toBe('');
        expect(report.description).not.toBe('');
        expect(report.downloadLabel).not.toBe('');
        for (const source of report.sources) expect(Object.keys(SOURCE_LABELS)).toContain(source);
        if (report.status === 'ready') expect(report.sources.length).toBeGreaterThan(0);
      });

      it('renders its preview from fixture data', async () => {
        // Its body is loaded when a report opens (lazy): nothing shows until it has.
        const { container } = render(
          <Suspense fallback={null}>
            <report.Body
              context={{
                data: DATA,
                timeZone: PACIFIC,
                currency: 'USD',
                level: 3,
              }}
            />
          </Suspense>,
        );
        await waitFor(() => expect(container.textContent).not.toBe(''));
        // Everything it reads is there, so nothing says it is missing.
        expect(container.textContent).not.toMatch(
          /could not be loaded|has not been saved|No visits were recorded|no month of this period/,
        );
        expect(container.querySelector('h3, p')).not.toBeNull();
      });

      it('downloads, or says why not', async () => {
        if (report.status === 'pending') {
          expect(report.download).toBeNull();
          expect(report.pendingReason).toMatch(/^Pending: /);
          return;
        }
        if (report.download.type === 'print') return; // The preview prints itself.
        onlineManager.setOnline(false);
        try {
          const files = captureDownloads();
          const result = await report.download.run({
            client: savedClient(),
            period: 'month',
            timeZone: PACIFIC,
          });
          expect(result).toMatchObject({ ok: true });
          await waitFor(() => expect(files).toHaveLength(1));
          expect(files[0]?.name).toMatch(/\.csv$/);
          expect(files[0]?.text.split('\r\n').length).toBeGreaterThan(2);
          // Every report file states what its figures cover in its header lines: the sensors'
          // coverage of its period, or for the event figures (Amy's analysis, not the sensors)
          // their source and the days they count, and then no sensor coverage.
          if (report.kind === 'events') {
            expect(files[0]?.text).toMatch(/^Source,"?Amy’s event analysis/m);
            expect(files[0]?.text).toMatch(/^Monthly figures cover,\d{4}-\d{2}-\d{2} to /m);
            expect(files[0]?.text).not.toMatch(/^Cover(age|ed)/m);
          } else {
            expect(files[0]?.text).toMatch(/^Coverage,"?Data for /m);
          }

          // With nothing saved, it says why instead of saving an empty file.
          const missing = await report.download.run({
            client: createQueryClient(),
            period: 'month',
            timeZone: PACIFIC,
          });
          expect(missing).toMatchObject({ ok: false, message: expect.any(String) as string });
          expect(files).toHaveLength(1);
        } finally {
          onlineManager.setOnline(true);
        }
      });
    });
  }
});
