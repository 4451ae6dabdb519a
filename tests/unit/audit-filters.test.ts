import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS } from '../../src/lib/audit-diff';
import { AUDIT_FILTERS, auditActionMatches } from '../../src/lib/audit-filters';

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
