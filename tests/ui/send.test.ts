import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import * as z from 'zod/mini';
import { server } from '../../mocks/node';
import { AUTH_PATHS } from '../../src/api/contract';
import { isSignOutPending, setSignOutPending } from '../../src/api/pending-sign-out';
import { getLargeFile, getText, parser, SAVED_UNKNOWN, send } from '../../src/api/send';
import { onAccessRefused } from '../../src/api/session-end';
import { getConnectivity, reportServerUnreachable } from '../../src/lib/connectivity';

const PATH = '/api/send-test';
const OFFLINE = "Can't reach CommonGround. Testing needs a connection; nothing was changed.";
const ThingSchema = z.object({ id: z.number(), name: z.string() });
const withParse = { offlineMessage: OFFLINE, parse: parser(ThingSchema) };

let stops: (() => void)[] = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

/** How many times the shell was told that the server refused who the user is. */
function countAccessRefused(): () => number {
  let count = 0;
  stops.push(onAccessRefused(() => (count += 1)));
  return () => count;
}

describe('send', () => {
  it('sends JSON with the session cookie and returns the parsed answer', async () => {
    let seen: Record<string, unknown> = {};
    server.use(
      http.post(PATH, async ({ request }) => {
        seen = {
          credentials: request.credentials,
          accept: request.headers.get('Accept'),
          type: request.headers.get('Content-Type'),
          body: await request.json(),
        };
        return HttpResponse.json({ id: 7, name: 'Pool' }, { status: 201 });
      }),
    );
    const refused = countAccessRefused();
    await expect(send('POST', PATH, { ...withParse, json: { name: 'Pool' } })).resolves.toEqual({
      ok: true,
      value: { id: 7, name: 'Pool' },
    });
    expect(seen).toEqual({
      credentials: 'include',
      accept: 'application/json',
      type: 'application/json',
      body: { name: 'Pool' },
    });
    expect(refused()).toBe(0);
  });

  it("gives the server's own message for a refusal, with its status and body", async () => {
    server.use(
      http.delete(PATH, () =>
        HttpResponse.json({ error: 'The last Admin cannot be removed' }, { status: 409 }),
      ),
    );
    await expect(send('DELETE', PATH, withParse)).resolves.toEqual({
      ok: false,
      error: 'The last Admin cannot be removed',
      status: 409,
      body: { error: 'The last Admin cannot be removed' },
    });
  });

  it('names the status when the answer is not JSON (a proxy error page)', async () => {
    server.use(
      http.patch(PATH, () => new HttpResponse('<h1>Internal Server Error</h1>', { status: 500 })),
    );
    await expect(send('PATCH', PATH, { ...withParse, json: {} })).resolves.toEqual({
      ok: false,
      error: 'The server answered 500; try again',
      status: 500,
      body: null,
    });
    expect(getConnectivity()).toBe('online');
  });

  it("says the caller's offline message and reports the server unreachable", async () => {
    server.use(http.post(PATH, () => HttpResponse.error()));
    await expect(send('POST', PATH, { ...withParse, json: {} })).resolves.toEqual({
      ok: false,
      error: OFFLINE,
      status: null,
      body: null,
    });
    expect(getConnectivity()).toBe('unreachable');
  });

  it('reports the server reached again once it answers, whatever the status', async () => {
    reportServerUnreachable();
    server.use(http.post(PATH, () => HttpResponse.json({ error: 'No' }, { status: 400 })));
    await send('POST', PATH, withParse);
    expect(getConnectivity()).toBe('online');
  });

  it('reports access refused on a 401 and a 403, keeping the message', async () => {
    const refused = countAccessRefused();
    server.use(
      http.put(PATH, () => HttpResponse.json({ error: 'Sign in to continue' }, { status: 401 })),
    );
    await expect(send('PUT', PATH, { ...withParse, json: {} })).resolves.toMatchObject({
      ok: false,
      error: 'Sign in to continue',
      status: 401,
    });
    expect(refused()).toBe(1);
    server.use(http.put(PATH, () => new HttpResponse(null, { status: 403 })));
    await expect(send('PUT', PATH, { ...withParse, json: {} })).resolves.toMatchObject({
      ok: false,
      error: 'The server answered 403; try again',
    });
    expect(refused()).toBe(2);
  });

  it.each([
    ['not what the contract says', () => HttpResponse.json({ id: 'seven' }), { id: 'seven' }],
    ['empty', () => new HttpResponse('', { status: 200 }), null],
    ['cut off', () => new HttpResponse('{"oops":[1,2,', { status: 200 }), null],
  ])(
    'a write answered 2xx with an answer %s may be saved: it says so, never "try again"',
    async (_, answer, body) => {
      server.use(http.post(PATH, answer), http.patch(PATH, answer));
      for (const method of ['POST', 'PATCH'] as const) {
        const outcome = await send(method, PATH, { ...withParse, json: {} });
        expect(outcome).toEqual({ ok: false, error: SAVED_UNKNOWN, status: 200, body });
      }
      expect(SAVED_UNKNOWN).toMatch(/not known whether the change was saved/);
      expect(SAVED_UNKNOWN).not.toMatch(/try again/);
    },
  );

  it('a GET answered 2xx that does not parse names the status (nothing was changed)', async () => {
    server.use(http.get(PATH, () => HttpResponse.json({ id: 'seven' })));
    await expect(send('GET', PATH, withParse)).resolves.toEqual({
      ok: false,
      error: 'The server answered 200; try again',
      status: 200,
      body: { id: 'seven' },
    });
  });

  it('without parse, takes any 2xx: an empty answer is null; no body, no Content-Type', async () => {
    let type: string | null = 'unset';
    server.use(
      http.delete(PATH, ({ request }) => {
        type = request.headers.get('Content-Type');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(send('DELETE', PATH, { offlineMessage: OFFLINE })).resolves.toEqual({
      ok: true,
      value: null,
    });
    expect(type).toBeNull();
  });

  it("sends a file's contents as they are, with its type", async () => {
    let seen: { type: string | null; text: string } | null = null;
    server.use(
      http.post(PATH, async ({ request }) => {
        seen = { type: request.headers.get('Content-Type'), text: await request.text() };
        return HttpResponse.json({ id: 1, name: 'x' });
      }),
    );
    const file = { content: 'name,unit\nAna,B-2\n', type: 'text/csv' };
    await expect(send('POST', PATH, { ...withParse, file })).resolves.toMatchObject({ ok: true });
    expect(seen).toEqual({ type: 'text/csv', text: file.content });
  });
  it('a sign-out made offline goes first; the write never carries the old session', async () => {
    const calls: string[] = [];
    let reachable = false;
    let release: () => void = () => undefined;
    server.use(
      http.post(AUTH_PATHS.signOut, async () => {
        if (!reachable) return HttpResponse.error();
        calls.push('sign-out');
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ ok: true });
      }),
      http.post(PATH, () => {
        calls.push('write');
        return HttpResponse.json({ id: 1, name: 'Pool' });
      }),
    );
    setSignOutPending(true);
    // Still unreachable: the write is not sent at all, and says so.
    expect(await send('POST', PATH, { ...withParse, json: {} })).toMatchObject({
      ok: false,
      error: OFFLINE,
    });
    expect(calls).toEqual([]);
    reachable = true;
    const write = send('POST', PATH, { ...withParse, json: {} });
    await vi.waitFor(() => expect(calls).toEqual(['sign-out']));
    release();
    expect(await write).toMatchObject({ ok: true });
    expect(calls).toEqual(['sign-out', 'write']);
    expect(isSignOutPending()).toBe(false);
  });
});

describe('getText', () => {
  const CSV_PATH = '/api/send-test.csv';

  it('returns the text and headers, keeping the byte order mark when asked', async () => {
    const csv = '\uFEFFname,unit\r\nAna,B-2\r\n';
    server.use(
      http.get(CSV_PATH, ({ request }) =>
        request.headers.get('Accept') === 'text/csv'
          ? new HttpResponse(new TextEncoder().encode(csv), {
              headers: { 'Content-Disposition': 'attachment; filename="x.csv"' },
            })
          : new HttpResponse(null, { status: 406 }),
      ),
    );
    const kept = await getText(CSV_PATH, { offlineMessage: OFFLINE, keepByteOrderMark: true });
    expect(kept.ok && kept.text).toBe(csv);
    expect(kept.ok && kept.headers.get('Content-Disposition')).toContain('x.csv');
    const dropped = await getText(CSV_PATH, { offlineMessage: OFFLINE });
    expect(dropped.ok && dropped.text).toBe(csv.slice(1));
  });

  it("gives a refusal's message, status, text and status text", async () => {
    const refused = countAccessRefused();
    server.use(
      http.get(CSV_PATH, () =>
        HttpResponse.json({ error: 'Managers only' }, { status: 403, statusText: 'Forbidden' }),
      ),
    );
    await expect(getText(CSV_PATH, { offlineMessage: OFFLINE })).resolves.toEqual({
      ok: false,
      error: 'Managers only',
      status: 403,
      body: { error: 'Managers only' },
      text: '{"error":"Managers only"}',
      statusText: 'Forbidden',
    });
    expect(refused()).toBe(1);
  });

  it('a download the caller cancels says nothing about the server', async () => {
    server.use(http.get(CSV_PATH, () => HttpResponse.error()));
    const controller = new AbortController();
    controller.abort();
    const answer = await getText(CSV_PATH, {
      offlineMessage: OFFLINE,
      signal: controller.signal,
    });
    expect(answer).toMatchObject({ ok: false, status: null });
    expect(getConnectivity()).toBe('online');
    await expect(getText(CSV_PATH, { offlineMessage: OFFLINE })).resolves.toMatchObject({
      ok: false,
      error: OFFLINE,
      status: null,
    });
    expect(getConnectivity()).toBe('unreachable');
  });
});

describe('getLargeFile', () => {
  const FILE_PATH = '/api/large-file-test.csv';
  const CUT_OFF = 'The file stopped before its end, so it was not saved: try again.';
  const options = { offlineMessage: OFFLINE, cutOffMessage: CUT_OFF, fallbackName: 'file.csv' };
  const encoder = new TextEncoder();

  /** An answer sent in `parts`, then ended, cut off (`fail`) or left hanging (`hang`). */
  const streamed = (parts: string[], end: 'end' | 'fail' | 'hang' = 'end') =>
    new HttpResponse(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of parts) controller.enqueue(encoder.encode(part));
          if (end === 'end') controller.close();
          if (end === 'fail') controller.error(new Error('connection reset'));
        },
      }),
      {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="readings-2026-11-22.csv"',
        },
      },
    );

  it('keeps the file as a Blob, with its name, its line breaks counted and its head as text', async () => {
    server.use(
      http.get(FILE_PATH, () =>
        streamed(['\uFEFFReport,Readings\r\n\r\nA,B\r\n', '1,2\r\n3,4\r\n']),
      ),
    );
    const file = await getLargeFile(FILE_PATH, options);
    if (!file.ok) throw new Error(file.error);
    expect(file.filename).toBe('readings-2026-11-22.csv');
    expect(file.lineBreaks).toBe(5);
    expect(file.head).toBe('\uFEFFReport,Readings\r\n\r\nA,B\r\n1,2\r\n3,4\r\n');
    expect(file.blob.type).toMatch(/^text\/csv;\s?charset=utf-8$/);
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(file.head);
  });

  it('an answer cut off before its end is not a file: the cut-off message', async () => {
    server.use(http.get(FILE_PATH, () => streamed(['Report,Readings\r\n', '1,2\r\n'], 'fail')));
    await expect(getLargeFile(FILE_PATH, options)).resolves.toEqual({ ok: false, error: CUT_OFF });
  });

  it('gives up when nothing arrives for a while, however long the file has taken', async () => {
    server.use(http.get(FILE_PATH, () => streamed(['Report,Readings\r\n'], 'hang')));
    await expect(getLargeFile(FILE_PATH, { ...options, idleMs: 50 })).resolves.toEqual({
      ok: false,
      error: CUT_OFF,
    });
  });

  it("a refusal is the server's own message; no server, the offline message", async () => {
    server.use(
      http.get(FILE_PATH, () =>
        HttpResponse.json(
          { error: 'Invalid query: from: a day such as 2026-11-22' },
          { status: 400 },
        ),
      ),
    );
    await expect(getLargeFile(FILE_PATH, options)).resolves.toEqual({
      ok: false,
      error: 'Invalid query: from: a day such as 2026-11-22',
    });
    expect(getConnectivity()).toBe('online');
    server.use(http.get(FILE_PATH, () => HttpResponse.error()));
    await expect(getLargeFile(FILE_PATH, options)).resolves.toEqual({
      ok: false,
      error: OFFLINE,
    });
    expect(getConnectivity()).toBe('unreachable');
  });

  it('reports access refused when the session has ended', async () => {
    const refused = countAccessRefused();
    server.use(http.get(FILE_PATH, () => HttpResponse.json({ error: 'Sign in' }, { status: 401 })));
    await expect(getLargeFile(FILE_PATH, options)).resolves.toEqual({
      ok: false,
      error: 'Sign in',
    });
    expect(refused()).toBe(1);
  });
});
