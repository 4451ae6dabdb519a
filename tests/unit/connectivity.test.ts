import { afterEach, describe, expect, it, vi } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { onlineManager } from '@tanstack/react-query';
import { server } from '../../mocks/node';
import { API_PATHS, HEALTH_PATH } from '../../src/api/contract';
import { probeServer, startConnectivitySync } from '../../src/api/connectivity-sync';
import { fetchJson, NetworkError, TimeoutError, UNREACHABLE_MESSAGE } from '../../src/api/query-fn';
import { getConnectivity } from '../../src/lib/connectivity';

const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}
afterEach(() => {
  if (onLine) Object.defineProperty(Navigator.prototype, 'onLine', onLine);
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('connectivity from request outcomes', () => {
  it('is online until a request fails to reach the server, then unreachable', async () => {
    expect(getConnectivity()).toBe('online');
    server.use(http.get(API_PATHS.metrics, () => HttpResponse.error()));
    await expect(fetchJson(API_PATHS.metrics)).rejects.toBeInstanceOf(NetworkError);
    expect(getConnectivity()).toBe('unreachable');
  });

  it('counts any HTTP answer, an error status too, as the server being there', async () => {
    server.use(http.get(API_PATHS.metrics, () => HttpResponse.error()));
    await fetchJson(API_PATHS.metrics).catch(() => undefined);
    server.use(http.get(API_PATHS.metrics, () => new HttpResponse('boom', { status: 500 })));
    await expect(fetchJson(API_PATHS.metrics)).rejects.toThrow('500: boom');
    expect(getConnectivity()).toBe('online');
  });

  it.each([502, 503, 504])(
    'counts a gateway’s %i as no answer: unreachable, and a failure that says so',
    async (status) => {
      server.use(
        http.get(API_PATHS.metrics, () => new HttpResponse('<html>Bad Gateway</html>', { status })),
      );
      const failure = await fetchJson(API_PATHS.metrics).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(NetworkError);
      expect((failure as Error).message).toBe(UNREACHABLE_MESSAGE);
      expect(getConnectivity()).toBe('unreachable');
      server.resetHandlers();
      expect(await probeServer()).toBe(true);
    },
  );

  it('treats a request that hangs past its timeout as unreachable', async () => {
    server.use(
      http.get(API_PATHS.metrics, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const failure = await fetchJson(API_PATHS.metrics, { timeoutMs: 50 }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TimeoutError);
    expect((failure as Error).message).toMatch(/did not answer within/);
    expect(getConnectivity()).toBe('unreachable');
  });

  it('a request the caller cancels says nothing about the server', async () => {
    server.use(
      http.get(API_PATHS.metrics, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const request = fetchJson(API_PATHS.metrics, { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.not.toBeInstanceOf(NetworkError);
    expect(getConnectivity()).toBe('online');
  });

  it('is offline whenever the browser says so, whatever the last request did', () => {
    setBrowserOnline(false);
    expect(getConnectivity()).toBe('offline');
  });

  it('a probe that gets an answer brings the state back to online', async () => {
    server.use(http.get(HEALTH_PATH, () => HttpResponse.error()));
    expect(await probeServer()).toBe(false);
    expect(getConnectivity()).toBe('unreachable');
    server.resetHandlers();
    expect(await probeServer()).toBe(true);
    expect(getConnectivity()).toBe('online');
  });
});

describe('startConnectivitySync', () => {
  it('pauses queries while unreachable and asks the server again until it answers', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stop = startConnectivitySync();
    try {
      const health = vi.fn(() => HttpResponse.error());
      server.use(http.get(HEALTH_PATH, health));
      await probeServer();
      expect(onlineManager.isOnline()).toBe(false);
      const calls = health.mock.calls.length;

      server.use(http.get(HEALTH_PATH, () => HttpResponse.json({ ok: true })));
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.waitFor(() => expect(getConnectivity()).toBe('online'));
      expect(calls).toBe(1);
      expect(onlineManager.isOnline()).toBe(true);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });

  it('asks at once when the browser comes back online', async () => {
    const stop = startConnectivitySync();
    try {
      server.use(http.get(HEALTH_PATH, () => HttpResponse.error()));
      await probeServer();
      expect(getConnectivity()).toBe('unreachable');
      server.resetHandlers();
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(getConnectivity()).toBe('online'));
    } finally {
      stop();
    }
  });
});
