import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS } from '../../src/lib/audit-diff';
import { AUDIT_FILTERS, auditActionMatches } from '../../src/lib/audit-filters';
import { recordedAuditActions } from '../audit-actions';

const KNOWN = Object.keys(AUDIT_ACTION_LABELS);
const matches = auditActionMatches;
const actionsOf = (value: string) =>
  AUDIT_FILTERS.find((option) => option.value === value)?.actions ?? [];

describe('audit filters', () => {
  it('counts every refusal of the shared lock-out as a failed sign-in', () => {
    expect(actionsOf('sign-in.failed')).toEqual([
      'sign-in.failed',
      'password.change-failed',
      'totp.recovery-codes-refused',
      'totp.replace-refused',
    ]);
  });

  it('puts sessions, password, name and recovery-code changes with the sign-ins', () => {
    expect(actionsOf('sign-in')).toEqual(
      expect.arrayContaining([
        'sign-in',
        'session.ended',
        'password.changed',
        'totp.recovery-codes-renewed',
        'account.rename',
      ]),
    );
  });

  it('puts every action the server records under exactly one choice besides Everything', () => {
    const { actions, unread } = recordedAuditActions();
    expect(unread).toEqual([]);
    expect(actions.size).toBeGreaterThan(40);
    const placed = [...actions].map(([action, where]) => {
      const choices = AUDIT_FILTERS.filter(
        (option) => option.value !== '' && option.actions.some((f) => matches(f, action)),
      ).map((option) => option.label);
      return { action, where, choices };
    });
    expect(placed.filter((p) => p.choices.length !== 1)).toEqual([]);
  });

  it('has a choice for amenities, alert rules, residents, scheduled reports and notifications', () => {
    const labelOf = (action: string) =>
      AUDIT_FILTERS.find(
        (option) => option.value !== '' && option.actions.some((f) => matches(f, action)),
      )?.label;
    expect(labelOf('amenity.archive')).toBe('Amenities');
    expect(labelOf('amenity.restore')).toBe('Amenities');
    expect(labelOf('alert-rule.create')).toBe('Alert rules');
    expect(labelOf('alert-rule.delete')).toBe('Alert rules');
    expect(labelOf('resident.import')).toBe('Residents');
    expect(labelOf('resident.remove')).toBe('Residents');
    expect(labelOf('report-schedule.update')).toBe('Scheduled reports');
    expect(labelOf('notifications.update')).toBe('Notifications');
    expect(labelOf('push.unsubscribe')).toBe('Notifications');
    expect(labelOf('totp.replaced')).toBe('Sign-ins and account changes');
    expect(labelOf('totp.replace-refused')).toBe('Failed sign-ins');
  });

  it('keeps each choice’s value and label apart from the others', () => {
    const values = AUDIT_FILTERS.map((option) => option.value);
    const labels = AUDIT_FILTERS.map((option) => option.label);
    expect(new Set(values).size).toBe(values.length);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('fits one request: at most 16 actions per choice (the server refuses more)', () => {
    for (const option of AUDIT_FILTERS) expect(option.actions.length).toBeLessThanOrEqual(16);
  });

  it('names only known actions, and each in one place', () => {
    const listed = AUDIT_FILTERS.filter((option) => option.value !== '').flatMap((option) =>
      KNOWN.filter((action) => option.actions.some((filter) => matches(filter, action))),
    );
    for (const option of AUDIT_FILTERS) {
      for (const filter of option.actions) {
        expect(
          KNOWN.some((action) => matches(filter, action)),
          filter,
        ).toBe(true);
      }
    }
    expect(listed.length).toBe(new Set(listed).size);
  });
});

describe('auditActionMatches', () => {
  it('reads the filter as GET /api/audit does: nothing, actions, prefixes, or a list', () => {
    expect(auditActionMatches('', 'sign-in')).toBe(true);
    expect(auditActionMatches('sign-in', 'sign-in.failed')).toBe(false);
    expect(auditActionMatches('amenity.', 'amenity.update')).toBe(true);
    expect(auditActionMatches('sign-in,amenity.', 'amenity.archive')).toBe(true);
    expect(auditActionMatches('sign-in,amenity.', 'user.remove')).toBe(false);
  });
});
