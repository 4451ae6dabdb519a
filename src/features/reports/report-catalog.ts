/** Spec section 2, Reports: the scheduled reports the page lists (sample content). */

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
