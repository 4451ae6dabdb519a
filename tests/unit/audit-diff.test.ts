import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { auditActionLabel, auditChanges, fieldLabel, valueText } from '../../src/lib/audit-diff';

describe('auditChanges', () => {
  it('lists only the fields that changed, with readable names', () => {
    expect(
      auditChanges(
        { name: 'Willow Creek', timeZone: 'America/Los_Angeles', currency: 'USD' },
        { name: 'Lakeside', timeZone: 'Europe/Paris', currency: 'USD' },
      ),
    ).toEqual([
      { field: 'Name', before: 'Willow Creek', after: 'Lakeside' },
      { field: 'Time zone', before: 'America/Los_Angeles', after: 'Europe/Paris' },
    ]);
  });

  it('shows a creation as set fields and a removal as cleared ones', () => {
    expect(auditChanges(null, { capacity: 40, archived: false })).toEqual([
      { field: 'Capacity', before: '—', after: '40' },
      { field: 'Archived', before: '—', after: 'no' },
    ]);
    expect(auditChanges({ role: 'board' }, null)).toEqual([
      { field: 'Role', before: 'board', after: '—' },
    ]);
  });

  it('names the day whose opening hours changed', () => {
    const week = (saturday: unknown) => ({
      hours: [null, null, null, null, null, null, saturday],
    });
    expect(auditChanges(week({ opensMinute: 600, closesMinute: 960 }), week(null))).toEqual([
      { field: 'Hours › Saturday', before: '10:00-16:00', after: 'closed' },
    ]);
  });

  it('keeps hidden secrets hidden and caps long values', () => {
    const [change] = auditChanges(
      { secretHash: '[hidden]' },
      { secretHash: '[hidden]', x: 'y' },
    ).concat(auditChanges({ a: 'x'.repeat(500) }, { a: 'short' }));
    expect(change).toEqual({ field: 'X', before: '—', after: 'y' });
    expect(valueText('x'.repeat(500))).toHaveLength(120);
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });

  it('is empty when nothing changed', () => {
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});

describe('labels', () => {
  it('turns keys and actions into words', () => {
    expect(fieldLabel('monthlyOperatingCost')).toBe('Monthly operating cost');
    expect(fieldLabel('time_zone')).toBe('Time zone');
    expect(auditActionLabel('community.update')).toBe('Community profile changed');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });

  it('has words for every action the server writes to the audit log', () => {
    const written = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith('.ts')) {
          const source = readFileSync(file, 'utf8');
          // audit(tx, { action: 'x.y', ... }) and the integrations' write(c, 'x.y', ...).
          for (const match of source.matchAll(/action: '([a-z.-]+)'|write\(c, '([a-z.-]+)'/g)) {
            written.add(match[1] ?? match[2] ?? '');
          }
        }
      }
    };
    walk(path.resolve('server'));
    expect(written.size).toBeGreaterThan(20);
    expect([...written].filter((action) => auditActionLabel(action) === action)).toEqual([]);
  });
});
