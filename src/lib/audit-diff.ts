import type { AlertKind, AuditEntry } from '../api/contract';
import { ALERT_KIND_LABELS, formatAlertValue } from './alert-labels';
import { auditActionMatches } from './audit-filters';
import { formatCents, formatDateTime, formatMoney } from './format';
import { INTEGRATION_KIND_LABELS } from './lorawan-setup';
import { RESIDENT_STATUS_LABELS } from './resident-labels';
import { WEEKDAY_NAMES } from './weekly-hours';

/**
 * The audit page's readable entries (issue 11): the fields that changed, each with its old and
 * new value as short text, or, for an entry that has nothing before it (a creation, a sign-in),
 * the facts it recorded. Pure, so it is tested on its own (tests/unit/audit-diff.test.ts).
 * The server has already replaced secrets with "[hidden]"; nothing here can reveal one.
 */
export type AuditChange = { field: string; before: string; after: string };

/** A fact of an entry, not a change: "Reason: second factor", a new resident's "Unit: 4B". */
export type AuditDetail = { field: string; value: string };

/** Values by the key they are under, as the app words them elsewhere ("active" -> "Active"). */
export type AuditValueLabels = Readonly<Record<string, Readonly<Partial<Record<string, string>>>>>;

/** How values read: instants in the community's zone, roles by their names (api/me ROLE_LABELS). */
export type AuditDisplay = {
  timeZone: string;
  roleLabels: Readonly<Partial<Record<string, string>>>;
  /** Labels for other enumerations; describeAuditEntry adds those of the entry's action. */
  valueLabels?: AuditValueLabels;
  /** The community's currency (ISO 4217), for amounts; US dollars when not given. */
  currency?: string;
  /** Keys whose numbers are amounts; describeAuditEntry adds those of the entry's action. */
  moneyKeys?: readonly string[];
};

const MAX_DEPTH = 4;
const MAX_TEXT = 120;
export const ABSENT = '—';

/** Words of field names that are written in capitals ("devEui" -> "Dev EUI"). */
const ACRONYMS = new Set(['api', 'csv', 'eui', 'id', 'ip', 'rssi', 'snr', 'totp', 'url']);

/** "timeZone" -> "Time zone", "monthlyOperatingCost" -> "Monthly operating cost". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim()
    .split(/\s+/)
    .map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word))
    .join(' ');
  return words ? words[0]?.toUpperCase() + words.slice(1) : key;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Nothing there: a field absent, null, an empty text (optional text is stored as "" by some
 * routes and as null by others, e.g. a resident's notes and email) or an empty list.
 */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (isRecord(value) && Object.keys(value).length === 0)
  );
}

/** Lists and objects as words, not JSON: [2, 51] -> "2, 51", {a: 1} -> "A: 1". */
function plainText(value: unknown): string {
  if (isEmpty(value)) return ABSENT;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    // Items that are lists or objects themselves have commas inside: set them apart more.
    const nested = value.some((item) => Array.isArray(item) || isRecord(item));
    return value.map(plainText).join(nested ? '; ' : ', ');
  }
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, item]) => `${fieldLabel(key)}: ${plainText(item)}`)
      .join(', ');
  }
  return String(value);
}

/** One value as short text: strings as they are, lists and objects as words, capped. */
export function valueText(value: unknown): string {
  const text = plainText(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

// What the server writes for an instant (toISOString), e.g. an invite's expiresAt.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** An amount as the app shows one ("$500"), with its cents when it has any ("$500.50"). */
function moneyText(value: number, currency: string): string {
  return Number.isInteger(value) ? formatMoney(value, currency) : formatCents(value, currency);
}

/**
 * A leaf as valueText words it, except instants (in the zone), enumerations (by name) and
 * amounts (in the community's currency).
 */
function displayText(leaf: Leaf | undefined, display: AuditDisplay): string {
  const value = leaf?.value;
  if (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    leaf?.key !== undefined &&
    display.moneyKeys?.includes(leaf.key)
  ) {
    return moneyText(value, display.currency ?? 'USD');
  }
  if (typeof value === 'string') {
    const labels =
      leaf?.key === 'role' ? display.roleLabels : leaf?.key && display.valueLabels?.[leaf.key];
    const label = labels && Object.hasOwn(labels, value) ? labels[value] : undefined;
    if (label !== undefined) return label;
    const at = ISO_INSTANT.test(value) ? Date.parse(value) : NaN;
    if (!Number.isNaN(at)) return formatDateTime(at, display.timeZone);
  }
  return valueText(value);
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A week of opening hours (src/lib/weekly-hours.ts) as one text per named day, or null. */
function weekText(value: unknown): Record<string, string> | null {
  if (!Array.isArray(value) || value.length !== 7) return null;
  const days: Record<string, string> = {};
  for (const [weekday, day] of value.entries()) {
    const name = WEEKDAY_NAMES[weekday] ?? String(weekday);
    if (day === null) days[name] = 'closed';
    else if (
      isRecord(day) &&
      typeof day.opensMinute === 'number' &&
      typeof day.closesMinute === 'number'
    ) {
      days[name] = `${hhmm(day.opensMinute)}-${hhmm(day.closesMinute)}`;
    } else return null;
  }
  return days;
}

/** A value at the end of a path, with the key it was under (to know a role from a name). */
type Leaf = { key: string | undefined; value: unknown };

/** Leaves of an object by path ("Address", "Hours › 1 › Opens minute"), objects to MAX_DEPTH. */
function leaves(
  value: unknown,
  path: string[],
  out: Map<string, Leaf>,
  depth: number,
  key?: string,
) {
  const week = weekText(value);
  if (week) {
    for (const [day, text] of Object.entries(week)) {
      out.set([...path, day].join(' › '), { key: undefined, value: text });
    }
    return;
  }
  if (isRecord(value) && depth < MAX_DEPTH) {
    for (const [name, item] of Object.entries(value)) {
      leaves(item, [...path, fieldLabel(name)], out, depth + 1, name);
    }
    return;
  }
  if (Array.isArray(value) && depth < MAX_DEPTH && value.some((item) => isRecord(item))) {
    value.forEach((item, index) => leaves(item, [...path, String(index + 1)], out, depth + 1));
    return;
  }
  out.set(path.join(' › ') || 'Value', { key, value });
}

/**
 * The fields that differ between `before` and `after`, in the order they first appear. A
 * creation (no before) lists what was set; a removal (no after) what was there. A field with
 * nothing on either side (absent, null or empty) did not change, whichever way it was stored.
 */
export function auditChanges(
  before: unknown,
  after: unknown,
  display: AuditDisplay,
): AuditChange[] {
  const old = new Map<string, Leaf>();
  const next = new Map<string, Leaf>();
  if (before !== null && before !== undefined) leaves(before, [], old, 0);
  if (after !== null && after !== undefined) leaves(after, [], next, 0);
  const fields = [...new Set([...old.keys(), ...next.keys()])];
  // Compared as stored, not as shown: two instants a few seconds apart read the same.
  return fields
    .filter((field) => {
      const was = old.get(field)?.value;
      const is = next.get(field)?.value;
      return !(isEmpty(was) && isEmpty(is)) && JSON.stringify(was) !== JSON.stringify(is);
    })
    .map((field) => ({
      field,
      before: displayText(old.get(field), display),
      after: displayText(next.get(field), display),
    }));
}

/** The fields of `value` that hold something, each as "Field" and its text; empty ones left out. */
export function auditDetails(value: unknown, display: AuditDisplay): AuditDetail[] {
  const facts = new Map<string, Leaf>();
  if (value !== null && value !== undefined) leaves(value, [], facts, 0);
  return [...facts]
    .filter(([, leaf]) => !isEmpty(leaf.value))
    .map(([field, leaf]) => ({ field, value: displayText(leaf, display) }));
}

/** How a sign-in's second factor (server/auth/routes.ts) reads: the sign-in form's field names. */
const SECOND_FACTOR_LABELS: Record<string, string> = {
  totp: 'Authentication code',
  recovery: 'Recovery code',
};

/** A scheduled report's kind and cadence as the Reports page names them. */
const REPORT_KIND_LABELS: Readonly<Partial<Record<string, string>>> = { usage: 'Usage report' };
const CADENCE_LABELS: Readonly<Partial<Record<string, string>>> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/**
 * Enumerations as the rest of the app shows them, by the actions that record them (an action,
 * or a prefix ending in a dot): a key such as `kind` means different things under each.
 */
const VALUE_LABELS: readonly { actions: string; labels: AuditValueLabels }[] = [
  { actions: 'resident.', labels: { status: RESIDENT_STATUS_LABELS } },
  { actions: 'alert-rule.', labels: { kind: ALERT_KIND_LABELS } },
  { actions: 'report-schedule.', labels: { kind: REPORT_KIND_LABELS, cadence: CADENCE_LABELS } },
  { actions: 'integration.', labels: { kind: INTEGRATION_KIND_LABELS } },
  { actions: 'sign-in', labels: { secondFactor: SECOND_FACTOR_LABELS } },
];

/** The keys of amounts, by the actions that record them (as in VALUE_LABELS). */
const MONEY_KEYS: readonly { actions: string; keys: readonly string[] }[] = [
  { actions: 'amenity.', keys: ['monthlyOperatingCost', 'visitValue'] },
];

/** The keys whose numbers are amounts in the entries of `action`. */
export function auditMoneyKeys(action: string): string[] {
  return MONEY_KEYS.filter((entry) => auditActionMatches(entry.actions, action)).flatMap(
    (entry) => entry.keys,
  );
}

/** The labels of the enumerations that `action` records. */
export function auditValueLabels(action: string): AuditValueLabels {
  const labels: Record<string, Readonly<Partial<Record<string, string>>>> = {};
  for (const entry of VALUE_LABELS) {
    if (auditActionMatches(entry.actions, action)) Object.assign(labels, entry.labels);
  }
  return labels;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const isAlertKind = (value: unknown): value is AlertKind =>
  typeof value === 'string' && Object.hasOwn(ALERT_KIND_LABELS, value);

/** "08:00" -> "8:00 AM", as the app shows a time of day; "" when it is not one. */
function clockText(value: unknown): string {
  const match = typeof value === 'string' ? /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value) : null;
  if (!match) return '';
  const hour = Number(match[1]);
  return `${hour % 12 || 12}:${match[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

const weekdayName = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) ? WEEKDAY_NAMES[value] : undefined;

/**
 * An alert rule as the Alerts page shows it: "Occupancy alert for Grand Lake (90% of capacity)".
 * Entries recorded before the amenity's name was (server/alerts/routes.ts, auditedRule) give its
 * slug instead.
 */
function alertRuleName(rule: Readonly<Record<string, unknown>>): string {
  if (!isAlertKind(rule.kind)) return '';
  const amenity = textOf(rule.amenityName) || textOf(rule.amenityId);
  const level =
    typeof rule.threshold === 'number' && Number.isFinite(rule.threshold)
      ? ` (${formatAlertValue(rule.kind, rule.threshold)})`
      : '';
  return `${ALERT_KIND_LABELS[rule.kind]} alert${amenity ? ` for ${amenity}` : ''}${level}`;
}

/** "Weekly usage report (Mondays at 8:00 AM)", "Monthly usage report (day 1 of each month …)". */
function scheduleName(schedule: Readonly<Record<string, unknown>>): string {
  const kind = textOf(schedule.kind);
  const cadence = CADENCE_LABELS[textOf(schedule.cadence)];
  if (!kind && cadence === undefined) return '';
  const report = REPORT_KIND_LABELS[kind] ?? (kind ? `${fieldLabel(kind)} report` : 'Report');
  const name = cadence === undefined ? report : `${cadence} ${report.toLowerCase()}`;
  const weekday = weekdayName(schedule.weekday);
  const day =
    schedule.cadence === 'weekly' && weekday !== undefined
      ? `${weekday}s`
      : schedule.cadence === 'monthly' && typeof schedule.dayOfMonth === 'number'
        ? `day ${schedule.dayOfMonth} of each month`
        : '';
  const time = clockText(schedule.timeOfDay);
  const when = [day, time && `at ${time}`].filter(Boolean).join(' ');
  return when ? `${name} (${when})` : name;
}

/** A resident, amenity or sensor (or anything else recorded with its name) by that name. */
const nameField = (value: Readonly<Record<string, unknown>>) => textOf(value.name);

/**
 * An amenity by its name: its settings' `name`, or the `amenityName` recorded with its photo
 * (server/amenities/photo-routes.ts); photo entries recorded before that have neither.
 */
const amenityName = (value: Readonly<Record<string, unknown>>) =>
  textOf(value.name) || textOf(value.amenityName);

/**
 * How the entries of an action (or a prefix ending in a dot) name what they are about. Most are
 * recorded by database id; amenities by slug and sensors by dev EUI (`anyTarget`), which a
 * reader knows no better.
 */
const TARGET_NAMES: readonly {
  actions: string;
  name: (value: Readonly<Record<string, unknown>>) => string;
  anyTarget?: boolean;
}[] = [
  { actions: 'alert-rule.', name: alertRuleName },
  { actions: 'report-schedule.', name: scheduleName },
  { actions: 'amenity.', name: amenityName, anyTarget: true },
  { actions: 'device.', name: nameField, anyTarget: true },
];

/**
 * What an entry is about, as a person knows it. Residents, alert rules and report schedules are
 * recorded by database id ("16"), amenities by slug and sensors by dev EUI, which say little to a
 * reader: what the entry itself holds (after a change the new state, else the old) says which: a
 * resident's, amenity's or sensor's name, a rule's kind, amenity and threshold, a schedule's
 * report, cadence and time. Read from before/after rather than recorded differently, so that rows
 * already in a database read the same way as new ones (or by their target, holding no name).
 */
export function auditTargetText(
  entry: Pick<AuditEntry, 'target' | 'before' | 'after'> & { action?: string },
): string | null {
  const { target, action } = entry;
  if (target === null) return target;
  const named =
    action === undefined
      ? undefined
      : TARGET_NAMES.find((names) => auditActionMatches(names.actions, action));
  if (!named?.anyTarget && !/^\d+$/.test(target)) return target;
  const nameOf = named?.name ?? nameField;
  for (const value of [entry.after, entry.before]) {
    const name = isRecord(value) ? nameOf(value) : '';
    if (name) return name;
  }
  return target;
}

/** `value` with the keys of `first` it has in that order, then the others as they come. */
function inOrder(
  value: Readonly<Record<string, unknown>>,
  first: readonly string[],
): Record<string, unknown> {
  const keys = [
    ...first.filter((key) => Object.hasOwn(value, key)),
    ...Object.keys(value).filter((key) => !first.includes(key)),
  ];
  return Object.fromEntries(keys.map((key) => [key, value[key]]));
}

/**
 * A rule as the Alerts page's form reads, in its order (the database keeps an entry's keys in
 * its own): the amenity by name under "Amenity", where its slug was (the slug in entries
 * recorded before the name was).
 */
function shownRule(rule: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { amenityId, amenityName, ...rest } = rule;
  const amenity = textOf(amenityName) || amenityId;
  return inOrder(amenity === undefined ? rest : { amenity, ...rest }, [
    'amenity',
    'kind',
    'threshold',
    'rearmBelow',
    'cooldownMinutes',
    'enabled',
  ]);
}

/**
 * A schedule as the Reports page's form reads, in its order: the weekday by name, the time as
 * the app shows one, and the recipients by the names recorded with them
 * (server/schedules/routes.ts, auditedSchedule); older entries have their ids only.
 */
function shownSchedule(schedule: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { recipientNames, ...rest } = schedule;
  const shown: Record<string, unknown> = { ...rest };
  if (Object.hasOwn(rest, 'weekday')) shown.weekday = weekdayName(rest.weekday) ?? rest.weekday;
  if (Object.hasOwn(rest, 'timeOfDay')) {
    shown.timeOfDay = clockText(rest.timeOfDay) || rest.timeOfDay;
  }
  if (Array.isArray(rest.recipients) && Array.isArray(recipientNames)) {
    shown.recipients = rest.recipients.map(
      (id: unknown, index) => textOf(recipientNames[index]) || `user ${String(id)}`,
    );
  } else if (recipientNames !== undefined) {
    shown.recipientNames = recipientNames;
  }
  return inOrder(shown, [
    'kind',
    'cadence',
    'weekday',
    'dayOfMonth',
    'timeOfDay',
    'recipients',
    'enabled',
    'pausedNote',
  ]);
}

const isIntegrationKind = (value: unknown): value is keyof typeof INTEGRATION_KIND_LABELS =>
  typeof value === 'string' && Object.hasOwn(INTEGRATION_KIND_LABELS, value);

/**
 * How a sensor added from the discovered list was found, as facts: the integration its uplinks
 * came through (by name and kind, else its id), the name its network server gave it, when it was
 * first and last seen and how many uplinks came before it was added
 * (server/integrations/manage-routes.ts, assignedDiscovery). Entries recorded before those facts
 * were hold only its dev EUI, or `true` (legacyDiscovery): that it was found, no more.
 */
function discoveryFacts(discovered: unknown): Record<string, unknown> {
  if (!isRecord(discovered)) return { foundByDiscovery: 'yes' };
  const name = textOf(discovered.integrationName);
  const kind = isIntegrationKind(discovered.integrationKind)
    ? INTEGRATION_KIND_LABELS[discovered.integrationKind]
    : '';
  const integration =
    name && kind ? `${name} (${kind})` : name || kind || textOf(discovered.integrationId);
  return {
    foundByDiscovery: integration ? `via ${integration}` : 'yes',
    nameOnTheNetworkServer: discovered.deviceName,
    firstSeen: discovered.firstSeenAt,
    lastSeen: discovered.lastSeenAt,
    uplinksBeforeItWasAdded: discovered.uplinks,
  };
}

/**
 * A sensor as the Sensors settings' form reads, in its order: the amenity by name under
 * "Amenity", where its slug was (server/integrations/manage-routes.ts, auditedDevice; the slug in
 * entries recorded before the name was), then how it was found if it was discovered.
 */
function shownDevice(device: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { amenityId, amenityName, discovered, ...rest } = device;
  const amenity = textOf(amenityName) || amenityId;
  const found = discovered === undefined ? {} : discoveryFacts(discovered);
  return inOrder({ ...(amenity === undefined ? rest : { amenity, ...rest }), ...found }, [
    'devEui',
    'name',
    'amenity',
    'model',
    'countingMode',
    'reportIntervalSeconds',
  ]);
}

/**
 * A sensor added from the discovered list was recorded, until the audit row gave how it was found
 * (server/integrations/manage-routes.ts), as a change from `{ discovered: devEui }`: such an entry
 * is read as the creation it was, with the fact that it was discovered among the others, so that
 * rows already in a database read as facts too.
 */
function legacyDiscovery<T extends Pick<AuditEntry, 'action' | 'before' | 'after'>>(entry: T): T {
  const { action, before, after } = entry;
  if (action !== 'device.create' || !isRecord(before)) return entry;
  const keys = Object.keys(before);
  if (keys.length !== 1 || keys[0] !== 'discovered') return entry;
  return {
    ...entry,
    before: null,
    after:
      isRecord(after) && !Object.hasOwn(after, 'discovered')
        ? { ...after, discovered: true }
        : after,
  };
}

/** A photo's facts without the amenity's name: the entry's target already gives it. */
function shownPhoto(photo: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(photo).filter(([key]) => key !== 'amenityName'));
}

/** How the values of an action's entries read: by name, not by id or slug. */
const SHOWN_VALUES: readonly {
  actions: string;
  shown: (value: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}[] = [
  { actions: 'alert-rule.', shown: shownRule },
  { actions: 'report-schedule.', shown: shownSchedule },
  { actions: 'device.', shown: shownDevice },
  { actions: 'amenity.photo,amenity.photo.remove', shown: shownPhoto },
];

/** `value` as the entries of `action` show it (SHOWN_VALUES), or as it is. */
function shownValue(action: string, value: unknown): unknown {
  if (!isRecord(value)) return value;
  const shown = SHOWN_VALUES.find((entry) => auditActionMatches(entry.actions, action))?.shown;
  return shown ? shown(value) : value;
}

/** `value` without its `id` when that is the entry's target: the target already says it. */
function withoutOwnId(value: unknown, target: string | null): unknown {
  if (!isRecord(value) || target === null || !Object.hasOwn(value, 'id')) return value;
  if (String(value.id) !== target) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'id'));
}

/** One audit entry as the audit page shows it. */
export type AuditDescription = {
  target: string | null;
  /** For an entry with nothing before it: what it recorded, as facts. */
  details: AuditDetail[];
  /** For an entry with a before: what changed. */
  changes: AuditChange[];
};

/**
 * An entry in words. One with no `before` records facts, not a change (a creation's fields, a
 * failed sign-in's reason, how a sign-in was confirmed): its non-empty `after` fields are listed
 * as "Field: value". One with a `before` lists what differs between the two.
 */
export function describeAuditEntry(
  recorded: Pick<AuditEntry, 'action' | 'target' | 'before' | 'after'>,
  display: AuditDisplay,
): AuditDescription {
  const entry = legacyDiscovery(recorded);
  const shown: AuditDisplay = {
    ...display,
    valueLabels: { ...auditValueLabels(entry.action), ...display.valueLabels },
    moneyKeys: [...auditMoneyKeys(entry.action), ...(display.moneyKeys ?? [])],
  };
  const before = shownValue(entry.action, withoutOwnId(entry.before, entry.target));
  const after = shownValue(entry.action, withoutOwnId(entry.after, entry.target));
  const hasBefore = before !== null && before !== undefined;
  return {
    target: auditTargetText(entry),
    details: hasBefore ? [] : auditDetails(after, shown),
    changes: hasBefore ? auditChanges(before, after, shown) : [],
  };
}

/** What an audit action means, in words; unknown actions show as they are. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'community.update': 'Community profile changed',
  'amenity.create': 'Amenity added',
  'amenity.update': 'Amenity changed',
  'amenity.archive': 'Amenity archived',
  'amenity.restore': 'Amenity restored',
  'amenity.photo': 'Amenity photo uploaded',
  'amenity.photo.remove': 'Amenity photo removed',
  'user.invite': 'User invited',
  'user.invite.revoke': 'Invitation revoked',
  'user.accept-invite': 'Invitation accepted',
  'user.role': 'Role changed',
  'user.remove': 'User removed',
  'alert-rule.create': 'Alert rule added',
  'alert-rule.update': 'Alert rule changed',
  'alert-rule.delete': 'Alert rule deleted',
  'report-schedule.create': 'Report schedule added',
  'report-schedule.update': 'Report schedule changed',
  'report-schedule.delete': 'Report schedule deleted',
  'resident.create': 'Resident added',
  'resident.update': 'Resident changed',
  'resident.remove': 'Resident removed',
  'resident.import': 'Residents imported',
  'event.create': 'Event recorded',
  'event.remove': 'Event removed',
  'event.plan': 'Event planned',
  'event.replan': 'Planned event changed',
  'event.unplan': 'Planned event removed',
  'event.held': 'Planned event recorded as held',
  'notifications.update': 'Notification choices changed',
  'push.subscribe': 'Push turned on for a device',
  'push.unsubscribe': 'Push turned off for a device',
  'integration.create': 'Sensor integration added',
  'integration.rotate-secret': 'Integration secret rotated',
  'integration.delete': 'Sensor integration removed',
  'device.create': 'Sensor added',
  'device.update': 'Sensor changed',
  'device.delete': 'Sensor removed',
  'sign-in': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'sign-out': 'Signed out',
  'sign-out-everywhere': 'Signed out everywhere',
  'session.ended': 'Session ended',
  'account.rename': 'Name changed',
  'password.changed': 'Password changed',
  'password.change-failed': 'Password change failed (wrong current password)',
  'totp.setup-started': 'Authenticator enrolment started',
  'totp.enrolled': 'Authenticator enrolled',
  'totp.recovery-codes-renewed': 'New recovery codes made',
  'totp.recovery-codes-refused': 'New recovery codes refused (wrong code)',
  'totp.replace-started': 'Authenticator replacement started',
  'totp.replaced': 'Authenticator replaced',
  'totp.replace-refused': 'Authenticator replacement refused (wrong password)',
};

export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;
