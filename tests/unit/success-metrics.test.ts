import { describe, expect, it } from 'vitest';
import { analysisFixture } from '../../mocks/fixtures';
import { successMetrics } from '../../src/features/amy/success-metrics';

describe('successMetrics', () => {
  it('weights each category and month by its events', () => {
    const metrics = successMetrics({
      ...analysisFixture,
      monthlyTrends: [
        { month: 'Jan', events: 1, avgAttendance: 10 },
        { month: 'Feb', events: 3, avgAttendance: 50 },
      ],
      popularCategories: [
        { category: 'wellness', count: 1, avgSuccess: 40 },
        { category: 'community', count: 3, avgSuccess: 80 },
      ],
    });
    // (40*1 + 80*3) / 4 = 70%; (10*1 + 50*3) / 4 = 40 people.
    expect(metrics?.map((metric) => [metric.label, metric.value])).toEqual([
      ['Events held', '4'],
      ['Attendance vs plan', '70%'],
      ['Average attendance', '40'],
      ['Most events', 'Community (3)'],
    ]);
  });

  it('is null when no event was held', () => {
    expect(
      successMetrics({ ...analysisFixture, popularCategories: [], monthlyTrends: [] }),
    ).toBeNull();
  });
});
