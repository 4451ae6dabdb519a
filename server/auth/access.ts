import {
  ACCOUNT_PATHS,
  ALERTS_API_PATHS,
  ACCEPT_INVITE_PATH,
  AMENITY_SETUP_PATH,
  AUDIT_EXPORT_PATH,
  AUDIT_PATH,
  COMMUNITY_PATH,
  EVENTS_PATH,
  INVITES_PATH,
  PLANNED_AWAITING_PATH,
  PLANNED_EVENTS_PATH,
  USERS_PATH,
  RESIDENTS_EXPORT_PATH,
  RESIDENTS_IMPORT_PATH,
  RESIDENTS_PATH,
  API_PATHS,
  AUTH_PATHS,
  FIRST_ANSWERS_PATH,
  HEALTH_PATH,
  ME_PATH,
  REPORT_RECIPIENTS_PATH,
  NOTIFICATIONS_STATUS_PATH,
  NOTIFICATION_PREFERENCES_PATH,
  PUSH_PATHS,
  READINGS_FILE_PATH,
  SENSOR_ADMIN_PATHS,
  type Role,
} from '../../src/api/contract';
import { BILLING_PATH } from '../../src/api/contract/billing';
import { UPLINK_PATH } from '../integrations/uplink-route';

/**
 * Who may call what: the one table of every /api route and the principals allowed on it,
 * enforced by one middleware (server/auth/middleware.ts). A route missing here does not start:
 * createApp checks every registered route against this table.
 *
 * Principals: the three roles of a signed-in user; `enrolling`, an Admin signed in with a
 * password who has no authenticator yet (may only enrol and sign out); `demo`, the anonymous
 * read-only viewer of the demo community; `anonymous`, no session at all.
 */
export const PRINCIPALS = ['admin', 'manager', 'board', 'enrolling', 'demo', 'anonymous'] as const;
export type PrincipalKind = (typeof PRINCIPALS)[number];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type AccessRule = { method: Method; path: string; allow: readonly PrincipalKind[] };

const EVERYONE = PRINCIPALS;
const READERS = ['admin', 'manager', 'board', 'demo'] as const satisfies readonly PrincipalKind[];
const SIGNED_IN = [
  'admin',
  'manager',
  'board',
  'enrolling',
] as const satisfies readonly PrincipalKind[];

const MANAGERS = ['admin', 'manager'] as const satisfies readonly PrincipalKind[];

/** List, create, edit and delete of one collection, for the same principals. */
function crud(path: string, allow: readonly PrincipalKind[]): AccessRule[] {
  return [
    { method: 'GET', path, allow },
    { method: 'POST', path, allow },
    { method: 'PATCH', path: `${path}/:id`, allow },
    { method: 'DELETE', path: `${path}/:id`, allow },
  ];
}

export const ACCESS_RULES: readonly AccessRule[] = [
  { method: 'GET', path: HEALTH_PATH, allow: EVERYONE },
  ...Object.values(API_PATHS).map((path) => ({ method: 'GET' as const, path, allow: READERS })),
  // The readings behind every figure: whoever reads the figures may check them.
  { method: 'GET', path: READINGS_FILE_PATH, allow: READERS },
  { method: 'GET', path: ME_PATH, allow: [...READERS, 'enrolling'] },
  { method: 'GET', path: NOTIFICATIONS_STATUS_PATH, allow: READERS },
  { method: 'POST', path: AUTH_PATHS.signIn, allow: EVERYONE },
  // Open to all: without a live session there is nothing to end, and it answers 200 (routes.ts).
  { method: 'POST', path: AUTH_PATHS.signOut, allow: EVERYONE },
  { method: 'POST', path: AUTH_PATHS.signOutEverywhere, allow: SIGNED_IN },
  // A user's own account: sessions and password. An Admin who must enrol does that first.
  { method: 'GET', path: ACCOUNT_PATHS.sessions, allow: ['admin', 'manager', 'board'] },
  { method: 'DELETE', path: ACCOUNT_PATHS.session, allow: ['admin', 'manager', 'board'] },
  { method: 'POST', path: ACCOUNT_PATHS.password, allow: ['admin', 'manager', 'board'] },
  { method: 'PATCH', path: ACCOUNT_PATHS.profile, allow: ['admin', 'manager', 'board'] },
  { method: 'GET', path: ACCOUNT_PATHS.recoveryCodes, allow: ['admin'] },
  { method: 'POST', path: ACCOUNT_PATHS.recoveryCodes, allow: ['admin'] },
  { method: 'POST', path: ACCOUNT_PATHS.authenticator, allow: ['admin'] },
  { method: 'POST', path: ACCOUNT_PATHS.authenticatorConfirm, allow: ['admin'] },
  { method: 'POST', path: AUTH_PATHS.totpSetup, allow: ['enrolling'] },
  { method: 'POST', path: AUTH_PATHS.totpConfirm, allow: ['enrolling'] },
  // Alerts and scheduled reports: Managers and Admins set them up; everyone reads the inbox and
  // the archive; marking an alert read is a signed-in user's own state.
  ...crud(ALERTS_API_PATHS.alertRules, MANAGERS),
  { method: 'GET', path: ALERTS_API_PATHS.alerts, allow: READERS },
  {
    method: 'POST',
    path: `${ALERTS_API_PATHS.alerts}/:id/read`,
    allow: ['admin', 'manager', 'board'],
  },
  ...crud(ALERTS_API_PATHS.reportSchedules, MANAGERS),
  { method: 'GET', path: REPORT_RECIPIENTS_PATH, allow: MANAGERS },
  { method: 'GET', path: ALERTS_API_PATHS.reportArchive, allow: READERS },
  { method: 'GET', path: `${ALERTS_API_PATHS.reportArchive}/:id`, allow: READERS },
  // Sensor management (issue 12): Admins only.
  { method: 'GET', path: SENSOR_ADMIN_PATHS.integrations, allow: ['admin'] },
  { method: 'POST', path: SENSOR_ADMIN_PATHS.integrations, allow: ['admin'] },
  { method: 'POST', path: SENSOR_ADMIN_PATHS.integrationSecret, allow: ['admin'] },
  { method: 'DELETE', path: SENSOR_ADMIN_PATHS.integration, allow: ['admin'] },
  { method: 'POST', path: SENSOR_ADMIN_PATHS.devices, allow: ['admin'] },
  { method: 'PATCH', path: SENSOR_ADMIN_PATHS.device, allow: ['admin'] },
  { method: 'DELETE', path: SENSOR_ADMIN_PATHS.device, allow: ['admin'] },
  // Amenity setup (issue 11): everyone reads it; Managers and Admins change it.
  { method: 'GET', path: AMENITY_SETUP_PATH, allow: READERS },
  { method: 'POST', path: AMENITY_SETUP_PATH, allow: MANAGERS },
  { method: 'PATCH', path: `${AMENITY_SETUP_PATH}/:id`, allow: MANAGERS },
  { method: 'POST', path: `${AMENITY_SETUP_PATH}/:id/archive`, allow: MANAGERS },
  { method: 'POST', path: `${AMENITY_SETUP_PATH}/:id/restore`, allow: MANAGERS },
  // Its photo: everyone who sees the amenity cards sees it; Managers and Admins change it.
  { method: 'GET', path: `${AMENITY_SETUP_PATH}/:id/photo`, allow: READERS },
  { method: 'PUT', path: `${AMENITY_SETUP_PATH}/:id/photo`, allow: MANAGERS },
  { method: 'DELETE', path: `${AMENITY_SETUP_PATH}/:id/photo`, allow: MANAGERS },
  // Users (issue 11): Admins only; an invite link is accepted without a session.
  { method: 'GET', path: USERS_PATH, allow: ['admin'] },
  { method: 'GET', path: INVITES_PATH, allow: ['admin'] },
  { method: 'POST', path: INVITES_PATH, allow: ['admin'] },
  { method: 'DELETE', path: `${INVITES_PATH}/:id`, allow: ['admin'] },
  { method: 'PATCH', path: `${USERS_PATH}/:id`, allow: ['admin'] },
  { method: 'DELETE', path: `${USERS_PATH}/:id`, allow: ['admin'] },
  { method: 'POST', path: ACCEPT_INVITE_PATH, allow: EVERYONE },
  { method: 'POST', path: `${ACCEPT_INVITE_PATH}/check`, allow: EVERYONE },
  // Residents directory (issue 11): names, units, emails and phones are personal data, so only
  // those who keep the directory read it; Board members (dashboards and reports) and the demo
  // viewer do not.
  ...crud(RESIDENTS_PATH, MANAGERS),
  { method: 'POST', path: RESIDENTS_IMPORT_PATH, allow: MANAGERS },
  { method: 'GET', path: RESIDENTS_EXPORT_PATH, allow: MANAGERS },
  // Events held (Amy's analysis reads them): everyone who reads the dashboards sees them;
  // Managers and Admins record and remove them.
  { method: 'GET', path: EVENTS_PATH, allow: READERS },
  { method: 'POST', path: EVENTS_PATH, allow: MANAGERS },
  { method: 'DELETE', path: `${EVENTS_PATH}/:id`, allow: MANAGERS },
  // Planned (upcoming) events: the same readers, who also see those whose day has passed;
  // Managers and Admins plan and remove them, and record one as held once its day has passed.
  { method: 'GET', path: PLANNED_EVENTS_PATH, allow: READERS },
  { method: 'GET', path: PLANNED_AWAITING_PATH, allow: READERS },
  { method: 'POST', path: PLANNED_EVENTS_PATH, allow: MANAGERS },
  { method: 'POST', path: `${PLANNED_EVENTS_PATH}/:id/held`, allow: MANAGERS },
  { method: 'PUT', path: `${PLANNED_EVENTS_PATH}/:id`, allow: MANAGERS },
  { method: 'DELETE', path: `${PLANNED_EVENTS_PATH}/:id`, allow: MANAGERS },
  // Web Push and notification preferences (issue 14): each signed-in user's own devices and
  // settings; the demo viewer reads the public key and the defaults.
  { method: 'GET', path: PUSH_PATHS.publicKey, allow: READERS },
  { method: 'POST', path: PUSH_PATHS.subscriptions, allow: ['admin', 'manager', 'board'] },
  { method: 'DELETE', path: PUSH_PATHS.subscriptions, allow: ['admin', 'manager', 'board'] },
  { method: 'GET', path: NOTIFICATION_PREFERENCES_PATH, allow: READERS },
  { method: 'PUT', path: NOTIFICATION_PREFERENCES_PATH, allow: ['admin', 'manager', 'board'] },
  // Community profile (issue 11): everyone reads it; Admins change it. The audit log: Admins.
  { method: 'GET', path: COMMUNITY_PATH, allow: READERS },
  { method: 'PATCH', path: COMMUNITY_PATH, allow: ['admin'] },
  { method: 'GET', path: AUDIT_PATH, allow: ['admin'] },
  { method: 'GET', path: AUDIT_EXPORT_PATH, allow: ['admin'] },
  // Billing: everyone who reads the dashboards sees the plan on file; nothing in the app writes it.
  { method: 'GET', path: BILLING_PATH, allow: READERS },
  // Each answer in it is asked of the app with the caller's headers and meets its own rule.
  { method: 'GET', path: FIRST_ANSWERS_PATH, allow: EVERYONE },
];

/**
 * Routes that authenticate themselves (a bearer key, a webhook signature): no session, no
 * Origin check, no role. Add a machine-to-machine route here, one line each.
 */
export const SESSIONLESS_ROUTES: readonly { method: Method; path: string }[] = [
  { method: 'POST', path: '/api/readings' },
  // LoRaWAN network servers (TTS, ChirpStack): each integration's own bearer secret.
  { method: 'POST', path: UPLINK_PATH },
];

/** A route pattern (`:name` matches one path segment) as a whole-path regular expression. */
function patternOf(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${escaped}$`);
}

const compiled = <R extends { method: Method; path: string }>(routes: readonly R[]) =>
  routes.map((route) => ({ route, pattern: patternOf(route.path) }));
const RULES = compiled(ACCESS_RULES);
const SESSIONLESS = compiled(SESSIONLESS_ROUTES);

/** HEAD is answered by the GET route. */
const asRouteMethod = (method: string) => (method === 'HEAD' ? 'GET' : method);

/** The rule of a request, `sessionless` for the exempt routes, or null for an unknown route. */
export function ruleFor(method: string, path: string): AccessRule | 'sessionless' | null {
  const m = asRouteMethod(method);
  if (SESSIONLESS.some(({ route, pattern }) => route.method === m && pattern.test(path))) {
    return 'sessionless';
  }
  return (
    RULES.find(({ route, pattern }) => route.method === m && pattern.test(path))?.route ?? null
  );
}

/** Every request that may change something: these also need a matching Origin. */
export function isStateChanging(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method);
}

export type Decision = 'allow' | 'unauthenticated' | 'forbidden';

/** Whether `principal` may use `rule`; an anonymous caller is told to sign in. */
export function decide(rule: AccessRule, principal: PrincipalKind): Decision {
  if (rule.allow.includes(principal)) return 'allow';
  return principal === 'anonymous' ? 'unauthenticated' : 'forbidden';
}

/** The principal of a signed-in user: an Admin without an authenticator may only enrol. */
export function principalOf(user: { role: Role; totpEnabled: boolean }): PrincipalKind {
  return user.role === 'admin' && !user.totpEnabled ? 'enrolling' : user.role;
}
