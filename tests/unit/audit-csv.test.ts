import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/api/contract';
import { auditCsv, auditPeriodText } from '../../src/lib/audit-csv';
import { parseCsv } from '../../src/lib/csv';

const entry = (id: number, extra: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: '2026-11-20T18:05:09.000Z',
  actor: { id: 1, name: 'Alex Rivera', email: 'admin@willowcreek.example' },
  action: 'amenity.update',
  target: 'great-lawn',
  before: null,
  after: null,
  ...extra,
});

const OPTIONS = {
  community: 'Willow Creek',
  timeZone: 'America/Los_Angeles',
  currency: 'USD',
  from: '2026-11-01',
  to: '2026-11-30',
  actions: ['amenity.'],
  now: Date.parse('2026-12-07T17:00:00Z'),
};

function cellsOf(text: string): string[][] {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.records.map((record) => record.cells);
}

describe('the audit log as a CSV file', () => {
  it('says what it is, whose, which period and entries, in which zone and when made', () => {
    const rows = cellsOf(auditCsv([], OPTIONS));
    expect(rows.slice(0, 7)).toEqual([
      ['Report', 'Audit log'],
      ['Community', 'Willow Creek'],
      ['Period', '2026-11-01 to 2026-11-30'],
      ['Entries', 'amenity.'],
      ['Count', '0'],
      ['Time zone', 'Pacific Time (PT), America/Los_Angeles'],
      ['Generated', 'Dec 7, 2026, 9:00 AM PST'],
    ]);
    expect(rows[7]?.[0]).toBe('When (Pacific Time (PT))');
  });

  it('writes each entry as the page does: when in the zone and in UTC, what, by whom, what changed', () => {
    const rows = cellsOf(
      auditCsv(
        [
          entry(2, { before: { capacity: 200 }, after: { capacity: 240 } }),
          entry(1, {
            action: 'sign-in.failed',
            actor: null,
            target: '=HYPERLINK("http://evil.example")',
            after: { reason: 'unknown-email' },
          }),
        ],
        OPTIONS,
      ),
    );
    const [header, changed, failed] = rows.slice(7);
    expect(header).toEqual([
      'When (Pacific Time (PT))',
      'When (UTC)',
      'What',
      'Action',
      'About',
      'By',
      'Email',
      'Details',
      'Changes',
    ]);
    expect(changed).toEqual([
      '2026-11-20 10:05:09',
      '2026-11-20T18:05:09.000Z',
      'Amenity changed',
      'amenity.update',
      'great-lawn',
      'Alex Rivera',
      'admin@willowcreek.example',
      '',
      'Capacity: 200 → 240',
    ]);
    // A name a spreadsheet would run as a formula is written as text.
    expect(failed?.slice(2, 7)).toEqual([
      'Sign-in failed',
      'sign-in.failed',
      `'=HYPERLINK("http://evil.example")`,
      'No account',
      '',
    ]);
    expect(failed?.[7]).toMatch(/^Reason: /);
    expect(rows[4]).toEqual(['Count', '2']);
  });

  it('names the period however it is open', () => {
    expect(auditPeriodText('', '')).toBe('All entries');
    expect(auditPeriodText('2026-11-01', '')).toBe('From 2026-11-01');
    expect(auditPeriodText('', '2026-11-30')).toBe('Up to 2026-11-30');
    expect(auditPeriodText('2026-11-05', '2026-11-05')).toBe('2026-11-05');
  });
});
