import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { communityFixture } from '../../mocks/community-handlers';
import { amenitiesFixture, metricsFixture, timelineFixture } from '../../mocks/fixtures';
import { API_PATHS, COMMUNITY_PATH, type DashboardMetrics } from '../../src/api/contract';
import { metricsQuery } from '../../src/api/metrics';
import { createQueryClient } from '../../src/api/query-client';
import { DashboardPage } from '../../src/features/dashboard/dashboard-page';
import { MetricCards } from '../../src/features/dashboard/metric-cards';
import { SETTINGS_KEY, USAGE_LINES_KEY } from '../../src/lib/storage-keys';
import { UsageChartCard } from '../../src/widgets/usage-chart-card';
import { resetUsageLineChoicesForTests } from '../../src/widgets/usage-body';
import type { QueryLike } from '../../src/ui/query-state';
import { LAZY_LOAD, renderWithApp } from '../render';
import { stubIntersectionObserver } from '../intersection-observer';

// jsdom has no canvas for uPlot: the lazy chart module is a stand-in (see dashboard-page.test).
afterEach(() => {
  resetUsageLineChoicesForTests();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  server.events.removeAllListeners();
});

function query<T>(overrides: Partial<QueryLike<T>>): QueryLike<T> {
  return {
    data: undefined,
    error: null,
    status: 'success',
    fetchStatus: 'idle',
    dataUpdatedAt: Date.now(),
    refetch: vi.fn(),
    ...overrides,
  };
}

describe('metric cards', () => {
  it('show four skeleton cards while loading', () => {
    render(
      <MetricCards
        query={query<DashboardMetrics | null>({ status: 'pending', fetchStatus: 'fetching' })}
        currency="USD"
      />,
    );
    expect(screen.getAllByTestId('metric-skeleton')).toHaveLength(4);
  });

  it('render nothing when there is no data', () => {
    const { container } = render(
      <MetricCards query={query<DashboardMetrics | null>({ data: null })} currency="USD" />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('show green up arrows above zero and red down arrows below, with the magnitude', () => {
    renderWithApp(
      <MetricCards
        query={query<DashboardMetrics | null>({
          data: { ...metricsFixture, activeUsersChange: 4, sessionTimeChange: -7.25 },
        })}
        currency="USD"
      />,
    );
    const users = screen.getByRole('heading', { name: 'Active Users Today' }).closest('li');
    const session = screen.getByRole('heading', { name: 'Avg. Session Time' }).closest('li');
    const up = users?.querySelector('[data-direction]');
    const down = session?.querySelector('[data-direction]');
    expect(up).toHaveAttribute('data-direction', 'up');
    expect(up).toHaveAttribute('data-tone', 'green');
    expect(up).toHaveTextContent('Up 4%');
    expect(down).toHaveAttribute('data-direction', 'down');
    expect(down).toHaveAttribute('data-tone', 'red');
    expect(down).toHaveTextContent('Down 7.3%');
  });

  it('show no arrow and "No change" for a change of zero, never "Up 0%"', () => {
    renderWithApp(
      <MetricCards
        query={query<DashboardMetrics | null>({
          data: { ...metricsFixture, activeUsersChange: 0, sessionTimeChange: -0.01 },
        })}
        currency="USD"
      />,
    );
    for (const name of ['Active Users Today', 'Avg. Session Time']) {
      const card = screen.getByRole('heading', { name }).closest('li');
      const change = card?.querySelector('[data-direction]');
      expect(change).toHaveTextContent(/^No change$/);
      expect(change).toHaveAttribute('data-tone', 'neutral');
      expect(change?.querySelector('svg')).toBeNull();
    }
  });

  it('say there is nothing to compare when no earlier data exists, not "No change"', () => {
    renderWithApp(
      <MetricCards
        query={query<DashboardMetrics | null>({
          data: {
            ...metricsFixture,
            activeUsersChange: null,
            avgSessionTime: '—',
            sessionTimeChange: null,
            revenueImpact: 84,
          },
        })}
        currency="USD"
      />,
    );
    for (const name of ['Active Users Today', 'Avg. Session Time']) {
      const card = screen.getByRole('heading', { name }).closest('li');
      expect(card).toHaveTextContent(/No earlier data to compare/);
      expect(card).not.toHaveTextContent(/No change|vs yesterday|vs prior/);
    }
    // A new community's $84 is $84, not "$0.1K".
    expect(screen.getByText('$84')).toBeInTheDocument();
  });

  it('show the revenue in thousands in the currency from Settings', () => {
    renderWithApp(
      <MetricCards
        query={query<DashboardMetrics | null>({
          data: { ...metricsFixture, revenueImpact: 98_760 },
        })}
        currency="EUR"
      />,
    );
    expect(screen.getByText('€98.8K')).toBeInTheDocument();
    expect(screen.getByText('Monthly amenity value')).toBeInTheDocument();
  });

  it('say the periods they compare and the rates the revenue is made of', async () => {
    renderWithApp(
      <MetricCards
        query={query<DashboardMetrics | null>({ data: metricsFixture })}
        currency="USD"
      />,
    );
    const session = screen.getByRole('heading', { name: 'Avg. Session Time' }).closest('li');
    expect(session).toHaveTextContent(/vs prior 30 days/);
    const revenue = screen.getByRole('heading', { name: 'Revenue Impact' }).closest('li');
    if (!(revenue instanceof HTMLElement)) throw new Error('no Revenue Impact card');
    await userEvent.click(within(revenue).getByRole('button'));
    expect(revenue).toHaveTextContent(
      /the last 30 days' visits times each amenity's value per visit, set in Amenities \(by default by type: lawn \$1\.00, hall \$3\.00,/,
    );
  });
});

describe('last-update label', () => {
  it('counts up from the metrics update, refreshed every 30 seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    // Noon in Pacific, so "an hour on" stays on the same calendar day whenever the suite runs.
    vi.setSystemTime(new Date('2026-03-18T19:00:00Z'));
    // Auto-refresh off, so no refetch resets the age while the clock moves on.
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ autoRefresh: false }));
    const client = createQueryClient();
    client.setQueryData(metricsQuery().queryKey, metricsFixture, {
      updatedAt: Date.now() - 45_000,
    });
    renderWithApp(<DashboardPage />, { client });
    expect(screen.getByTestId('last-update')).toHaveTextContent('Just now');
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByTestId('last-update')).toHaveTextContent('1 minute ago');
    act(() => vi.advanceTimersByTime(4 * 60_000));
    expect(screen.getByTestId('last-update')).toHaveTextContent('5 minutes ago');
    // An hour on: a clock time in the community's time zone (Pacific by default).
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(screen.getByTestId('last-update')).toHaveTextContent(/^\d{1,2}:\d{2} [AP]M$/);
  });
});

describe('the zone of the page’s times', () => {
  it('is said once under the title, and follows the community’s zone', async () => {
    server.use(
      http.get(COMMUNITY_PATH, () =>
        HttpResponse.json({ ...communityFixture, timeZone: 'America/New_York' }),
      ),
    );
    renderWithApp(<DashboardPage />);
    expect(screen.getByTestId('times-in')).toHaveTextContent('Times in Pacific Time (PT)');
    await waitFor(() =>
      expect(screen.getByTestId('times-in')).toHaveTextContent('Times in Eastern Time (ET)'),
    );
    expect(screen.getAllByTestId('times-in')).toHaveLength(1);
  });
});

describe('usage chart card', () => {
  const points = timelineFixture('day');

  /** The legend's entries: each a toggle button, named after its line, and whether it is drawn. */
  const lineButtons = (legend: HTMLElement) =>
    within(legend)
      .getAllByRole('button')
      .map((button) => [button.textContent, button.getAttribute('aria-pressed')]);

  /** The card in the app's query client: its lines are named from the amenities' answer. */
  function renderCard(overrides: Partial<QueryLike<typeof points>> = {}) {
    const onPeriodChange = vi.fn();
    renderWithApp(
      <UsageChartCard
        query={query({ data: points, ...overrides })}
        period="day"
        onPeriodChange={onPeriodChange}
        days={30}
        timeZone="America/Los_Angeles"
        dark={false}
      />,
    );
    return { onPeriodChange };
  }

  it('has Daily, Weekly and Monthly toggles with Daily pressed', async () => {
    const { onPeriodChange } = renderCard();
    expect(screen.getByRole('button', { name: 'Daily' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Weekly' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Weekly' }));
    expect(onPeriodChange).toHaveBeenCalledWith('week');
  });

  it("needs the body's code only once the card nears the viewport", async () => {
    const observer = stubIntersectionObserver();
    renderCard();
    const card = screen.getByRole('region', { name: 'Amenity Usage Over Time' });
    expect(within(card).getByText('Visitors per hour, last 24 hours')).toBeInTheDocument();
    expect(within(card).getByTestId('usage-skeleton')).toBeInTheDocument();
    // Had the card asked for its body, it would render once this same import settles.
    await act(() => import('../../src/widgets/usage-body'));
    expect(within(card).getByTestId('usage-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Usage legend' })).not.toBeInTheDocument();

    act(() => observer.intersect(true));
    const legend = await screen.findByRole('list', { name: 'Usage legend' }, LAZY_LOAD);
    const last = points[points.length - 1];
    expect(within(legend).getByText('The Great Lawn').parentElement).toHaveTextContent(
      `The Great Lawn${String(last?.lawn)}`,
    );
    expect(within(card).queryByTestId('usage-skeleton')).not.toBeInTheDocument();
  });

  it('has a legend that reads out the latest values', async () => {
    renderCard();
    await screen.findByTestId('usage-chart', {}, LAZY_LOAD);
    const legend = screen.getByRole('list', { name: 'Usage legend' });
    const last = points[points.length - 1];
    expect(within(legend).getByText('The Great Lawn').parentElement).toHaveTextContent(
      `The Great Lawn${String(last?.lawn)}`,
    );
    // The spec's four lines are drawn; the community's three other amenities can be added.
    expect(lineButtons(legend)).toEqual([
      ['The Great Lawn', 'true'],
      ['Solis Hall', 'true'],
      ['The Yard', 'true'],
      ['Grand Lake', 'true'],
      ['Heritage Tree Area', 'false'],
      ['Market Street Promenade', 'false'],
      ['Sunny Side Playground', 'false'],
    ]);
    expect(screen.getByTestId('usage-chart')).toHaveAttribute('data-lines', '4');
    // A line not drawn reads out no value.
    expect(
      within(legend).getByRole('button', { name: 'Heritage Tree Area' }).parentElement,
    ).toHaveTextContent(/^Heritage Tree Area$/);
    expect(screen.getByText(/^Latest · Sun 10:00 AM$/)).toBeInTheDocument();
  });

  it('adds an amenity as a line, a legend readout and a table column when its legend entry is pressed', async () => {
    renderCard();
    const chart = await screen.findByTestId('usage-chart', {}, LAZY_LOAD);
    expect(chart).toHaveAttribute('data-lines', '4');
    const legend = screen.getByRole('list', { name: 'Usage legend' });
    const tree = within(legend).getByRole('button', { name: 'Heritage Tree Area' });
    await userEvent.click(tree);
    expect(tree).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('usage-chart')).toHaveAttribute('data-lines', '5');
    const last = points[points.length - 1];
    expect(tree.parentElement).toHaveTextContent(
      `Heritage Tree Area${String(last?.amenities?.['heritage-tree'])}`,
    );
    // By keyboard too.
    const playground = within(legend).getByRole('button', { name: 'Sunny Side Playground' });
    playground.focus();
    await userEvent.keyboard('{Enter}');
    expect(playground).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('usage-chart')).toHaveAttribute('data-lines', '6');

    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    const rows = within(await screen.findByRole('table', {}, LAZY_LOAD)).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Time',
      'The Great Lawn',
      'Solis Hall',
      'The Yard',
      'Grand Lake',
      'Heritage Tree Area',
      'Sunny Side Playground',
    ]);
    const first = points[0];
    const cells = within(rows[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(
      [
        first?.lawn,
        first?.hall,
        first?.yard,
        first?.lake,
        first?.amenities?.['heritage-tree'],
        first?.amenities?.['sunny-playground'],
      ].map(String),
    );
  });

  it('hides a line when pressed again, keeps the choice when the card mounts again, and never hides the last line', async () => {
    const { unmount } = renderWithApp(
      <UsageChartCard
        query={query({ data: points })}
        period="day"
        onPeriodChange={vi.fn()}
        days={30}
        timeZone="America/Los_Angeles"
        dark={false}
      />,
    );
    let legend = await screen.findByRole('list', { name: 'Usage legend' }, LAZY_LOAD);
    for (const name of ['Solis Hall', 'The Yard', 'Grand Lake']) {
      await userEvent.click(within(legend).getByRole('button', { name }));
    }
    await userEvent.click(within(legend).getByRole('button', { name: 'Heritage Tree Area' }));
    expect(screen.getByTestId('usage-chart')).toHaveAttribute('data-lines', '2');
    unmount();

    // Another page (Analytics) draws the same lines.
    renderCard();
    legend = await screen.findByRole('list', { name: 'Usage legend' }, LAZY_LOAD);
    expect(lineButtons(legend).filter(([, pressed]) => pressed === 'true')).toEqual([
      ['The Great Lawn', 'true'],
      ['Heritage Tree Area', 'true'],
    ]);
    await userEvent.click(within(legend).getByRole('button', { name: 'The Great Lawn' }));
    const tree = within(legend).getByRole('button', { name: 'Heritage Tree Area' });
    expect(tree).toHaveAttribute('aria-pressed', 'true');
    expect(tree).toBeDisabled();
    expect(screen.getByTestId('usage-chart')).toHaveAttribute('data-lines', '1');
  });

  it('draws the lines chosen before a reload: the choice is remembered on the device', async () => {
    // What an earlier visit stored: the tree area added, the lake taken off.
    localStorage.setItem(
      USAGE_LINES_KEY,
      JSON.stringify({ 'heritage-tree': true, 'grand-lake': false }),
    );
    renderCard();
    const legend = await screen.findByRole('list', { name: 'Usage legend' }, LAZY_LOAD);
    expect(lineButtons(legend).filter(([, pressed]) => pressed === 'true')).toEqual([
      ['The Great Lawn', 'true'],
      ['Solis Hall', 'true'],
      ['The Yard', 'true'],
      ['Heritage Tree Area', 'true'],
    ]);
    await userEvent.click(within(legend).getByRole('button', { name: 'Sunny Side Playground' }));
    expect(JSON.parse(localStorage.getItem(USAGE_LINES_KEY) ?? '{}')).toEqual({
      'heritage-tree': true,
      'grand-lake': false,
      'sunny-playground': true,
    });
  });

  it('leaves an unfinished hour out of the line and reads it out as "so far"', async () => {
    const lastStart = Date.parse(points[points.length - 1]?.time ?? '');
    renderCard({ dataUpdatedAt: lastStart + 20 * 60_000 });
    const chart = await screen.findByTestId('usage-chart', {}, LAZY_LOAD);
    expect(chart).toHaveAttribute('data-points', String(points.length - 1));
    expect(
      screen.getByText(/^Latest · Sun 10:00 AM · this hour so far \(not in the line\)$/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(points.length + 1);
    expect(rows[rows.length - 1]).toHaveTextContent('(so far)');
    expect(rows[rows.length - 2]).not.toHaveTextContent('(so far)');
  });

  it('reads "No reading", not 0, for this hour so far of an amenity whose sensor is silent now', async () => {
    // Grand Lake's counter stopped: no reading for over 15 minutes (Live Amenity Status says
    // "No reading since …"), so its 0 this hour covers only part of it.
    answerAmenities(
      amenitiesFixture.map((amenity) =>
        amenity.id === 'grand-lake'
          ? { ...amenity, live: false, currentUsers: 0, lastReadingAt: '2026-11-22T17:50:00Z' }
          : amenity,
      ),
    );
    const silentHour = points.map((point, i) =>
      i === points.length - 1
        ? { ...point, lake: 0, amenities: { ...point.amenities, 'grand-lake': 0 } }
        : point,
    );
    const last = silentHour[silentHour.length - 1];
    const lastStart = Date.parse(last?.time ?? '');
    renderCard({ data: silentHour, dataUpdatedAt: lastStart + 20 * 60_000 });
    await screen.findByTestId('usage-chart', {}, LAZY_LOAD);
    expect(
      screen.getByText(/^Latest · Sun 10:00 AM · this hour so far \(not in the line\)$/),
    ).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: 'Usage legend' });
    const lake = within(legend).getByRole('button', { name: 'Grand Lake' }).parentElement;
    await waitFor(() => expect(lake).toHaveTextContent(/^Grand LakeNo reading$/));
    // The amenities that report keep their count so far.
    expect(
      within(legend).getByRole('button', { name: 'The Great Lawn' }).parentElement,
    ).toHaveTextContent(`The Great Lawn${String(last?.lawn)}`);
    // The table's unfinished row says the same; its finished hours keep their counts.
    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    const rows = within(await screen.findByRole('table', {}, LAZY_LOAD)).getAllByRole('row');
    const cells = (row: number) =>
      within(rows[row] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows.length - 1)).toEqual([
      String(last?.lawn),
      String(last?.hall),
      String(last?.yard),
      'No reading',
    ]);
    expect(cells(rows.length - 2)[3]).toBe(String(silentHour[silentHour.length - 2]?.lake));
  });

  it('switches to a table with every point, as the text alternative', async () => {
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    // The table is in the card's lazy body.
    const table = await screen.findByRole(
      'table',
      { name: 'Visitors per amenity, per hour' },
      LAZY_LOAD,
    );
    expect(screen.queryByTestId('usage-chart')).not.toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(points.length + 1);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'The Great Lawn', 'Solis Hall', 'The Yard', 'Grand Lake']);
    const first = points[0];
    expect(rows[1]).toHaveTextContent(
      `${String(first?.lawn)}${String(first?.hall)}${String(first?.yard)}${String(first?.lake)}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Chart' }));
    expect(await screen.findByTestId('usage-chart', {}, LAZY_LOAD)).toBeInTheDocument();
  });

  const answerAmenities = (list: readonly object[] | null) =>
    server.use(
      http.get(API_PATHS.amenityAnalytics, () =>
        list === null
          ? HttpResponse.json({ error: 'Internal server error' }, { status: 500 })
          : HttpResponse.json(list),
      ),
    );

  it("names each line after its community's amenity, and draws none for a type it has no live amenity of", async () => {
    // The lawn renamed in Settings; the lake archived (no longer in the live list).
    answerAmenities(
      amenitiesFixture
        .filter((amenity) => amenity.type !== 'lake')
        .map((amenity) =>
          amenity.type === 'lawn' ? { ...amenity, name: 'Central Green' } : amenity,
        ),
    );
    renderCard();
    const legend = await screen.findByRole('list', { name: 'Usage legend' }, LAZY_LOAD);
    // The archived lake is not offered either.
    expect(lineButtons(legend)).toEqual([
      ['Central Green', 'true'],
      ['Solis Hall', 'true'],
      ['The Yard', 'true'],
      ['Heritage Tree Area', 'false'],
      ['Market Street Promenade', 'false'],
      ['Sunny Side Playground', 'false'],
    ]);
    expect(await screen.findByTestId('usage-chart', {}, LAZY_LOAD)).toHaveAttribute(
      'data-lines',
      '3',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('table', {}, LAZY_LOAD);
    expect(
      within(within(table).getAllByRole('row')[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Central Green', 'Solis Hall', 'The Yard']);
  });

  it('draws the first amenities of a community with none of the four types, in their own colours', async () => {
    answerAmenities(
      amenitiesFixture.filter((a) => !['lawn', 'hall', 'yard', 'lake'].includes(a.type)),
    );
    renderCard();
    const legend = await screen.findByRole('list', { name: 'Usage legend' }, LAZY_LOAD);
    expect(lineButtons(legend)).toEqual([
      ['Heritage Tree Area', 'true'],
      ['Market Street Promenade', 'true'],
      ['Sunny Side Playground', 'true'],
    ]);
    expect(screen.queryByText(/to chart/)).not.toBeInTheDocument();
    expect(await screen.findByTestId('usage-chart', {}, LAZY_LOAD)).toHaveAttribute(
      'data-lines',
      '3',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    const rows = within(await screen.findByRole('table', {}, LAZY_LOAD)).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Heritage Tree Area', 'Market Street Promenade', 'Sunny Side Playground']);
    const first = points[0]?.amenities;
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(
      [first?.['heritage-tree'], first?.['market-street'], first?.['sunny-playground']].map(String),
    );
  });

  it('says so when the community has no amenity at all, instead of lines of zeros', async () => {
    answerAmenities([]);
    renderCard();
    expect(
      await screen.findByText('No amenity to chart yet. Add one in Amenities.', {}, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Usage legend' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('usage-chart')).not.toBeInTheDocument();
  });

  it('offers no other amenity, and still draws the four, from points without visits by amenity', async () => {
    renderCard({ data: points.map(({ amenities: _amenities, ...rest }) => rest) });
    const legend = await screen.findByRole('list', { name: 'Usage legend' }, LAZY_LOAD);
    expect(lineButtons(legend)).toEqual([
      ['The Great Lawn', 'true'],
      ['Solis Hall', 'true'],
      ['The Yard', 'true'],
      ['Grand Lake', 'true'],
    ]);
    expect(await screen.findByTestId('usage-chart', {}, LAZY_LOAD)).toHaveAttribute(
      'data-lines',
      '4',
    );
  });

  it('waits for the names while they load, and names the types when they cannot be had', async () => {
    let asked = false;
    let answer: () => void = () => undefined;
    server.use(
      http.get(API_PATHS.amenityAnalytics, async () => {
        asked = true;
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ error: 'Internal server error' }, { status: 500 });
      }),
    );
    renderCard();
    // The body is in and has asked for the names: until they come, it shows no lines.
    await waitFor(() => expect(asked).toBe(true), LAZY_LOAD);
    expect(screen.getByTestId('usage-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Usage legend' })).not.toBeInTheDocument();
    act(() => answer());
    const legend = await screen.findByRole('list', { name: 'Usage legend' }, LAZY_LOAD);
    expect(lineButtons(legend)).toEqual([
      ['Lawn', 'true'],
      ['Hall', 'true'],
      ['Yard', 'true'],
      ['Lake', 'true'],
    ]);
  });

  it('reads a bucket without readings as "No data", not as zero', async () => {
    const withGap = points.map((p, i) => (i === 0 ? { ...p, lake: 0, gaps: ['lake'] } : p));
    renderWithApp(
      <UsageChartCard
        query={query({ data: withGap })}
        period="day"
        onPeriodChange={vi.fn()}
        days={30}
        timeZone="America/Los_Angeles"
        dark={false}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    const rows = within(await screen.findByRole('table', {}, LAZY_LOAD)).getAllByRole('row');
    const cells = within(rows[1] as HTMLElement).getAllByRole('cell');
    expect(cells.at(-1)).toHaveTextContent(/^No data$/);
    expect(cells[0]).toHaveTextContent(String(points[0]?.lawn));
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole('cell')
        .at(-1),
    ).not.toHaveTextContent('No data');
  });

  it('keeps the previous lines, dimmed, while another period loads', async () => {
    renderCard({ isPlaceholderData: true, fetchStatus: 'fetching' });
    const chart = await screen.findByTestId('usage-chart', {}, LAZY_LOAD);
    const body = chart.closest('[aria-busy]');
    // Busy is what dims it (aria-busy:opacity-50).
    expect(body).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText(/^Loading/)).not.toBeInTheDocument();
  });

  it('asks the server for the chosen period', async () => {
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === API_PATHS.timeline) requests.push(url.search);
    });
    server.use(
      http.get(API_PATHS.timeline, ({ request }) => {
        const period = new URL(request.url).searchParams.get('period');
        return HttpResponse.json(timelineFixture(period === 'week' ? 'week' : 'day'));
      }),
    );
    renderWithApp(<DashboardPage />);
    expect(await screen.findByTestId('usage-chart', {}, LAZY_LOAD)).toHaveAttribute(
      'data-points',
      '24',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Weekly' }));
    await waitFor(() =>
      expect(screen.getByTestId('usage-chart')).toHaveAttribute('data-points', '7'),
    );
    expect(requests).toEqual(['?period=day', '?period=week']);
  });

  // The coverage line under the chart is shown only with the points; were its gaps asked only
  // then, each load and each period switch would wait a second round trip for the line.
  it("asks for a period's coverage together with its usage, not after it", async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === API_PATHS.timeline || url.pathname === API_PATHS.gaps) {
        asked.push(url.pathname + url.search);
      }
    });
    let answer = () => {};
    server.use(
      http.get(API_PATHS.timeline, async ({ request }) => {
        await new Promise<void>((resolve) => (answer = resolve));
        const period = new URL(request.url).searchParams.get('period');
        return HttpResponse.json(timelineFixture(period === 'week' ? 'week' : 'day'));
      }),
    );
    renderWithApp(<DashboardPage />);
    // The usage is not answered yet, and its coverage has been asked for.
    await waitFor(() =>
      expect(asked).toEqual(
        expect.arrayContaining([`${API_PATHS.timeline}?period=day`, `${API_PATHS.gaps}?days=2`]),
      ),
    );
    act(() => answer());
    expect(await screen.findByTestId('usage-chart', {}, LAZY_LOAD)).toHaveAttribute(
      'data-points',
      '24',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Weekly' }));
    await waitFor(() =>
      expect(asked).toEqual(
        expect.arrayContaining([`${API_PATHS.timeline}?period=week`, `${API_PATHS.gaps}?days=7`]),
      ),
    );
    act(() => answer());
    await waitFor(() =>
      expect(screen.getByTestId('usage-chart')).toHaveAttribute('data-points', '7'),
    );
  });
});
