import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCommunity } from '../../api/community';
import { auditQuery } from '../../api/community-admin';
import type { AuditEntry, AuditPage } from '../../api/contract';
import { ROLE_LABELS, useMe } from '../../api/me';
import { auditActionLabel, auditChanges } from '../../lib/audit-diff';
import { AUDIT_FILTERS, type AuditFilterValue } from '../../lib/audit-filters';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/button';
import { InfoNote } from '../../ui/info-note';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryState } from '../../ui/query-state';
import { SelectField } from '../../ui/select-field';
import { Group } from '../../ui/group';

const PAGE_SIZE = 25;

/**
 * Settings → Audit log (Admins): who changed what and when, newest first, in the community's
 * time zone, with the fields that changed. Pages by cursor ("Show older entries").
 */
export function AuditTab() {
  const me = useMe().data;
  const isAdmin = me != null && !me.demo && me.user.role === 'admin';
  const [filter, setFilter] = useState<AuditFilterValue>('');
  // The cursors of the pages shown after the first: each "Show older" adds one.
  const [cursors, setCursors] = useState<number[]>([]);

  if (!isAdmin) {
    return (
      <Group title="Audit log">
        <InfoNote>Only Admins see the audit log.</InfoNote>
      </Group>
    );
  }

  return (
    <Group
      title="Audit log"
      description="Every change and sign-in, newest first. Secrets (keys, codes, passwords) are never shown."
    >
      <div className="mb-4 sm:max-w-xs">
        <SelectField<AuditFilterValue>
          label="Show"
          value={filter}
          options={AUDIT_FILTERS}
          onChange={(value) => {
            setFilter(value);
            setCursors([]);
          }}
        />
      </div>
      <AuditPageList
        actions={AUDIT_FILTERS.find((option) => option.value === filter)?.actions ?? ['']}
        before={null}
        cursors={cursors}
        onMore={(cursor) => setCursors((current) => [...current, cursor])}
      />
    </Group>
  );
}

function AuditPageList({
  actions,
  before,
  cursors,
  onMore,
}: {
  actions: readonly string[];
  before: number | null;
  cursors: number[];
  onMore: (cursor: number) => void;
}) {
  const query = useQuery(auditQuery({ action: actions.join(','), before }, PAGE_SIZE));
  const [next, ...rest] = cursors;
  return (
    <QueryState
      query={query}
      label="audit log"
      skeleton={<ListSkeleton rows={4} />}
      isEmpty={(page: AuditPage) => page.entries.length === 0 && before === null}
      empty={<p className="text-sm">Nothing recorded yet.</p>}
    >
      {(page: AuditPage) => (
        <>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {page.entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ul>
          {page.nextBefore === null ? (
            before === null ? null : (
              <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
                That is the oldest entry.
              </p>
            )
          ) : next === page.nextBefore ? (
            <AuditPageList actions={actions} before={next} cursors={rest} onMore={onMore} />
          ) : (
            <div className="mt-3">
              <Button variant="secondary" onClick={() => onMore(page.nextBefore ?? 0)}>
                Show older entries
              </Button>
            </div>
          )}
        </>
      )}
    </QueryState>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { timeZone } = useCommunity();
  const changes = auditChanges(entry.before, entry.after, { timeZone, roleLabels: ROLE_LABELS });
  const who = entry.actor ? entry.actor.name || entry.actor.email : 'No account';
  return (
    <li className="grid gap-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <p className="font-medium">
          {auditActionLabel(entry.action)}
          {entry.target ? (
            <span className="font-normal text-slate-700 dark:text-slate-300">
              {' '}
              · <span className="break-all">{entry.target}</span>
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
      {changes.length > 0 ? (
        <dl className="mt-1 grid gap-1 text-sm">
          {changes.map((change) => (
            <div
              key={change.field}
              className="grid gap-x-2 rounded-md bg-slate-50 px-2 py-1 sm:grid-cols-[10rem_1fr] dark:bg-slate-800/60"
            >
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
