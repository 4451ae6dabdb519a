import * as z from 'zod/mini';
import {
  COMMUNITY_ADDRESS_MAX,
  COMMUNITY_CODE_MAX,
  COMMUNITY_CODE_PATTERN,
  COMMUNITY_NAME_MAX,
  CURRENCIES,
} from '../lib/community-profile';

/**
 * The API contract: one zod schema per response of spec section 7. The same schemas type the MSW
 * fixtures (mocks/) and are checked against the server's responses (tests/server/), so the three
 * cannot drift. zod/mini keeps the validator about 5 KB in the dashboard bundle.
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
const count = z.int().check(z.nonnegative());
const finite = z.number();
const nonNegative = z.number().check(z.nonnegative());
const percent = z.number().check(z.minimum(0), z.maximum(100));
const nonEmpty = z.string().check(z.minLength(1));

export const DashboardMetricsSchema = z.object({
  activeUsersToday: count,
  /** Signed percentage against the same time yesterday. */
  activeUsersChange: finite,
  /** Highest occupancy today as a percentage of capacity. */
  peakUsage: nonNegative,
  peakAmenity: z.string(),
  /** Display value, e.g. "42m". */
  avgSessionTime: z.string(),
  /** Signed percentage against last month. */
  sessionTimeChange: finite,
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
  currentUsers: count,
  capacity: count,
  usagePercentage: nonNegative,
  peakTime: z.string(),
  peakUsage: count,
  /** The IANA zone `peakTime` is written in (the community's); the app shows it in its own. */
  timeZone: z.optional(nonEmpty),
  /** Monthly operating cost in dollars (staff, upkeep, utilities), when one was entered. */
  monthlyOperatingCost: z.optional(nonNegative),
  /** Its photo (GET, versioned: a new photo is a new URL), when one was uploaded. */
  photoUrl: z.optional(nonEmpty),
});
export type AmenityAnalytics = z.infer<typeof AmenityAnalyticsSchema>;
export const AmenityAnalyticsListSchema = z.array(AmenityAnalyticsSchema);

/**
 * GET /api/sensors: the community's people counters with their health (rules in
 * server/lorawan/health.ts) and the unknown devices that sent uplinks (to be assigned by an Admin).
 */
export const SENSOR_STATUSES = ['ok', 'late', 'silent', 'never-seen'] as const;
export type SensorStatus = (typeof SENSOR_STATUSES)[number];
export const SENSOR_WARNINGS = ['few-uplinks', 'low-battery', 'weak-signal'] as const;
export type SensorWarning = (typeof SENSOR_WARNINGS)[number];
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
 * instants, half-open [from, to), oldest first, never overlapping per amenity. Coverage of any
 * period inside the window is computed from this (src/lib/coverage.ts), on the device and in the
 * scheduled reports alike.
 */
export const SilentIntervalSchema = z.object({ from: nonEmpty, to: nonEmpty });
export type SilentInterval = z.infer<typeof SilentIntervalSchema>;
export const UsageGapsSchema = z.object({
  from: nonEmpty,
  to: nonEmpty,
  amenities: z.array(
    z.object({ id: nonEmpty, name: z.string(), silent: z.array(SilentIntervalSchema) }),
  ),
});
export type UsageGaps = z.infer<typeof UsageGapsSchema>;

/** Query parameters, shared by the client (to build keys) and the server (to validate). */
export const DAY_RANGES = [7, 30, 90] as const;
export type DayRange = (typeof DAY_RANGES)[number];
export const DEFAULT_DAY_RANGE: DayRange = 30;

const daysParam = z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(366)));
/**
 * Daily timeline points reach further back: a report's calendar period (the previous 12 whole
 * months) plus the days of the current month, up to 366 + 31 days.
 */
export const MAX_TIMELINE_DAYS = 400;
export const TimelineQuerySchema = z.object({
  period: z._default(z.enum(USAGE_PERIODS), 'day'),
  days: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_TIMELINE_DAYS))),
});
export const RangeQuerySchema = z.object({ days: daysParam });
export const GapsQuerySchema = z.object({
  days: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_TIMELINE_DAYS)),
    DEFAULT_DAY_RANGE,
  ),
});
export const SuggestionsQuerySchema = z.object({
  month: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(12))),
});

/**
 * A short, readable account of why a value failed its schema, e.g.
 * "activeUsersToday: expected number". zod/mini ships no message locale, so we say it here.
 */
export function describeIssues(error: z.core.$ZodError): string {
  const first = error.issues[0];
  if (!first) return 'invalid payload';
  const where = first.path.length ? first.path.join('.') : 'value';
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
  return `${where}: ${describeIssue(first)}${more}`;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array'
        ? `must have at least ${String(issue.minimum)} item(s)`
        : `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array'
        ? `must have at most ${String(issue.maximum)} item(s)`
        : `must be at most ${String(issue.maximum)}`;
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
 * POST /api/readings: sensor readings in, for real sensors (server ingest; the app never calls
 * it). Shape only: the server checks the rest (known amenity, not in the future, not negative,
 * not far over capacity, no duplicates) and names the reading that fails.
 */
export const MAX_READINGS_PER_BATCH = 5000;
export const ReadingSchema = z.object({
  /** The amenity's id, as in /api/amenities/analytics (e.g. "great-lawn"). */
  amenityId: nonEmpty,
  /** ISO 8601 instant with a zone, e.g. "2026-03-18T18:30:00Z". */
  time: z.iso.datetime({ offset: true }),
  /** People present at `time`. */
  occupancy: z.int(),
  /** People who came in since the previous reading. */
  entries: z.int(),
  /** Mean visit length of those visits, in minutes. */
  dwellMinutes: z.number(),
});
export type Reading = z.infer<typeof ReadingSchema>;
export const ReadingBatchSchema = z.object({
  readings: z.array(ReadingSchema).check(z.minLength(1), z.maxLength(MAX_READINGS_PER_BATCH)),
});
export const IngestResultSchema = z.object({ accepted: count });

/**
 * Accounts and sessions (README, "Accounts, roles and demo mode"). Admin: everything; Manager:
 * amenities, residents, events, reports, alerts; Board: read-only.
 */
export const ROLES = ['admin', 'manager', 'board'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const ME_PATH = '/api/me';
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

/**
 * GET /api/notifications/status: which ways of reaching people this server has. Email needs
 * SMTP_URL on the server; without it nothing is emailed and the app says so.
 */
export const NOTIFICATIONS_STATUS_PATH = '/api/notifications/status';
export const NotificationsStatusSchema = z.object({
  email: z.object({ configured: z.boolean() }),
});
export type NotificationsStatus = z.infer<typeof NotificationsStatusSchema>;

export const SignInBodySchema = z.object({
  email: z.string().check(z.trim(), z.minLength(3), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
  /** A 6-digit authenticator code or a recovery code (Admins). */
  code: z.optional(z.string().check(z.trim(), z.maxLength(32))),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

/** A refused sign-in: `totpRequired` asks for the authenticator step. */
export const SignInErrorSchema = z.object({
  error: z.string(),
  totpRequired: z.optional(z.boolean()),
});

export const TotpSetupSchema = z.object({ secret: nonEmpty, uri: nonEmpty });
export type TotpSetup = z.infer<typeof TotpSetupSchema>;
export const TotpConfirmBodySchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/)),
});
export const TotpConfirmSchema = z.object({ recoveryCodes: z.array(nonEmpty) });
// ---- Alerts and scheduled reports (issue 14) ----------------------------------------------------

export const ALERTS_API_PATHS = {
  alertRules: '/api/alert-rules',
  alerts: '/api/alerts',
  reportSchedules: '/api/report-schedules',
  reportArchive: '/api/report-archive',
} as const;

export const ALERT_KINDS = ['occupancy', 'silent', 'unusual', 'after_hours'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Each kind's default levels (the server's and the rules form's). */
export const ALERT_RULE_DEFAULTS: Record<
  AlertKind,
  { threshold: number; rearmBelow: number; cooldownMinutes: number }
> = {
  // The pool passes 90%; it may alert again once it has been below 80%.
  occupancy: { threshold: 90, rearmBelow: 80, cooldownMinutes: 30 },
  // Three reporting intervals without a reading; any reading re-arms.
  silent: { threshold: 3, rearmBelow: 1, cooldownMinutes: 60 },
  // 3.5 robust standard deviations from the usual level for the weekday and hour.
  unusual: { threshold: 3.5, rearmBelow: 2, cooldownMinutes: 60 },
  // Anyone there while closed; re-arms when it is empty (or open) again.
  after_hours: { threshold: 1, rearmBelow: 1, cooldownMinutes: 60 },
};

/**
 * The re-arm level of a rule given only a threshold: the kind's default gap below it (75% re-arms
 * below 65%), never below 0, and for silent and after-hours rules never below their default.
 */
export function defaultRearmBelow(kind: AlertKind, threshold: number): number {
  const defaults = ALERT_RULE_DEFAULTS[kind];
  const gap = defaults.threshold - defaults.rearmBelow;
  const floor = kind === 'silent' || kind === 'after_hours' ? defaults.rearmBelow : 0;
  return Math.min(threshold, Math.max(floor, threshold - gap));
}

/** Longest cool-down and silence a rule may have: a week. */
export const MAX_COOLDOWN_MINUTES = 10_080;
const cooldownMinutes = z.int().check(z.minimum(0), z.maximum(MAX_COOLDOWN_MINUTES));
const level = z.number().check(z.minimum(0), z.maximum(10_000));

export const AlertRuleSchema = z.object({
  id: count,
  /** The amenity's public id (e.g. "great-lawn"). */
  amenityId: nonEmpty,
  kind: z.enum(ALERT_KINDS),
  /**
   * Fires at or above this; units by kind: occupancy % of capacity, silent reporting intervals,
   * unusual robust z-score, after_hours people present.
   */
  threshold: nonNegative,
  /** Re-arms (may fire again) only once the level is below this. */
  rearmBelow: nonNegative,
  cooldownMinutes: count,
  enabled: z.boolean(),
  phase: z.enum(['armed', 'firing']),
  lastFiredAt: z.nullable(nonEmpty),
});
export type AlertRule = z.infer<typeof AlertRuleSchema>;
export const AlertRuleListSchema = z.array(AlertRuleSchema);

/** POST /api/alert-rules. Omitted levels take the kind's defaults. */
export const AlertRuleInputSchema = z.strictObject({
  amenityId: z.string().check(z.minLength(1), z.maxLength(100)),
  kind: z.enum(ALERT_KINDS),
  threshold: z.optional(level),
  rearmBelow: z.optional(level),
  cooldownMinutes: z.optional(cooldownMinutes),
  enabled: z.optional(z.boolean()),
});
export type AlertRuleInput = z.infer<typeof AlertRuleInputSchema>;
/** PATCH /api/alert-rules/:id. */
export const AlertRulePatchSchema = z.strictObject({
  threshold: z.optional(level),
  rearmBelow: z.optional(level),
  cooldownMinutes: z.optional(cooldownMinutes),
  enabled: z.optional(z.boolean()),
});

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
export const AlertInboxQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
});
export const AlertReadResultSchema = z.object({ id: count, read: z.literal(true), unread: count });

export const SCHEDULE_KINDS = ['usage'] as const;
export const SCHEDULE_CADENCES = ['weekly', 'monthly'] as const;
const timeOfDay = z.string().check(z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/));
/** Users of the community a scheduled report goes to; none: everyone who chose reports. */
export const MAX_SCHEDULE_RECIPIENTS = 50;
const recipientIds = z.array(count).check(z.maxLength(MAX_SCHEDULE_RECIPIENTS));
const ScheduleRecipientSchema = z.object({ id: count, name: nonEmpty });

export const ReportScheduleSchema = z.object({
  id: count,
  kind: z.enum(SCHEDULE_KINDS),
  cadence: z.enum(SCHEDULE_CADENCES),
  /** Weekly: 0 = Sunday … 6 = Saturday; null for monthly. */
  weekday: z.nullable(z.int().check(z.minimum(0), z.maximum(6))),
  /** Monthly: 1-28 (every month has it); null for weekly. */
  dayOfMonth: z.nullable(z.int().check(z.minimum(1), z.maximum(28))),
  /** "HH:MM" in the community's time zone. */
  timeOfDay,
  /** Removed users drop out of the list. */
  recipients: z.array(ScheduleRecipientSchema),
  enabled: z.boolean(),
  nextRunAt: nonEmpty,
});
export type ReportSchedule = z.infer<typeof ReportScheduleSchema>;
export const ReportScheduleListSchema = z.array(ReportScheduleSchema);
export const ReportScheduleInputSchema = z.strictObject({
  kind: z.enum(SCHEDULE_KINDS),
  cadence: z.enum(SCHEDULE_CADENCES),
  weekday: z.optional(z.int().check(z.minimum(0), z.maximum(6))),
  dayOfMonth: z.optional(z.int().check(z.minimum(1), z.maximum(28))),
  timeOfDay,
  /** User ids. */
  recipients: z.optional(recipientIds),
  enabled: z.optional(z.boolean()),
});
export type ReportScheduleInput = z.infer<typeof ReportScheduleInputSchema>;
export const ReportSchedulePatchSchema = z.partial(ReportScheduleInputSchema);
/** GET /api/report-schedules/recipients: who a schedule can be sent to (Managers, Admins). */
export const REPORT_RECIPIENTS_PATH = '/api/report-schedules/recipients';
export const ReportRecipientListSchema = z.array(
  z.object({ id: count, name: nonEmpty, role: RoleSchema }),
);
export type ReportRecipient = z.infer<typeof ReportRecipientListSchema>[number];

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
    dailyAverage: nonNegative,
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
      z.object({ id: nonEmpty, name: nonEmpty, visits: nonNegative, share: nonNegative }),
    ),
  }),
});
export type ReportArchiveEntry = z.infer<typeof ReportArchiveEntrySchema>;
export const ReportArchiveSchema = z.array(ReportArchiveEntrySchema);

// ---- Delivery: Web Push and notification preferences (issue 14) --------------------------------

export const PUSH_PATHS = {
  publicKey: '/api/push/public-key',
  subscriptions: '/api/push/subscriptions',
} as const;
export const NOTIFICATION_PREFERENCES_PATH = '/api/me/notifications';

/** GET /api/push/public-key: the server's VAPID public key (applicationServerKey). */
export const PushPublicKeySchema = z.object({ publicKey: nonEmpty });

export const MAX_PUSH_ENDPOINT_LENGTH = 2048;
const base64url = (min: number, max: number) =>
  z.string().check(z.minLength(min), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+={0,2}$/));
const pushEndpoint = z.string().check(
  z.maxLength(MAX_PUSH_ENDPOINT_LENGTH),
  z.refine(
    (value) => {
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'must be an https URL' },
  ),
);

/** POST /api/push/subscriptions: a PushSubscription's toJSON(), for the signed-in user. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: pushEndpoint,
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;
/** DELETE /api/push/subscriptions: the device's endpoint. */
export const PushUnsubscribeSchema = z.object({ endpoint: pushEndpoint });

/** Local "HH:MM" in the community's time zone; start after end wraps midnight. */
export const QuietHoursSchema = z.strictObject({ start: timeOfDay, end: timeOfDay });
export const NotificationPreferencesInputSchema = z.strictObject({
  pushAlerts: z.boolean(),
  pushReports: z.boolean(),
  /** Left out: unchanged. Emailed only when the server has SMTP_URL. */
  emailAlerts: z.optional(z.boolean()),
  emailReports: z.optional(z.boolean()),
  quietHours: z.nullable(QuietHoursSchema),
});
export type NotificationPreferencesInput = z.infer<typeof NotificationPreferencesInputSchema>;
/** GET/PUT /api/me/notifications: the signed-in user's own (the demo viewer's are read-only). */
export const NotificationPreferencesSchema = z.object({
  pushAlerts: z.boolean(),
  pushReports: z.boolean(),
  emailAlerts: z.boolean(),
  emailReports: z.boolean(),
  quietHours: z.nullable(z.object({ start: timeOfDay, end: timeOfDay })),
  /** The zone quiet hours are in (the community's). */
  timeZone: nonEmpty,
  /** Devices of this user subscribed to push. */
  pushDevices: count,
  readOnly: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** The alert and report reads kept in the offline snapshot, by path (like RESPONSE_SCHEMAS). */
export const ALERTS_RESPONSE_SCHEMAS = {
  [ALERTS_API_PATHS.alerts]: AlertInboxSchema,
  [ALERTS_API_PATHS.reportArchive]: ReportArchiveSchema,
} as const;

/**
 * Sensor management (issue 12), Admin only: the LoRaWAN integrations (each with its own webhook
 * URL and secret) and the registered people counters. A secret is returned once, by the create
 * and rotate answers, and never again (only its hash is kept).
 */
export const SENSOR_ADMIN_PATHS = {
  integrations: '/api/integrations',
  integration: '/api/integrations/:id',
  integrationSecret: '/api/integrations/:id/secret',
  devices: '/api/devices',
  device: '/api/devices/:devEui',
} as const;

/** The path of one integration or device: `:id` / `:devEui` filled in. */
export const sensorAdminPath = (pattern: string, key: string) =>
  pattern.replace(/:[a-zA-Z]+/, encodeURIComponent(key));

export const INTEGRATION_KINDS = ['tts', 'chirpstack', 'readings'] as const;
export const IntegrationKindSchema = z.enum(INTEGRATION_KINDS);
export type IntegrationKind = z.infer<typeof IntegrationKindSchema>;

export const IntegrationSchema = z.object({
  id: nonEmpty,
  kind: IntegrationKindSchema,
  name: nonEmpty,
  /** Path of its webhook (`/api/integrations/{id}/uplink`); the app prefixes its own origin. */
  uplinkPath: nonEmpty,
  createdAt: z.string(),
});
export type Integration = z.infer<typeof IntegrationSchema>;
export const IntegrationListSchema = z.array(IntegrationSchema);
export const IntegrationWithSecretSchema = z.object({
  integration: IntegrationSchema,
  /** Shown once: the network server sends it as `Authorization: Bearer <secret>`. */
  secret: nonEmpty,
});
export type IntegrationWithSecret = z.infer<typeof IntegrationWithSecretSchema>;

const deviceName = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));
export const IntegrationCreateBodySchema = z.strictObject({
  kind: IntegrationKindSchema,
  name: deviceName,
});
export type IntegrationCreateBody = z.infer<typeof IntegrationCreateBodySchema>;

export const DEV_EUI_PATTERN = /^[0-9A-Fa-f]{16}$/;
const devEui = z
  .string()
  .check(z.trim(), z.regex(DEV_EUI_PATTERN, { error: 'must be 16 hex digits' }));
const reportInterval = z.int().check(z.minimum(10), z.maximum(86_400));
/**
 * Registers a counter, or assigns a discovered one (same body: its dev EUI leaves the discovered
 * list). `amenityId` is the amenity's slug, as everywhere in the API.
 */
export const DeviceCreateBodySchema = z.strictObject({
  devEui,
  name: deviceName,
  model: z.enum(['vs121', 'vs133']),
  countingMode: z.enum(['area', 'line']),
  amenityId: z.string().check(z.minLength(1), z.maxLength(64)),
  reportIntervalSeconds: z.optional(reportInterval),
});
export type DeviceCreateBody = z.infer<typeof DeviceCreateBodySchema>;
export const DeviceUpdateBodySchema = z.strictObject({
  name: z.optional(deviceName),
  model: z.optional(z.enum(['vs121', 'vs133'])),
  countingMode: z.optional(z.enum(['area', 'line'])),
  amenityId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  reportIntervalSeconds: z.optional(reportInterval),
});
export type DeviceUpdateBody = z.infer<typeof DeviceUpdateBodySchema>;
// ---- Opening hours per weekday (issue 11) -------------------------------------------------------

const DayHoursSchema = z.object({
  opensMinute: z.int().check(z.minimum(0), z.maximum(1439)),
  closesMinute: z.int().check(z.minimum(1), z.maximum(1440)),
});
/** Seven days, Sunday first; null is closed (see src/lib/weekly-hours.ts). */
export const WeeklyHoursSchema = z
  .array(z.nullable(DayHoursSchema))
  .check(z.minLength(7), z.maxLength(7));

// ---- Amenity setup (issue 11) -------------------------------------------------------------------

export const AMENITY_SETUP_PATH = '/api/amenities';

/** An amenity as its settings form edits it; `id` is its public slug. */
export const AmenitySetupSchema = z.object({
  id: nonEmpty,
  name: nonEmpty,
  type: AmenityTypeSchema,
  description: z.string(),
  capacity: count,
  /** Opening hours per weekday, Sunday first; null is closed that day. */
  hours: WeeklyHoursSchema,
  color: z.string(),
  monthlyOperatingCost: z.nullable(nonNegative),
  archived: z.boolean(),
  /** Its photo (see AMENITY_PHOTO below), versioned by its content; null when there is none. */
  photoUrl: z.nullable(nonEmpty),
});
export type AmenitySetup = z.infer<typeof AmenitySetupSchema>;
export const AmenitySetupListSchema = z.array(AmenitySetupSchema);

export const MAX_AMENITY_CAPACITY = 100_000;
export const MAX_MONTHLY_OPERATING_COST = 10_000_000;

/** POST /api/amenities (PATCH takes any subset of it). */
export const AmenityInputSchema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  type: AmenityTypeSchema,
  description: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  capacity: z.int().check(z.minimum(1), z.maximum(MAX_AMENITY_CAPACITY)),
  hours: WeeklyHoursSchema,
  color: z.optional(z.string().check(z.regex(/^#[0-9a-f]{6}$/))),
  monthlyOperatingCost: z.nullable(
    z.number().check(z.minimum(0), z.maximum(MAX_MONTHLY_OPERATING_COST)),
  ),
});
export type AmenityInput = z.infer<typeof AmenityInputSchema>;
export const AmenityPatchSchema = z.partial(AmenityInputSchema);
export type AmenityPatch = z.infer<typeof AmenityPatchSchema>;

/**
 * An amenity's photo (issue 11): PUT the image's bytes as the request body (replaces any photo),
 * DELETE removes it, GET serves it. The server recognises the type from the bytes themselves,
 * never from the Content-Type header, and reads the size from the image header.
 */
export const AMENITY_PHOTO = {
  /** 2 MiB: a phone photo resized for the web; the body is refused while it streams past this. */
  maxBytes: 2 * 1024 * 1024,
  /** Pixels on either side, at most (larger is a decompression bomb, not a photo). */
  maxSide: 8000,
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
export type AmenityPhotoType = (typeof AMENITY_PHOTO.types)[number];

/** The photo route of amenity `id` (its slug). */
export const amenityPhotoPath = (id: string) =>
  `${AMENITY_SETUP_PATH}/${encodeURIComponent(id)}/photo`;

/** The URL of one version of a photo (by its SHA-256): a new image is a new URL. */
export const amenityPhotoUrl = (id: string, sha256: string) =>
  `${amenityPhotoPath(id)}?v=${sha256.slice(0, 16)}`;

// ---- Users (issue 11) ---------------------------------------------------------------------------

export const USERS_PATH = '/api/users';
export const INVITES_PATH = '/api/users/invites';
export const ACCEPT_INVITE_PATH = '/api/auth/accept-invite';

export const UserSummarySchema = z.object({
  id: count,
  name: nonEmpty,
  email: nonEmpty,
  role: RoleSchema,
  totpEnabled: z.boolean(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;
export const UserListSchema = z.array(UserSummarySchema);

const email = z
  .string()
  .check(z.trim(), z.minLength(3), z.maxLength(254), z.regex(/^[^\s@]+@[^\s@]+$/));
export const InviteInputSchema = z.strictObject({ email, role: RoleSchema });
export const InviteSchema = z.object({
  email: nonEmpty,
  role: RoleSchema,
  /** The path to open, with the token: shown once, never stored. */
  invitePath: nonEmpty,
  expiresAt: nonEmpty,
});
export type Invite = z.infer<typeof InviteSchema>;
export const UserPatchSchema = z.strictObject({ role: RoleSchema });

export const MIN_PASSWORD_LENGTH = 10;
export const AcceptInviteSchema = z.strictObject({
  token: z.string().check(z.minLength(20), z.maxLength(100)),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  password: z.string().check(z.minLength(MIN_PASSWORD_LENGTH), z.maxLength(1024)),
});
export type AcceptInvite = z.infer<typeof AcceptInviteSchema>;

// ---- Residents directory (issue 11) -------------------------------------------------------------

export const RESIDENTS_PATH = '/api/residents';
export const RESIDENTS_IMPORT_PATH = '/api/residents/import';
export const RESIDENTS_EXPORT_PATH = '/api/residents.csv';

export const RESIDENT_STATUSES = ['active', 'inactive'] as const;
export const ResidentStatusSchema = z.enum(RESIDENT_STATUSES);
export type ResidentStatus = z.infer<typeof ResidentStatusSchema>;

/** Bounds of a resident's fields (the database checks the same). */
export const RESIDENT_LIMITS = {
  name: 100,
  unit: 100,
  email: 254,
  phone: 40,
  householdSize: 50,
  notes: 500,
} as const;
/** More residents than any HOA has: a bound on the directory, not a plan. */
export const MAX_RESIDENTS = 20_000;
/** One import: at most this many rows and bytes. */
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 1024 * 1024;

const isoDate = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/));

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

export const RESIDENT_PAGE_SIZE = 50;
export const ResidentsQuerySchema = z.object({
  q: z._default(z.string().check(z.maxLength(100)), ''),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)),
    RESIDENT_PAGE_SIZE,
  ),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(MAX_RESIDENTS)), 0),
});

const optionalText = (max: number) =>
  z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

/** POST /api/residents (PATCH takes any subset of it). Empty optional text is stored as none. */
export const ResidentInputSchema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(RESIDENT_LIMITS.name)),
  unit: z.string().check(z.trim(), z.minLength(1), z.maxLength(RESIDENT_LIMITS.unit)),
  email: z.optional(
    z.nullable(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(RESIDENT_LIMITS.email),
          z.regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/),
        ),
    ),
  ),
  phone: z.optional(
    z.nullable(
      z
        .string()
        .check(z.trim(), z.maxLength(RESIDENT_LIMITS.phone), z.regex(/^[0-9+()\-.\s/x#*]*$/i)),
    ),
  ),
  householdSize: z.optional(
    z.nullable(z.int().check(z.minimum(1), z.maximum(RESIDENT_LIMITS.householdSize))),
  ),
  status: z.optional(ResidentStatusSchema),
  joinedOn: z.optional(z.nullable(isoDate)),
  notes: optionalText(RESIDENT_LIMITS.notes),
});
export type ResidentInput = z.infer<typeof ResidentInputSchema>;
export const ResidentPatchSchema = z.partial(ResidentInputSchema);
export type ResidentPatch = z.infer<typeof ResidentPatchSchema>;

/** One problem of an imported row: the column it is in ("Email") and what is wrong. */
export const ImportProblemSchema = z.object({ field: z.string(), message: nonEmpty });
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** One data row of an import: its line in the file, the resident it makes, its problems. */
export const ImportRowSchema = z.object({
  line: count,
  name: z.string(),
  unit: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  householdSize: z.nullable(count),
  status: ResidentStatusSchema,
  joinedOn: z.nullable(z.string()),
  notes: z.string(),
  errors: z.array(ImportProblemSchema),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

/**
 * POST /api/residents/import[?dryRun=1]: every row with its problems. A dry run stores nothing;
 * a real import stores every row or, when any row has a problem, none (400 with this body).
 */
export const ResidentImportSchema = z.object({
  dryRun: z.boolean(),
  rows: z.array(ImportRowSchema),
  /** Rows with at least one problem. */
  invalid: count,
  imported: count,
});
export type ResidentImport = z.infer<typeof ResidentImportSchema>;
export const ResidentImportQuerySchema = z.object({
  dryRun: z.optional(z.enum(['0', '1'])),
});
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

/** PATCH /api/community (Admins): any subset; the server also checks the zone with Intl. */
export const CommunityPatchSchema = z.strictObject({
  name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(COMMUNITY_NAME_MAX))),
  code: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1),
        z.maxLength(COMMUNITY_CODE_MAX),
        z.regex(COMMUNITY_CODE_PATTERN, 'letters, numbers and hyphens only'),
      ),
  ),
  address: z.optional(z.string().check(z.trim(), z.maxLength(COMMUNITY_ADDRESS_MAX))),
  timeZone: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  currency: z.optional(z.enum(CURRENCIES)),
});
export type CommunityPatch = z.infer<typeof CommunityPatchSchema>;

// ---- Audit log (issue 11) -----------------------------------------------------------------------

export const AUDIT_PATH = '/api/audit';
export const AUDIT_PAGE_MAX = 100;

export const AuditEntrySchema = z.object({
  id: count,
  /** ISO 8601 instant. */
  at: nonEmpty,
  /** Who acted; null when no account is known (a failed sign-in for an unknown email). */
  actor: z.nullable(z.object({ id: count, name: z.string(), email: z.string() })),
  action: nonEmpty,
  target: z.nullable(z.string()),
  /** The change, with secrets (keys, hashes, tokens, passwords) replaced by "[hidden]". */
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Pass as `before` for the next (older) page; null at the oldest entry. */
  nextBefore: z.nullable(count),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
