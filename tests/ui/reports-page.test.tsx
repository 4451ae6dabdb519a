import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { server } from '../../mocks/node';
import {
  amenitiesFixture,
  analysisFixture,
  metricsFixture,
  popularityFixture,
  timelineFixture,
} from '../../mocks/fixtures';
import { createQueryClient } from '../../src/api/query-client';
import { metricsQuery } from '../../src/api/metrics';
import { timelineQuery } from '../../src/api/timeline';
import { popularityQuery } from '../../src/api/popularity';
import { amenityAnalyticsQuery } from '../../src/api/amenity-analytics';
import { analysisQuery } from '../../src/api/amy-analysis';
import { SESSION_STARTED_AT } from '../../src/lib/session';
import { REPORTS_PERIOD_KEY } from '../../src/lib/storage-keys';
import { formatDateTime } from '../../src/features/reports/report-format';
import { ReportsPage } from '../../src/features/reports/reports-page';
import { captureDownloads } from '../downloads';
import { renderWithApp } from '../render';

const PACIFIC = 'America/Los_Angeles';
/** The snapshot was saved two hours before this session started. */
const SAVED_AT = SESSION_STARTED_AT - 2 * 60 * 60 * 1000;

/** A query client holding what an earlier online visit saved: the month's report data. */
function snapshotClient(): QueryClient {
  const client = createQueryClient();
  const opts = { updatedAt: SAVED_AT };
  client.setQueryData(metricsQuery().queryKey, metricsFixture, opts);
  client.setQueryData(timelineQuery('month', 30).queryKey, timelineFixture('month', 30), opts);
  client.setQueryData(popularityQuery(30).queryKey, popularityFixture, opts);
  client.setQueryData(amenityAnalyticsQuery().queryKey, amenitiesFixture, opts);
  client.setQueryData(analysisQuery().queryKey, analysisFixture, opts);
  return client;
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

beforeEach(() => {
  onlineManager.setOnline(true);
});
afterEach(() => {
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
    const tiles = screen.getByLabelText('Report statistics');
    const expected: [string, string][] = [
      ['Reports Generated', '24'],
      ['Downloads', '156'],
      ['Scheduled', '3'],
      ['Shared', '8'],
    ];
    for (const [label, value] of expected) {
      expect(within(tiles).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    for (const title of [
      'Amenity Usage Report',
      'Financial Impact Report',
      'Event Performance Report',
      'Maintenance & Operations Report',
    ]) {
      expect(screen.getByRole('button', { name: `Preview: ${title}` })).toBeEnabled();
    }
    expect(screen.getAllByRole('button', { name: /^Configure/ })).toHaveLength(3);
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
    expect(
      await screen.findByRole('heading', { name: 'Amenity Usage Report — Last Month' }),
    ).toHaveFocus();
    const report = screen.getByRole('region', { name: 'Amenity Usage Report — Last Month' });
    expect(
      within(report).getByText(
        'Built from the offline snapshot saved on this device, not from live data.',
      ),
    ).toBeInTheDocument();
    expect(within(report).getByText('Data as of').nextElementSibling).toHaveTextContent(
      formatDateTime(SAVED_AT, PACIFIC),
    );

    // Visits per amenity, added up here from the same saved timeline.
    const timeline = timelineFixture('month', 30);
    const lawnVisits = timeline.reduce((sum, point) => sum + point.lawn, 0);
    const visits = within(report).getByRole('table', { name: 'Visits per amenity' });
    const lawnRow = within(visits).getByRole('row', { name: /The Great Lawn/ });
    expect(lawnRow).toHaveTextContent(lawnVisits.toLocaleString('en-US'));

    const capacity = within(report).getByRole('table', { name: 'Peak hours and capacity use' });
    expect(within(capacity).getByRole('row', { name: /Solis Hall/ })).toHaveTextContent(
      /7:00 PM - 9:00 PM.*104.*120.*87%.*48%/,
    );
    expect(within(report).getAllByText('Offline snapshot')).toHaveLength(3);
    expect(requests).toEqual([]);
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
    expect(within(report).getByText('Live')).toBeInTheDocument();
  });

  it('says plainly when a period was never saved and offers the saved one', async () => {
    goOffline();
    localStorage.setItem(REPORTS_PERIOD_KEY, JSON.stringify('quarter'));
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports?report=usage', client: snapshotClient() });

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

    await user.click(within(report).getByRole('button', { name: 'Show Last Month' }));
    expect(
      await screen.findByRole('heading', { name: 'Amenity Usage Report — Last Month' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Report period' })).toHaveValue('month');
    expect(await screen.findByRole('table', { name: 'Visits per amenity' })).toBeInTheDocument();
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
    const values = within(report).getByRole('table', { name: 'Estimated value per amenity' });
    // 34% of the visits -> 34% of $123,400.
    expect(within(values).getByRole('row', { name: /The Great Lawn/ })).toHaveTextContent(
      '$41,956',
    );
    expect(within(values).getByRole('row', { name: /Heritage Tree Area/ })).toHaveTextContent(
      'Not tracked',
    );
    expect(within(report).getByText(/cannot be calculated from its data/)).toBeInTheDocument();
  });

  it('shows money in the currency chosen in Settings', async () => {
    goOffline();
    localStorage.setItem('cg.settings', JSON.stringify({ currency: 'EUR' }));
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports', client: snapshotClient() });
    await user.click(screen.getByRole('button', { name: 'Preview: Financial Impact Report' }));
    expect(await screen.findByText('€123,400')).toBeInTheDocument();
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
    const week = timelineFixture('week');
    const total = week.reduce((sum, p) => sum + p.lawn + p.hall + p.yard + p.lake, 0);
    expect(await within(report).findByText(total.toLocaleString('en-US'))).toBeInTheDocument();
    expect(within(report).queryByText(/offline snapshot saved on this device/)).toBeNull();
    expect(within(report).getAllByText('Live').length).toBeGreaterThan(0);
  });

  it('downloads the usage CSV of the chosen period', async () => {
    const files = captureDownloads();
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports' });
    await user.click(screen.getByRole('button', { name: 'Download CSV: Amenity Usage Report' }));

    await waitFor(() => expect(files).toHaveLength(1));
    const [file] = files;
    expect(file?.name).toMatch(/^usage-data-30-days-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file?.text.charCodeAt(0)).toBe(0xfeff);
    const lines = file?.text.slice(1).trimEnd().split('\r\n') ?? [];
    expect(lines[0]).toBe(
      'Date (Pacific Time (PT)),The Great Lawn,Solis Hall,The Yard,Grand Lake,Total',
    );
    const timeline = timelineFixture('month', 30);
    expect(lines).toHaveLength(timeline.length + 1);
    const last = timeline.at(-1);
    expect(lines.at(-1)).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2},${last?.lawn},${last?.hall},${last?.yard},${last?.lake},`),
    );
    expect(await screen.findByText('Download started')).toBeInTheDocument();
  });

  it('downloads the event CSV from the saved analysis when offline', async () => {
    goOffline();
    const files = captureDownloads();
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports', client: snapshotClient() });
    await user.click(
      screen.getByRole('button', { name: 'Download CSV: Event Performance Report' }),
    );
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = files[0]?.text.slice(1).trimEnd().split('\r\n') ?? [];
    expect(lines[0]).toBe('Section,Name,Events,Average attendance,Average success (%)');
    expect(lines[1]).toBe('Monthly trend,Nov,6,91,');
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

  it('opens a schedule read-only with an honest note', async () => {
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />, { route: '/reports' });
    await user.click(screen.getByRole('button', { name: 'Configure: Weekly Usage Summary' }));
    const dialog = screen.getByRole('dialog', { name: 'Weekly Usage Summary' });
    expect(within(dialog).getByText('Mondays, 7:00 AM')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Scheduling needs the CommonGround server/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
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
