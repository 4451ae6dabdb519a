import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { DashboardMetricsSchema, API_PATHS } from '../../src/api/contract';
import { contractQueryFn, defaultQueryFn, urlFromKey } from '../../src/api/query-fn';
import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';

function context(queryKey: readonly unknown[]): QueryFunctionContext {
  return {
    queryKey,
    signal: new AbortController().signal,
    client: new QueryClient(),
  } as unknown as QueryFunctionContext;
}

describe('urlFromKey', () => {
  it('joins the key segments with slashes', () => {
    expect(urlFromKey(['/api', 'amenities', 'analytics'])).toBe('/api/amenities/analytics');
    expect(urlFromKey([API_PATHS.metrics])).toBe('/api/dashboard/metrics');
  });

  it('turns a trailing object into the query string, leaving out undefined values', () => {
    expect(urlFromKey([API_PATHS.timeline, { period: 'week', days: undefined }])).toBe(
      '/api/usage/timeline?period=week',
    );
    expect(urlFromKey([API_PATHS.suggestions, { month: 3 }])).toBe('/api/amy/suggestions?month=3');
    expect(urlFromKey([API_PATHS.suggestions, {}])).toBe('/api/amy/suggestions');
  });

  it('refuses parameters anywhere but last', () => {
    expect(() => urlFromKey(['/api', { a: 1 }, 'x'])).toThrow(/must come last/);
  });
});

describe('defaultQueryFn', () => {
  it('sends credentials and parses JSON', async () => {
    let credentials: RequestCredentials | undefined;
    server.use(
      http.get('/api/thing', ({ request }) => {
        credentials = request.credentials;
        return HttpResponse.json({ ok: 1 });
      }),
    );
    await expect(defaultQueryFn(context(['/api', 'thing']))).resolves.toEqual({ ok: 1 });
    expect(credentials).toBe('include');
  });

  it('fails with "{status}: {body}"', async () => {
    server.use(http.get('/api/thing', () => new HttpResponse('database down', { status: 500 })));
    await expect(defaultQueryFn(context(['/api/thing']))).rejects.toThrow('500: database down');
  });

  it("reads the message of the server's JSON error, and any other JSON as it came", async () => {
    server.use(
      http.get('/api/thing', () =>
        HttpResponse.json({ error: 'The database is unavailable' }, { status: 500 }),
      ),
      http.get('/api/other', () => HttpResponse.json({ detail: 'x' }, { status: 500 })),
      http.get('/api/null', () => HttpResponse.json(null, { status: 500 })),
    );
    await expect(defaultQueryFn(context(['/api/thing']))).rejects.toThrow(
      /^500: The database is unavailable$/,
    );
    await expect(defaultQueryFn(context(['/api/other']))).rejects.toThrow(
      /^500: \{"detail":"x"\}$/,
    );
    await expect(defaultQueryFn(context(['/api/null']))).rejects.toThrow(/^500: null$/);
  });

  it('falls back to the status text when the body is empty', async () => {
    server.use(
      http.get(
        '/api/thing',
        () => new HttpResponse(null, { status: 500, statusText: 'Internal Server Error' }),
      ),
    );
    await expect(defaultQueryFn(context(['/api/thing']))).rejects.toThrow(
      '500: Internal Server Error',
    );
  });

  it('throws on 401 (only /api/me turns one into null, through its own query function)', async () => {
    server.use(http.get('/api/thing', () => new HttpResponse('sign in', { status: 401 })));
    await expect(defaultQueryFn(context(['/api/thing']))).rejects.toThrow('401: sign in');
  });
});

describe('contractQueryFn', () => {
  it('returns a payload that matches the contract', async () => {
    const fn = contractQueryFn(DashboardMetricsSchema);
    await expect(fn(context([API_PATHS.metrics]))).resolves.toMatchObject({
      peakAmenity: 'The Great Lawn',
    });
  });

  it('turns a malformed payload into a readable error', async () => {
    server.use(http.get(API_PATHS.metrics, () => HttpResponse.json({ activeUsersToday: 'lots' })));
    const fn = contractQueryFn(DashboardMetricsSchema);
    await expect(fn(context([API_PATHS.metrics]))).rejects.toThrow(
      /Unexpected response from \/api\/dashboard\/metrics: activeUsersToday: expected number/,
    );
  });

  it('reports a body that is not JSON', async () => {
    server.use(http.get(API_PATHS.metrics, () => HttpResponse.text('<html>')));
    const fn = contractQueryFn(DashboardMetricsSchema);
    await expect(fn(context([API_PATHS.metrics]))).rejects.toThrow(/did not send JSON/);
  });

  it('yields null on 401 with on401 returnNull', async () => {
    server.use(http.get(API_PATHS.metrics, () => new HttpResponse('', { status: 401 })));
    const fn = contractQueryFn(DashboardMetricsSchema, { on401: 'returnNull' });
    await expect(fn(context([API_PATHS.metrics]))).resolves.toBeNull();
  });
});
