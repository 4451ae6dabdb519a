import { reportServerAnswer, reportServerUnreachable } from '../lib/connectivity';
import { finishPendingSignOut } from './pending-sign-out';
import { REQUEST_TIMEOUT_MS } from './query-fn';
import { reportAccessRefused } from './session-end';

/**
 * The one way the client writes to the server, and downloads a text file (queries go through
 * query-fn.ts instead). Every request carries the session cookie, gives up after a timeout
 * (a hanging write would otherwise keep its form busy for minutes), tells the connectivity
 * banner whether the server answered, and reports a 401/403 so the shell asks who the user is
 * now. A failure is returned in words for the person who asked, never thrown: each form shows
 * it next to what was tried.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Failure = {
  ok: false;
  /** For the person who asked: the caller's offline message, the server's own, or the status. */
  error: string;
  /** The answer's status; null when the server was not reached. */
  status: number | null;
  /** The answer's JSON; null when the server was not reached, sent nothing, or sent no JSON. */
  body: unknown;
};

export type Outcome<T> = { ok: true; value: T } | Failure;

/**
 * A write the server accepted (2xx) with an answer that cannot be read (empty, cut off, not what
 * the contract says): the change may well be stored. "Try again" could make it twice (a second
 * resident, a second amenity), so this says so instead; the caller reads again what the write
 * touches (invalidates its queries), so the screen shows what was stored.
 */
export const SAVED_UNKNOWN =
  'CommonGround answered, but its reply could not be read, so it is not known whether the change was saved. Check what is shown now before trying again.';

/** What a request carries: JSON, or a file's contents as they are (a photo, a CSV). */
export type RequestBody =
  | { json?: unknown; file?: undefined }
  | { file: { content: BodyInit; type: string }; json?: undefined };

export type SendOptions = RequestBody & {
  /** Said when the server cannot be reached: the caller knows what was not done. */
  offlineMessage: string;
  timeoutMs?: number;
};

/**
 * One request whose answer is JSON. With `parse`, a 2xx answer succeeds only when `parse` makes
 * a value of it (null: it does not fit; for a write that fails with SAVED_UNKNOWN); without, any
 * 2xx succeeds with its JSON (null when the answer was empty or not JSON), for callers that
 * check it themselves.
 */
export function send<T>(
  method: Method,
  path: string,
  options: SendOptions & { parse: (json: unknown) => T | null },
): Promise<Outcome<T>>;
export function send(method: Method, path: string, options: SendOptions): Promise<Outcome<unknown>>;
export async function send<T>(
  method: Method,
  path: string,
  { parse, offlineMessage, ...request }: SendOptions & { parse?: (json: unknown) => T | null },
): Promise<Outcome<unknown>> {
  const answer = await exchange(method, path, { ...request, accept: 'application/json' });
  if (answer === null) return { ok: false, error: offlineMessage, status: null, body: null };
  const json = jsonOf(answer.text);
  if (answer.res.ok) {
    if (!parse) return { ok: true, value: json };
    const value = parse(json);
    if (value !== null) return { ok: true, value };
    if (method !== 'GET') {
      return { ok: false, error: SAVED_UNKNOWN, status: answer.res.status, body: json };
    }
  }
  return {
    ok: false,
    error: messageOf(answer.res.status, json),
    status: answer.res.status,
    body: json,
  };
}

/** A `parse` for `send` from a contract schema. */
export const parser =
  <T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }) =>
  (json: unknown): T | null => {
    const parsed = schema.safeParse(json);
    return parsed.success ? parsed.data : null;
  };

/**
 * A refused download keeps the answer's own text and status text, for callers that report
 * failures as queries do ("{status}: {body}").
 */
export type TextOutcome =
  { ok: true; text: string; headers: Headers } | (Failure & { text: string; statusText: string });

/**
 * A text download (a CSV file). A request cancelled through `signal` is not reported as the
 * server being unreachable: the caller can tell by its own signal.
 */
export async function getText(
  path: string,
  {
    offlineMessage,
    accept = 'text/csv',
    timeoutMs,
    signal,
    keepByteOrderMark = false,
  }: {
    offlineMessage: string;
    accept?: string;
    timeoutMs?: number;
    signal?: AbortSignal;
    /** Excel reads a CSV file as UTF-8 only when it starts with one; res.text() drops it. */
    keepByteOrderMark?: boolean;
  },
): Promise<TextOutcome> {
  const answer = await exchange('GET', path, { accept, timeoutMs, signal, keepByteOrderMark });
  if (answer === null) {
    return { ok: false, error: offlineMessage, status: null, body: null, text: '', statusText: '' };
  }
  const { res, text } = answer;
  if (res.ok) return { ok: true, text, headers: res.headers };
  const json = jsonOf(text);
  return {
    ok: false,
    error: messageOf(res.status, json),
    status: res.status,
    body: json,
    text,
    statusText: res.statusText,
  };
}

/**
 * A CSV file the server makes (the residents directory, the audit log), with the name it gave
 * it in Content-Disposition (`fallbackName` without one), its byte order mark kept for Excel.
 */
export async function getCsvFile(
  path: string,
  {
    offlineMessage,
    fallbackName,
    timeoutMs,
  }: { offlineMessage: string; fallbackName: string; timeoutMs?: number },
): Promise<{ ok: true; filename: string; text: string } | { ok: false; error: string }> {
  const answer = await getText(path, { offlineMessage, timeoutMs, keepByteOrderMark: true });
  if (!answer.ok) return { ok: false, error: answer.error };
  return { ok: true, filename: filenameOf(answer.headers) ?? fallbackName, text: answer.text };
}

/** The answer and its text, or null when the server was not reached. */
async function exchange(
  method: Method,
  path: string,
  {
    accept,
    timeoutMs = REQUEST_TIMEOUT_MS,
    signal,
    keepByteOrderMark = false,
    ...body
  }: RequestBody & {
    accept: string;
    timeoutMs?: number;
    signal?: AbortSignal;
    keepByteOrderMark?: boolean;
  },
): Promise<{ res: Response; text: string } | null> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let res: Response;
  let text: string;
  try {
    res = await start(method, path, {
      ...body,
      accept,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    // The body can hang as well as the headers, so it is read under the same timeout.
    text = keepByteOrderMark
      ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
      : await res.text();
  } catch {
    if (!signal?.aborted) reportServerUnreachable();
    return null;
  }
  heard(res);
  return { res, text };
}

/** Every request: a sign-out made offline first, then the request with the session cookie. */
async function start(
  method: Method,
  path: string,
  { json, file, accept, signal }: RequestBody & { accept: string; signal: AbortSignal },
): Promise<Response> {
  // This request must not carry the old session's cookie (pending-sign-out.ts; it throws while
  // the server cannot be reached).
  await finishPendingSignOut();
  const contentType = file ? file.type : json === undefined ? null : 'application/json';
  // Serialised inside the caller's try: a body that cannot be sent is a failed request.
  return fetch(path, {
    method,
    credentials: 'include',
    signal,
    headers: { Accept: accept, ...(contentType ? { 'Content-Type': contentType } : {}) },
    body: file ? file.content : json === undefined ? undefined : JSON.stringify(json),
  });
}

/**
 * Tells the banner the server answered, and the shell when it refused who is asking. A gateway's
 * 502-504 marks the server out of reach for the banner; the caller still gets the status, since
 * a write the gateway gave up on may have been made.
 */
function heard(res: Response): void {
  reportServerAnswer(res.status);
  if (res.status === 401 || res.status === 403) reportAccessRefused();
}

export type LargeFileOutcome =
  | {
      ok: true;
      filename: string;
      blob: Blob;
      /** How many line breaks (LF) the file holds. */
      lineBreaks: number;
      /** The file's first bytes as text (HEAD_BYTES or so): enough to read its header. */
      head: string;
    }
  | { ok: false; error: string };

const HEAD_BYTES = 65_536;
const PROGRESS_EVERY_MS = 250;

/**
 * A file the server sends as it makes it (a period's readings: up to hundreds of megabytes),
 * kept as a Blob (the browser may hold a large one on disk), never as one string. It is given
 * up when nothing has arrived for `idleMs`, not after a fixed time, since a long file on a slow
 * line takes minutes; an answer cut off before its end fails with `cutOffMessage`: half a file
 * is never saved as if whole.
 */
export async function getLargeFile(
  path: string,
  {
    offlineMessage,
    cutOffMessage,
    fallbackName,
    idleMs = REQUEST_TIMEOUT_MS,
    onProgress,
  }: {
    offlineMessage: string;
    cutOffMessage: string;
    fallbackName: string;
    idleMs?: number;
    /** The bytes received so far, every PROGRESS_EVERY_MS while more arrive (a long file
     * takes minutes). */
    onProgress?: (receivedBytes: number) => void;
  },
): Promise<LargeFileOutcome> {
  const idle = new AbortController();
  let progress: ReturnType<typeof setInterval> | undefined;
  let timer = setTimeout(() => idle.abort(), idleMs);
  const arriving = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), idleMs);
  };
  try {
    let res: Response;
    try {
      res = await start('GET', path, { accept: 'text/csv', signal: idle.signal });
    } catch {
      reportServerUnreachable();
      return { ok: false, error: offlineMessage };
    }
    heard(res);
    if (!res.ok || !res.body) {
      const text = await res.text().catch(() => '');
      return { ok: false, error: messageOf(res.status, jsonOf(text)) };
    }
    let lineBreaks = 0;
    let received = 0;
    let told = 0;
    if (onProgress) {
      progress = setInterval(() => {
        if (received === told) return;
        told = received;
        onProgress(received);
      }, PROGRESS_EVERY_MS);
    }
    const headDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let head = '';
    let headLength = 0;
    const counted = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          arriving();
          received += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) {
            lineBreaks++;
          }
          if (headLength < HEAD_BYTES) {
            head += headDecoder.decode(chunk, { stream: true });
            headLength += chunk.length;
          }
          controller.enqueue(chunk);
        },
      }),
      // The fetch's own abort may not reach a body already being read: the pipe stops too.
      { signal: idle.signal },
    );
    let blob: Blob;
    try {
      blob = await new Response(counted, {
        headers: { 'Content-Type': res.headers.get('Content-Type') ?? '' },
      }).blob();
    } catch {
      return { ok: false, error: cutOffMessage };
    }
    return {
      ok: true,
      filename: filenameOf(res.headers) ?? fallbackName,
      blob,
      lineBreaks,
      head,
    };
  } finally {
    clearTimeout(timer);
    clearInterval(progress);
  }
}

/** The name a server gave its file (Content-Disposition), if it gave one. */
function filenameOf(headers: Headers): string | null {
  return /filename="([^"]+)"/.exec(headers.get('Content-Disposition') ?? '')?.[1] ?? null;
}

/** An answer that is not JSON (a proxy's error page, an empty 204) counts as no JSON. */
function jsonOf(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The server's own reason (`{ error }`), else the status: never a blank failure. */
function messageOf(status: number, json: unknown): string {
  return json !== null &&
    typeof json === 'object' &&
    'error' in json &&
    typeof json.error === 'string'
    ? json.error
    : `The server answered ${status}; try again`;
}
