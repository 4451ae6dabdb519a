import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type Ref } from 'react';
import { useCommunity } from '../../api/community';
import { auditQuery, fetchAuditCsv } from '../../api/community-admin';
import { AUDIT_EXPORT_MAX, type AuditEntry, type AuditPage } from '../../api/contract';
import { ROLE_LABELS, useMe } from '../../api/me';
import { auditActionLabel, describeAuditEntry } from '../../lib/audit-diff';
import { AUDIT_FILTERS, type AuditFilterValue } from '../../lib/audit-filters';
import { timeZoneLabel } from '../../lib/community-profile';
import { CSV_MIME, downloadTextFile } from '../../lib/download';
import { formatCount, formatDateTime } from '../../lib/format';
import { Button } from '../../ui/button';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { InfoNote } from '../../ui/info-note';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryState } from '../../ui/query-state';
import { SelectField } from '../../ui/select-field';
import { Group } from '../../ui/group';
import { PageIcon } from '../../ui/page-icons';
import { toast } from '../../ui/toast';

const PAGE_SIZE = 25;

/**
 * Settings → Audit log (Admins): who changed what and when, newest first, in the community's
 * time zone, with the fields that changed. Pages by cursor ("Show older entries").
 */
export function AuditTab() {
  const me = useMe().data;
  const { timeZone } = useCommunity();
  const isAdmin = me != null && !me.demo && me.user.role === 'admin';
  // The cursors of the pages shown after the first, each "Show older" adding one, kept with the
  // choice they belong to: a page that finishes loading after the choice changed is not added.
  const [shown, setShown] = useState<{ choice: AuditChoice; cursors: number[] }>({
    choice: { filter: '', from: '', to: '' },
    cursors: [],
  });
  const { choice, cursors } = shown;
  const { filter, from, to } = choice;
  const choose = (next: Partial<AuditChoice>) =>
    setShown({ choice: { ...choice, ...next }, cursors: [] });
  const periodError = from && to && from > to ? AUDIT_PERIOD_BACKWARDS : null;
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      const actions = AUDIT_FILTERS.find((option) => option.value === filter)?.actions ?? [''];
      const file = await fetchAuditCsv({ action: actions.join(','), from, to });
      if (!file.ok) {
        toast({ title: 'Download failed', description: file.error, tone: 'error' });
        return;
      }
      downloadTextFile(file.filename, file.text, CSV_MIME);
      toast({ title: 'Download started', description: file.filename });
    } finally {
      setExporting(false);
    }
  };

  if (!isAdmin) {
    return (
      <Group title="Audit log">
        <InfoNote>Only Admins see the audit log.</InfoNote>
      </Group>
    );
  }

  const choiceKey = `${filter}|${from}|${to}`;
  return (
    <Group
      title="Audit log"
      description="Every change and sign-in, newest first. Secrets (keys, codes, passwords) are never shown."
    >
      <div className="mb-4 grid gap-4 sm:grid-cols-3">
        <SelectField<AuditFilterValue>
          label="Show"
          value={filter}
          options={AUDIT_FILTERS}
          onChange={(value) => choose({ filter: value })}
        />
        <Field label="From" optional hint={`A day in ${timeZoneLabel(timeZone)}`}>
          {(aria) => (
            <input
              {...aria}
              type="date"
              className={CONTROL_CLASSES}
              value={from}
              max={to || undefined}
              onChange={(event) => choose({ from: event.target.value })}
            />
          )}
        </Field>
        <Field label="To" optional hint="This day included" error={periodError}>
          {(aria) => (
            <input
              {...aria}
              type="date"
              className={CONTROL_CLASSES}
              value={to}
              min={from || undefined}
              onChange={(event) => choose({ to: event.target.value })}
            />
          )}
        </Field>
      </div>
      <div className="mb-4 grid justify-items-start gap-2">
        <Button
          variant="secondary"
          busy={exporting}
          disabled={periodError !== null}
          onClick={() => void download()}
        >
          <PageIcon name="download" className="h-4 w-4" />
          {exporting ? 'Preparing the file…' : 'Download CSV'}
        </Button>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          The entries shown here, every page of them (up to {formatCount(AUDIT_EXPORT_MAX)}), with
          the period and time zone at the top of the file.
        </p>
      </div>
      {periodError ? null : (
        // Keyed by the choice: a new one starts afresh, with no "Show older" still loading.
        <AuditPageList
          key={choiceKey}
          actions={AUDIT_FILTERS.find((option) => option.value === filter)?.actions ?? ['']}
          from={from}
          to={to}
          before={null}
          cursors={cursors}
          onMore={(cursor) =>
            setShown((current) =>
              current.choice === choice
                ? { choice, cursors: [...current.cursors, cursor] }
                : current,
            )
          }
        />
      )}
    </Group>
  );
}

/** What the reader chose: a "Show" filter and a period of the community's days ('' for open). */
type AuditChoice = { filter: AuditFilterValue; from: string; to: string };

export const AUDIT_PERIOD_BACKWARDS =
  'The period ends before it starts: choose a To day on or after the From day.';

function AuditPageList({
  actions,
  from,
  to,
  before,
  cursors,
  onMore,
  focusFirst = false,
  onFocused,
}: {
  actions: readonly string[];
  from: string;
  to: string;
  before: number | null;
  cursors: number[];
  onMore: (cursor: number) => void;
  /** Move focus to this page's first entry when it shows (it was asked for by "Show older"). */
  focusFirst?: boolean;
  onFocused?: () => void;
}) {
  const client = useQueryClient();
  const action = actions.join(',');
  const query = useQuery(auditQuery({ action, before, from, to }, PAGE_SIZE));
  const [next, ...rest] = cursors;
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<string | null>(null);
  const [focusOlder, setFocusOlder] = useState(false);

  // A ref callback, not an effect on the data: QueryState may show an answer a render after it
  // arrives (useDeferredValue), and the ref runs once the entry is really in the page.
  const focusOnMount = useCallback(
    (item: HTMLLIElement | null) => {
      if (!item || !focusFirst) return;
      item.focus();
      onFocused?.();
    },
    [focusFirst, onFocused],
  );
  const olderFocused = useCallback(() => setFocusOlder(false), []);

  /**
   * The older page is loaded while the button stays, busy and focused, and only then replaces
   * it, with focus on its first entry: replacing the button at once dropped keyboard focus to the
   * page. A failure leaves the button (and focus) where they are, with the reason next to it.
   */
  const showOlder = async (cursor: number) => {
    setLoadingOlder(true);
    setOlderError(null);
    try {
      await client.fetchQuery(auditQuery({ action, before: cursor, from, to }, PAGE_SIZE));
    } catch (error) {
      setOlderError(error instanceof Error ? error.message : String(error));
      return;
    } finally {
      setLoadingOlder(false);
    }
    setFocusOlder(true);
    onMore(cursor);
  };

  return (
    <QueryState
      query={query}
      label="audit log"
      skeleton={<ListSkeleton rows={4} />}
      isEmpty={(page: AuditPage) => page.entries.length === 0 && before === null}
      empty={
        <p className="text-sm">
          {from || to ? 'Nothing recorded in this period.' : 'Nothing recorded yet.'}
        </p>
      }
    >
      {(page: AuditPage) => (
        <>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {page.entries.map((entry, index) => (
              <AuditRow
                key={entry.id}
                entry={entry}
                ref={index === 0 && focusFirst ? focusOnMount : undefined}
              />
            ))}
          </ul>
          {page.nextBefore === null ? (
            before === null ? null : (
              <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
                That is the oldest entry.
              </p>
            )
          ) : next === page.nextBefore ? (
            <AuditPageList
              actions={actions}
              from={from}
              to={to}
              before={next}
              cursors={rest}
              onMore={onMore}
              focusFirst={focusOlder}
              onFocused={olderFocused}
            />
          ) : (
            <div className="mt-3 grid justify-items-start gap-2">
              <Button
                variant="secondary"
                busy={loadingOlder}
                onClick={() => void showOlder(page.nextBefore ?? 0)}
              >
                {loadingOlder ? 'Loading older entries…' : 'Show older entries'}
              </Button>
              {olderError === null ? null : (
                <p role="alert" className="text-sm text-red-800 dark:text-red-300">
                  Could not load older entries: {olderError}
                </p>
              )}
            </div>
          )}
        </>
      )}
    </QueryState>
  );
}

function AuditRow({ entry, ref }: { entry: AuditEntry; ref?: Ref<HTMLLIElement> }) {
  const { timeZone, currency } = useCommunity();
  const { target, details, changes } = describeAuditEntry(entry, {
    timeZone,
    currency,
    roleLabels: ROLE_LABELS,
  });
  const who = entry.actor ? entry.actor.name || entry.actor.email : 'No account';
  return (
    // Focusable from script only, so "Show older entries" can hand focus to the first new entry.
    // Names (up to 100 characters, perhaps without a space) wrap anywhere: "by …" unbroken
    // made the page wider than a phone.
    <li ref={ref} tabIndex={-1} className="grid gap-1 py-3 wrap-anywhere">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <p className="font-medium">
          {auditActionLabel(entry.action)}
          {target ? (
            <span className="font-normal text-slate-700 dark:text-slate-300">
              {' '}
              · <span className="break-all">{target}</span>
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <time dateTime={entry.at}>{formatDateTime(Date.parse(entry.at), timeZone)}</time>
        </p>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        by {who}
        {entry.actor?.email && entry.actor.name ? ` (${entry.actor.email})` : ''}
      </p>
      {details.length + changes.length > 0 ? (
        <dl className="mt-1 grid gap-1 text-sm">
          {details.map((detail) => (
            <div key={detail.field} className={FIELD_ROW}>
              <dt className="font-medium">{detail.field}</dt>
              <dd className="min-w-0 break-words">{detail.value}</dd>
            </div>
          ))}
          {changes.map((change) => (
            <div key={change.field} className={FIELD_ROW}>
              <dt className="font-medium">{change.field}</dt>
              <dd className="min-w-0 break-words">
                <span className="text-slate-700 line-through decoration-slate-400 dark:text-slate-300">
                  <span className="sr-only">from </span>
                  {change.before}
                </span>{' '}
                <span aria-hidden="true">→</span> <span className="sr-only">to </span>
                {change.after}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

const FIELD_ROW =
  'grid gap-x-2 rounded-md bg-slate-50 px-2 py-1 sm:grid-cols-[10rem_1fr] dark:bg-slate-800/60';
