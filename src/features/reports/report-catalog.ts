import type { IconName } from '../../ui/icons';

/** Spec section 2, Reports: the static sample content of the page (section 9 figures). */

export const REPORT_STATS: readonly { label: string; value: number; icon: IconName }[] = [
  { label: 'Reports Generated', value: 24, icon: 'report' },
  { label: 'Downloads', value: 156, icon: 'download' },
  { label: 'Scheduled', value: 3, icon: 'calendar' },
  { label: 'Shared', value: 8, icon: 'users' },
];

export const REPORT_KINDS = ['usage', 'financial', 'events', 'maintenance'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** `full` is what Generate Report builds: every ready report of the period in one document. */
export type PreviewKind = ReportKind | 'full';

export type ReportStatus = 'ready' | 'pending';

export type AvailableReport = {
  kind: ReportKind;
  title: string;
  description: string;
  status: ReportStatus;
  /** What Download saves. */
  download: 'usage-csv' | 'event-csv' | 'print' | null;
  downloadLabel: string;
  /** Shown under a pending report: why its Download is disabled. */
  pendingReason?: string;
};

export const AVAILABLE_REPORTS: readonly AvailableReport[] = [
  {
    kind: 'usage',
    title: 'Amenity Usage Report',
    description: 'Visits per amenity, peak hours and capacity use.',
    status: 'ready',
    download: 'usage-csv',
    downloadLabel: 'CSV',
  },
  {
    kind: 'financial',
    title: 'Financial Impact Report',
    description: 'Monthly amenity value, value per amenity and per visit, for fee discussions.',
    status: 'ready',
    download: 'print',
    downloadLabel: 'PDF',
  },
  {
    kind: 'events',
    title: 'Event Performance Report',
    description: "Amy's analysis: events, attendance, top categories and amenities.",
    status: 'ready',
    download: 'event-csv',
    downloadLabel: 'CSV',
  },
  {
    kind: 'maintenance',
    title: 'Maintenance & Operations Report',
    description: 'Work orders, inspections and downtime per amenity.',
    status: 'pending',
    download: null,
    downloadLabel: 'PDF',
    pendingReason:
      'Pending: CommonGround does not collect maintenance data yet, so there is nothing to download.',
  },
];

export const REPORT_TITLES: Record<PreviewKind, string> = {
  usage: 'Amenity Usage Report',
  financial: 'Financial Impact Report',
  events: 'Event Performance Report',
  maintenance: 'Maintenance & Operations Report',
  full: 'Community Report',
};

export type ScheduledReport = {
  id: string;
  title: string;
  report: string;
  frequency: string;
  schedule: string;
  recipients: string;
  format: string;
};

export const SCHEDULED_REPORTS: readonly ScheduledReport[] = [
  {
    id: 'monthly-board',
    title: 'Monthly Board Report',
    report: 'Financial Impact Report and Amenity Usage Report',
    frequency: 'Monthly',
    schedule: '1st of every month, 8:00 AM',
    recipients: 'Board members (5)',
    format: 'PDF',
  },
  {
    id: 'weekly-usage',
    title: 'Weekly Usage Summary',
    report: 'Amenity Usage Report',
    frequency: 'Weekly',
    schedule: 'Mondays, 7:00 AM',
    recipients: 'Community manager',
    format: 'CSV',
  },
  {
    id: 'quarterly-events',
    title: 'Quarterly Event Review',
    report: 'Event Performance Report',
    frequency: 'Quarterly',
    schedule: 'First Monday of each quarter, 9:00 AM',
    recipients: 'Events committee (4)',
    format: 'PDF',
  },
];
