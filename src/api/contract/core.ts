import * as z from 'zod/mini';
import { count, finite, nonEmpty, nonNegative, percent } from './primitives';
import { CURRENCIES } from '../../lib/community-profile';

/**
 * The contract's core (src/api/contract.ts re-exports it): the data endpoints, who is signed in,
 * the alert inbox and report archive, the residents directory's pages and the community profile,
 * which the first screen and the offline snapshot read. Nothing else belongs here: this module is
 * in the first load, so a schema only a later page or the server uses goes to an area module
 * (query-params.ts, community-admin.ts, …), where it costs the first screen neither bytes nor
 * start-up time, and neither does the zod feature it alone uses (z.coerce would otherwise join
 * the shared zod core).
 */

export const AMENITY_TYPES = [
  'lawn',
  'hall',
  'yard',
  'lake',
  'heritage',
  'street',
  'playground',
] as const;
export const AmenityTypeSchema = z.enum(AMENITY_TYPES);
export type AmenityType = z.infer<typeof AmenityTypeSchema>;

/** The four series of the usage timeline (spec section 3). */
export const TIMELINE_SERIES = ['lawn', 'hall', 'yard', 'lake'] as const;
export type TimelineSeries = (typeof TIMELINE_SERIES)[number];

export const AMENITY_STATUSES = ['high', 'medium', 'low', 'closed'] as const;
export type AmenityStatus = (typeof AMENITY_STATUSES)[number];

/** Spec section 4: any unknown status value displays as closed. */
export function normalizeStatus(status: string): AmenityStatus {
  return (AMENITY_STATUSES as readonly string[]).includes(status)
    ? (status as AmenityStatus)
    : 'closed';
}

// z.number() already rejects NaN and Infinity.

export const DashboardMetricsSchema = z.object({
  activeUsersToday: count,
  /** Signed percentage against the same time yesterday; null: nothing to compare. */
  activeUsersChange: z.nullable(finite),
  /** Highest occupancy today as a percentage of capacity. */
  peakUsage: nonNegative,
  peakAmenity: z.string(),
  /** Display value, e.g. "42m"; "—" when no counter measured a visit's length. */
  avgSessionTime: z.string(),
  /** Signed percentage against the 30 days before; null: nothing to compare. */
  sessionTimeChange: z.nullable(finite),
  /** Monthly amenity value in dollars. */
  revenueImpact: nonNegative,
});
export type DashboardMetrics = z.infer<typeof DashboardMetricsSchema>;

export const UsagePointSchema = z.object({
  /** ISO 8601 instant of the start of the bucket. */
  time: nonEmpty,
  lawn: nonNegative,
  hall: nonNegative,
  yard: nonNegative,
  lake: nonNegative,
  /**
   * Visits to every amenity in the bucket, by amenity id ("great-lawn"), including those that
   * are not one of the four series. Optional: older servers and snapshots do not carry it.
   */
  amenities: z.optional(z.record(z.string(), nonNegative)),
  /**
   * The series ("lawn") and amenity ids ("grand-lake") that sent no reading in this bucket: their
   * 0 above means "no data", not "nobody came" (a counted zero is a reading with 0 entries). Charts
   * draw a break there. Absent when every amenity reported; sums stay plain sums of the values.
   */
  gaps: z.optional(z.array(z.string())),
});
export type UsagePoint = z.infer<typeof UsagePointSchema>;
export const UsageTimelineSchema = z.array(UsagePointSchema);

export const USAGE_PERIODS = ['day', 'week', 'month'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

export const PopularityEntrySchema = z.object({
  name: z.string(),
  percentage: nonNegative,
  color: z.string(),
});
export type PopularityEntry = z.infer<typeof PopularityEntrySchema>;
export const PopularitySchema = z.array(PopularityEntrySchema);

/**
 * The peakTime of an amenity without 30 days of history to find a peak in (no reading, or none
 * above 0): its peakUsage is then 0 by rule, not a count, and is not shown as one.
 */
export const NO_PEAK_DATA = 'No data yet';

/**
 * One amenity, carrying the fields of both shapes of spec section 3 (usage widgets and the
 * Amy-related pages). Status is normalised on parse: unknown values read as closed.
 */
export const AmenityAnalyticsSchema = z.object({
  id: nonEmpty,
  name: z.string(),
  type: AmenityTypeSchema,
  description: z.string(),
  color: z.string(),
  icon: z.string(),
  /** Normalised on parse (spec section 4): an unknown value reads as closed, for every screen. */
  status: z.pipe(z.string(), z.transform(normalizeStatus)),
  /** Occupancy of its newest reading when `live`; 0 (a rule, not a count) when it is not. */
  currentUsers: count,
  capacity: count,
  usagePercentage: nonNegative,
  /**
   * False when its newest reading is more than 15 minutes old, or none arrived: nobody knows who
   * is there now. Absent in snapshots saved before it existed (they read as live, as then shown).
   */
  live: z.optional(z.boolean()),
  /** ISO instant of its newest reading, of any age; null when none arrived yet. */
  lastReadingAt: z.optional(z.nullable(z.string())),
  peakTime: z.string(),
  peakUsage: count,
  /** The IANA zone `peakTime` is written in (the community's); the app shows it in its own. */
  timeZone: z.optional(nonEmpty),
  /** Monthly operating cost in dollars (staff, upkeep, utilities), when one was entered. */
  monthlyOperatingCost: z.optional(nonNegative),
  /** What one visit is worth (its own or its type's); absent in snapshots saved before it. */
  visitValue: z.optional(nonNegative),
  /** Its photo (GET, versioned: a new photo is a new URL), when one was uploaded. */
  photoUrl: z.optional(nonEmpty),
  /**
   * ISO instant it was added (`amenities.created_at`), so a share counted over a range it was
   * added in is not read as a whole range's (src/features/dashboard/insight-rules.ts). Absent for
   * an amenity there since the beginning (created_at NULL, before migration 028) and in
   * snapshots saved before it existed.
   */
  addedAt: z.optional(nonEmpty),
  /**
   * The closure under way today (`now`), else the next to start within CLOSURE_NOTICE_DAYS
   * (src/lib/amenity-closures.ts). Absent when neither, and in snapshots saved before closures.
   */
  closure: z.optional(
    z.object({ firstDay: z.string(), lastDay: z.string(), reason: z.string(), now: z.boolean() }),
  ),
});
export type AmenityAnalytics = z.infer<typeof AmenityAnalyticsSchema>;
export const AmenityAnalyticsListSchema = z.array(AmenityAnalyticsSchema);

/**
 * GET /api/sensors: the community's people counters with their health (rules in
 * server/lorawan/health.ts) and the unknown devices that sent uplinks (to be assigned by an Admin).
 */
export const SENSOR_STATUSES = ['ok', 'late', 'silent', 'never-seen'] as const;
export type SensorStatus = (typeof SENSOR_STATUSES)[number];
export const SENSOR_WARNINGS = [
  'few-uplinks',
  'low-battery',
  'weak-signal',
  'uncounted-entries',
] as const;
export type SensorWarning = (typeof SENSOR_WARNINGS)[number];
/**
 * Entries a device reported that were not counted: its uplinks from `from` (the uplink before,
 * null if none) to `to` gave a reading out of bounds (`reason`, the last one), so none was stored.
 */
export const UncountedEntriesSchema = z.object({
  from: z.nullable(z.string()),
  to: z.string(),
  entries: count,
  uplinks: count,
  reason: z.string(),
});
export type UncountedEntries = z.infer<typeof UncountedEntriesSchema>;
export const SensorSchema = z.object({
  devEui: nonEmpty,
  name: z.string(),
  /** The amenity it counts for, as in /api/amenities/analytics. */
  amenityId: nonEmpty,
  model: z.enum(['vs121', 'vs133']),
  countingMode: z.enum(['area', 'line']),
  reportIntervalSeconds: count,
  /** ISO instant of the newest uplink, or null if none arrived yet. */
  lastUplinkAt: z.nullable(z.string()),
  uplinks24h: count,
  expected24h: count,
  /** Percent, dBm and dB of the newest report that had them. */
  battery: z.nullable(z.number()),
  rssi: z.nullable(z.number()),
  snr: z.nullable(z.number()),
  status: z.enum(SENSOR_STATUSES),
  warnings: z.array(z.enum(SENSOR_WARNINGS)),
  /** Uplinks not counted in the last 30 days (warning `uncounted-entries`), oldest first. */
  uncounted: z.optional(z.array(UncountedEntriesSchema)),
});
export type Sensor = z.infer<typeof SensorSchema>;
export const DiscoveredDeviceSchema = z.object({
  devEui: nonEmpty,
  deviceName: z.nullable(z.string()),
  integrationId: nonEmpty,
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  uplinks: count,
  /** What its last uplink said (decoder, counts, signal). */
  lastSummary: z.string(),
});
export type DiscoveredDevice = z.infer<typeof DiscoveredDeviceSchema>;
export const SensorsSchema = z.object({
  sensors: z.array(SensorSchema),
  discovered: z.array(DiscoveredDeviceSchema),
});
export type Sensors = z.infer<typeof SensorsSchema>;

export const SUGGESTION_CATEGORIES = [
  'seasonal',
  'community',
  'recreational',
  'educational',
  'wellness',
] as const;
export const SuggestionCategorySchema = z.enum(SUGGESTION_CATEGORIES);
export type SuggestionCategory = z.infer<typeof SuggestionCategorySchema>;

export const SuggestionSchema = z.object({
  id: nonEmpty,
  title: z.string(),
  description: z.string(),
  category: SuggestionCategorySchema,
  /** Percent, 0-100. */
  confidence: percent,
  suggestedAmenity: z.string(),
  /** ISO date, yyyy-mm-dd. */
  suggestedDate: z.string(),
  /** Display time, e.g. "6:00 PM - 9:00 PM", wall clock in `timeZone`. */
  suggestedTime: z.string(),
  /** The IANA zone of suggestedDate and suggestedTime (the community's). */
  timeZone: z.optional(nonEmpty),
  expectedAttendance: count,
  reasoning: z.string(),
  /** Dollars. */
  estimatedCost: nonNegative,
  requiredResources: z.array(z.string()),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;
export const SuggestionListSchema = z.array(SuggestionSchema);

export const EventAnalysisSchema = z.object({
  monthlyTrends: z.array(
    z.object({ month: z.string(), events: count, avgAttendance: nonNegative }),
  ),
  popularCategories: z.array(z.object({ category: z.string(), count, avgSuccess: percent })),
  bestPerformingAmenities: z.array(
    z.object({ amenity: z.string(), eventCount: count, avgAttendance: nonNegative }),
  ),
  seasonalInsights: z.array(z.string()),
});
export type EventAnalysis = z.infer<typeof EventAnalysisSchema>;

/** Error body of every 4xx/5xx the server sends. */
export const ApiErrorSchema = z.object({ error: z.string() });
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * GET /api/usage/gaps?days=N: when each amenity's sensors were silent, from local midnight N-1
 * days ago (`from`) to now (`to`). An amenity is silent through every whole clock hour in which
 * it sent no reading (no readings_hourly row); a silence that reaches the hour under way runs to
 * `to`, while the hour under way on its own is never a gap (it is not over). Intervals are ISO
 * instants, half-open [from, to), oldest first, never overlapping per amenity. An amenity added
 * after `from` carries `addedAt` (ISO instant, its created_at): it has no silence before it, and
 * no time at all there, covered or not, so a report neither charges nor averages it over that
 * time. Absent when it was there at `from` (and in snapshots and archives saved before it
 * existed, which read as before). Coverage of any period inside the window is computed from this
 * (src/lib/coverage.ts), on the device and in the scheduled reports alike.
 */
export const SilentIntervalSchema = z.object({ from: nonEmpty, to: nonEmpty });
export type SilentInterval = z.infer<typeof SilentIntervalSchema>;
export const UsageGapsSchema = z.object({
  from: nonEmpty,
  to: nonEmpty,
  amenities: z.array(
    z.object({
      id: nonEmpty,
      name: z.string(),
      addedAt: z.optional(nonEmpty),
      silent: z.array(SilentIntervalSchema),
    }),
  ),
});
export type UsageGaps = z.infer<typeof UsageGapsSchema>;

/**
 * Query parameters the client builds its keys from; the server's schemas that validate them are
 * in query-params.ts.
 */
export const DAY_RANGES = [7, 30, 90] as const;
export type DayRange = (typeof DAY_RANGES)[number];
export const DEFAULT_DAY_RANGE: DayRange = 30;

/**
 * A short, readable account of why a value failed its schema, e.g.
 * "activeUsersToday: expected number". zod/mini ships no message locale, so we say it here.
 */
export function describeIssues(error: z.core.$ZodError): string {
  // An integer past 2^53 fails the safe-integer check, which names 2^53, as well as the field's
  // own bound (householdSize: 50): only the field's own is told.
  const samePlace = (a: z.core.$ZodIssue, b: z.core.$ZodIssue) =>
    a.path.join('.') === b.path.join('.');
  const issues = error.issues.filter(
    (issue) =>
      !isSafeIntegerBound(issue) ||
      !error.issues.some((other) => !isSafeIntegerBound(other) && samePlace(other, issue)),
  );
  const first = issues[0];
  if (!first) return 'invalid payload';
  const where = first.path.length ? first.path.join('.') : 'value';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `${where}: ${describeIssue(first)}${more}`;
}

function isSafeIntegerBound(issue: z.core.$ZodIssue): boolean {
  return (
    (issue.code === 'too_big' && Number(issue.maximum) === Number.MAX_SAFE_INTEGER) ||
    (issue.code === 'too_small' && Number(issue.minimum) === Number.MIN_SAFE_INTEGER)
  );
}

/** "have at least 3 characters", "have at most 1 item", "be at least 1": a bound in words. */
function sizeBound(bound: string, origin: string, limit: number | bigint): string {
  const noun = origin === 'string' ? 'character' : origin === 'array' ? 'item' : null;
  if (!noun) return `be ${bound} ${String(limit)}`;
  return `have ${bound} ${String(limit)} ${noun}${Number(limit) === 1 ? '' : 's'}`;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    // A field with no bound of its own past the safe integers: 2^53 is not a limit to name.
    case 'too_small':
      if (isSafeIntegerBound(issue)) return 'is too small';
      return `must ${sizeBound('at least', issue.origin, issue.minimum)}`;
    case 'too_big':
      if (isSafeIntegerBound(issue)) return 'is too large';
      return `must ${sizeBound('at most', issue.origin, issue.maximum)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `unexpected field(s) ${issue.keys.join(', ')}`;
    default:
      return issue.message === 'Invalid input' ? 'invalid value' : issue.message;
  }
}

/**
 * Answers any request with `{ "ok": true }` and nothing else: the app asks it while the server
 * is unreachable, to learn when it is back without loading real data.
 */
export const HEALTH_PATH = '/api/health';

/** The six endpoints of spec section 7, and the sensors' health. */
export const API_PATHS = {
  metrics: '/api/dashboard/metrics',
  timeline: '/api/usage/timeline',
  popularity: '/api/amenities/popularity',
  amenityAnalytics: '/api/amenities/analytics',
  suggestions: '/api/amy/suggestions',
  analysis: '/api/amy/analysis',
  sensors: '/api/sensors',
  gaps: '/api/usage/gaps',
} as const;

/** The schema that validates each endpoint's payload, by path. */
export const RESPONSE_SCHEMAS = {
  [API_PATHS.metrics]: DashboardMetricsSchema,
  [API_PATHS.timeline]: UsageTimelineSchema,
  [API_PATHS.popularity]: PopularitySchema,
  [API_PATHS.amenityAnalytics]: AmenityAnalyticsListSchema,
  [API_PATHS.suggestions]: SuggestionListSchema,
  [API_PATHS.analysis]: EventAnalysisSchema,
  [API_PATHS.sensors]: SensorsSchema,
  [API_PATHS.gaps]: UsageGapsSchema,
} as const;

/**
 * Accounts and sessions (README, "Accounts, roles and demo mode"). Admin: everything; Manager:
 * amenities, residents, events, reports, alerts; Board: read-only.
 */
export const ROLES = ['admin', 'manager', 'board'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const ME_PATH = '/api/me';
/**
 * On a 401 for a request that carried the cookie of a session that has ended (signed out
 * elsewhere, a new password, expired): the app can tell "your session ended" from "not signed in".
 */
export const SESSION_ENDED_HEADER = 'X-Session-Ended';
/**
 * Set with that 401 (not HttpOnly): the browser stores it as the answer arrives, so a page
 * reloaded or closed before its script read the answer still learns, at its next start, that the
 * device holds an ended session's data. The app clears it once that data is wiped.
 */
export const SESSION_ENDED_COOKIE = 'cg_session_ended';
/**
 * Several GET answers in one request (`?path=/api/me&path=/api/alerts…`): what an app page's HTML
 * asks for as it opens, so its first answers cost one request instead of ten.
 */
export const FIRST_ANSWERS_PATH = '/api/first-answers';
export const MAX_FIRST_ANSWERS = 16;
export const AUTH_PATHS = {
  signIn: '/api/auth/sign-in',
  signOut: '/api/auth/sign-out',
  signOutEverywhere: '/api/auth/sign-out-everywhere',
  totpSetup: '/api/auth/totp/setup',
  totpConfirm: '/api/auth/totp/confirm',
} as const;

/**
 * GET /api/me: who is looking. `demo` is the anonymous read-only viewer of the demo community
 * (no session); `totpEnrolmentRequired` is an Admin signed in with a password who must enrol an
 * authenticator before anything else.
 */
export const MeSchema = z.object({
  demo: z.boolean(),
  user: z.object({ name: nonEmpty, email: z.nullable(z.string()), role: RoleSchema }),
  community: z.object({ slug: nonEmpty, name: nonEmpty }),
  totpEnrolmentRequired: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;

// ---- Alerts and scheduled reports (issue 14) ----------------------------------------------------

export const ALERTS_API_PATHS = {
  alertRules: '/api/alert-rules',
  alerts: '/api/alerts',
  reportSchedules: '/api/report-schedules',
  reportArchive: '/api/report-archive',
} as const;

export const ALERT_KINDS = ['occupancy', 'silent', 'unusual', 'after_hours'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const AlertSchema = z.object({
  id: count,
  ruleId: z.nullable(count),
  amenityId: nonEmpty,
  amenityName: nonEmpty,
  kind: z.enum(ALERT_KINDS),
  message: nonEmpty,
  value: finite,
  /** The reading or check that crossed the threshold. */
  observedAt: nonEmpty,
  createdAt: nonEmpty,
  read: z.boolean(),
  /**
   * Its deliveries per channel (push: one per subscribed device): sent, still pending (retrying
   * or held by quiet hours), and failed for good.
   */
  deliveries: z._default(
    z.array(z.object({ channel: nonEmpty, sent: count, pending: count, failed: count })),
    [],
  ),
});
export type Alert = z.infer<typeof AlertSchema>;
export const AlertInboxSchema = z.object({ alerts: z.array(AlertSchema), unread: count });
export type AlertInbox = z.infer<typeof AlertInboxSchema>;

export const SCHEDULE_KINDS = ['usage'] as const;

export const ReportArchiveEntrySchema = z.object({
  id: count,
  scheduleId: z.nullable(count),
  kind: z.enum(SCHEDULE_KINDS),
  title: nonEmpty,
  periodFrom: nonEmpty,
  periodTo: nonEmpty,
  builtAt: nonEmpty,
  summary: z.object({
    totalVisits: nonNegative,
    /**
     * Visits per covered day; null when no time in the period had every sensor reporting (not
     * known). Archives built before it could be null always hold a number.
     */
    dailyAverage: z.nullable(nonNegative),
    /**
     * The sensors' coverage of the period (src/lib/coverage.ts): covered and total time, and the
     * sentence every report states. Absent from archives built before coverage came from gaps.
     */
    coverage: z.optional(
      z.object({ coveredMs: nonNegative, totalMs: nonNegative, text: nonEmpty }),
    ),
    /** Legacy archives only: days with recorded visits (the old measure, replaced by coverage). */
    coveredDays: z.optional(count),
    periodDays: count,
    busiestDay: z.nullable(z.object({ date: nonEmpty, visits: nonNegative })),
    perAmenity: z.array(
      z.object({
        id: nonEmpty,
        name: nonEmpty,
        visits: nonNegative,
        share: nonNegative,
        /**
         * When the amenity was added (ISO instant), for one added after the period's start: its
         * visits count only from then. Absent for the others and in archives built before it.
         */
        addedAt: z.optional(nonEmpty),
      }),
    ),
  }),
});
export type ReportArchiveEntry = z.infer<typeof ReportArchiveEntrySchema>;
export const ReportArchiveSchema = z.array(ReportArchiveEntrySchema);

/** The alert and report reads kept in the offline snapshot, by path (like RESPONSE_SCHEMAS). */
export const ALERTS_RESPONSE_SCHEMAS = {
  [ALERTS_API_PATHS.alerts]: AlertInboxSchema,
  [ALERTS_API_PATHS.reportArchive]: ReportArchiveSchema,
} as const;

// ---- Residents directory (issue 11) -------------------------------------------------------------

export const RESIDENTS_PATH = '/api/residents';

export const RESIDENT_STATUSES = ['active', 'inactive'] as const;
export const ResidentStatusSchema = z.enum(RESIDENT_STATUSES);
export type ResidentStatus = z.infer<typeof ResidentStatusSchema>;

/** A resident as the directory lists it. */
export const ResidentSchema = z.object({
  id: count,
  name: nonEmpty,
  /** Unit number or street address. */
  unit: nonEmpty,
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  householdSize: z.nullable(count),
  status: ResidentStatusSchema,
  /** When the resident moved in (yyyy-mm-dd), when known. */
  joinedOn: z.nullable(z.string()),
  notes: z.string(),
});
export type Resident = z.infer<typeof ResidentSchema>;

/** GET /api/residents: one page of the matches, and the whole directory's counts. */
export const ResidentPageSchema = z.object({
  residents: z.array(ResidentSchema),
  /** Residents matching the search (all of them without one). */
  matching: count,
  limit: count,
  offset: count,
  /** The whole directory, whatever the search. */
  total: count,
  active: count,
});
export type ResidentPage = z.infer<typeof ResidentPageSchema>;

// ---- Community profile (issue 11) ---------------------------------------------------------------

export const COMMUNITY_PATH = '/api/community';

/** The community's profile, the same for every user: what the app names and shows times in. */
export const CommunityProfileSchema = z.object({
  slug: nonEmpty,
  name: nonEmpty,
  code: z.string(),
  address: z.string(),
  /** IANA zone every date and time of the community is shown in. */
  timeZone: nonEmpty,
  currency: z.enum(CURRENCIES),
});
export type CommunityProfile = z.infer<typeof CommunityProfileSchema>;
