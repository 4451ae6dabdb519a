import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { server } from '../../mocks/node';
import {
  amenitiesFixture,
  analysisFixture,
  gapsFixture,
  metricsFixture,
  timelineFixture,
} from '../../mocks/fixtures';
import { communityQuery } from '../../src/api/community';
import { communityFixture } from '../../mocks/community-handlers';
import { createQueryClient } from '../../src/api/query-client';
import { metricsQuery } from '../../src/api/metrics';
import { amenityAnalyticsQuery } from '../../src/api/amenity-analytics';
import { amenitySetupQuery } from '../../src/api/amenity-setup';
import {
  amenitySetupFixture,
  archivedAmenitySetupFixture,
} from '../../mocks/amenity-setup-handlers';
import { analysisQuery } from '../../src/api/amy-analysis';
import {
  API_PATHS,
  NO_PEAK_DATA,
  READINGS_FILE_COLUMNS,
  READINGS_FILE_PATH,
  type UsageGaps,
  type UsagePoint,
} from '../../src/api/contract';
import { SESSION_STARTED_AT } from '../../src/lib/session';
import { REPORTS_PERIOD_KEY } from '../../src/lib/storage-keys';
import { formatDateTime } from '../../src/features/reports/report-format';
import { ReportsPage } from '../../src/features/reports/reports-page';
import { reportGapsQuery, reportTimelineQuery } from '../../src/features/reports/report-data';
import { REPORT_TIMELINE } from '../../src/features/reports/periods';
import { FULL_REPORT, REPORTS } from '../../src/features/reports/registry';
import { captureDownloads } from '../downloads';
import { renderWithApp } from '../render';

// The tests run at a fixed NOW (Mon Nov 23 2026, 18:00 UTC: below); this session must start
// before it, whatever the real clock says, or every answer fetched "now" would count as saved
// before the session, from the snapshot (the test failed on any run after that instant).
vi.mock('../../src/lib/session', () => {
  const SESSION_STARTED_AT = Date.parse('2026-11-23T17:00:00Z');
  return {
    SESSION_STARTED_AT,
    isFromSnapshot: (dataUpdatedAt: number) =>
      dataUpdatedAt > 0 && dataUpdatedAt < SESSION_STARTED_AT,
  };
});

const PACIFIC = 'America/Los_Angeles';
/** The snapshot was saved two hours before this session started. */
const SAVED_AT = SESSION_STARTED_AT - 2 * 60 * 60 * 1000;

/** A query client holding what an earlier online visit saved: the month's report data. */
function snapshotClient(): QueryClient {
  const client = createQueryClient();
  const opts = { updatedAt: SAVED_AT };
  client.setQueryData(metricsQuery().queryKey, metricsFixture, opts);
  client.setQueryData(
    reportTimelineQuery().queryKey,
    timelineFixture('month', REPORT_TIMELINE.days),
    opts,
  );
  client.setQueryData(amenityAnalyticsQuery().queryKey, amenitiesFixture, opts);
  client.setQueryData(analysisQuery().queryKey, analysisFixture, opts);
  client.setQueryData(
    reportGapsQuery().queryKey,
    gapsFixture(REPORT_TIMELINE.days, SAVED_AT),
    opts,
  );
  return client;
}

type AmenityGaps = ReturnType<typeof gapsFixture>['amenities'][number];

/** Changes one amenity's entry in the snapshot's gaps (its silences, when it was added). */
function patchAmenityGaps(client: QueryClient, id: string, patch: Partial<AmenityGaps>) {
  const gaps = gapsFixture(REPORT_TIMELINE.days, SAVED_AT);
  client.setQueryData(reportGapsQuery().queryKey, {
    ...gaps,
    amenities: gaps.amenities.map((amenity) =>
      amenity.id === id ? { ...amenity, ...patch } : amenity,
    ),
  });
}

/**
 * The sensors' silences of Last Year's report: none reported before Tue Aug 25 2026 (installed
 * then), and Grand Lake's was silent Tue Oct 13 02:00-09:00 Pacific (PDT, 09:00-16:00 UTC).
 */
function yearGaps(): UsageGaps {
  const from = '2025-10-23T07:00:00.000Z';
  const installed = '2026-08-25T07:00:00.000Z';
  return {
    from,
    to: new Date(NOW).toISOString(),
    amenities: amenitiesFixture.map((amenity) => ({
      id: amenity.id,
      name: amenity.name,
      silent: [
        { from, to: installed },
        ...(amenity.id === 'grand-lake'
          ? [{ from: '2026-10-13T09:00:00.000Z', to: '2026-10-13T16:00:00.000Z' }]
          : []),
      ],
    })),
  };
}

/** No network at all: the browser says offline and any request fails the test. */
function goOffline() {
  onlineManager.setOnline(false);
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const requests: string[] = [];
  server.use(
    http.get('*', ({ request }) => {
      requests.push(request.url);
      return HttpResponse.error();
    }),
  );
  return requests;
}

/** Mon Nov 23 2026, 10 AM Pacific: the fixtures' data ends on Nov 22; Last Month is October. */
const NOW = Date.parse('2026-11-23T18:00:00Z');

/** October's points of a daily fixture (they start at Pacific midnight, 07:00 or 08:00 UTC). */
const inOctober = (points: UsagePoint[]) => points.filter((p) => p.time.startsWith('2026-10'));
const allVisits = (point: UsagePoint) =>
  Object.values(point.amenities ?? {}).reduce((sum, visits) => sum + visits, 0);

/** Money as shown ("$1,234.56", "$980") in cents. */
const cents = (money: string) => Math.round(Number(money.replace(/[^0-9.]/g, '')) * 100);

/** Last Week's Financial report (live) and the cells of its cost rows with a cost entered. */
async function lastWeekCosts() {
  localStorage.setItem(REPORTS_PERIOD_KEY, JSON.stringify('week'));
  renderWithApp(<ReportsPage />, { route: '/reports?report=financial' });
  const report = await screen.findByRole('region', { name: 'Financial Impact Report — Last Week' });
  const table = await within(report).findByRole('table', { name: 'Operating cost per visit' });
  const costed = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''))
    .filter((row) => row[2] !== 'cost not entered');
  return { report, costed };
}

// The report document and the code below the list load on use (lazy): loaded once here, so no
// test's first report waits on their transform, which took over a second on a busy machine.
beforeAll(() =>
  Promise.all([
    import('../../src/features/reports/report-preview'),
    import('../../src/features/reports/reports-below'),
    ...[...REPORTS, FULL_REPORT].map((report) => report.Body.preload()),
  ]),
);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  onlineManager.setOnline(true);
});
afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

describe('Reports page', () => {
  it('shows the period selector, the stat tiles and the reports of the spec', async () => {
    renderWithApp(<ReportsPage />, { route: '/reports' });
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const period = screen.getByRole('combobox', { name: 'Report period' });
    expect(period).toHaveValue('month');
    expect(
      within(period)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Last Week', 'Last Month', 'Last Quarter', 'Last Year']);
    // Counted on this device, not sample figures: nothing done here yet.
    const tiles = screen.getByLabelText('Report statistics');
    expect(within(tiles).getByText('Reports Generated').nextElementSibling).toHaveTextContent('0');
    expect(within(tiles).getByText('Downloads').nextElementSibling).toHaveTextContent('0');
    for (const figure of ['24', '156', 'Shared'])
      expect(within(tiles).queryByText(figure)).toBeNull();
    for (const title of [
      'Amenity Usage Report',
      'Financial Impact Report',
      'Event Performance Report',
      'Maintenance & Operations Report',
    ]) {
      expect(screen.getByRole('button', { name: `Preview: ${title}` })).toBeEnabled();
    }
  });

  it('disables the pending report download and says why', () => {
    renderWithApp(<ReportsPage />, { route: '/reports' });
    const pending = screen.getByRole('button', {
      name: 'Download PDF: Maintenance & Operations Report',
    });
    expect(pending).toBeDisabled();
    expect(pending).toHaveAccessibleDescription(
      'Pending: CommonGround does not collect maintenance data yet, so there is nothing to download.',
    );
    expect(
      screen.getByRole('button', { name: 'Download CSV: Amenity Usage Report' }),
    ).toBeEnabled();
  });

  it('builds the usage report from the saved snapshot with no network', async () => {
    const requests = goOffline();
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports', client: snapshotClient() });

    await user.click(screen.getByRole('button', { name: 'Preview: Amenity Usage Report' }));
    // Focus on the report, read by its title; the next Tab reaches its own controls first.
    const report = await screen.findByRole('region', {
      name: 'Amenity Usage Report — Last Month',
    });
    // Focus moves in an effect, after the commit that put the report on screen, which the query
    // above can see first (a busy CI machine did).
    await waitFor(() => expect(report).toHaveFocus());
    // The readings first (the choice of amenity, then its download), then the report's own files.
    await user.tab();
    expect(within(report).getByRole('combobox', { name: 'Readings of' })).toHaveFocus();
    await user.tab();
    expect(within(report).getByRole('button', { name: /^Download readings/ })).toHaveFocus();
    await user.tab();
    expect(within(report).getByRole('button', { name: 'Download CSV' })).toHaveFocus();
    expect(
      within(report).getByText(
        'Built from the offline snapshot saved on this device, not from live data.',
      ),
    ).toBeInTheDocument();
    expect(within(report).getByText('Data as of').nextElementSibling).toHaveTextContent(
      formatDateTime(SAVED_AT, PACIFIC),
    );

    // Visits per amenity in October, added up here from the same saved timeline.
    expect(within(report).getByText('Period').nextElementSibling).toHaveTextContent(
      'Oct 1 – 31, 2026',
    );
    const october = inOctober(timelineFixture('month', REPORT_TIMELINE.days));
    expect(october).toHaveLength(31);
    const lawnVisits = october.reduce((sum, point) => sum + point.lawn, 0);
    const visits = within(report).getByRole('table', { name: 'Visits per amenity' });
    const lawnRow = within(visits).getByRole('row', { name: /The Great Lawn/ });
    expect(lawnRow).toHaveTextContent(lawnVisits.toLocaleString('en-US'));
    // Every amenity, not only the four of the usage chart.
    expect(within(visits).getAllByRole('row')).toHaveLength(1 + amenitiesFixture.length);
    // October is fully covered: no coverage warning.
    expect(within(report).queryByText(/Partial data/)).toBeNull();

    const capacity = within(report).getByRole('table', { name: 'Peak hours and capacity use' });
    expect(within(capacity).getByRole('row', { name: /Solis Hall/ })).toHaveTextContent(
      /7:00 PM - 9:00 PM.*104.*120.*87%.*48%/,
    );
    expect(within(report).getAllByText('Offline snapshot')).toHaveLength(3);
    expect(requests).toEqual([]);
  });

  it('says which amenities were closed on days of the period, archived ones by that name', async () => {
    goOffline();
    const client = snapshotClient();
    client.setQueryData(
      amenitySetupQuery().queryKey,
      [
        ...amenitySetupFixture.map((amenity) =>
          amenity.id === 'grand-lake'
            ? {
                ...amenity,
                closures: [
                  { firstDay: '2026-09-28', lastDay: '2026-10-02', reason: 'Dock repairs' },
                  { firstDay: '2026-11-02', lastDay: '2026-11-02', reason: 'Not in October' },
                ],
              }
            : amenity,
        ),
        ...archivedAmenitySetupFixture.map((amenity) => ({
          ...amenity,
          closures: [{ firstDay: '2026-10-10', lastDay: '2026-10-11', reason: '' }],
        })),
      ],
      { updatedAt: SAVED_AT },
    );
    renderWithApp(<ReportsPage />, { route: '/reports?report=usage', client });
    const report = await screen.findByRole('region', { name: 'Amenity Usage Report — Last Month' });
    expect(
      await within(report).findByText(
        'Closed in this period: Grand Lake closed for Dock repairs, Mon, Sep 28, 2026 – Fri, Oct 2, 2026; Tennis Court (archived) closed Sat, Oct 10, 2026 – Sun, Oct 11, 2026.',
      ),
    ).toBeInTheDocument();
  });

  it('leaves a silent amenity out of the daily average, and says a peak not seen yet, rather than 0', async () => {
    goOffline();
    const client = snapshotClient();
    // Sunny Side Playground has no sensor: silent the whole window, so it has no average of its
    // own. It is closed and silent now; Heritage Tree Area has no peak history.
    const gaps = gapsFixture(REPORT_TIMELINE.days, SAVED_AT);
    patchAmenityGaps(client, 'sunny-playground', { silent: [{ from: gaps.from, to: gaps.to }] });
    client.setQueryData(
      amenityAnalyticsQuery().queryKey,
      amenitiesFixture.map((amenity) =>
        amenity.id === 'heritage-tree'
          ? { ...amenity, peakTime: NO_PEAK_DATA, peakUsage: 0 }
          : amenity.id === 'sunny-playground'
            ? { ...amenity, currentUsers: 0, live: false, lastReadingAt: null }
            : amenity,
      ),
    );
    renderWithApp(<ReportsPage />, { route: '/reports?report=usage', client });
    const report = await screen.findByRole('region', { name: 'Amenity Usage Report — Last Month' });
    const cells = (table: HTMLElement, name: string) =>
      [
        ...within(table)
          .getByRole('row', { name: new RegExp(name) })
          .querySelectorAll('th, td'),
      ].map((cell) => cell.textContent);

    expect(
      within(report).getByText(
        /^No daily average for Sunny Side Playground: its sensor never reported in this period\./,
      ),
    ).toHaveTextContent('The daily average of all amenities adds up the others’ only.');
    const visits = within(report).getByRole('table', { name: 'Visits per amenity' });
    expect(cells(visits, 'Sunny Side Playground').at(-1)).toBe('—');
    // The others' own sensors reported all month: their averages are known, and the total's
    // is their sum (each over October's 31 days).
    expect(cells(visits, 'The Great Lawn').at(-1)).toMatch(/^\d[\d,]*$/);
    const october = inOctober(timelineFixture('month', REPORT_TIMELINE.days));
    const others = october.reduce(
      (sum, p) => sum + allVisits(p) - (p.amenities?.['sunny-playground'] ?? 0),
      0,
    );
    expect(
      within(report).getAllByText('Daily average', { selector: 'dt' })[0]?.nextElementSibling,
    ).toHaveTextContent(Math.round(others / 31).toLocaleString('en-US'));

    const capacity = within(report).getByRole('table', { name: 'Peak hours and capacity use' });
    expect(cells(capacity, 'Heritage Tree Area').slice(0, 5)).toEqual([
      'Heritage Tree Area',
      'No data yet',
      '—',
      '40',
      '—',
    ]);
    expect(cells(capacity, 'Sunny Side Playground').at(-1)).toBe('Closed · No reading');
  });

  it('says in its rows when an amenity was added in the period, and costs it from then', async () => {
    goOffline();
    const client = snapshotClient();
    // The Yard added Sat Oct 17 00:00 PDT, reporting since: 15 of October's 31 days.
    patchAmenityGaps(client, 'the-yard', { addedAt: '2026-10-17T07:00:00.000Z', silent: [] });
    renderWithApp(<ReportsPage />, { route: '/reports?report=financial', client });
    const report = await screen.findByRole('region', {
      name: 'Financial Impact Report — Last Month',
    });
    const table = within(report).getByRole('table', { name: 'Operating cost per visit' });
    const row = within(table).getByRole('row', { name: /^The Yard \(added Sat 17 Oct 00:00\)/ });
    const cells = [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    // 360 of October's 744 hours: 0.4839 months; $2,900.00 × 0.4839 = $1,403.31.
    expect(cells.slice(2, 5)).toEqual(['$2,900.00', '0.4839', '$1,403.31']);
    // The others were there all month.
    expect(within(table).getByRole('row', { name: /^The Great Lawn / })).toBeInTheDocument();
  });

  it('saves one copy of the data for every period, and watches a report only while one is open', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/usage/timeline') asked.push(url.search);
    });
    const user = userEvent.setup();
    const client = createQueryClient();
    renderWithApp(<ReportsPage />, { route: '/reports', client });
    const watchers = () =>
      client
        .getQueryCache()
        .find({ queryKey: reportTimelineQuery().queryKey, exact: true })
        ?.getObserversCount();
    await waitFor(() => {
      expect(client.getQueryData(reportTimelineQuery().queryKey)).toBeDefined();
      expect(client.getQueryData(reportGapsQuery().queryKey)).toBeDefined();
    });
    // Saved, not shown: the answers arrived without a render of the page.
    expect(watchers()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Preview: Amenity Usage Report' }));
    await screen.findByRole('region', { name: 'Amenity Usage Report — Last Month' });
    expect(watchers()).toBeGreaterThan(0);
    // Another period is cut from the same saved copy: nothing more to ask.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Report period' }), 'week');
    const week = await screen.findByRole('region', { name: 'Amenity Usage Report — Last Week' });
    expect(
      await within(week).findByRole('table', { name: 'Visits per amenity' }),
    ).toBeInTheDocument();
    expect(asked).toEqual([`?period=month&days=${REPORT_TIMELINE.days}`]);
    server.events.removeAllListeners();
  });

  it('refreshes a report built from the snapshot when online', async () => {
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports', client: snapshotClient() });
    await user.click(screen.getByRole('button', { name: 'Preview: Event Performance Report' }));
    const report = await screen.findByRole('region', {
      name: 'Event Performance Report — Last Month',
    });
    expect(await within(report).findByText(/Built from the offline snapshot/)).toBeInTheDocument();

    await user.click(within(report).getByRole('button', { name: 'Refresh data' }));
    await waitFor(() =>
      expect(within(report).queryByText(/Built from the offline snapshot/)).toBeNull(),
    );
    // The event analysis, live now (it is the report's one source: no sensor coverage line).
    expect(within(report).getAllByText('Live')).toHaveLength(1);
    expect(within(report).queryByTestId('coverage')).toBeNull();
  });

  it('says on the first page how much of Last Year the data covers', async () => {
    goOffline();
    localStorage.setItem(REPORTS_PERIOD_KEY, JSON.stringify('year'));
    const client = snapshotClient();
    // 90 days of data up to Nov 22: Aug 25 - Oct 31 fall in Nov 2025 - Oct 2026.
    client.setQueryData(reportTimelineQuery().queryKey, timelineFixture('month', 90));
    client.setQueryData(reportGapsQuery().queryKey, yearGaps());
    renderWithApp(<ReportsPage />, { route: '/reports?report=usage', client });
    const report = await screen.findByRole('region', { name: 'Amenity Usage Report — Last Year' });
    expect(within(report).getByText('Period').nextElementSibling).toHaveTextContent(
      'Nov 1, 2025 – Oct 31, 2026',
    );
    // Aug 25 - Oct 31 is 68 days (no clock change in between), less Grand Lake's 7 hours; the
    // period is 365 days (an hour gained on Nov 1 2025, one lost on Mar 8 2026).
    const coverage = await within(report).findByTestId('coverage');
    expect(coverage).toHaveTextContent(
      /^Coverage: Data for 67 d 17 h of 365 d; Grand Lake sensor silent Sat 1 Nov 2025 00:00 – Tue 25 Aug 2026 00:00; Heritage Tree Area sensor silent .*; Market Street Promenade sensor silent .* and 5 more\.$/,
    );
    // The daily average adds up each amenity's own: its visits over its covered days, 68
    // (Aug 25 - Oct 31), Grand Lake's 67 d 17 h.
    const days = timelineFixture('month', 90).filter(
      (p) => p.time.slice(0, 10) >= '2026-08-25' && p.time.slice(0, 10) <= '2026-10-31',
    );
    expect(days).toHaveLength(68);
    const average = amenitiesFixture.reduce(
      (sum, { id }) =>
        sum +
        days.reduce((visits, p) => visits + (p.amenities?.[id] ?? 0), 0) /
          (id === 'grand-lake' ? 67 + 17 / 24 : 68),
      0,
    );
    expect(
      within(report).getAllByText('Daily average', { selector: 'dt' })[0]?.nextElementSibling,
    ).toHaveTextContent(Math.round(average).toLocaleString('en-US'));
  });

  it('counts the reports built and the files saved on this device', async () => {
    const files = captureDownloads();
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports' });
    const tiles = screen.getByLabelText('Report statistics');
    await user.click(screen.getByRole('button', { name: 'Preview: Event Performance Report' }));
    await user.click(
      screen.getByRole('button', { name: 'Download CSV: Event Performance Report' }),
    );
    await waitFor(() => expect(files).toHaveLength(1));
    await waitFor(() =>
      expect(within(tiles).getByText('Downloads').nextElementSibling).toHaveTextContent('1'),
    );
    expect(within(tiles).getByText('Reports Generated').nextElementSibling).toHaveTextContent('1');
  });

  it('keeps the saved data and says so when a refresh fails', async () => {
    server.use(
      http.get('*/api/amy/analysis', () =>
        HttpResponse.json({ error: 'Amy is down' }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports', client: snapshotClient() });
    await user.click(screen.getByRole('button', { name: 'Preview: Event Performance Report' }));
    const report = await screen.findByRole('region', {
      name: 'Event Performance Report — Last Month',
    });
    await user.click(await within(report).findByRole('button', { name: 'Refresh data' }));
    expect(await within(report).findByText(/could not refresh: 500/)).toBeInTheDocument();
    expect(within(report).getByRole('table', { name: 'Events per month' })).toBeInTheDocument();
    expect(within(report).getByText(/Built from the offline snapshot/)).toBeInTheDocument();
  });

  it('says plainly when the usage timeline was never saved, and shows what was', async () => {
    goOffline();
    localStorage.setItem(REPORTS_PERIOD_KEY, JSON.stringify('quarter'));
    const client = snapshotClient();
    client.removeQueries({ queryKey: reportTimelineQuery().queryKey, exact: true });
    renderWithApp(<ReportsPage />, { route: '/reports?report=usage', client });

    const report = await screen.findByRole('region', {
      name: 'Amenity Usage Report — Last Quarter',
    });
    expect(
      await within(report).findByText(/The usage timeline for Last Quarter has not been saved/),
    ).toBeInTheDocument();
    // What the device does hold is still shown.
    expect(
      within(report).getByRole('table', { name: 'Peak hours and capacity use' }),
    ).toBeInTheDocument();
    expect(within(report).queryByRole('table', { name: 'Visits per amenity' })).toBeNull();
  });

  it('builds the financial report with its estimates marked', async () => {
    goOffline();
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports', client: snapshotClient() });
    await user.click(screen.getByRole('button', { name: 'Preview: Financial Impact Report' }));
    const report = await screen.findByRole('region', {
      name: 'Financial Impact Report — Last Month',
    });
    expect(
      await within(report).findByText('Monthly amenity value', { selector: 'dt' }),
    ).toBeInTheDocument();
    expect(within(report).getByText('$123,400')).toBeInTheDocument();
    // The report's own period valued too: October's lawn visits at the lawn's $1.00.
    const octoberLawn = inOctober(timelineFixture('month', REPORT_TIMELINE.days)).reduce(
      (sum, p) => sum + p.lawn,
      0,
    );
    const values = within(report).getByRole('table', { name: 'Amenity value in the period' });
    expect(within(values).getByRole('row', { name: /The Great Lawn/ })).toHaveTextContent(
      new RegExp(
        `${octoberLawn.toLocaleString('en-US')}.*\\$1\\.00.*\\$${octoberLawn.toLocaleString('en-US')}\\.00`,
      ),
    );
    const costs = within(report).getByRole('table', { name: 'Operating cost per visit' });
    // The lawn's October: $4,200 over its October visits.
    const lawnVisits = inOctober(timelineFixture('month', REPORT_TIMELINE.days)).reduce(
      (sum, p) => sum + p.lawn,
      0,
    );
    const perVisit = `$${(4200 / lawnVisits).toFixed(2)}`;
    expect(within(costs).getByRole('row', { name: /The Great Lawn/ })).toHaveTextContent(
      // Visits, monthly cost, months covered (a whole month, every sensor), cost in period.
      new RegExp(
        `${lawnVisits.toLocaleString('en-US')}.*\\$4,200\\.00.*1\\.0000.*\\$4,200\\.00.*\\${perVisit}`,
      ),
    );
    expect(within(costs).getByRole('row', { name: /Market Street Promenade/ })).toHaveTextContent(
      /cost not entered.*cost not entered.*cost not entered/,
    );
    expect(within(report).getByText(/Cost per visit = monthly operating cost/)).toHaveTextContent(
      'the period’s months (1.0000 here) times the share of the period the amenity’s own sensor reported',
    );
  });

  it('values an amenity’s visits at its own value per visit when one is set', async () => {
    goOffline();
    const user = userEvent.setup();
    const client = snapshotClient();
    // The lawn's own value, $2.40 a visit, instead of the lawn type's $1.00.
    client.setQueryData(
      amenityAnalyticsQuery().queryKey,
      amenitiesFixture.map((amenity) =>
        amenity.id === 'great-lawn' ? { ...amenity, visitValue: 2.4 } : amenity,
      ),
      { updatedAt: SAVED_AT },
    );
    renderWithApp(<ReportsPage />, { route: '/reports', client });
    await user.click(screen.getByRole('button', { name: 'Preview: Financial Impact Report' }));
    const report = await screen.findByRole('region', {
      name: 'Financial Impact Report — Last Month',
    });
    const octoberLawn = inOctober(timelineFixture('month', REPORT_TIMELINE.days)).reduce(
      (sum, p) => sum + p.lawn,
      0,
    );
    const values = await within(report).findByRole('table', {
      name: 'Amenity value in the period',
    });
    const cents = Math.round(octoberLawn * 240);
    const money = `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
    expect(within(values).getByRole('row', { name: /The Great Lawn/ })).toHaveTextContent(
      new RegExp(`${octoberLawn.toLocaleString('en-US')}.*\\$2\\.40.*\\${money}`),
    );
    expect(within(report).getByText(/^Amenity value in the period = /)).toHaveTextContent(
      /its value per visit, each row to the cent.*one left empty counts its type’s default \(lawn \$1\.00, hall \$3\.00,/,
    );
  });

  it('says the monthly amenity value is for the last 30 days, under the figure', async () => {
    goOffline();
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports', client: snapshotClient() });
    await user.click(screen.getByRole('button', { name: 'Preview: Financial Impact Report' }));
    const report = await screen.findByRole('region', {
      name: 'Financial Impact Report — Last Month',
    });
    // The spec's label stays; the server's 30 days (today included) are named right under it:
    // saved Nov 23, 7:00 AM Pacific, so Oct 25 - Nov 23, not the report's October.
    const label = await within(report).findByText('Monthly amenity value', { selector: 'dt' });
    expect(label.nextElementSibling).toHaveTextContent('$123,400');
    expect(label.closest('dl')?.nextElementSibling).toHaveTextContent(
      /^Last 30 days: Oct 25\s–\sNov 23, 2026 \(up to Nov 23, 2026, 7:00 AM PST, when it was loaded\), not the report’s period\.$/,
    );
  });

  it('shows each operating cost as its monthly cost × months covered, as shown', async () => {
    const { costed } = await lastWeekCosts();
    expect(costed.length).toBeGreaterThan(1);
    for (const [name = '', , monthly = '', months = '', inPeriod = ''] of costed) {
      // Last Week is 7 of November's 30 days (less Grand Lake's 7 silent hours): a reader
      // multiplying the two figures shown gets the cost shown, to the cent.
      expect(months, name).toMatch(/^\d+\.\d{4}$/);
      expect(inPeriod, name).toMatch(/^\$[\d,]+\.\d{2}$/);
      expect(cents(inPeriod), name).toBe(Math.round(cents(monthly) * Number(months)));
    }
  });

  it('shows operating costs whose rows add up to the total shown', async () => {
    const { report, costed } = await lastWeekCosts();
    const total = within(report).getByText('Operating cost in the period', { selector: 'dt' });
    expect(cents(total.nextElementSibling?.textContent ?? '')).toBe(
      costed.reduce((sum, row) => sum + cents(row[4] ?? ''), 0),
    );
  });

  it('shows money in the community profile’s currency, offline from the snapshot', async () => {
    goOffline();
    const client = snapshotClient();
    client.setQueryData(
      communityQuery().queryKey,
      { ...communityFixture, currency: 'EUR' },
      { updatedAt: SAVED_AT },
    );
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports', client });
    await user.click(screen.getByRole('button', { name: 'Preview: Financial Impact Report' }));
    expect(await screen.findByText('€123,400')).toBeInTheDocument();
  });

  it('a community with no amenity yet says so under Peak hours, not an empty table', async () => {
    server.use(http.get(API_PATHS.amenityAnalytics, () => HttpResponse.json([])));
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports' });
    await user.click(screen.getByRole('button', { name: 'Preview: Amenity Usage Report' }));
    const report = await screen.findByRole('region', {
      name: 'Amenity Usage Report — Last Month',
    });
    expect(
      await within(report).findByText('No amenities yet: none to report peaks for.'),
    ).toBeInTheDocument();
    expect(within(report).queryByRole('table', { name: 'Peak hours and capacity use' })).toBeNull();
  });

  it('Generate Report builds the whole report for the chosen period from live data', async () => {
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Report period' }), 'week');
    expect(localStorage.getItem(REPORTS_PERIOD_KEY)).toBe('"week"');
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));

    const report = await screen.findByRole('region', { name: 'Community Report — Last Week' });
    for (const part of ['Amenity usage', 'Financial impact', 'Event performance']) {
      expect(within(report).getByRole('heading', { level: 3, name: part })).toBeInTheDocument();
    }
    // Last Week seen from Mon Nov 23 is Mon Nov 16 to Sun Nov 22, every amenity.
    const week = timelineFixture('month', REPORT_TIMELINE.days).filter(
      (p) => p.time.slice(0, 10) >= '2026-11-16',
    );
    expect(week).toHaveLength(7);
    const total = week.reduce((sum, p) => sum + allVisits(p), 0);
    expect(await within(report).findByText(total.toLocaleString('en-US'))).toBeInTheDocument();
    expect(within(report).queryByText(/offline snapshot saved on this device/)).toBeNull();
    expect(within(report).getAllByText('Live').length).toBeGreaterThan(0);
    // The mock's Grand Lake silence (02:00-09:00 UTC three days ago) falls in the week.
    expect(within(report).getByTestId('coverage')).toHaveTextContent(
      'Coverage: Data for 6 d 17 h of 7 d; Grand Lake sensor silent Thu 19 Nov 18:00 – Fri 20 Nov 01:00.',
    );
  });

  it('says the coverage is unknown because the gaps failed to load, not for want of a connection', async () => {
    server.use(http.get(API_PATHS.gaps, () => new HttpResponse('not json', { status: 200 })));
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports' });
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    const report = await screen.findByRole('region', { name: 'Community Report — Last Month' });
    const coverage = await within(report).findByTestId('coverage');
    expect(coverage).toHaveTextContent(
      /^Coverage: unknown: the sensor gaps could not be loaded \(.+\); averages assume every sensor reported\.$/,
    );
    expect(coverage).not.toHaveTextContent(/Connect once/);
  });

  it('downloads the usage CSV of the chosen period', async () => {
    const files = captureDownloads();
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports' });
    await user.click(screen.getByRole('button', { name: 'Download CSV: Amenity Usage Report' }));

    await waitFor(() => expect(files).toHaveLength(1));
    const [file] = files;
    expect(file?.name).toBe('usage-month-2026-10-01-to-2026-10-31-2026-11-23.csv');
    expect(file?.text.charCodeAt(0)).toBe(0xfeff);
    const lines = file?.text.slice(1).trimEnd().split('\r\n') ?? [];
    // What the file covers (the covered and the period's hours as numbers), then the table.
    expect(lines.slice(0, 9)).toEqual([
      'Report,"Amenity Usage Report, Last Month"',
      'Period,2026-10-01 to 2026-10-31',
      'Coverage,Data for all 31 d',
      'Covered (hours),744.0',
      'Period length (hours),744.0',
      // The amenity settings were read (no amenity was closed in October).
      'Closures,none',
      'Time zone,"Pacific Time (PT), America/Los_Angeles"',
      'Generated,"Nov 23, 2026, 10:00 AM PST"',
      '',
    ]);
    expect(lines[9]).toBe(
      'Date (Pacific Time (PT)),The Great Lawn,Solis Hall,The Yard,Grand Lake,Heritage Tree Area,Market Street Promenade,Sunny Side Playground,Total',
    );
    const october = inOctober(timelineFixture('month', REPORT_TIMELINE.days));
    expect(lines).toHaveLength(9 + 1 + october.length);
    const last = october.at(-1);
    expect(lines.at(-1)).toBe(
      `2026-10-31,${last?.lawn},${last?.hall},${last?.yard},${last?.lake},${Object.values(
        last?.amenities ?? {},
      )
        .slice(4)
        .join(',')},${last ? allVisits(last) : ''}`,
    );
    expect(await screen.findByText('Download started')).toBeInTheDocument();
  });

  /** The query of every readings file the app asks for (MSW's events: removed by the test). */
  function readingsAsks(): string[] {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes(READINGS_FILE_PATH)) asked.push(new URL(request.url).search);
    });
    return asked;
  }

  /** A saved readings file's rows, under its column names (its byte order mark left out). */
  const readingsRows = (text = '') => {
    const lines = text.slice(1).trimEnd().split('\r\n');
    return lines.slice(lines.indexOf(READINGS_FILE_COLUMNS.join(',')) + 1);
  };

  it('downloads the readings behind the report from the server, whose Entries add up to its visits', async () => {
    const asked = readingsAsks();
    const files = captureDownloads();
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports?report=usage' });
    const button = await screen.findByRole('button', { name: /^Download readings/ });
    expect(button).toHaveAccessibleName(
      'Download readings (every sensor reading of the period, CSV)',
    );
    await user.click(button);

    await waitFor(() => expect(files).toHaveLength(1));
    expect(asked).toEqual(['?from=2026-10-01&to=2026-10-31']);
    const [file] = files;
    expect(file?.name).toBe('readings-all-2026-10-01-to-2026-10-31-2026-11-22.csv');
    expect(file?.text.charCodeAt(0)).toBe(0xfeff);
    const rows = readingsRows(file?.text);
    const october = inOctober(timelineFixture('month', REPORT_TIMELINE.days));
    // Seven amenities, a reading a day each; their Entries are October's visits, to the one.
    expect(rows).toHaveLength(7 * october.length);
    const entries = rows.reduce((sum, row) => sum + Number(row.split(',')[6]), 0);
    expect(entries).toBe(october.reduce((sum, point) => sum + allVisits(point), 0));
    expect(await screen.findByText('Download started')).toBeInTheDocument();
    expect(
      screen.getByText(
        `readings-all-2026-10-01-to-2026-10-31-2026-11-22.csv: ${7 * october.length} readings of 2026-10-01 to 2026-10-31.`,
      ),
    ).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('downloads one amenity’s readings when one is chosen beside the button', async () => {
    const asked = readingsAsks();
    const files = captureDownloads();
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports?report=usage' });
    const choice = await screen.findByRole('combobox', { name: 'Readings of' });
    expect(choice).toHaveDisplayValue('All amenities');
    // Every live amenity can be chosen, after every amenity at once.
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All amenities', ...amenitiesFixture.map((amenity) => amenity.name)]);
    await user.selectOptions(choice, 'Solis Hall');
    const button = screen.getByRole('button', { name: /^Download readings/ });
    expect(button).toHaveAccessibleName(
      'Download readings (Solis Hall’s sensor readings of the period, CSV)',
    );
    await user.click(button);

    await waitFor(() => expect(files).toHaveLength(1));
    expect(asked).toEqual(['?from=2026-10-01&to=2026-10-31&amenity=solis-hall']);
    const [file] = files;
    expect(file?.name).toBe('readings-solis-hall-2026-10-01-to-2026-10-31-2026-11-22.csv');
    const rows = readingsRows(file?.text);
    const october = inOctober(timelineFixture('month', REPORT_TIMELINE.days));
    expect(rows.map((row) => row.split(',')[0])).toEqual(october.map(() => 'Solis Hall'));
    // Its Entries are the report's Solis Hall visits, to the one.
    const entries = rows.reduce((sum, row) => sum + Number(row.split(',')[6]), 0);
    expect(entries).toBe(
      october.reduce((sum, point) => sum + (point.amenities?.['solis-hall'] ?? 0), 0),
    );
    expect(
      await screen.findByText(
        `readings-solis-hall-2026-10-01-to-2026-10-31-2026-11-22.csv: ${october.length} readings of Solis Hall, 2026-10-01 to 2026-10-31.`,
      ),
    ).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('says why the readings were not downloaded: no connection, or the server’s refusal', async () => {
    server.use(
      http.get(READINGS_FILE_PATH, () =>
        HttpResponse.json(
          {
            error:
              '2026-10-01 to 2026-10-31 holds 3,120,000 readings; a file holds at most 3,000,000: choose a shorter period or one amenity',
          },
          { status: 400 },
        ),
      ),
    );
    const files = captureDownloads();
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<ReportsPage />, { route: '/reports?report=financial' });
    const button = await screen.findByRole('button', { name: /^Download readings/ });
    await user.click(button);
    expect(await screen.findByText('Readings not downloaded')).toBeInTheDocument();
    expect(
      screen.getByText(/holds 3,120,000 readings; a file holds at most 3,000,000/),
    ).toBeInTheDocument();
    // Ready again for another try, focus kept on it meanwhile.
    expect(button).toHaveFocus();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    unmount();

    goOffline();
    renderWithApp(<ReportsPage />, { route: '/reports?report=usage' });
    await user.click(await screen.findByRole('button', { name: /^Download readings/ }));
    expect(
      await screen.findByText(
        "Can't reach CommonGround. The readings file comes from the server: connect to download it.",
      ),
    ).toBeInTheDocument();
    expect(files).toEqual([]);
  });

  it('says how much of a long readings file has arrived while it downloads', async () => {
    const release: (() => void)[] = [];
    const rest = new Promise<void>((resolve) => release.push(resolve));
    const row =
      'Solis Hall,solis-hall,2026-10-01 12:00:00,2026-10-01T19:00:00.000Z,2026-10-01,0,4,30\r\n';
    const rows = (count: number) => new TextEncoder().encode(row.repeat(count));
    server.use(
      http.get(
        READINGS_FILE_PATH,
        () =>
          new HttpResponse(
            new ReadableStream<Uint8Array>({
              async start(controller) {
                controller.enqueue(
                  new TextEncoder().encode(
                    `\uFEFFReport,Sensor readings\r\n\r\n${READINGS_FILE_COLUMNS.join(',')}\r\n`,
                  ),
                );
                controller.enqueue(rows(4_000));
                controller.enqueue(rows(4_000));
                await rest;
                controller.close();
              },
            }),
            { headers: { 'Content-Disposition': 'attachment; filename="readings-all.csv"' } },
          ),
      ),
    );
    const files = captureDownloads();
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports?report=usage' });
    await user.click(await screen.findByRole('button', { name: /^Download readings/ }));
    // 8,000 rows of 86 bytes and the header so far: 672 KB (1,024-based, as file sizes read).
    const busy = await screen.findByRole(
      'button',
      { name: /^Downloading readings… 672 KB/ },
      { timeout: 5_000 },
    );
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(files).toEqual([]);
    release.forEach((resolve) => resolve());
    expect(
      await screen.findByText('readings-all.csv: 8,000 readings of 2026-10-01 to 2026-10-31.'),
    ).toBeInTheDocument();
    // The toast is told as the download settles; the button is freed in the render after it.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Download readings/ })).not.toHaveAttribute(
        'aria-busy',
      ),
    );
    await waitFor(() => expect(files).toHaveLength(1));
  });

  it('offers the readings only beside figures counted by the sensors', async () => {
    renderWithApp(<ReportsPage />, { route: '/reports?report=events' });
    await screen.findByRole('region', { name: /^Event Performance Report/ });
    expect(screen.queryByRole('button', { name: /^Download readings/ })).not.toBeInTheDocument();
  });

  it('names an amenity archived since in the usage report and its CSV, its visits still counted', async () => {
    // Tennis Court (archived in the set-up list) had 3 visits on each October day.
    server.use(
      http.get(API_PATHS.timeline, () =>
        HttpResponse.json(
          timelineFixture('month', REPORT_TIMELINE.days).map((point) => ({
            ...point,
            amenities: { ...point.amenities, 'tennis-court': 3 },
          })),
        ),
      ),
    );
    const files = captureDownloads();
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports?report=usage' });
    const report = await screen.findByRole('region', { name: 'Amenity Usage Report — Last Month' });
    const visits = await within(report).findByRole('table', { name: 'Visits per amenity' });
    expect(
      within(visits).getByRole('row', { name: /^Tennis Court \(archived\) 93 / }),
    ).toBeInTheDocument();
    expect(within(visits).queryByText('tennis-court')).toBeNull();
    const october = inOctober(timelineFixture('month', REPORT_TIMELINE.days));
    const total = october.reduce((sum, point) => sum + allVisits(point), 0) + 93;
    expect(within(report).getByText('Total visits').nextElementSibling).toHaveTextContent(
      total.toLocaleString('en-US'),
    );

    await user.click(screen.getByRole('button', { name: 'Download CSV: Amenity Usage Report' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = files[0]?.text.slice(1).trimEnd().split('\r\n') ?? [];
    expect(lines[9]).toMatch(/,Sunny Side Playground,Tennis Court \(archived\),Total$/);
    expect(lines.at(-1)).toMatch(/,3,\d+$/);
  });

  /** The event CSV of the chosen period, from Amy's analysis saved an hour before NOW. */
  async function eventCsvLines() {
    goOffline();
    const files = captureDownloads();
    const user = userEvent.setup();
    const client = snapshotClient();
    client.setQueryData(analysisQuery().queryKey, analysisFixture, {
      updatedAt: NOW - 60 * 60 * 1000,
    });
    renderWithApp(<ReportsPage />, { route: '/reports', client });
    await user.click(
      screen.getByRole('button', { name: 'Download CSV: Event Performance Report' }),
    );
    await waitFor(() => expect(files).toHaveLength(1));
    return files[0]?.text.slice(1).trimEnd().split('\r\n') ?? [];
  }

  it('downloads the event CSV from the saved analysis when offline', async () => {
    const lines = await eventCsvLines();
    // What the file is, the period, where its figures come from (Amy's analysis, not the
    // sensors) and the days they count, the time zone and when it was made; then the table.
    expect(lines.slice(0, 10)).toEqual([
      'Report,"Event Performance Report, Last Month"',
      'Period,2026-10-01 to 2026-10-31',
      'Source,"Amy’s event analysis (events held and their attendance), not the people counters"',
      'Monthly figures cover,2026-10-01 to 2026-10-31',
      'Months counted,Amy’s events in the months of this period: Oct 2026.',
      'Categories and amenities cover,"2026-06-01 to 2026-11-23 (Nov 2026 so far), Amy’s whole analysis, not only this period"',
      'Time zone,"Pacific Time (PT), America/Los_Angeles"',
      expect.stringMatching(
        /^Generated,"[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M P[SD]T"$/,
      ),
      '',
      'Section,Name,From,To,Events (count),Average attendance (people per event),Average success (% of planned attendance)',
    ]);
    expect(lines[10]).toBe('Monthly trend,Oct 2026,2026-10-01,2026-10-31,9,112.0,');
    // Categories as the report shows them ("Recreational"), not the analysis's keys.
    expect(lines).toContain('Category,Recreational,2026-06-01,2026-11-23,14,,91.0');
    // Nothing in it claims the sensors' coverage: no event figure comes from them.
    expect(lines.filter((line) => /^Cover(age|ed)/.test(line))).toEqual([]);
  });

  it('says on screen which days Last Week’s event figures count, as its CSV does', async () => {
    goOffline();
    localStorage.setItem(REPORTS_PERIOD_KEY, JSON.stringify('week'));
    const client = snapshotClient();
    client.setQueryData(analysisQuery().queryKey, analysisFixture, {
      updatedAt: NOW - 60 * 60 * 1000,
    });
    renderWithApp(<ReportsPage />, { route: '/reports?report=events', client });
    const report = await screen.findByRole('region', {
      name: 'Event Performance Report — Last Week',
    });
    expect(
      await within(report).findByText(
        /^Amy counts events by month: these figures are for Nov 2026/,
      ),
    ).toHaveTextContent(
      'Amy counts events by month: these figures are for Nov 2026, the month this week is part ' +
        'of, not for the week alone. Days counted: Nov 1 – 23, 2026 (Nov 2026 so far).',
    );
    expect(
      within(report).getByText(/^Amy reports categories over her whole analysis/),
    ).toHaveTextContent(
      'Amy reports categories over her whole analysis, Jun 1 – Nov 23, 2026 (Nov 2026 so far), ' +
        'not per month, so this is not limited to the period; most successful first.',
    );
  });

  it('shows no average attendance for a month without events, not 0', async () => {
    goOffline();
    const client = snapshotClient();
    const noneInOctober = {
      ...analysisFixture,
      monthlyTrends: analysisFixture.monthlyTrends.map((month) =>
        month.month === 'Oct' ? { ...month, events: 0, avgAttendance: 0 } : month,
      ),
    };
    client.setQueryData(analysisQuery().queryKey, noneInOctober, {
      updatedAt: NOW - 60 * 60 * 1000,
    });
    renderWithApp(<ReportsPage />, { route: '/reports?report=events', client });
    const report = await screen.findByRole('region', {
      name: 'Event Performance Report — Last Month',
    });
    const table = await within(report).findByRole('table', { name: 'Events per month' });
    const [, october] = within(table).getAllByRole('row');
    expect(
      within(october as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0', '—']);
  });

  it('says in the Last Week event CSV that its figures are for the month, up to the analysis', async () => {
    localStorage.setItem(REPORTS_PERIOD_KEY, JSON.stringify('week'));
    const lines = await eventCsvLines();
    expect(lines[1]).toBe('Period,2026-11-16 to 2026-11-22');
    expect(lines[3]).toBe('Monthly figures cover,2026-11-01 to 2026-11-23 (Nov 2026 so far)');
    expect(lines[4]).toBe(
      'Months counted,"Amy counts events by month: these figures are for Nov 2026, the month ' +
        'this week is part of, not for the week alone."',
    );
    expect(lines).toContain('Monthly trend,Nov 2026,2026-11-01,2026-11-23,6,91.0,');
  });

  it('says why a CSV cannot be made when its data was never saved', async () => {
    goOffline();
    const files = captureDownloads();
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports' });
    await user.click(screen.getByRole('button', { name: 'Download CSV: Amenity Usage Report' }));
    expect(await screen.findByText('Usage data not downloaded')).toBeInTheDocument();
    expect(files).toEqual([]);
  });

  it('prints the financial report as its download (Save as PDF)', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports' });
    await user.click(screen.getByRole('button', { name: 'Download PDF: Financial Impact Report' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(
      screen.getByRole('region', { name: 'Financial Impact Report — Last Month' }),
    ).toHaveAttribute('data-print-report');
  });

  it('the full report with a partial period has no structural accessibility violations', async () => {
    goOffline();
    localStorage.setItem(REPORTS_PERIOD_KEY, JSON.stringify('year'));
    const client = snapshotClient();
    client.setQueryData(reportTimelineQuery().queryKey, timelineFixture('month', 90));
    client.setQueryData(reportGapsQuery().queryKey, yearGaps());
    const { container } = renderWithApp(<ReportsPage />, { route: '/reports?report=full', client });
    const report = await screen.findByRole('region', { name: 'Community Report — Last Year' });
    await within(report).findByText(/Data for 67 d 17 h of 365 d/);
    expect(within(report).getAllByText('cost not entered').length).toBeGreaterThan(0);
    // Colour contrast needs a real browser (the e2e suite checks it); the rest runs here.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('an opened report takes focus from the page, not from where the reader went meanwhile', async () => {
    // The dashboard's Generate Monthly Report opens /reports?report=full; before the report's
    // code has loaded, the reader presses F8 and is in the notifications, outside the page.
    const elsewhere = document.createElement('button');
    elsewhere.textContent = 'Notifications';
    document.body.append(elsewhere);
    elsewhere.focus();
    renderWithApp(<ReportsPage />, { route: '/reports?report=full' });
    const report = await screen.findByRole('region', { name: 'Community Report — Last Month' });
    expect(report).toBeInTheDocument();
    expect(elsewhere).toHaveFocus();
    elsewhere.remove();
  });

  it('closes the preview and returns focus to the button that opened it', async () => {
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports' });
    const preview = screen.getByRole('button', { name: 'Preview: Event Performance Report' });
    await user.click(preview);
    const report = await screen.findByRole('region', {
      name: 'Event Performance Report — Last Month',
    });
    expect(
      await within(report).findByRole('table', { name: 'Event categories' }),
    ).toBeInTheDocument();
    await user.click(within(report).getByRole('button', { name: 'Close preview' }));
    expect(screen.queryByRole('region', { name: /Event Performance Report/ })).toBeNull();
    await waitFor(() => expect(preview).toHaveFocus());
  });
});
