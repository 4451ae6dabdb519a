import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextAttemptAt } from '../../server/delivery/backoff';
import { periodName, pushPayload, topicFor } from '../../server/delivery/push/payload';
import { deliverySummary } from '../../src/features/alerts/delivery-summary';

describe('delivery back-off', () => {
  it('retries after 30 s, 2 min and 10 min, then gives up', () => {
    const now = 1_000_000;
    expect(nextAttemptAt(1, now)).toBe(now + 30_000);
    expect(nextAttemptAt(2, now)).toBe(now + 120_000);
    expect(nextAttemptAt(3, now)).toBe(now + 600_000);
    expect(nextAttemptAt(MAX_ATTEMPTS, now)).toBeNull();
  });
});

describe('push payloads', () => {
  it('gives each amenity one stable topic of at most 32 URL-safe characters', () => {
    const topic = topicFor('amenity:a-very-long-amenity-slug-that-goes-on-and-on-and-on');
    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(topicFor('amenity:pool')).toBe(topicFor('amenity:pool'));
    expect(topicFor('amenity:pool')).not.toBe(topicFor('amenity:gym'));
  });

  it('names a month by its name and a week as weekly', () => {
    expect(periodName('2026-10-01', '2026-10-31')).toBe('October');
    expect(periodName('2026-02-01', '2026-02-28')).toBe('February');
    expect(periodName('2026-11-09', '2026-11-15')).toBe('weekly');
  });

  it("opens an alert on its amenity's live view, with a short life and high urgency", () => {
    const payload = pushPayload({
      kind: 'alert',
      alertId: 7,
      amenitySlug: 'grand lake',
      amenityName: 'Grand Lake',
      message: 'Grand Lake is at 93% of capacity',
      at: 0,
    });
    expect(payload).toMatchObject({
      title: 'Alert: Grand Lake',
      url: '/analytics?amenity=grand%20lake',
      ttlSeconds: 1200,
      urgency: 'high',
    });
  });
});

describe('what the inbox says about delivery', () => {
  it('counts devices per outcome', () => {
    expect(deliverySummary([{ channel: 'push', sent: 3, pending: 1, failed: 2 }])).toEqual([
      { text: 'Pushed to 3 devices', failed: false },
      { text: 'Push waiting for 1 device', failed: false },
      { text: 'Push failed to 2 devices', failed: true },
    ]);
    expect(deliverySummary([])).toEqual([]);
  });
});
