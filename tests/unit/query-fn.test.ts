import { describe, expect, it, onTestFinished } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { DashboardMetricsSchema, API_PATHS, FIRST_ANSWERS_PATH } from '../../src/api/contract';
import { firstAnswersScript } from '../../src/api/first-answers';
import {
  contractQueryFn,
  defaultQueryFn,
  fetchJson,
  FIRST_ANSWERS_GLOBAL,
  urlFromKey,
} from '../../src/api/query-fn';
import { isEndedByServer, settleOwedWipe } from '../../src/api/session-end';
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

  it('says an HTML error page by its title, never its markup, and cuts a long body short', async () => {
    const page = (title: string) =>
      `<!doctype html><html><head><title>${title}</title></head><body><h1>Error</h1><pre>Traceback (most recent call last): …</pre></body></html>`;
    server.use(
      http.get('/api/proxy', () =>
        HttpResponse.html(page('Application error · Example Host'), { status: 500 }),
      ),
      http.get(
        '/api/bare',
        () =>
          new HttpResponse(page('500'), {
            status: 500,
            statusText: 'Internal Server Error',
            headers: { 'Content-Type': 'text/html' },
          }),
      ),
      http.get('/api/long', () => new HttpResponse('x'.repeat(5000), { status: 500 })),
    );
    await expect(defaultQueryFn(context(['/api/proxy']))).rejects.toThrow(
      /^500: Application error · Example Host$/,
    );
    await expect(defaultQueryFn(context(['/api/bare']))).rejects.toThrow(
      /^500: Internal Server Error$/,
    );
    const long = await defaultQueryFn(context(['/api/long'])).catch((error: Error) => error);
    expect(String((long as Error).message)).toBe(`500: ${'x'.repeat(199)}…`);
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

describe("the page's first answers (src/api/first-answers.ts)", () => {
  /** Runs an app page's inline script here, as the page's head would. */
  const openPage = (urls: readonly string[]) => {
    new Function(firstAnswersScript(urls))();
    onTestFinished(() => {
      Reflect.deleteProperty(window, FIRST_ANSWERS_GLOBAL);
    });
  };

  it('takes an answer from the one early request, then asks the server for a fresh one', async () => {
    const asked: string[] = [];
    server.use(
      http.get(FIRST_ANSWERS_PATH, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          answers: [{ path: API_PATHS.metrics, status: 200, body: '{"from":"batch"}' }],
        });
      }),
      http.get(API_PATHS.metrics, () => {
        asked.push(API_PATHS.metrics);
        return HttpResponse.json({ from: 'alone' });
      }),
    );
    openPage([API_PATHS.metrics]);
    expect(await fetchJson(API_PATHS.metrics)).toEqual({ from: 'batch' });
    expect(asked).toHaveLength(1);
    expect(await fetchJson(API_PATHS.metrics)).toEqual({ from: 'alone' });
    expect(asked.at(-1)).toBe(API_PATHS.metrics);
  });

  it("reads an answer's failure as the server's own: the error and an ended session", async () => {
    server.use(
      http.get(FIRST_ANSWERS_PATH, () =>
        HttpResponse.json({
          answers: [
            {
              path: API_PATHS.metrics,
              status: 401,
              sessionEnded: true,
              body: '{"error":"Your session has ended"}',
            },
          ],
        }),
      ),
    );
    openPage([API_PATHS.metrics]);
    onTestFinished(settleOwedWipe);
    expect(isEndedByServer()).toBe(false);
    await expect(fetchJson(API_PATHS.metrics)).rejects.toThrow('401: Your session has ended');
    expect(isEndedByServer()).toBe(true);
  });

  it('asks alone when the server does not know the early request', async () => {
    server.use(
      http.get(FIRST_ANSWERS_PATH, () =>
        HttpResponse.json({ error: 'Not found' }, { status: 404 }),
      ),
      http.get(API_PATHS.metrics, () => HttpResponse.json({ from: 'alone' })),
    );
    openPage([API_PATHS.metrics]);
    expect(await fetchJson(API_PATHS.metrics)).toEqual({ from: 'alone' });
  });
});
