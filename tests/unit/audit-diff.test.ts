import { describe, expect, it } from 'vitest';
import { ROLE_LABELS } from '../../src/api/me';
import {
  auditActionLabel,
  auditChanges,
  fieldLabel,
  valueText,
  type AuditDisplay,
} from '../../src/lib/audit-diff';
import { recordedAuditActions } from '../audit-actions';

const IN_NEW_YORK: AuditDisplay = { timeZone: 'America/New_York', roleLabels: ROLE_LABELS };

describe('auditChanges', () => {
  it('lists only the fields that changed, with readable names', () => {
    expect(
      auditChanges(
        { name: 'Willow Creek', timeZone: 'America/Los_Angeles', currency: 'USD' },
        { name: 'Lakeside', timeZone: 'Europe/Paris', currency: 'USD' },
        IN_NEW_YORK,
      ),
    ).toEqual([
      { field: 'Name', before: 'Willow Creek', after: 'Lakeside' },
      { field: 'Time zone', before: 'America/Los_Angeles', after: 'Europe/Paris' },
    ]);
  });

  it('shows a creation as set fields and a removal as cleared ones', () => {
    expect(auditChanges(null, { capacity: 40, archived: false }, IN_NEW_YORK)).toEqual([
      { field: 'Capacity', before: '—', after: '40' },
      { field: 'Archived', before: '—', after: 'no' },
    ]);
    expect(auditChanges({ role: 'board' }, null, IN_NEW_YORK)).toEqual([
      { field: 'Role', before: 'Board Member', after: '—' },
    ]);
  });

  it('gives an invite’s instants in the community’s zone and its role by name', () => {
    // A replaced invite, as POST /api/users/invites writes it (server/users/routes.ts).
    const before = { email: 'a@example.org', role: 'board', expiresAt: '2026-12-03T02:29:17.265Z' };
    const after = { email: 'a@example.org', role: 'admin', expiresAt: '2026-12-10T02:29:17.265Z' };
    expect(auditChanges(before, after, IN_NEW_YORK)).toEqual([
      { field: 'Role', before: 'Board Member', after: 'Administrator' },
      {
        field: 'Expires at',
        before: 'Dec 2, 2026, 9:29 PM EST',
        after: 'Dec 9, 2026, 9:29 PM EST',
      },
    ]);
    expect(
      auditChanges(before, null, { timeZone: 'Asia/Tokyo', roleLabels: ROLE_LABELS }),
    ).toContainEqual({ field: 'Expires at', before: 'Dec 3, 2026, 11:29 AM GMT+9', after: '—' });
  });

  it('leaves alone what only looks like a role or an instant', () => {
    expect(
      auditChanges(
        { role: 'owner', name: 'board', joinedOn: '2025-03-14', note: '2026-12-03T02:29 soon' },
        null,
        IN_NEW_YORK,
      ).map((change) => change.before),
    ).toEqual(['owner', 'board', '2025-03-14', '2026-12-03T02:29 soon']);
  });

  it('compares instants as stored: seconds apart still count as a change', () => {
    expect(
      auditChanges(
        { expiresAt: '2026-12-03T02:29:17.265Z' },
        { expiresAt: '2026-12-03T02:29:48.000Z' },
        IN_NEW_YORK,
      ),
    ).toHaveLength(1);
  });

  it('names the day whose opening hours changed', () => {
    const week = (saturday: unknown) => ({
      hours: [null, null, null, null, null, null, saturday],
    });
    expect(
      auditChanges(week({ opensMinute: 600, closesMinute: 960 }), week(null), IN_NEW_YORK),
    ).toEqual([{ field: 'Hours › Saturday', before: '10:00-16:00', after: 'closed' }]);
  });

  it('keeps hidden secrets hidden and caps long values', () => {
    const [change] = auditChanges(
      { secretHash: '[hidden]' },
      { secretHash: '[hidden]', x: 'y' },
      IN_NEW_YORK,
    ).concat(auditChanges({ a: 'x'.repeat(500) }, { a: 'short' }, IN_NEW_YORK));
    expect(change).toEqual({ field: 'X', before: '—', after: 'y' });
    expect(valueText('x'.repeat(500))).toHaveLength(120);
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });

  it('is empty when nothing changed', () => {
    expect(auditChanges({ a: 1 }, { a: 1 }, IN_NEW_YORK)).toEqual([]);
    expect(auditChanges(null, null, IN_NEW_YORK)).toEqual([]);
  });
});

describe('labels', () => {
  it('turns keys and actions into words', () => {
    expect(fieldLabel('monthlyOperatingCost')).toBe('Monthly operating cost');
    expect(fieldLabel('time_zone')).toBe('Time zone');
    expect(auditActionLabel('community.update')).toBe('Community profile changed');
    expect(auditActionLabel('amenity.restore')).toBe('Amenity restored');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });

  it('has words for every action the server writes to the audit log', () => {
    const { actions, unread } = recordedAuditActions();
    expect(unread).toEqual([]);
    expect(actions.size).toBeGreaterThan(20);
    expect([...actions.keys()].filter((action) => auditActionLabel(action) === action)).toEqual([]);
  });
});
