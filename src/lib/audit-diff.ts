import { formatDateTime } from './format';
import { WEEKDAY_NAMES } from './weekly-hours';

/**
 * The audit page's readable before/after (issue 11): the fields that changed, each with its old
 * and new value as short text. Pure, so it is tested on its own (tests/unit/audit-diff.test.ts).
 * The server has already replaced secrets with "[hidden]"; nothing here can reveal one.
 */
export type AuditChange = { field: string; before: string; after: string };

/** How values read: instants in the community's zone, roles by their names (api/me ROLE_LABELS). */
export type AuditDisplay = {
  timeZone: string;
  roleLabels: Readonly<Partial<Record<string, string>>>;
};

const MAX_DEPTH = 4;
const MAX_TEXT = 120;
export const ABSENT = '—';

/** "timeZone" -> "Time zone", "monthlyOperatingCost" -> "Monthly operating cost". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : key;
}

/** One value as short text: strings as they are, lists and objects compactly, capped. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return ABSENT;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

// What the server writes for an instant (toISOString), e.g. an invite's expiresAt.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A leaf as valueText words it, except instants (in the zone) and roles (by name). */
function displayText(leaf: Leaf | undefined, display: AuditDisplay): string {
  const value = leaf?.value;
  if (typeof value === 'string') {
    const role = Object.hasOwn(display.roleLabels, value) ? display.roleLabels[value] : undefined;
    if (leaf?.key === 'role' && role !== undefined) return role;
    const at = ISO_INSTANT.test(value) ? Date.parse(value) : NaN;
    if (!Number.isNaN(at)) return formatDateTime(at, display.timeZone);
  }
  return valueText(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

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
 * creation (no before) lists what was set; a removal (no after) what was there.
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
    .filter(
      (field) => JSON.stringify(old.get(field)?.value) !== JSON.stringify(next.get(field)?.value),
    )
    .map((field) => ({
      field,
      before: displayText(old.get(field), display),
      after: displayText(next.get(field), display),
    }));
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
