import { useMemo } from 'react';
import type { QueryLike } from './query-state';

/**
 * The same query with its data passed through `map` (memoised on the data, so pass a stable,
 * module-level function). Lets a feature adapt API data, e.g. normalise statuses, before a shared
 * presentational card reads it.
 */
export function useMappedQuery<T, U>(query: QueryLike<T>, map: (data: T) => U): QueryLike<U> {
  const { data } = query;
  const mapped = useMemo(() => (data === undefined ? undefined : map(data)), [data, map]);
  return {
    data: mapped,
    error: query.error,
    status: query.status,
    fetchStatus: query.fetchStatus,
    dataUpdatedAt: query.dataUpdatedAt,
    isPlaceholderData: query.isPlaceholderData,
    refetch: query.refetch,
  };
}
