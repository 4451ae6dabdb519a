import type { ReportArchiveEntry } from '../../../src/api/contract';
import type { EmailMessage } from './mailer';

/**
 * The words of each email: plain text (read the same in every client and in a screen reader),
 * with the figures that made it and a link back to the app. Pure, so tests read them directly.
 */

/** Where a link in an email points: PUBLIC_URL, or the address the server answers on. */
export type LinkBase = string;

const link = (base: LinkBase, path: string) => `${base.replace(/\/+$/, '')}${path}`;

export function formatInZone(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

const footer = (base: LinkBase, communityName: string) =>
  [
    '',
    '--',
    `You get this email as a member of ${communityName} on CommonGround.`,
    `Choose what reaches you in Settings > Notifications: ${link(base, '/settings')}`,
  ].join('\n');

export type AlertEmailFacts = {
  to: string;
  communityName: string;
  timeZone: string;
  amenityId: string;
  amenityName: string;
  /** The inbox text (server/alerts/messages.ts alertMessage). */
  message: string;
  observedAt: number;
};

export function alertEmail(facts: AlertEmailFacts, base: LinkBase): EmailMessage {
  const live = link(base, `/analytics?amenity=${encodeURIComponent(facts.amenityId)}`);
  return {
    to: facts.to,
    // The alert itself is the subject line: read in a notification without opening the mail.
    subject: facts.message,
    text: [
      `${facts.message}.`,
      '',
      `When: ${formatInZone(facts.observedAt, facts.timeZone)}`,
      `Amenity: ${facts.amenityName}`,
      '',
      `Open the live view: ${live}`,
      `All alerts: ${link(base, '/alerts')}`,
      footer(base, facts.communityName),
    ].join('\n'),
  };
}

export type ReportEmailFacts = {
  to: string;
  communityName: string;
  timeZone: string;
  archiveId: number;
  title: string;
  periodFrom: string;
  periodTo: string;
  builtAt: number;
  csv: string;
  summary: ReportSummaryFacts;
};

/** What a report email states of the archived summary (the archive's own shape). */
export type ReportSummaryFacts = Pick<
  ReportArchiveEntry['summary'],
  'totalVisits' | 'coverage' | 'coveredDays' | 'periodDays'
>;

/** The sensors' coverage as the archive states it; archives from before gaps: days with visits. */
function coverageSentence(summary: ReportSummaryFacts): string {
  if (summary.coverage) return `${summary.coverage.text}.`;
  const days = summary.coveredDays ?? 0;
  return days === summary.periodDays
    ? `Data for all ${summary.periodDays} days.`
    : `Data for ${days} of ${summary.periodDays} days; the figures cover those days only.`;
}

/** A file name from the report's title: letters, digits and dashes only. */
export function reportFileName(title: string, periodFrom: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'report'}-${periodFrom}.csv`;
}

export function reportEmail(facts: ReportEmailFacts, base: LinkBase): EmailMessage {
  const { summary } = facts;
  const coverage = coverageSentence(summary);
  const fileName = reportFileName(facts.title, facts.periodFrom);
  return {
    to: facts.to,
    // "Your usage report, week of 2026-11-16 is ready": the title's capital is a heading's.
    subject: `Your ${facts.title.replace(/^Usage /, 'usage ')} is ready`,
    text: [
      `${facts.communityName}: ${facts.title}`,
      `Period: ${facts.periodFrom} to ${facts.periodTo} (${facts.timeZone})`,
      `Total visits: ${summary.totalVisits.toLocaleString('en-US')}`,
      coverage,
      `Generated: ${formatInZone(facts.builtAt, facts.timeZone)}`,
      '',
      `The figures are attached as ${fileName}.`,
      `Open it in the report archive: ${link(base, `/reports?archive=${facts.archiveId}`)}`,
      footer(base, facts.communityName),
    ].join('\n'),
    attachments: [{ filename: fileName, content: facts.csv, contentType: 'text/csv' }],
  };
}
