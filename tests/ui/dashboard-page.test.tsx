import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { API_PATHS } from '../../src/api/contract';
import { metricsFixture } from '../../mocks/fixtures';
import { DashboardPage } from '../../src/features/dashboard/dashboard-page';
import { TOOLTIP_DELAY_MS } from '../../src/ui/tooltip';
import { reportServerUnreachable } from '../../src/lib/connectivity';
import { DASHBOARD_RANGE_KEY, SETTINGS_KEY } from '../../src/lib/storage-keys';
import { captureDownloads } from '../downloads';
import { neverReportedPoolHandlers } from '../never-reported';
import { LAZY_LOAD, renderWithApp } from '../render';

/** Every API request the page makes, as path + query. */
function recordRequests(): string[] {
  const urls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    urls.push(url.pathname + url.search);
  });
  return urls;
}

afterEach(() => {
  server.events.removeAllListeners();
});

/** What each widget shows once its data is in, to check one failure leaves the rest working. */
const LOADED: Record<string, () => Promise<unknown>> = {
  metrics: () => screen.findByText('1,247'),
  timeline: () => screen.findByTestId('usage-chart', {}, LAZY_LOAD),
  // The cards below the first screen load their code after the first paint.
  popularity: () => screen.findByRole('list', { name: 'Popularity legend' }, LAZY_LOAD),
  amenityAnalytics: () => screen.findByText('Capacity Planning', {}, LAZY_LOAD),
  suggestions: () => screen.findByText('Sunset Movie Night on the Lawn', {}, LAZY_LOAD),
  analysis: () => screen.findByText(/Recreational events do best/, {}, LAZY_LOAD),
};

function card(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('Dashboard', () => {
  it('shows the heading, the live badge and every widget with its data', async () => {
    renderWithApp(<DashboardPage />, { route: '/dashboard' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Live Data')).toBeInTheDocument();
    for (const loaded of Object.values(LOADED)) await loaded();

    const metrics = screen.getByRole('list', { name: 'Key metrics' });
    expect(within(metrics).getByText('$123.4K')).toBeInTheDocument();
    expect(within(metrics).getByText('Monthly amenity value')).toBeInTheDocument();
    expect(within(metrics).getByText('87%')).toBeInTheDocument();
    expect(within(metrics).getByText('42m')).toBeInTheDocument();
    expect(screen.getByTestId('last-update')).toHaveTextContent('Just now');

    expect(screen.getByTestId('usage-chart')).toHaveAttribute('data-points', '24');
    const popularity = card('Amenity Popularity');
    expect(within(popularity).getByText('The Great Lawn')).toBeInTheDocument();
    expect(within(popularity).getByText('34%', { selector: 'li span' })).toBeInTheDocument();

    const peak = card('Peak Usage Hours by Amenity');
    expect(within(peak).getByText('Peak 5:00 PM - 7:00 PM')).toBeInTheDocument();
    expect(within(peak).getByText('186 at peak')).toBeInTheDocument();

    const live = card('Live Amenity Status');
    // A marker, not a claim about the alert rules (which each amenity sets on its own).
    expect(
      within(live).getByText(/^Red at 90% of capacity; alerts follow each amenity/),
    ).toBeInTheDocument();
    // The Great Lawn 142 / 200 = 71%, Solis Hall 58 / 120 = 48%.
    expect(within(live).getByText('142 of 200')).toBeInTheDocument();
    expect(within(live).getByText('58 of 120')).toBeInTheDocument();
    // The real next refresh: the last update plus the 30 s interval, never a fixed promise.
    expect(within(live).getByText('Live')).toBeInTheDocument();
    expect(
      within(live).getByText(/^Next update at \d{1,2}:\d{2}:\d{2} [AP]M$/),
    ).toBeInTheDocument();
    expect(within(live).queryByText(/Next scheduled update in 3 minutes/)).not.toBeInTheDocument();
    expect(within(live).getAllByText('Closed')).toHaveLength(1);

    const insights = card('Recent Insights & Recommendations');
    // From the fixtures by hand: the lawn peaked at 186 of 200 (93%), it has the most visits
    // (34%), and the Heritage Tree Area, open, the fewest (2%).
    for (const [title, impact, figures] of [
      ['The Great Lawn Event Optimization', 'High Impact', '186 people of 200 (93% of capacity)'],
      ['The Great Lawn Popularity', 'Success Story', '34% of all visits in the last 30 days'],
      ['Heritage Tree Area', 'Action Required', '2% of all visits in the last 30 days'],
    ] as const) {
      const item = (await within(insights).findByRole('heading', { name: title })).closest('li');
      expect(item).toHaveTextContent(impact);
      expect(item).toHaveTextContent(figures);
    }
    expect(card('Event Performance Trends')).toHaveTextContent('Jun');
  });

  it('says in Data Freshness when the figures are not live, and why', async () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ autoRefresh: false }));
    renderWithApp(<DashboardPage />);
    await screen.findByText('Capacity Planning');
    const live = card('Live Amenity Status');
    expect(within(live).getByText('Auto-refresh off')).toBeInTheDocument();
    expect(within(live).getByText(/Updates when you reload/)).toBeInTheDocument();

    act(() => reportServerUnreachable());
    expect(within(live).getByText('Not live')).toBeInTheDocument();
    // When it updates again is the connection banner's to say, once for the whole app.
    expect(within(live).queryByText(/Updates when/)).not.toBeInTheDocument();
  });

  it('names an amenity whose sensor is silent once, in Data Freshness', async () => {
    renderWithApp(<DashboardPage />);
    await screen.findByText('Capacity Planning');
    const live = card('Live Amenity Status');
    // The sensors fixture: Grand Lake's counter is silent, the others are not.
    expect(
      await within(live).findByText(
        'Not reporting: Grand Lake. No visits are counted there until it reports again.',
      ),
    ).toBeInTheDocument();
    expect(within(live).getAllByText(/Not reporting/)).toHaveLength(1);
  });

  it('for an amenity without history: no 0 at peak, no 0% share, no advice, named once as not reporting', async () => {
    // QA Pool never reported and has no counter in /api/sensors: the server sends no peak window
    // and 0s by rule. Heritage Tree Area (2%) stays the quietest open amenity with data.
    server.use(...neverReportedPoolHandlers());
    renderWithApp(<DashboardPage />);
    const peak = await screen.findByRole(
      'region',
      { name: 'Peak Usage Hours by Amenity' },
      LAZY_LOAD,
    );
    const [poolPeak] = await within(peak).findAllByText('QA Pool');
    expect(poolPeak?.closest('li')).toHaveTextContent(/^QA PoolNo data yetno reading$/);

    const legend = await screen.findByRole('list', { name: 'Popularity legend' }, LAZY_LOAD);
    await waitFor(() =>
      expect(within(legend).getByText('QA Pool').closest('li')).toHaveTextContent(
        /^QA Poolno data$/,
      ),
    );

    const insights = card('Recent Insights & Recommendations');
    expect(
      await within(insights).findByRole('heading', { name: 'Heritage Tree Area' }),
    ).toBeInTheDocument();
    expect(insights).not.toHaveTextContent('QA Pool');

    // Data Freshness names both amenities without a live reading once, in one line.
    const live = card('Live Amenity Status');
    expect(
      await within(live).findByText(
        'Not reporting: Grand Lake, QA Pool. No visits are counted there until they report again.',
      ),
    ).toBeInTheDocument();
    expect(within(live).getAllByText(/Not reporting/)).toHaveLength(1);
  });

  it('says since when an amenity has had no live reading, never 0 users or a usage level', async () => {
    const lastReadingAt = Date.now() - 3 * 60 * 60_000;
    server.use(
      http.get(API_PATHS.amenityAnalytics, async () => {
        const { amenitiesFixture } = await import('../../mocks/fixtures');
        // As the server sends a stale amenity: 0 by rule, status computed from that 0.
        const [lawn, ...rest] = amenitiesFixture;
        return HttpResponse.json([
          {
            ...lawn,
            currentUsers: 0,
            usagePercentage: 0,
            status: 'low',
            live: false,
            lastReadingAt: new Date(lastReadingAt).toISOString(),
          },
          ...rest,
        ]);
      }),
    );
    renderWithApp(<DashboardPage />);
    const live = await screen.findByRole('region', { name: 'Live Amenity Status' });
    const [listed] = await within(live).findAllByText('The Great Lawn');
    const row = listed?.closest('li');
    // The date is added only when the last reading was not today in the community's zone.
    const since = /No reading since (?:[A-Z][a-z]{2} \d{1,2}, )?\d{1,2}:\d{2} [AP]M/.source;
    expect(row).toHaveTextContent(new RegExp(`^The Great Lawn${since}$`));
    expect(row).not.toHaveTextContent('Low usage');
    // Capacity Planning: no percentage for it, the time of its last reading instead.
    expect(within(live).getByText(new RegExp(`^${since} · capacity 200$`))).toBeInTheDocument();
    expect(within(live).queryByText('0 of 200')).not.toBeInTheDocument();
    // Solis Hall is live and still counted.
    expect(within(live).getByText('58 of 120')).toBeInTheDocument();

    const peak = card('Peak Usage Hours by Amenity');
    const [lawnPeak] = within(peak).getAllByText('The Great Lawn');
    expect(lawnPeak?.closest('li')).toHaveTextContent('no reading');
    expect(lawnPeak?.closest('li')).not.toHaveTextContent('0% usage');
  });

  it("Peak Amenity Usage says its figure is today's, beside the amenity", async () => {
    renderWithApp(<DashboardPage />);
    const metrics = await screen.findByRole('list', { name: 'Key metrics' }, LAZY_LOAD);
    const peak = await within(metrics).findByText(/ today$/);
    expect(peak.closest('li')).toHaveTextContent(
      new RegExp(
        `^Peak Amenity Usage${metricsFixture.peakUsage}%${metricsFixture.peakAmenity} today`,
      ),
    );
  });

  it('with no amenity reporting today, Peak Amenity Usage says so instead of 0%', async () => {
    // The server names no amenity (none set up yet, or none has a reading today): peakUsage 0.
    server.use(
      http.get(API_PATHS.metrics, async () => {
        const { metricsFixture } = await import('../../mocks/fixtures');
        return HttpResponse.json({ ...metricsFixture, peakUsage: 0, peakAmenity: '' });
      }),
    );
    renderWithApp(<DashboardPage />);
    const metrics = await screen.findByRole('list', { name: 'Key metrics' }, LAZY_LOAD);
    const peak = await within(metrics).findByText('No reading today');
    expect(peak.closest('li')).toHaveTextContent(/^Peak Amenity Usage—No reading today/);
    expect(metrics).not.toHaveTextContent('0%');
  });

  it('with no sensor reporting at all, Active Users and Revenue Impact read — instead of 0', async () => {
    // A community whose only amenity has no counter yet: the server counts 0 visits by rule,
    // but no sensor vouches for any moment of today or of the last 30 days.
    server.use(
      http.get(API_PATHS.metrics, async () => {
        const { metricsFixture } = await import('../../mocks/fixtures');
        return HttpResponse.json({
          ...metricsFixture,
          activeUsersToday: 0,
          activeUsersChange: null,
          peakUsage: 0,
          peakAmenity: '',
          revenueImpact: 0,
        });
      }),
      http.get(API_PATHS.gaps, ({ request }) => {
        const days = Number(new URL(request.url).searchParams.get('days'));
        const to = new Date().toISOString();
        const from = new Date(Date.now() - days * 86_400_000).toISOString();
        return HttpResponse.json({
          from,
          to,
          amenities: [{ id: 'boathouse-lawn', name: 'Boathouse Lawn', silent: [{ from, to }] }],
        });
      }),
    );
    renderWithApp(<DashboardPage />);
    const metrics = await screen.findByRole('list', { name: 'Key metrics' }, LAZY_LOAD);
    const active = within(metrics).getByRole('heading', { name: 'Active Users Today' });
    await waitFor(() =>
      expect(active.closest('li')).toHaveTextContent(/^Active Users Today—No reading today/),
    );
    const revenue = within(metrics).getByRole('heading', { name: 'Revenue Impact' });
    expect(revenue.closest('li')).toHaveTextContent(/^Revenue Impact—Monthly amenity value/);
  });

  it('shows an unknown amenity status as closed', async () => {
    server.use(
      http.get(API_PATHS.amenityAnalytics, async () => {
        const { amenitiesFixture } = await import('../../mocks/fixtures');
        return HttpResponse.json([{ ...amenitiesFixture[0], status: 'maintenance' }]);
      }),
    );
    renderWithApp(<DashboardPage />);
    const live = await screen.findByRole('region', { name: 'Live Amenity Status' });
    const [listed] = await within(live).findAllByText('The Great Lawn');
    expect(listed?.closest('li')).toHaveTextContent('Closed');
  });

  it('shows each widget loading while its data is on the way', async () => {
    server.use(http.get('/api/*', () => delay('infinite')));
    renderWithApp(<DashboardPage />);
    expect(screen.getAllByTestId('metric-skeleton')).toHaveLength(4);
    // The part below the first screen mounts right after the first paint.
    await screen.findByText("Loading Amy's event suggestions…");
    for (const label of [
      'dashboard metrics',
      'amenity usage over time',
      'amenity popularity',
      'peak usage hours',
      'live amenity status',
      "Amy's event suggestions",
      'event performance trends',
    ]) {
      expect(screen.getByText(`Loading ${label}…`)).toBeInTheDocument();
    }
    expect(screen.getByText('Waiting for the first update…')).toBeInTheDocument();
  });

  it('says so when a widget has no data', async () => {
    server.use(
      http.get(API_PATHS.timeline, () => HttpResponse.json([])),
      http.get(API_PATHS.popularity, () => HttpResponse.json([])),
      http.get(API_PATHS.amenityAnalytics, () => HttpResponse.json([])),
      http.get(API_PATHS.suggestions, () => HttpResponse.json([])),
      http.get(API_PATHS.analysis, () =>
        HttpResponse.json({
          monthlyTrends: [],
          popularCategories: [],
          bestPerformingAmenities: [],
          seasonalInsights: [],
        }),
      ),
    );
    renderWithApp(<DashboardPage />);
    expect(await screen.findByText('No usage recorded for this period yet.')).toBeInTheDocument();
    expect(await screen.findByText('No visits recorded in this range yet.')).toBeInTheDocument();
    expect(await screen.findAllByText('No amenities reported yet.')).toHaveLength(2);
    // A new community's first Admin is shown where amenities are set up.
    expect(screen.getByRole('link', { name: 'Open Amenities' })).toHaveAttribute(
      'href',
      '/amenities',
    );
    expect(await screen.findByText('No suggestions yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Amy is analyzing your community data to generate personalized event suggestions.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('No past events to analyse yet.')).toBeInTheDocument();
    await LOADED.metrics?.();
  });

  it.each([
    ['metrics', API_PATHS.metrics, ['metrics']],
    ['timeline', API_PATHS.timeline, ['Amenity Usage Over Time']],
    // The insights are computed from popularity and the amenity figures, so they fail with either.
    [
      'popularity',
      API_PATHS.popularity,
      ['Amenity Popularity', 'Recent Insights & Recommendations'],
    ],
    [
      'amenityAnalytics',
      API_PATHS.amenityAnalytics,
      ['Peak Usage Hours by Amenity', 'Live Amenity Status', 'Recent Insights & Recommendations'],
    ],
    ['suggestions', API_PATHS.suggestions, ["Amy's Event Suggestions"]],
    ['analysis', API_PATHS.analysis, ['Event Performance Trends']],
  ])('a failing %s call breaks only its own widget, which can retry', async (key, path, cards) => {
    server.use(
      http.get(path, () => new HttpResponse('database offline', { status: 500 }), { once: true }),
    );
    renderWithApp(<DashboardPage />);
    for (const [other, loaded] of Object.entries(LOADED)) {
      if (other !== key) await loaded();
    }
    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(cards.length);
    for (const alert of alerts) expect(alert).toHaveTextContent('500: database offline');
    for (const name of cards) {
      if (name !== 'metrics') expect(within(card(name)).getByRole('alert')).toBeInTheDocument();
    }

    await userEvent.click(within(alerts[0] as HTMLElement).getByRole('button', { name: 'Retry' }));
    await LOADED[key]?.();
  });

  it('shows a clear error for a payload that does not match the contract', async () => {
    server.use(
      http.get(API_PATHS.metrics, () =>
        HttpResponse.json({ activeUsersToday: 'lots', activeUsersChange: 1 }),
      ),
    );
    renderWithApp(<DashboardPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unexpected response from /api/dashboard/metrics: activeUsersToday: expected number',
    );
    await LOADED.popularity?.();
  });

  it('scopes the range widgets by the date range and remembers it on the device', async () => {
    const requests = recordRequests();
    const { unmount } = renderWithApp(<DashboardPage />);
    const range = screen.getByRole('combobox', { name: 'Date range' });
    expect(range).toHaveValue('30');
    await waitFor(() => expect(requests).toContain('/api/amenities/popularity?days=30'));
    // The card's code loads after its data is asked for (below the first screen).
    expect(
      await screen.findByText('Share of visits, last 30 days', {}, LAZY_LOAD),
    ).toBeInTheDocument();

    await userEvent.selectOptions(range, 'Last 3 Months');
    await waitFor(() => expect(requests).toContain('/api/amenities/popularity?days=90'));
    expect(screen.getByText('Share of visits, last 90 days')).toBeInTheDocument();
    expect(localStorage.getItem(DASHBOARD_RANGE_KEY)).toBe('90');

    // Daily and Weekly have fixed spans; Monthly covers the range.
    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    await waitFor(() => expect(requests).toContain('/api/usage/timeline?period=month&days=90'));
    expect(screen.getByText('Visitors per day, last 90 days')).toBeInTheDocument();
    // The chart keeps the daily points on screen until the month's answer has rendered.
    await waitFor(
      () => expect(screen.getByTestId('usage-chart')).toHaveAttribute('data-points', '90'),
      LAZY_LOAD,
    );

    // A 7-day range never turns Monthly into a second Weekly: it still covers 30 days.
    await userEvent.selectOptions(range, 'Last 7 Days');
    await waitFor(() => expect(requests).toContain('/api/usage/timeline?period=month&days=30'));
    expect(screen.getByText('Visitors per day, last 30 days')).toBeInTheDocument();
    expect(screen.queryByText('Visitors per day, last 7 days')).not.toBeInTheDocument();
    await userEvent.selectOptions(range, 'Last 3 Months');

    unmount();
    requests.length = 0;
    renderWithApp(<DashboardPage />);
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveValue('90');
    await waitFor(() => expect(requests).toContain('/api/amenities/popularity?days=90'));
    expect(requests).not.toContain('/api/amenities/popularity?days=30');
  });

  it('shows one quick-action notification at a time, with the spec texts', async () => {
    captureDownloads();
    renderWithApp(<DashboardPage />);
    await screen.findByRole('region', { name: 'Quick Actions & Reports' });
    const actions = card('Quick Actions & Reports');
    const cases = [
      [
        'Generate Monthly Report',
        'Report Generation Started',
        'Your monthly report is being generated and will be ready shortly.',
      ],
      ['Export Usage Data', 'Data Export Started', 'Usage data is being exported to CSV format.'],
      ['Schedule Auto Reports', 'Report Scheduling', 'Opening the scheduled reports.'],
      ['Manage Alerts', 'Alert Management', 'Opening the alert rules.'],
    ] as const;
    const titles = cases.map(([, title]) => title);
    for (const [button, title, description] of cases) {
      await userEvent.click(within(actions).getByRole('button', { name: button }));
      expect(await screen.findByText(title)).toBeInTheDocument();
      expect(screen.getByText(description)).toBeInTheDocument();
      for (const other of titles.filter((t) => t !== title)) {
        expect(screen.queryByText(other)).not.toBeInTheDocument();
      }
    }
  });

  it('explains each metric in a tooltip reachable by keyboard, and inline on press', async () => {
    renderWithApp(<DashboardPage />);
    await LOADED.metrics?.();
    const info = screen.getByRole('button', { name: 'About Active Users Today' });
    await userEvent.tab();
    while (document.activeElement !== info) await userEvent.tab();
    // Opens after the tooltip's delay: waited for with room for a busy machine.
    const tooltip = await screen.findByRole('tooltip', undefined, {
      timeout: TOOLTIP_DELAY_MS + LAZY_LOAD.timeout,
    });
    expect(tooltip).toHaveTextContent('Visits to any amenity since midnight');

    expect(info).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(info);
    expect(info).toHaveAttribute('aria-expanded', 'true');
    const controlled = document.getElementById(info.getAttribute('aria-controls') ?? '');
    expect(controlled).toBeVisible();
    expect(controlled).toHaveTextContent('every entry counts');
  });
});

describe('Dashboard coverage', () => {
  /** Mon Nov 23 2026, 2 PM Pacific (PST, UTC-8). */
  const NOW = Date.parse('2026-11-23T22:00:00Z');
  const MIDNIGHT = Date.parse('2026-11-23T08:00:00Z');
  afterEach(() => vi.useRealTimers());

  it('states once under the cards how much of today and of the last 30 days the sensors cover', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    // Grand Lake's counter silent today 02:00-09:00 Pacific (10:00-17:00 UTC).
    server.use(
      http.get(API_PATHS.gaps, ({ request }) => {
        const days = Number(new URL(request.url).searchParams.get('days'));
        return HttpResponse.json({
          from: new Date(MIDNIGHT - (days - 1) * 86_400_000).toISOString(),
          to: new Date(NOW).toISOString(),
          amenities: [
            {
              id: 'grand-lake',
              name: 'Grand Lake',
              silent: [{ from: '2026-11-23T10:00:00.000Z', to: '2026-11-23T17:00:00.000Z' }],
            },
            { id: 'great-lawn', name: 'The Great Lawn', silent: [] },
          ],
        });
      }),
    );
    renderWithApp(<DashboardPage />, { route: '/dashboard' });
    await screen.findByText('1,247');
    const lines = await screen.findAllByTestId('coverage');
    // Under the cards: today is 14 hours so far, 7 of them covered by every sensor; the 30 days
    // are the mock's window, 29 × 24 hours before midnight to now.
    expect(lines[0]).toHaveTextContent(
      'Today: data for 7 h of 14 h; Grand Lake sensor silent Mon 23 Nov 02:00–09:00. ' +
        'Last 30 days: data for 29 d 7 h of 29 d 14 h; Grand Lake sensor silent Mon 23 Nov 02:00–09:00.',
    );
    // The usage chart states its own period's coverage.
    const chart = card('Amenity Usage Over Time');
    expect(await within(chart).findByTestId('coverage')).toHaveTextContent(
      /^Data for .* of .*; Grand Lake sensor silent Mon 23 Nov 02:00–09:00\.$/,
    );
    // So do the popularity shares below the first screen, over the chosen range.
    const popularity = await screen.findByRole('region', { name: 'Amenity Popularity' });
    expect(await within(popularity).findByTestId('coverage')).toHaveTextContent(
      /^Data for .* of .*; Grand Lake sensor silent Mon 23 Nov 02:00–09:00\.$/,
    );
  });
});
