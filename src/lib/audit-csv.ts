import type { AuditEntry } from '../api/contract';
import { auditActionLabel, describeAuditEntry } from './audit-diff';
import { timeZoneLabel } from './community-profile';
import { csvLines, toCsv, type CsvColumn } from './csv';
import type { HeaderRow } from './file-header';
import { formatDateTime } from './format';
import { ROLE_LABELS } from './role-labels';
import { localTimestamp } from './usage-csv';

export type AuditCsvOptions = {
  community: string;
  timeZone: string;
  currency: string;
  /** Days of the community's zone, both included; '' for an open end. */
  from: string;
  to: string;
  /** The actions or prefixes asked for; none for every entry. */
  actions: readonly string[];
  now: number;
};

/** "2026-11-01 to 2026-11-30", "From 2026-11-01", "Up to 2026-11-30" or "All entries". */
export function auditPeriodText(from: string, to: string): string {
  if (from && to) return from === to ? from : `${from} to ${to}`;
  if (from) return `From ${from}`;
  if (to) return `Up to ${to}`;
  return 'All entries';
}

/**
 * The audit log as a file a board or an auditor reads on its own: what it is, whose, which
 * period and entries, the time zone and when it was made, then one line per entry, newest first,
 * in the same words as Settings → Audit log (the fields that changed, old → new). Secrets were
 * hidden by the server before the entries got here.
 */
export function auditCsv(entries: readonly AuditEntry[], options: AuditCsvOptions): string {
  const { timeZone, currency } = options;
  const zone = timeZoneLabel(timeZone);
  const display = { timeZone, currency, roleLabels: ROLE_LABELS };
  const described = entries.map((entry) => ({ entry, ...describeAuditEntry(entry, display) }));
  type Row = (typeof described)[number];
  const columns: CsvColumn<Row>[] = [
    {
      header: `When (${zone})`,
      value: ({ entry }) => `${localTimestamp(entry.at, 'hour', timeZone)}:${seconds(entry.at)}`,
    },
    { header: 'When (UTC)', value: ({ entry }) => entry.at },
    { header: 'What', value: ({ entry }) => auditActionLabel(entry.action) },
    { header: 'Action', value: ({ entry }) => entry.action },
    { header: 'About', value: ({ target }) => target },
    { header: 'By', value: ({ entry }) => entry.actor?.name || (entry.actor ? '' : 'No account') },
    { header: 'Email', value: ({ entry }) => entry.actor?.email ?? '' },
    {
      header: 'Details',
      value: ({ details }) => details.map((d) => `${d.field}: ${d.value}`).join('; '),
    },
    {
      header: 'Changes',
      value: ({ changes }) => changes.map((c) => `${c.field}: ${c.before} → ${c.after}`).join('; '),
    },
  ];
  const header: HeaderRow[] = [
    ['Report', 'Audit log'],
    ['Community', options.community],
    ['Period', auditPeriodText(options.from, options.to)],
    [
      'Entries',
      options.actions.length > 0 ? options.actions.join(', ') : 'Every change and sign-in',
    ],
    ['Count', entries.length],
    ['Time zone', `${zone}, ${timeZone}`],
    ['Generated', formatDateTime(options.now, timeZone)],
  ];
  return csvLines([...header, []]) + toCsv(columns, described);
}

/** The seconds of an instant, two digits (the same in every zone). */
function seconds(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '00' : String(new Date(ms).getUTCSeconds()).padStart(2, '0');
}
