/**
 * The audit page's "Show" choices, each a list of actions or prefixes ending in a dot, asked in
 * one request (server/auth/audit-routes.ts takes up to 16). Every action the server records is
 * under exactly one choice besides Everything (tests/unit/audit-filters.test.ts reads them from
 * the server's code), where a reader looks for it: a wrong password at a password change or an
 * authenticator replacement, or a wrong code for new recovery codes, counts toward the same
 * lock-out as a failed sign-in, so it is a failed sign-in here too.
 */
export const AUDIT_FILTERS = [
  { value: '', label: 'Everything', actions: [''] },
  { value: 'community.', label: 'Community profile', actions: ['community.'] },
  { value: 'amenity.', label: 'Amenities', actions: ['amenity.'] },
  { value: 'resident.', label: 'Residents', actions: ['resident.'] },
  { value: 'event.', label: 'Events held and planned', actions: ['event.'] },
  { value: 'alert-rule.', label: 'Alert rules', actions: ['alert-rule.'] },
  { value: 'report-schedule.', label: 'Scheduled reports', actions: ['report-schedule.'] },
  { value: 'user.', label: 'Users and invitations', actions: ['user.'] },
  { value: 'integration.', label: 'Sensor integrations', actions: ['integration.'] },
  { value: 'device.', label: 'Sensors', actions: ['device.'] },
  { value: 'notifications.', label: 'Notifications', actions: ['notifications.', 'push.'] },
  {
    value: 'sign-in',
    label: 'Sign-ins and account changes',
    actions: [
      'sign-in',
      'sign-out',
      'sign-out-everywhere',
      'session.ended',
      'password.changed',
      'account.rename',
      'totp.setup-started',
      'totp.enrolled',
      'totp.recovery-codes-renewed',
      'totp.replace-started',
      'totp.replaced',
    ],
  },
  {
    value: 'sign-in.failed',
    label: 'Failed sign-ins',
    actions: [
      'sign-in.failed',
      'password.change-failed',
      'totp.recovery-codes-refused',
      'totp.replace-refused',
    ],
  },
] as const satisfies readonly { value: string; label: string; actions: readonly string[] }[];

export type AuditFilterValue = (typeof AUDIT_FILTERS)[number]['value'];

/**
 * Whether `action` is one the `filter` of GET /api/audit asks for: empty for every action, else
 * actions or prefixes ending in a dot, separated by commas (as server/auth/audit-routes.ts).
 */
export function auditActionMatches(filter: string, action: string): boolean {
  const wanted = filter.split(',').filter(Boolean);
  return (
    wanted.length === 0 ||
    wanted.some((item) => (item.endsWith('.') ? action.startsWith(item) : action === item))
  );
}
