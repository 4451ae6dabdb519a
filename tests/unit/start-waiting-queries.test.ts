import { describe, expect, it, vi } from 'vitest';
import { QueryClient, skipToken, type Query, type QueryFunction } from '@tanstack/react-query';
import { startWaitingQueries } from '../../src/api/query-provider';

/** A query as a widget's observer builds it while the page hydrates: in the cache, not started. */
function built(
  client: QueryClient,
  key: string,
  queryFn: QueryFunction<unknown, readonly unknown[]>,
  extra: { enabled?: boolean | (() => boolean) } = {},
): Query {
  // `enabled` is an observer's option: the observer passes all of its options when it builds.
  const options = { queryKey: [key] as readonly unknown[], queryFn, retry: false as const };
  return client.getQueryCache().build(client, { ...options, ...extra });
}

describe('startWaitingQueries', () => {
  it("starts the page's queries that have no data, and their answers land in the cache", async () => {
    const client = new QueryClient();
    const metrics = vi.fn(async () => 'metrics');
    const timeline = vi.fn(async () => 'timeline');
    const queries = [built(client, 'metrics', metrics), built(client, 'timeline', timeline)];

    startWaitingQueries(queries);

    await vi.waitFor(() => expect(client.getQueryData(['timeline'])).toBe('timeline'));
    expect(client.getQueryData(['metrics'])).toBe('metrics');
    expect(metrics).toHaveBeenCalledTimes(1);
    expect(timeline).toHaveBeenCalledTimes(1);
  });

  it('refetches a query whose restored data is stale, and leaves fresh data alone', async () => {
    const client = new QueryClient();
    const stale = vi.fn(async () => 'fresh answer');
    const fresh = vi.fn(async () => 'should not be asked');
    const restored = built(client, 'restored', stale);
    restored.setData('saved copy');
    restored.invalidate();
    const current = built(client, 'current', fresh);
    current.setData('current');

    startWaitingQueries([restored, current]);

    await vi.waitFor(() => expect(client.getQueryData(['restored'])).toBe('fresh answer'));
    expect(fresh).not.toHaveBeenCalled();
    expect(client.getQueryData(['current'])).toBe('current');
  });

  it('leaves disabled queries, skipToken and queries already running alone', async () => {
    const client = new QueryClient();
    const disabled = vi.fn(async () => 'no');
    const disabledByFunction = vi.fn(async () => 'no');
    let finish: (value: string) => void = () => undefined;
    const running = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const inFlight = built(client, 'running', running);
    void inFlight.fetch();
    const queries = [
      built(client, 'disabled', disabled, { enabled: false }),
      built(client, 'disabled-fn', disabledByFunction, { enabled: () => false }),
      client
        .getQueryCache()
        .build(client, { queryKey: ['skip'] as readonly unknown[], queryFn: skipToken }),
      inFlight,
    ];

    startWaitingQueries(queries);
    finish('done');

    await vi.waitFor(() => expect(client.getQueryData(['running'])).toBe('done'));
    expect(running).toHaveBeenCalledTimes(1);
    expect(disabled).not.toHaveBeenCalled();
    expect(disabledByFunction).not.toHaveBeenCalled();
    expect(client.getQueryState(['skip'])?.fetchStatus).toBe('idle');
  });

  it('records a failure in the query state instead of throwing', async () => {
    const client = new QueryClient();
    const failing = built(client, 'failing', async () => {
      throw new Error('Server unreachable');
    });

    startWaitingQueries([failing]);

    await vi.waitFor(() => expect(client.getQueryState(['failing'])?.status).toBe('error'));
    expect(client.getQueryState(['failing'])?.error).toEqual(new Error('Server unreachable'));
  });
});
