import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { API_PATHS } from '../../src/api/contract';
import { AnalyticsPage } from '../../src/features/analytics/analytics-page';
import { neverReportedAmenityHandler, neverReportedPoolHandlers } from '../never-reported';
import { LAZY_LOAD, renderWithApp } from '../render';

// jsdom has no canvas for uPlot: the lazy chart module is a stand-in (see dashboard-page.test).
describe('Analytics', () => {
  it("shows the dashboard's analytics cards and the event analysis", async () => {
    renderWithApp(<AnalyticsPage />, { route: '/analytics' });
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(await screen.findByTestId('usage-chart', {}, LAZY_LOAD)).toBeInTheDocument();
    for (const name of [
      'Amenity Usage Over Time',
      'Amenity Popularity',
      'Peak Usage Hours by Amenity',
      'Live Amenity Status',
      'Event Analysis',
    ]) {
      // The cards below the chart load their code after the page has painted.
      expect(await screen.findByRole('region', { name }, LAZY_LOAD)).toBeInTheDocument();
    }
    const analysis = screen.getByRole('region', { name: 'Event Analysis' });
    expect(await within(analysis).findByText('Monthly Trends')).toBeInTheDocument();
    expect(within(analysis).getByText('14 events · 91% success')).toBeInTheDocument();
    expect(within(analysis).getByText('Market Street Promenade')).toBeInTheDocument();
    expect(
      within(analysis).getByText('Indoor workshops in Solis Hall peak in November and December.'),
    ).toBeInTheDocument();
    // No focus card without ?amenity.
    expect(screen.queryByRole('link', { name: 'Show all' })).not.toBeInTheDocument();
  });

  it('puts the amenity of ?amenity=<id> in focus and highlights it in the lists', async () => {
    renderWithApp(<AnalyticsPage />, { route: '/analytics?amenity=solis-hall' });
    const focus = await screen.findByRole('region', { name: 'Solis Hall' });
    expect(focus).toHaveTextContent('Event hall with kitchen, stage and seating for 120.');
    expect(within(focus).getByText('Medium usage')).toBeInTheDocument();
    // 58 of 120 = 48%.
    expect(within(focus).getByText('of 120 (48%)')).toBeInTheDocument();
    expect(within(focus).getByText('7:00 PM - 9:00 PM')).toBeInTheDocument();
    expect(within(focus).getByText('104 people at peak')).toBeInTheDocument();

    for (const name of ['Peak Usage Hours by Amenity', 'Live Amenity Status']) {
      const list = await screen.findByRole('region', { name }, LAZY_LOAD);
      const current = within(list)
        .getAllByRole('listitem')
        .filter((item) => item.getAttribute('aria-current') === 'true');
      expect(current).toHaveLength(1);
      expect(current[0]).toHaveTextContent('Solis Hall');
    }
  });

  it('says the amenity in focus has no live reading instead of showing 0 people', async () => {
    server.use(neverReportedAmenityHandler('solis-hall'));
    renderWithApp(<AnalyticsPage />, { route: '/analytics?amenity=solis-hall' });
    const focus = await screen.findByRole('region', { name: 'Solis Hall' });
    expect(within(focus).getByText('No live reading')).toBeInTheDocument();
    expect(within(focus).getByText('No reading yet')).toBeInTheDocument();
    expect(within(focus).getByText('Not known')).toBeInTheDocument();
    expect(within(focus).queryByText('Low usage')).not.toBeInTheDocument();
    expect(within(focus).queryByText(/of 120/)).not.toBeInTheDocument();
    // The 30-day figures still stand, with their period.
    expect(within(focus).getByText('Peak time, last 30 days')).toBeInTheDocument();
    expect(within(focus).getByText('104 people at peak')).toBeInTheDocument();
  });

  it('says "No data yet" once for an amenity without history, never a 0 peak or 0% share', async () => {
    server.use(...neverReportedPoolHandlers());
    renderWithApp(<AnalyticsPage />, { route: '/analytics?amenity=qa-pool' });
    const focus = await screen.findByRole('region', { name: 'QA Pool' });
    expect(within(focus).getByText('Peak time, last 30 days')).toBeInTheDocument();
    expect(within(focus).getAllByText('No data yet')).toHaveLength(1);
    expect(focus).not.toHaveTextContent('people at peak');

    const peak = await screen.findByRole(
      'region',
      { name: 'Peak Usage Hours by Amenity' },
      LAZY_LOAD,
    );
    const [poolPeak] = await within(peak).findAllByText('QA Pool');
    const row = poolPeak?.closest('li');
    expect(row).toHaveTextContent(/^QA PoolNo data yetno reading$/);
    expect(row).not.toHaveTextContent('at peak');

    const legend = await screen.findByRole('list', { name: 'Popularity legend' }, LAZY_LOAD);
    const poolShare = within(legend).getByText('QA Pool').closest('li');
    await waitFor(() => expect(poolShare).toHaveTextContent(/^QA Poolno data$/));
    // The others keep their shares.
    expect(within(legend).getByText('The Great Lawn').closest('li')).toHaveTextContent('34%');
  });

  it('says so for an unknown amenity id and shows all amenities', async () => {
    renderWithApp(<AnalyticsPage />, { route: '/analytics?amenity=tennis-court' });
    expect(
      await screen.findByText(
        'There is no amenity with the id “tennis-court”. Showing analytics for all amenities.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all amenities' })).toHaveAttribute(
      'href',
      '/analytics',
    );
    const live = await screen.findByRole('region', { name: 'Live Amenity Status' }, LAZY_LOAD);
    expect(
      within(live)
        .getAllByRole('listitem')
        .some((item) => item.hasAttribute('aria-current')),
    ).toBe(false);
    expect(within(live).getByText('Sunny Side Playground')).toBeInTheDocument();
  });

  it('shows the focus card loading, then failing on its own', async () => {
    server.use(http.get(API_PATHS.amenityAnalytics, () => delay('infinite')));
    const { unmount } = renderWithApp(<AnalyticsPage />, {
      route: '/analytics?amenity=solis-hall',
    });
    expect(screen.getByText('Loading the selected amenity…')).toBeInTheDocument();
    unmount();

    server.use(
      http.get(
        API_PATHS.amenityAnalytics,
        () => new HttpResponse('sensor hub down', { status: 500 }),
      ),
    );
    renderWithApp(<AnalyticsPage />, { route: '/analytics?amenity=solis-hall' });
    // The focus card, and below the fold (rendered after the first paint) peak hours and the
    // live status, each fail on their own.
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      '500: sensor hub downRetry',
      '500: sensor hub downRetry',
      '500: sensor hub downRetry',
    ]);
    // The rest of the page still works.
    expect(await screen.findByText('Monthly Trends')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Popularity legend' })).toBeInTheDocument();
  });

  it('shows the event analysis failing on its own and when there is nothing yet', async () => {
    server.use(
      http.get(API_PATHS.analysis, () => new HttpResponse('analysis unavailable', { status: 500 })),
    );
    const { unmount } = renderWithApp(<AnalyticsPage />);
    // Below the fold: rendered after the first paint.
    const analysis = await screen.findByRole('region', { name: 'Event Analysis' });
    expect(await within(analysis).findByRole('alert')).toHaveTextContent(
      '500: analysis unavailable',
    );
    expect(await screen.findByText('Capacity Planning')).toBeInTheDocument();
    unmount();

    server.use(
      http.get(API_PATHS.analysis, () =>
        HttpResponse.json({
          monthlyTrends: [],
          popularCategories: [],
          bestPerformingAmenities: [],
          seasonalInsights: [],
        }),
      ),
    );
    renderWithApp(<AnalyticsPage />);
    expect(await screen.findByText('No past events to analyse yet.')).toBeInTheDocument();
  });
});
