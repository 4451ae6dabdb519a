import { describe, expect, it } from 'vitest';
import { ROLE_LABELS } from '../../src/api/me';
import {
  auditActionLabel,
  auditChanges,
  auditTargetText,
  describeAuditEntry,
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
  });

  it('words lists and objects as plain text, and an empty text as absent', () => {
    expect(valueText([2, 51])).toBe('2, 51');
    expect(valueText({ a: 1, monthlyCost: null })).toBe('A: 1, Monthly cost: —');
    expect(valueText([{ a: 1 }, { a: 2 }])).toBe('A: 1; A: 2');
    expect(valueText('')).toBe('—');
    expect(valueText([])).toBe('—');
    expect(auditChanges({ lines: [2, 51] }, { lines: [3, 51] }, IN_NEW_YORK)).toEqual([
      { field: 'Lines', before: '2, 51', after: '3, 51' },
    ]);
  });

  it('does not count a field empty on both sides, however it is stored, as a change', () => {
    // A resident's email is null when there is none, its notes "" (server/residents/store.ts).
    expect(
      auditChanges(
        { email: null, notes: '', phone: null },
        { email: '', notes: '', phone: null, unit: '' },
        IN_NEW_YORK,
      ),
    ).toEqual([]);
    expect(auditChanges(null, { email: null, notes: '', unit: '4B' }, IN_NEW_YORK)).toEqual([
      { field: 'Unit', before: '—', after: '4B' },
    ]);
    expect(auditChanges({ notes: 'Gate code' }, { notes: '' }, IN_NEW_YORK)).toEqual([
      { field: 'Notes', before: 'Gate code', after: '—' },
    ]);
  });

  it('is empty when nothing changed', () => {
    expect(auditChanges({ a: 1 }, { a: 1 }, IN_NEW_YORK)).toEqual([]);
    expect(auditChanges(null, null, IN_NEW_YORK)).toEqual([]);
  });
});

/** A resident as POST /api/residents records it (server/residents/routes.ts, toResident). */
const resident = {
  id: 16,
  name: 'Dana Whitfield',
  unit: '4B',
  email: null,
  phone: null,
  householdSize: 2,
  status: 'active',
  joinedOn: null,
  notes: '',
};

describe('describeAuditEntry', () => {
  it('names a resident by name, lists what was set, labels its status, and no empty field', () => {
    expect(
      describeAuditEntry(
        { action: 'resident.create', target: '16', before: null, after: resident },
        IN_NEW_YORK,
      ),
    ).toEqual({
      target: 'Dana Whitfield',
      details: [
        { field: 'Name', value: 'Dana Whitfield' },
        { field: 'Unit', value: '4B' },
        { field: 'Household size', value: '2' },
        { field: 'Status', value: 'Active' },
      ],
      changes: [],
    });
  });

  it('shows a resident’s change by the new name, with the status as the directory words it', () => {
    const after = { ...resident, name: 'Dana Price', status: 'inactive', notes: '' };
    expect(
      describeAuditEntry(
        { action: 'resident.update', target: '16', before: resident, after },
        IN_NEW_YORK,
      ),
    ).toEqual({
      target: 'Dana Price',
      details: [],
      changes: [
        { field: 'Name', before: 'Dana Whitfield', after: 'Dana Price' },
        { field: 'Status', before: 'Active', after: 'Inactive' },
      ],
    });
    // A removal, as rows already in a database hold it: the name, and no "Id 16 → —".
    const removed = describeAuditEntry(
      { action: 'resident.remove', target: '16', before: resident, after: null },
      IN_NEW_YORK,
    );
    expect(removed.target).toBe('Dana Whitfield');
    expect(removed.changes.map((change) => change.field)).toEqual([
      'Name',
      'Unit',
      'Household size',
      'Status',
    ]);
  });

  it('keeps a target that is not a bare id, or has no name to read', () => {
    expect(auditTargetText({ target: '50 residents', before: null, after: { count: 50 } })).toBe(
      '50 residents',
    );
    expect(auditTargetText({ target: '7', before: null, after: { kind: 'occupancy' } })).toBe('7');
    expect(auditTargetText({ target: null, before: null, after: null })).toBeNull();
    expect(auditTargetText({ target: '16', before: { name: 'Old' }, after: { name: '  ' } })).toBe(
      'Old',
    );
  });

  it('gives an import’s lines as plain text', () => {
    expect(
      describeAuditEntry(
        {
          action: 'resident.import',
          target: '50 residents',
          before: null,
          after: { count: 50, lines: [2, 51] },
        },
        IN_NEW_YORK,
      ).details,
    ).toEqual([
      { field: 'Count', value: '50' },
      { field: 'Lines', value: '2, 51' },
    ]);
  });

  it('shows a sign-in’s facts as details, leaving out those that are empty', () => {
    const failed = describeAuditEntry(
      {
        action: 'sign-in.failed',
        target: 'admin@example.org',
        before: null,
        after: { reason: 'second factor' },
      },
      IN_NEW_YORK,
    );
    expect(failed).toEqual({
      target: 'admin@example.org',
      details: [{ field: 'Reason', value: 'second factor' }],
      changes: [],
    });
    // A Manager's sign-in has no second factor: nothing to say, not "Second factor — → —".
    const signIn = (secondFactor: string | null) =>
      describeAuditEntry(
        { action: 'sign-in', target: 'm@example.org', before: null, after: { secondFactor } },
        IN_NEW_YORK,
      );
    expect(signIn(null)).toEqual({ target: 'm@example.org', details: [], changes: [] });
    expect(signIn('totp').details).toEqual([
      { field: 'Second factor', value: 'Authentication code' },
    ]);
  });

  it('labels each action’s own enumerations, and roles everywhere', () => {
    const created = (action: string, after: unknown) =>
      describeAuditEntry({ action, target: 'x', before: null, after }, IN_NEW_YORK).details;
    expect(created('alert-rule.create', { kind: 'after_hours' })).toEqual([
      { field: 'Kind', value: 'After hours' },
    ]);
    expect(created('integration.create', { kind: 'tts' })).toEqual([
      { field: 'Kind', value: 'The Things Stack' },
    ]);
    // The same key under another action is not a resident's status.
    expect(created('device.update', { status: 'active' })).toEqual([
      { field: 'Status', value: 'active' },
    ]);
    expect(created('user.invite', { role: 'board' })).toEqual([
      { field: 'Role', value: 'Board Member' },
    ]);
  });
});

/** A rule as POST /api/alert-rules records it (server/alerts/routes.ts, auditedRule). */
const rule = {
  amenityId: 'grand-lake',
  amenityName: 'Grand Lake',
  kind: 'occupancy',
  threshold: 90,
  rearmBelow: 80,
  cooldownMinutes: 30,
  enabled: true,
};

/** A schedule as POST /api/report-schedules records it (server/schedules/routes.ts). */
const schedule = {
  kind: 'usage',
  cadence: 'weekly',
  weekday: 1,
  dayOfMonth: null,
  timeOfDay: '08:00',
  recipients: [2, 51],
  recipientNames: ['Dana Reyes', 'Lee Park'],
  enabled: true,
};

describe('alert rules and report schedules in the audit log', () => {
  it('names a rule by its kind, amenity and threshold, not its id', () => {
    expect(
      describeAuditEntry(
        { action: 'alert-rule.create', target: '12', before: null, after: rule },
        IN_NEW_YORK,
      ),
    ).toEqual({
      target: 'Occupancy alert for Grand Lake (90% of capacity)',
      details: [
        { field: 'Amenity', value: 'Grand Lake' },
        { field: 'Kind', value: 'Occupancy' },
        { field: 'Threshold', value: '90' },
        { field: 'Rearm below', value: '80' },
        { field: 'Cooldown minutes', value: '30' },
        { field: 'Enabled', value: 'yes' },
      ],
      changes: [],
    });
    // A change is named by the rule as it now is, and lists only what changed.
    const after = { ...rule, threshold: 85, rearmBelow: 75 };
    expect(
      describeAuditEntry(
        { action: 'alert-rule.update', target: '12', before: rule, after },
        IN_NEW_YORK,
      ),
    ).toEqual({
      target: 'Occupancy alert for Grand Lake (85% of capacity)',
      details: [],
      changes: [
        { field: 'Threshold', before: '90', after: '85' },
        { field: 'Rearm below', before: '80', after: '75' },
      ],
    });
  });

  it('names a rule recorded before its amenity’s name was by the amenity’s slug', () => {
    // As rows already in a database hold it: no amenityName, keys in the database's order.
    const stored = {
      kind: 'silent',
      enabled: true,
      amenityId: 'the-yard',
      threshold: 3,
      rearmBelow: 1,
      cooldownMinutes: 60,
    };
    const removed = describeAuditEntry(
      { action: 'alert-rule.delete', target: '7', before: stored, after: null },
      IN_NEW_YORK,
    );
    expect(removed.target).toBe('Sensor silent alert for the-yard (3 intervals without a reading)');
    expect(removed.changes.map((change) => [change.field, change.before])).toEqual([
      ['Amenity', 'the-yard'],
      ['Kind', 'Sensor silent'],
      ['Threshold', '3'],
      ['Rearm below', '1'],
      ['Cooldown minutes', '60'],
      ['Enabled', 'yes'],
    ]);
  });

  it('names a schedule by its report, cadence, day and time, and its recipients by name', () => {
    expect(
      describeAuditEntry(
        { action: 'report-schedule.create', target: '3', before: null, after: schedule },
        IN_NEW_YORK,
      ),
    ).toEqual({
      target: 'Weekly usage report (Mondays at 8:00 AM)',
      details: [
        { field: 'Kind', value: 'Usage report' },
        { field: 'Cadence', value: 'Weekly' },
        { field: 'Weekday', value: 'Monday' },
        { field: 'Time of day', value: '8:00 AM' },
        { field: 'Recipients', value: 'Dana Reyes, Lee Park' },
        { field: 'Enabled', value: 'yes' },
      ],
      changes: [],
    });
    const monthly = {
      ...schedule,
      cadence: 'monthly',
      weekday: null,
      dayOfMonth: 15,
      timeOfDay: '18:30',
      recipients: [51],
      recipientNames: ['Lee Park'],
    };
    expect(
      describeAuditEntry(
        { action: 'report-schedule.update', target: '3', before: schedule, after: monthly },
        IN_NEW_YORK,
      ),
    ).toEqual({
      target: 'Monthly usage report (day 15 of each month at 6:30 PM)',
      details: [],
      changes: [
        { field: 'Cadence', before: 'Weekly', after: 'Monthly' },
        { field: 'Weekday', before: 'Monday', after: '—' },
        { field: 'Day of month', before: '—', after: '15' },
        { field: 'Time of day', before: '8:00 AM', after: '6:30 PM' },
        { field: 'Recipients', before: 'Dana Reyes, Lee Park', after: 'Lee Park' },
      ],
    });
  });

  it('names a schedule recorded before its recipients’ names were, listing them by id', () => {
    const { recipientNames, ...stored } = { ...schedule, weekday: 0, timeOfDay: '00:05' };
    expect(recipientNames).toHaveLength(2);
    const removed = describeAuditEntry(
      { action: 'report-schedule.delete', target: '3', before: stored, after: null },
      IN_NEW_YORK,
    );
    expect(removed.target).toBe('Weekly usage report (Sundays at 12:05 AM)');
    expect(removed.changes).toContainEqual({ field: 'Recipients', before: '2, 51', after: '—' });
  });

  it('keeps the id when the entry holds nothing to name the rule or schedule by', () => {
    expect(
      auditTargetText({
        action: 'alert-rule.update',
        target: '12',
        before: { enabled: true },
        after: { enabled: false },
      }),
    ).toBe('12');
    expect(
      auditTargetText({ action: 'report-schedule.delete', target: '3', before: null, after: null }),
    ).toBe('3');
  });
});

/** An amenity as POST /api/amenities records it (server/amenities/routes.ts, toSetup). */
const court = {
  id: 'qa-court',
  name: 'QA Court',
  type: 'court',
  description: '',
  capacity: 20,
  color: '#0ea5e9',
  monthlyOperatingCost: 500,
  archived: false,
  photoUrl: null,
};

/** A sensor as PATCH /api/devices records it (server/integrations/manage-routes.ts). */
const sensor = {
  devEui: '24E124C0DE000007',
  name: 'Court gate',
  amenityId: 'sunny-playground',
  amenityName: 'Sunny Side Playground',
  model: 'vs121',
  countingMode: 'area',
  reportIntervalSeconds: 600,
};

describe('amenities and sensors in the audit log', () => {
  it('names an amenity by its name, not its slug, and its cost in the community’s currency', () => {
    const inEuros: AuditDisplay = { ...IN_NEW_YORK, currency: 'EUR' };
    expect(
      describeAuditEntry(
        { action: 'amenity.create', target: 'qa-court', before: null, after: court },
        inEuros,
      ),
    ).toEqual({
      target: 'QA Court',
      details: [
        { field: 'Name', value: 'QA Court' },
        { field: 'Type', value: 'court' },
        { field: 'Capacity', value: '20' },
        { field: 'Color', value: '#0ea5e9' },
        { field: 'Monthly operating cost', value: '€500' },
        { field: 'Archived', value: 'no' },
      ],
      changes: [],
    });
    // Renamed: by the new name; cents only when there are some; dollars without a currency.
    const after = { ...court, name: 'Center Court', monthlyOperatingCost: 512.5 };
    expect(
      describeAuditEntry(
        { action: 'amenity.update', target: 'qa-court', before: court, after },
        IN_NEW_YORK,
      ),
    ).toEqual({
      target: 'Center Court',
      details: [],
      changes: [
        { field: 'Name', before: 'QA Court', after: 'Center Court' },
        { field: 'Monthly operating cost', before: '$500', after: '$512.50' },
      ],
    });
    // Amounts are an amenity's: a number under that key elsewhere is only a number.
    const other = describeAuditEntry(
      {
        action: 'community.update',
        target: null,
        before: null,
        after: { monthlyOperatingCost: 5 },
      },
      inEuros,
    );
    expect(other.details).toEqual([{ field: 'Monthly operating cost', value: '5' }]);
  });

  it('names an amenity’s photo entries by the amenity’s name, or its slug in older ones', () => {
    const photo = { type: 'image/png', size: 1234, width: 64, height: 40, sha256: 'ab12' };
    expect(
      describeAuditEntry(
        {
          action: 'amenity.photo.remove',
          target: 'qa-court',
          before: { ...photo, amenityName: 'QA Court' },
          after: null,
        },
        IN_NEW_YORK,
      ),
    ).toEqual({
      target: 'QA Court',
      details: [],
      changes: [
        { field: 'Type', before: 'image/png', after: '—' },
        { field: 'Size', before: '1234', after: '—' },
        { field: 'Width', before: '64', after: '—' },
        { field: 'Height', before: '40', after: '—' },
        { field: 'Sha256', before: 'ab12', after: '—' },
      ],
    });
    expect(
      auditTargetText({ action: 'amenity.photo', target: 'qa-court', before: null, after: photo }),
    ).toBe('qa-court');
  });

  it('names a sensor by its name and its amenity by name, not by dev EUI and slug', () => {
    const after = { ...sensor, amenityId: 'qa-court', amenityName: 'QA Court' };
    expect(
      describeAuditEntry(
        { action: 'device.update', target: '24E124C0DE000007', before: sensor, after },
        IN_NEW_YORK,
      ),
    ).toEqual({
      target: 'Court gate',
      details: [],
      changes: [{ field: 'Amenity', before: 'Sunny Side Playground', after: 'QA Court' }],
    });
  });

  it('shows a sensor recorded before its amenity’s name was with the amenity’s slug', () => {
    const { amenityName, ...stored } = sensor;
    expect(amenityName).toBe('Sunny Side Playground');
    const moved = describeAuditEntry(
      {
        action: 'device.update',
        target: '24E124C0DE000007',
        before: stored,
        after: { ...stored, amenityId: 'qa-court' },
      },
      IN_NEW_YORK,
    );
    expect(moved).toEqual({
      target: 'Court gate',
      details: [],
      changes: [{ field: 'Amenity', before: 'sunny-playground', after: 'qa-court' }],
    });
    // Nothing to name it by: its dev EUI.
    expect(
      auditTargetText({
        action: 'device.delete',
        target: '24E124C0DE000007',
        before: {},
        after: null,
      }),
    ).toBe('24E124C0DE000007');
  });
});

describe('a sensor added from the discovered list in the audit log', () => {
  const { amenityName, ...stored } = sensor;
  const sensorFacts = [
    { field: 'Dev EUI', value: '24E124C0DE000007' },
    { field: 'Name', value: 'Court gate' },
    { field: 'Amenity', value: amenityName },
    { field: 'Model', value: 'vs121' },
    { field: 'Counting mode', value: 'area' },
    { field: 'Report interval seconds', value: '600' },
  ];

  it('lists how it was found as facts: the integration, its name there, when and how often', () => {
    const discovered = {
      integrationId: 'tts-0123456789ab',
      integrationName: 'Lobby TTS',
      integrationKind: 'tts',
      deviceName: 'counter',
      firstSeenAt: '2026-03-18T16:29:40.000Z',
      lastSeenAt: '2026-03-18T16:31:02.000Z',
      uplinks: 3,
    };
    expect(
      describeAuditEntry(
        {
          action: 'device.create',
          target: '24E124C0DE000007',
          before: null,
          after: { ...sensor, discovered },
        },
        IN_NEW_YORK,
      ),
    ).toEqual({
      target: 'Court gate',
      details: [
        ...sensorFacts,
        { field: 'Found by discovery', value: 'via Lobby TTS (The Things Stack)' },
        { field: 'Name on the network server', value: 'counter' },
        { field: 'First seen', value: 'Mar 18, 2026, 12:29 PM EDT' },
        { field: 'Last seen', value: 'Mar 18, 2026, 12:31 PM EDT' },
        { field: 'Uplinks before it was added', value: '3' },
      ],
      changes: [],
    });
    // Its network server gave it no name, and the integration is known by its id only.
    const bare = describeAuditEntry(
      {
        action: 'device.create',
        target: '24E124C0DE000007',
        before: null,
        after: {
          ...sensor,
          discovered: {
            ...discovered,
            integrationName: null,
            integrationKind: null,
            deviceName: null,
          },
        },
      },
      IN_NEW_YORK,
    );
    expect(bare.details.slice(sensorFacts.length).map((d) => [d.field, d.value])).toEqual([
      ['Found by discovery', 'via tts-0123456789ab'],
      ['First seen', 'Mar 18, 2026, 12:29 PM EDT'],
      ['Last seen', 'Mar 18, 2026, 12:31 PM EDT'],
      ['Uplinks before it was added', '3'],
    ]);
  });

  it('reads an entry recorded as a change from { discovered } as the creation it was', () => {
    // What the server wrote before: the dev EUI as a "before", the sensor as an "after".
    expect(
      describeAuditEntry(
        {
          action: 'device.create',
          target: '24E124C0DE000007',
          before: { discovered: '24E124C0DE000007' },
          after: sensor,
        },
        IN_NEW_YORK,
      ),
    ).toEqual({
      target: 'Court gate',
      details: [...sensorFacts, { field: 'Found by discovery', value: 'yes' }],
      changes: [],
    });
    // Before its amenity's name was recorded too: by its slug, still as facts.
    const older = describeAuditEntry(
      {
        action: 'device.create',
        target: '24E124C0DE000007',
        before: { discovered: '24E124C0DE000007' },
        after: stored,
      },
      IN_NEW_YORK,
    );
    expect(older.changes).toEqual([]);
    expect(older.details).toContainEqual({ field: 'Amenity', value: 'sunny-playground' });
    // Only a creation's lone { discovered } is read so: any other "before" is a change.
    const update = describeAuditEntry(
      {
        action: 'device.update',
        target: '24E124C0DE000007',
        before: { discovered: '24E124C0DE000007' },
        after: sensor,
      },
      IN_NEW_YORK,
    );
    expect(update.details).toEqual([]);
    expect(update.changes).toContainEqual({
      field: 'Found by discovery',
      before: 'yes',
      after: '—',
    });
  });
});

describe('labels', () => {
  it('turns keys and actions into words', () => {
    expect(fieldLabel('monthlyOperatingCost')).toBe('Monthly operating cost');
    expect(fieldLabel('time_zone')).toBe('Time zone');
    expect(fieldLabel('devEui')).toBe('Dev EUI');
    expect(fieldLabel('photoUrl')).toBe('Photo URL');
    expect(fieldLabel('rssi')).toBe('RSSI');
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
