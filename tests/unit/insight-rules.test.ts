import { describe, expect, it } from 'vitest';
import { amenitiesFixture, popularityFixture } from '../../mocks/fixtures';
import {
  deriveInsights,
  rangeStart,
  tooLittleHistory,
} from '../../src/features/dashboard/insight-rules';

const ZONE = 'America/Los_Angeles';
/** Mon 23 Nov 2026 10:20 in Los Angeles (PST, UTC-8). */
const NOW = Date.parse('2026-11-23T18:20:00Z');
/** The last 30 days from then: from Sun 25 Oct 00:00 PDT (UTC-7), before the clocks fell back. */
const FROM = Date.parse('2026-10-25T07:00:00Z');

describe('deriveInsights', () => {
  it('names the amenity near capacity, the most visited and the under-used open one', () => {
    const insights = deriveInsights(amenitiesFixture, popularityFixture, 'last 7 days', FROM);
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
    const insights = deriveInsights(roomy, even, 'last 30 days', FROM);
    expect(insights.map((insight) => insight.impact)).toEqual(['Success Story']);
  });

  it('never calls a closed amenity under-used, and says nothing without visits', () => {
    const closedQuiet = popularityFixture.filter((entry) => entry.name !== 'Heritage Tree Area');
    const insights = deriveInsights(amenitiesFixture, closedQuiet, 'last 30 days', FROM);
    // Sunny Side Playground (5%) is closed in the fixture.
    expect(insights.some((insight) => insight.impact === 'Action Required')).toBe(false);
    expect(deriveInsights([], [], 'last 30 days', FROM)).toEqual([]);
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
      const insights = deriveInsights(
        [...amenitiesFixture, amenity],
        popularity,
        'last 30 days',
        FROM,
      );
      // The quietest open amenity with data is still named; the one without none.
      expect(insights.at(-1)?.title, amenity.name).toBe('Heritage Tree Area');
      expect(insights.map((insight) => insight.description).join(' ')).not.toMatch(/QA /);
    }
  });

  it('does not call an amenity added during the range the least visited: it is new', () => {
    // Added yesterday, with a peak and a reading: 1 % of the visits of 30 days it was not there for.
    const [lawn] = amenitiesFixture;
    if (!lawn) throw new Error('no amenity fixture');
    const pool = {
      ...lawn,
      id: 'clubhouse-pool',
      name: 'Clubhouse Pool',
      status: 'low' as const,
      lastReadingAt: '2026-11-23T18:10:00Z',
      addedAt: '2026-11-22T16:40:00Z',
    };
    const popularity = [
      ...popularityFixture.map((entry) =>
        entry.name === 'The Great Lawn' ? { ...entry, percentage: 33 } : entry,
      ),
      { name: 'Clubhouse Pool', percentage: 1, color: '#0ea5e9' },
    ];
    const insights = deriveInsights([...amenitiesFixture, pool], popularity, 'last 30 days', FROM);
    expect(insights.at(-1)?.title).toBe('Heritage Tree Area');
    expect(insights.map((insight) => insight.description).join(' ')).not.toMatch(/Clubhouse/);
    // Added before the range started: a whole range's share, named as before.
    const older = { ...pool, addedAt: '2026-10-25T06:59:00Z' };
    expect(
      deriveInsights([...amenitiesFixture, older], popularity, 'last 30 days', FROM).at(-1)?.title,
    ).toBe('Clubhouse Pool');
  });

  it('compares a new community’s first amenities, all added together, with one another', () => {
    // Every amenity added with the community 10 days ago: none is newer than the others.
    const together = amenitiesFixture.map((amenity) => ({
      ...amenity,
      addedAt: '2026-11-13T17:00:00Z',
    }));
    expect(deriveInsights(together, popularityFixture, 'last 30 days', FROM).at(-1)?.title).toBe(
      'Heritage Tree Area',
    );
  });
});

describe('rangeStart', () => {
  it('is local midnight N-1 days before today, in the community’s zone', () => {
    expect(rangeStart(30, NOW, ZONE)).toBe(FROM);
    // Mon 17 Nov 00:00 PST.
    expect(rangeStart(7, NOW, ZONE)).toBe(Date.parse('2026-11-17T08:00:00Z'));
    // Today only: from this midnight.
    expect(rangeStart(1, NOW, ZONE)).toBe(Date.parse('2026-11-23T08:00:00Z'));
  });
});

describe('tooLittleHistory', () => {
  const now = Date.parse('2026-11-27T18:00:00Z');
  const added = (iso: string) => amenitiesFixture.map((amenity) => ({ ...amenity, addedAt: iso }));

  it('holds recommendations back for a community whose first amenity is less than 7 days old', () => {
    // Added 8 minutes ago: "a strong point for the next fee review" would be made up.
    expect(tooLittleHistory(added('2026-11-27T17:52:00Z'), now)).toBe(true);
    expect(tooLittleHistory(added('2026-11-20T18:00:01Z'), now)).toBe(true);
  });

  it('gives them once the first amenity has 7 days, or when none says when it was added', () => {
    expect(tooLittleHistory(added('2026-11-20T18:00:00Z'), now)).toBe(false);
    expect(tooLittleHistory(amenitiesFixture, now)).toBe(false);
    // One amenity added lately beside others there from the beginning: history enough.
    const one = amenitiesFixture.map((amenity, i) =>
      i === 0 ? { ...amenity, addedAt: '2026-11-27T17:00:00Z' } : amenity,
    );
    expect(tooLittleHistory(one, now)).toBe(false);
  });
});
