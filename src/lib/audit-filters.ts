/**
 * The audit page's "Show" choices, each a list of actions or prefixes ending in a dot, asked in
 * one request (server/auth/audit-routes.ts). Actions are listed where a reader looks for them: a
 * wrong password at a password change or for new recovery codes counts toward the same lock-out
 * as a failed sign-in, so it is a failed sign-in here too.
 */
export const AUDIT_FILTERS = [
  { value: '', label: 'Everything', actions: [''] },
  { value: 'community.', label: 'Community profile', actions: ['community.'] },
  { value: 'amenity.', label: 'Amenities', actions: ['amenity.'] },
  { value: 'user.', label: 'Users and invitations', actions: ['user.'] },
  { value: 'integration.', label: 'Sensor integrations', actions: ['integration.'] },
  { value: 'device.', label: 'Sensors', actions: ['device.'] },
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
    ],
  },
  {
    value: 'sign-in.failed',
    label: 'Failed sign-ins',
    actions: ['sign-in.failed', 'password.change-failed', 'totp.recovery-codes-refused'],
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
