import type {
  AlertInbox,
  AlertRule,
  ReportArchiveEntry,
  ReportSchedule,
} from '../src/api/contract';

/**
 * Alerts and scheduled reports (issue 14) for the UI tests and `npm run dev`: what the server
 * answers for Willow Creek after a busy Saturday and one monthly report.
 */

export const alertRulesFixture: AlertRule[] = [
  {
    id: 1,
    amenityId: 'great-lawn',
    amenityName: 'The Great Lawn',
    amenityArchived: false,
    kind: 'occupancy',
    threshold: 90,
    rearmBelow: 80,
    cooldownMinutes: 30,
    enabled: true,
    phase: 'armed',
    lastFiredAt: null,
  },
  {
    id: 4,
    amenityId: 'grand-lake',
    amenityName: 'Grand Lake',
    amenityArchived: false,
    kind: 'occupancy',
    threshold: 90,
    rearmBelow: 80,
    cooldownMinutes: 30,
    enabled: true,
    phase: 'firing',
    lastFiredAt: '2026-11-21T19:05:00.000Z',
  },
  {
    id: 8,
    amenityId: 'the-yard',
    amenityName: 'The Yard',
    amenityArchived: false,
    kind: 'after_hours',
    threshold: 1,
    rearmBelow: 1,
    cooldownMinutes: 60,
    enabled: true,
    phase: 'armed',
    lastFiredAt: '2026-11-20T06:40:00.000Z',
  },
];

export const alertInboxFixture: AlertInbox = {
  unread: 1,
  alerts: [
    {
      id: 12,
      ruleId: 4,
      amenityId: 'grand-lake',
      amenityName: 'Grand Lake',
      kind: 'occupancy',
      message: 'Grand Lake is at 91% of capacity (137 of 150 people)',
      value: 91.33,
      observedAt: '2026-11-21T19:05:00.000Z',
      createdAt: '2026-11-21T19:05:02.000Z',
      read: false,
      deliveries: [{ channel: 'push', sent: 1, pending: 0, failed: 2 }],
    },
    {
      id: 9,
      ruleId: 8,
      amenityId: 'the-yard',
      amenityName: 'The Yard',
      kind: 'after_hours',
      message: '2 people at The Yard after hours (open 5:00 AM - 10:00 PM)',
      value: 2,
      observedAt: '2026-11-20T06:40:00.000Z',
      createdAt: '2026-11-20T06:40:01.000Z',
      read: true,
      deliveries: [],
    },
  ],
};

export const reportSchedulesFixture: ReportSchedule[] = [
  {
    id: 1,
    kind: 'usage',
    cadence: 'monthly',
    weekday: null,
    dayOfMonth: 1,
    timeOfDay: '08:00',
    recipients: [{ id: 3, name: 'Bob Board' }],
    enabled: true,
    pausedNote: null,
    nextRunAt: '2026-12-01T16:00:00.000Z',
  },
];

/**
 * A schedule whose only recipient was removed (server/schedules/leave-schedules.ts): paused,
 * with no recipients left and the note saying why. Not in the list above; a test serves it.
 */
export const pausedByRemovalScheduleFixture: ReportSchedule = {
  id: 2,
  kind: 'usage',
  cadence: 'weekly',
  weekday: 1,
  dayOfMonth: null,
  timeOfDay: '07:00',
  recipients: [],
  enabled: false,
  pausedNote: 'Paused: its only recipient, Dana Reyes, was removed.',
  nextRunAt: '2026-11-23T15:00:00.000Z',
};

export const reportArchiveFixture: ReportArchiveEntry[] = [
  {
    id: 3,
    scheduleId: 1,
    kind: 'usage',
    title: 'October 2026 usage report',
    periodFrom: '2026-10-01',
    periodTo: '2026-10-31',
    builtAt: '2026-11-01T15:00:00.000Z',
    summary: {
      totalVisits: 38_412,
      dailyAverage: 1239.1,
      coverage: {
        coveredMs: 2_671_200_000,
        totalMs: 2_678_400_000,
        text: 'Data for 30 d 22 h of 31 d; Grand Lake sensor silent Tue 13 Oct 02:00–04:00',
      },
      periodDays: 31,
      busiestDay: { date: '2026-10-31', visits: 2210 },
      perAmenity: [
        { id: 'great-lawn', name: 'The Great Lawn', visits: 12_904, share: 33.6 },
        { id: 'grand-lake', name: 'Grand Lake', visits: 9_811, share: 25.5 },
      ],
    },
  },
];

export const reportArchiveCsvFixture =
  'Report,"Amenity Usage Report, Last Month"\r\nPeriod,2026-10-01 to 2026-10-31\r\n' +
  'Coverage,Data for 30 d 22 h of 31 d; Grand Lake sensor silent Tue 13 Oct 02:00–04:00\r\n\r\n' +
  'Date (America/Los_Angeles),The Great Lawn,Grand Lake,Total\r\n2026-10-01,410,301,711\r\n';
