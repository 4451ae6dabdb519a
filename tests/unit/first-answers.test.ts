import { describe, expect, it } from 'vitest';
import { FIRST_ANSWER_MAX_AGE_MS, firstAnswersScript } from '../../src/api/first-answers';
import { FIRST_ANSWERS_PATH, SESSION_ENDED_HEADER } from '../../src/api/contract';
import { SIGN_OUT_PENDING_KEY } from '../../src/lib/storage-keys';

type Take = (url: string) => Promise<Response | null> | null;

/**
 * Runs an app page's inline script against stand-ins for the page: `answer` is what the server
 * gives for /api/first-answers (a Response, or an Error for a request that never arrived).
 */
function runScript(
  urls: readonly string[],
  answer: Response | Error,
  { stored = {} }: { stored?: Record<string, string> } = {},
) {
  const asked: { url: string; init: RequestInit }[] = [];
  const window: { cgFirstAnswers?: Take } = {};
  let now = 100;
  const fetch = (url: string, init: RequestInit) => {
    asked.push({ url, init });
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  const performance = { now: () => now };
  new Function('window', 'fetch', 'localStorage', 'performance', firstAnswersScript(urls))(
    window,
    fetch,
    localStorage,
    performance,
  );
  return {
    asked,
    take: window.cgFirstAnswers,
    later: (ms: number) => (now += ms),
  };
}

const batch = (answers: unknown, status = 200) => new Response(JSON.stringify(answers), { status });

describe("an app page's first answers", () => {
  const urls = ['/api/me', '/api/usage/gaps?days=30'];

  it('asks for every URL in one request, with the session cookie', () => {
    const { asked } = runScript(urls, batch({ answers: [] }));
    expect(asked).toHaveLength(1);
    const url = new URL(asked[0]?.url ?? '', 'http://localhost');
    expect(url.pathname).toBe(FIRST_ANSWERS_PATH);
    expect(url.searchParams.getAll('path')).toEqual(urls);
    expect(asked[0]?.init.credentials).toBe('include');
  });

  it("gives each URL's answer once, as the server's own response would read", async () => {
    const { take } = runScript(
      urls,
      batch({
        answers: [
          { path: '/api/me', status: 401, sessionEnded: true, body: '{"error":"ended"}' },
          { path: '/api/usage/gaps?days=30', status: 200, body: '{"gaps":[]}' },
        ],
      }),
    );
    const me = await take?.('/api/me');
    expect(me?.status).toBe(401);
    expect(me?.headers.get(SESSION_ENDED_HEADER)).toBe('1');
    expect(await me?.text()).toBe('{"error":"ended"}');
    const gaps = await take?.('/api/usage/gaps?days=30');
    expect(gaps?.status).toBe(200);
    expect(gaps?.headers.get(SESSION_ENDED_HEADER)).toBeNull();
    expect(await gaps?.json()).toEqual({ gaps: [] });
    // A refetch asks the server.
    expect(take?.('/api/me')).toBeNull();
  });

  it('leaves the app to ask alone for a URL the batch has no answer to, or a malformed one', async () => {
    const { take } = runScript(
      [...urls, '/api/alerts'],
      batch({
        answers: [
          { path: '/api/me', status: 'ok', body: '{}' },
          { path: '/api/alerts', status: 200, body: { alerts: [] } },
        ],
      }),
    );
    expect(await take?.('/api/me')).toBeNull();
    expect(await take?.('/api/alerts')).toBeNull();
    expect(await take?.('/api/usage/gaps?days=30')).toBeNull();
    expect(take?.('/api/community')).not.toBeNull();
  });

  it.each([
    ['refused', batch({ error: 'Not found' }, 404)],
    ['not JSON', new Response('<html>portal</html>', { status: 200 })],
    ['JSON without answers', batch(null)],
  ])('leaves the app to ask alone when the batch is %s', async (_, response) => {
    const { take } = runScript(urls, response);
    expect(await take?.('/api/me')).toBeNull();
  });

  it('fails as the request would when the server cannot be reached, once per URL', async () => {
    const { take } = runScript(urls, new TypeError('Failed to fetch'));
    await expect(take?.('/api/me')).rejects.toThrow('Failed to fetch');
    // The retry asks the server itself.
    expect(take?.('/api/me')).toBeNull();
  });

  it('is not taken once the page has been open a while: the answers would be old', () => {
    const { take, later } = runScript(urls, batch({ answers: [] }));
    later(FIRST_ANSWER_MAX_AGE_MS + 1);
    expect(take?.('/api/me')).toBeNull();
  });

  it('asks nothing while a sign-out made offline has not reached the server', () => {
    const { asked, take } = runScript(urls, batch({ answers: [] }), {
      stored: { [SIGN_OUT_PENDING_KEY]: '1700000000000' },
    });
    expect(asked).toEqual([]);
    expect(take).toBeUndefined();
  });
});
