import { useDeferredValue, type ReactNode } from 'react';
import { useConnectivity } from '../lib/connectivity';
import { formatAge } from '../lib/format';
import { needsOwnAge, useStatedDataTime } from '../lib/stated-data-time';
import { useNow } from '../lib/use-now';
import { Button } from './button';
import { Icon } from './icons';

/** The part of a TanStack query result a widget needs. */
export type QueryLike<T> = {
  data: T | undefined;
  error: Error | null;
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'paused' | 'idle';
  dataUpdatedAt: number;
  isPlaceholderData?: boolean;
  refetch: () => unknown;
};

export type QueryStateProps<T> = {
  query: QueryLike<T | null>;
  /** What is loading, for screen readers: "Loading {label}". */
  label: string;
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
  /** Shown when the data is empty (an empty list, or null from a 401 set to yield null). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
};

/**
 * One widget's life (docs/architecture.md, "From a reading to a widget"): a skeleton while there is nothing to show,
 * the data with a marker when it is a saved copy or could not be refreshed, and the error with a
 * Retry button when there is no data at all. Each widget fails on its own.
 */
export function QueryState<T>({
  query,
  label,
  skeleton,
  children,
  empty = null,
  isEmpty,
}: QueryStateProps<T>) {
  const { error, status, fetchStatus } = query;
  // An answer renders at transition priority, in slices the browser can paint and answer input
  // between: the store notification that brings it renders at once, as one task, otherwise.
  const data = useDeferredValue(query.data);
  const connectivity = useConnectivity();

  if (data === null) return <>{empty}</>;
  if (data !== undefined) {
    return (
      <>
        {isEmpty?.(data) ? empty : children(data)}
        <FreshnessNote query={query} />
      </>
    );
  }
  // The server out of reach is said once, by the app's banner (with its Retry); each widget
  // only says quietly that it has nothing to show yet.
  const cannotReach = status === 'error' && isConnectionFailure(error);
  if (status === 'error' && error && !cannotReach) {
    return <ErrorPanel message={error.message} onRetry={() => void query.refetch()} />;
  }
  if (fetchStatus === 'paused' || cannotReach) {
    return (
      <p className="flex items-start gap-2 rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <Icon name="offline" className="mt-0.5 h-4 w-4 shrink-0" />
        {/* Why (offline, or the server out of reach) is the banner's to say, once. */}
        {connectivity === 'unreachable'
          ? 'Not loaded yet: it will load when CommonGround answers.'
          : 'No saved copy of this yet: it will load when the connection returns.'}
      </p>
    );
  }
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading {label}…</span>
      {skeleton}
    </div>
  );
}

export function ErrorPanel({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
    >
      <p className="flex min-w-0 items-start gap-2 break-words">
        <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
        <span className="min-w-0">{message}</span>
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <Icon name="refresh" className="h-4 w-4" />
        Retry
      </Button>
    </div>
  );
}

/**
 * A failure that means "the server could not be reached" (api/query-fn's NetworkError and its
 * TimeoutError), told apart by name so the ui layer needs nothing from the api layer.
 */
export function isConnectionFailure(error: Error | null): boolean {
  return error?.name === 'NetworkError' || error?.name === 'TimeoutError';
}

/** The marker under data that is not live: a saved copy, or a refresh that failed. */
function FreshnessNote<T>({ query }: { query: QueryLike<T> }) {
  const now = useNow(30_000);
  const connectivity = useConnectivity();
  const statedAt = useStatedDataTime();
  const notLive =
    connectivity !== 'online' || query.fetchStatus === 'paused' || query.error !== null;
  const age = formatAge(query.dataUpdatedAt, now);
  if (query.error && !isConnectionFailure(query.error)) {
    return (
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs text-amber-900 dark:text-amber-200">
        <Icon name="alert" className="h-4 w-4 shrink-0" />
        <span className="min-w-0 break-words">
          Could not refresh ({query.error.message}). Showing data from {age} ago.
        </span>
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  // Online, a saved copy being refreshed is said once for the whole app (app/saved-copy-note).
  // Offline or out of reach, the banner says so once for the whole app, with the age of the
  // data; a card says how old its own copy is only when it is older than that.
  if (notLive && needsOwnAge(query.dataUpdatedAt, statedAt)) {
    return (
      <p className="mt-3 flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
        <Icon name="offline" className="h-4 w-4 shrink-0" />
        <span>
          Saved copy from {age} ago
          {query.fetchStatus === 'fetching' ? ' · refreshing…' : ''}
        </span>
      </p>
    );
  }
  return null;
}
