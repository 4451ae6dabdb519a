import { describe, expect, it } from 'vitest';
import { amenitiesFixture, popularityFixture } from '../../mocks/fixtures';
import { deriveInsights } from '../../src/features/dashboard/insight-rules';

describe('deriveInsights', () => {
  it('names the amenity near capacity, the most visited and the under-used open one', () => {
    const insights = deriveInsights(amenitiesFixture, popularityFixture, 'last 7 days');
    expect(insights.map((insight) => [insight.title, insight.impact])).toEqual([
      ['The Great Lawn Event Optimization', 'High Impact'],
      ['The Great Lawn Popularity', 'Success Story'],
      ['Heritage Tree Area', 'Action Required'],
    ]);
    expect(insights[0]?.description).toContain('186 people of 200 (93% of capacity)');
    expect(insights[1]?.description).toContain('34% of all visits in the last 7 days');
  });

  it('leaves out a rule no amenity meets', () => {
    const roomy = amenitiesFixture.map((amenity) => ({ ...amenity, peakUsage: 1 }));
    const even = popularityFixture.map((entry) => ({ ...entry, percentage: 14 }));
    const insights = deriveInsights(roomy, even, 'last 30 days');
    expect(insights.map((insight) => insight.impact)).toEqual(['Success Story']);
  });

  it('never calls a closed amenity under-used, and says nothing without visits', () => {
    const closedQuiet = popularityFixture.filter((entry) => entry.name !== 'Heritage Tree Area');
    const insights = deriveInsights(amenitiesFixture, closedQuiet, 'last 30 days');
    // Sunny Side Playground (5%) is closed in the fixture.
    expect(insights.some((insight) => insight.impact === 'Action Required')).toBe(false);
    expect(deriveInsights([], [], 'last 30 days')).toEqual([]);
  });

  it('gives no advice on an amenity without history (no peak in 30 days, or never reported)', () => {
    const [lawn] = amenitiesFixture;
    if (!lawn) throw new Error('no amenity fixture');
    const noPeak = {
      ...lawn,
      id: 'qa-pool',
      name: 'QA Pool',
      status: 'low' as const,
      peakTime: 'No data yet',
      peakUsage: 0,
    };
    const neverReported = {
      ...lawn,
      id: 'qa-spa',
      name: 'QA Spa',
      status: 'low' as const,
      peakUsage: 0,
      live: false,
      lastReadingAt: null,
    };
    const popularity = [
      ...popularityFixture,
      { name: 'QA Pool', percentage: 0, color: '#0ea5e9' },
      { name: 'QA Spa', percentage: 0, color: '#0ea5e9' },
    ];
    for (const amenity of [noPeak, neverReported]) {
      const insights = deriveInsights([...amenitiesFixture, amenity], popularity, 'last 30 days');
      // The quietest open amenity with data is still named; the one without none.
      expect(insights.at(-1)?.title, amenity.name).toBe('Heritage Tree Area');
      expect(insights.map((insight) => insight.description).join(' ')).not.toMatch(/QA /);
    }
  });
});
