import { cx } from '../lib/cx';
import { useConnectivity } from '../lib/connectivity';
import { useSettings } from '../lib/settings';

/**
 * The dashboard's Live Data badge. It only says "Live" when it is: offline, with the server out
 * of reach or with auto-refresh turned off in Settings it says so instead. While live, its dot
 * pings once each time the page's live figures arrive (`updatedAt`, ms since epoch; 0 before the
 * first), so the pulse means fresh data rather than decoration.
 */
export function LiveBadge({ updatedAt }: { updatedAt: number }) {
  const connectivity = useConnectivity();
  const { autoRefresh } = useSettings();
  const online = connectivity === 'online';
  const live = online && autoRefresh;
  const label =
    connectivity === 'offline'
      ? 'Offline'
      : connectivity === 'unreachable'
        ? 'Not live'
        : autoRefresh
          ? 'Live Data'
          : 'Auto-refresh off';
  return (
    <span
      className={cx(
        'inline-flex min-h-8 items-center gap-1.5 rounded-full px-3 text-xs font-medium',
        live
          ? 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200'
          : 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
      )}
    >
      <span aria-hidden="true" className="relative flex h-2 w-2">
        {live && updatedAt > 0 ? (
          <span
            key={updatedAt}
            data-testid="live-ping"
            className="absolute inline-flex h-full w-full animate-ping-once rounded-full bg-green-500 opacity-60"
          />
        ) : null}
        <span
          className={cx(
            'relative inline-flex h-2 w-2 rounded-full',
            live ? 'bg-green-600' : 'bg-slate-500',
          )}
        />
      </span>
      {label}
    </span>
  );
}
