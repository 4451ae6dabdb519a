import { describe, expect, it } from 'vitest';
import { deliverySummary } from '../../src/features/alerts/delivery-summary';

describe('deliverySummary', () => {
  it('counts pushes by device and emails by person, failures marked', () => {
    expect(
      deliverySummary([
        { channel: 'push', sent: 3, pending: 0, failed: 2 },
        { channel: 'email', sent: 1, pending: 2, failed: 1 },
      ]),
    ).toEqual([
      { text: 'Pushed to 3 devices', failed: false },
      { text: 'Push failed to 2 devices', failed: true },
      { text: 'Emailed to 1 person', failed: false },
      { text: 'Email waiting for 2 people', failed: false },
      { text: 'Email failed to 1 person', failed: true },
    ]);
  });

  it('says nothing when nothing was sent', () => {
    expect(deliverySummary([])).toEqual([]);
    expect(deliverySummary([{ channel: 'push', sent: 0, pending: 0, failed: 0 }])).toEqual([]);
  });
});
