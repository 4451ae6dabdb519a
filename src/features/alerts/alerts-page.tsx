import { deliverySummary } from './delivery-summary';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { markAlertRead, markAllAlertsRead, useAlertInbox } from '../../api/alerts';
import type { Alert, AlertInbox } from '../../api/contract';
import { useMe } from '../../api/me';
import { ALERT_KIND_LABELS, formatAlertValue } from '../../lib/alert-labels';
import { useConnectivity } from '../../lib/connectivity';
import { formatMoment } from '../../lib/format';
import { useCommunity } from '../../api/community';
import { useNow } from '../../lib/use-now';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { EmptyNote } from '../../ui/empty-note';
import { ListSkeleton } from '../../ui/list-skeleton';
import { PageHeader } from '../../ui/page-header';
import { QueryCard } from '../../ui/query-card';
import { AlertRulesCard } from './alert-rules-card';

/** Issue 14: the in-app alert inbox, and the rules that fill it (Managers and Admins). */
export function AlertsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Alerts"
        description="Alerts arrive here, and as push notifications or emails where you turned them on (Settings, Notifications)."
      />
      <InboxCard />
      <AlertRulesCard />
    </div>
  );
}

function InboxCard() {
  const inbox = useAlertInbox();
  const me = useMe();
  const client = useQueryClient();
  const online = useConnectivity() === 'online';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Read state is a signed-in person's own; the demo viewer only looks.
  const canMark = Boolean(me.data?.user) && !me.data?.demo;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const unread = inbox.data?.unread ?? 0;
  return (
    <QueryCard
      title="Inbox"
      description={unread > 0 ? `${unread} unread` : 'Newest first'}
      actions={
        canMark && inbox.data && unread > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy || !online}
            onClick={() => {
              const current = inbox.data;
              if (current) void run(() => markAllAlertsRead(client, current));
            }}
          >
            Mark all read
          </Button>
        ) : null
      }
      query={inbox}
      label="alerts"
      skeleton={<ListSkeleton rows={3} />}
      isEmpty={(data: AlertInbox) => data.alerts.length === 0}
      empty={
        <EmptyNote title="No alerts">
          Alerts appear here when a rule fires, for example when an amenity passes its occupancy
          threshold.
        </EmptyNote>
      }
    >
      {(data) => (
        <div className="grid gap-3">
          {canMark && !online ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              You are offline: these are the saved alerts. Marking them read needs a connection.
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
          <ul className="grid gap-2">
            {newestFirst(data.alerts).map((alert) => (
              <AlertItem
                key={alert.id}
                alert={alert}
                canMark={canMark}
                disabled={busy || !online}
                onMarkRead={() => void run(() => markAlertRead(client, alert.id))}
              />
            ))}
          </ul>
        </div>
      )}
    </QueryCard>
  );
}

function newestFirst(alerts: readonly Alert[]): Alert[] {
  return [...alerts].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

function AlertItem({
  alert,
  canMark,
  disabled,
  onMarkRead,
}: {
  alert: Alert;
  canMark: boolean;
  disabled: boolean;
  onMarkRead: () => void;
}) {
  const zone = useCommunity().timeZone;
  const now = useNow(60_000);
  return (
    <li
      className={
        alert.read
          ? 'flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700'
          : 'flex flex-wrap items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40'
      }
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link
            to={`/analytics?amenity=${encodeURIComponent(alert.amenityId)}`}
            className="font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-100"
          >
            {alert.amenityName}
          </Link>
          <Badge tone={alert.read ? 'gray' : 'amber'}>{ALERT_KIND_LABELS[alert.kind]}</Badge>
          {alert.read ? null : <Badge tone="red">Unread</Badge>}
        </p>
        <p className="mt-1 text-sm">{alert.message}</p>
        <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
          {formatAlertValue(alert.kind, alert.value)} ·{' '}
          <time dateTime={alert.observedAt}>
            {formatMoment(Date.parse(alert.observedAt), now, zone)}
          </time>
          {deliverySummary(alert.deliveries).map((line) => (
            <span
              key={line.text}
              className={line.failed ? 'font-medium text-red-700 dark:text-red-300' : undefined}
            >
              {' '}
              · {line.text}
            </span>
          ))}
        </p>
      </div>
      {canMark && !alert.read ? (
        <Button variant="secondary" size="sm" disabled={disabled} onClick={onMarkRead}>
          Mark read<span className="sr-only">: {alert.amenityName}</span>
        </Button>
      ) : null}
    </li>
  );
}
