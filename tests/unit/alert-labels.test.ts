import { describe, expect, it } from 'vitest';
import { describeRuleLevels, formatAlertValue } from '../../src/lib/alert-labels';
import { unreadAlertsPhrase, unreadBadgeText, unreadSuffix } from '../../src/lib/unread-alerts';

describe('alert labels', () => {
  it('add the unread count to the alerts link and More, or nothing when none', () => {
    expect(`Alerts${unreadSuffix(3)}`).toBe('Alerts, 3 unread');
    expect(`Alerts${unreadSuffix(0)}`).toBe('Alerts');
    expect(unreadAlertsPhrase(1)).toBe('1 unread alert');
    expect(unreadAlertsPhrase(4)).toBe('4 unread alerts');
  });

  it('cap the badge so it fits the phone bar', () => {
    expect(unreadBadgeText(7)).toBe('7');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(150)).toBe('99+');
  });

  it('say each kind of value in its unit', () => {
    expect(formatAlertValue('occupancy', 91.33)).toBe('91.3% of capacity');
    expect(formatAlertValue('after_hours', 1)).toBe('1 person present');
    expect(formatAlertValue('after_hours', 2)).toBe('2 people present');
    expect(formatAlertValue('silent', 3)).toBe('3 intervals without a reading');
    expect(formatAlertValue('unusual', 4.25)).toBe('4.3 standard deviations from usual');
  });

  it("say a rule's levels in words", () => {
    expect(
      describeRuleLevels({ kind: 'occupancy', threshold: 75, rearmBelow: 65, cooldownMinutes: 30 }),
    ).toBe('At 75% of capacity, re-arms below 65% of capacity, cool-down 30 min');
  });
});
