import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { analysisFixture } from '../../mocks/fixtures';
import type { EventAnalysis } from '../../src/api/contract';
import type { QueryLike } from '../../src/ui/query-state';
import { EventAnalysisCard, NO_EVENTS_IN_MONTHS } from '../../src/widgets/event-analysis-card';
import { analysisSpan, EventTrendsCard, MonthlyTrends } from '../../src/widgets/event-trends';
import { renderWithApp } from '../render';

/** Amy's analysis as fetched on Mon Nov 23, 2026, 10 AM Pacific (the fixture ends in Nov). */
const FETCHED_AT = Date.parse('2026-11-23T18:00:00Z');

const loaded = (data: EventAnalysis, dataUpdatedAt = FETCHED_AT): QueryLike<EventAnalysis> => ({
  data,
  error: null,
  status: 'success',
  fetchStatus: 'idle',
  dataUpdatedAt,
  refetch: () => undefined,
});

describe('monthly event trends', () => {
  it('says the current month (Amy’s last) is counted so far, and only that one', () => {
    render(<MonthlyTrends trends={analysisFixture.monthlyTrends} />);
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(analysisFixture.monthlyTrends.length);
    // Nov, the fixture's last month: 6 events up to today.
    expect(
      within(rows.at(-1) as HTMLElement).getByText(/6 events so far · 91 avg\. attendance/),
    ).toBeInTheDocument();
    expect(rows.slice(0, -1).some((row) => /so far/.test(row.textContent ?? ''))).toBe(false);
  });
});

describe('analysisSpan', () => {
  it('dates Amy’s months from the day of her analysis, the newest counted up to it', () => {
    expect(analysisSpan(analysisFixture.monthlyTrends, '2026-11-23')).toEqual({
      from: '2026-06-01',
      to: '2026-11-23',
      soFar: 'Nov 2026',
    });
  });

  it('ends on the last day of her newest month when the analysis was made later', () => {
    expect(analysisSpan(analysisFixture.monthlyTrends, '2027-01-10')).toEqual({
      from: '2026-06-01',
      to: '2026-11-30',
      soFar: null,
    });
  });

  it('crosses the new year, and has no span without months', () => {
    const trends = ['Nov', 'Dec', 'Jan'].map((month) => ({ month, events: 1, avgAttendance: 10 }));
    expect(analysisSpan(trends, '2027-01-05')).toEqual({
      from: '2026-11-01',
      to: '2027-01-05',
      soFar: 'Jan 2027',
    });
    expect(analysisSpan([], '2027-01-05')).toBeNull();
  });
});

describe('the event cards say which days their figures cover', () => {
  const period =
    'Events held Jun 1, 2026 – Nov 23, 2026 (Nov 2026 so far), Pacific Time (PT), from ' +
    'Amy’s analysis of the events recorded, not the people counters.';

  it('Event Analysis: the months, the zone and what the lists are over', async () => {
    renderWithApp(<EventAnalysisCard query={loaded(analysisFixture)} />);
    const card = screen.getByRole('region', { name: 'Event Analysis' });
    expect(within(card).getByText('How past community events performed')).toBeInTheDocument();
    expect(await within(card).findByTestId('analysis-period')).toHaveTextContent(
      `${period} Monthly trends are per month; categories, amenities and insights are over all ` +
        'these months.',
    );
  });

  it('Event Analysis: months counted with no event say so in each block, not empty boxes', async () => {
    const noneHeld = {
      monthlyTrends: analysisFixture.monthlyTrends.map((month) => ({
        ...month,
        events: 0,
        avgAttendance: 0,
      })),
      popularCategories: [],
      bestPerformingAmenities: [],
      seasonalInsights: [],
    };
    renderWithApp(<EventAnalysisCard query={loaded(noneHeld)} />);
    const card = screen.getByRole('region', { name: 'Event Analysis' });
    await within(card).findByTestId('analysis-period');
    expect(within(card).getAllByText(NO_EVENTS_IN_MONTHS)).toHaveLength(2);
    // A month without events has no attendance to average: it says how many, nothing more.
    const months = within(card).getByText('Monthly Trends').closest('section') ?? card;
    expect(months).toHaveTextContent('0 events so far');
    expect(months).not.toHaveTextContent('avg. attendance');
    expect(
      within(card).getByText('No seasonal pattern yet: too few events in these months.'),
    ).toBeInTheDocument();
  });

  it('Event Performance Trends: the same months, and what the best category is over', async () => {
    renderWithApp(<EventTrendsCard query={loaded(analysisFixture)} />);
    const card = screen.getByRole('region', { name: 'Event Performance Trends' });
    expect(await within(card).findByTestId('analysis-period')).toHaveTextContent(
      `${period} The best category is over all these months.`,
    );
  });

  it('dates a saved copy by the day it was fetched, not today', async () => {
    // Fetched on Tue Oct 20, 2026: its newest month, "Oct", is October 2026, counted to Oct 20.
    const october = {
      ...analysisFixture,
      monthlyTrends: analysisFixture.monthlyTrends.slice(0, -1),
    };
    renderWithApp(
      <EventAnalysisCard query={loaded(october, Date.parse('2026-10-20T18:00:00Z'))} />,
    );
    expect(await screen.findByTestId('analysis-period')).toHaveTextContent(
      /^Events held Jun 1, 2026 – Oct 20, 2026 \(Oct 2026 so far\), Pacific Time \(PT\),/,
    );
  });
});
