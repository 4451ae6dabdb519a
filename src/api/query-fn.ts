import type { QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { reportServerAnswer, reportServerUnreachable } from '../lib/connectivity';
import { describeIssues, SESSION_ENDED_HEADER } from './contract';
import { finishPendingSignOut } from './pending-sign-out';
import { markEndedByServer } from './session-end';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/**
 * Spec section 7: the URL is the query key's segments joined with '/'. A trailing plain object
 * becomes the query string (undefined and null values are left out), so parameters live in the
 * key and every distinct request is its own cache entry.
 */
export function urlFromKey(queryKey: QueryKey): string {
  const segments: string[] = [];
  let params: QueryParams | undefined;
  queryKey.forEach((segment, index) => {
    if (segment !== null && typeof segment === 'object' && !Array.isArray(segment)) {
      if (index !== queryKey.length - 1) {
        throw new Error('Query parameters must come last in a query key');
      }
      params = segment as QueryParams;
    } else if (segment !== undefined && segment !== null) {
      segments.push(String(segment));
    }
  });
  const path = segments.join('/');
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export type UnauthorizedBehavior = 'throw' | 'returnNull';

export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

/** A payload that does not match the contract. */
export class ContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractError';
  }
}

export const UNREACHABLE_MESSAGE = "Can't reach CommonGround. Check your connection.";

/** The server could not be reached at all (offline, DNS, connection refused, no answer). */
export class NetworkError extends Error {
  constructor(message = UNREACHABLE_MESSAGE) {
    super(message);
    this.name = 'NetworkError';
  }
}

/**
 * How long a request may wait for the server. A hanging request (a captive portal, a dead
 * server) counts as unreachable after this, instead of keeping a widget loading for minutes.
 */
export const REQUEST_TIMEOUT_MS = 10_000;

/** No answer within the request timeout: the server counts as unreachable. */
export class TimeoutError extends NetworkError {
  constructor(ms: number) {
    super(`CommonGround did not answer within ${Math.round(ms / 1000)} seconds.`);
    this.name = 'TimeoutError';
  }
}

/**
 * Spec section 8: '{status}: {body text}', or the status text when the body is empty. The body's
 * text of this server's JSON error (`{"error": "…"}`) is its message, not the braces around it.
 */
export function failureMessage(status: number, statusText: string, text: string): string {
  let body = text.trim();
  try {
    const { error } = JSON.parse(body) as { error?: unknown };
    if (typeof error === 'string') body = error;
  } catch {
    // Not JSON, or JSON without a message: the text as it came.
  }
  // An error page (a proxy's, a crashed host's) is not text to read out: its title says it.
  if (/^<(!doctype|html|head|body)\b/i.test(body)) body = htmlTitle(body) ?? '';
  if (body.length > MAX_BODY_TEXT) body = `${body.slice(0, MAX_BODY_TEXT - 1)}…`;
  return `${status}: ${body || statusText || 'the server sent an error page'}`;
}

/** A failure's body text is shown whole up to this long (a stack trace is not). */
const MAX_BODY_TEXT = 200;

/** The words of an HTML page's <title>, or null when it has none with letters in it. */
function htmlTitle(html: string): string | null {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.replace(/\s+/g, ' ').trim();
  return title && /[a-z]/i.test(title) ? title : null;
}

/**
 * Where an app page's head leaves its first answers (src/api/first-answers.ts): a function that
 * gives the answer to a URL once, as a Response, or null when the app should ask alone.
 */
export const FIRST_ANSWERS_GLOBAL = 'cgFirstAnswers';
type FirstAnswers = (url: string) => Promise<Response | null> | null;

/** Returned by fetchJson for a 401 when the caller asked for null instead of an error. */
export const UNAUTHORIZED: unique symbol = Symbol('unauthorized');

export async function fetchJson(
  url: string,
  {
    on401 = 'throw',
    signal,
    timeoutMs = REQUEST_TIMEOUT_MS,
  }: { on401?: UnauthorizedBehavior; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<unknown> {
  await finishPendingSignOut();
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  /** A failure while talking to the server: the caller's cancel passes through unchanged. */
  const unreachable = (error: unknown) => {
    if (signal?.aborted) return error;
    reportServerUnreachable();
    return timeout.aborted ? new TimeoutError(timeoutMs) : new NetworkError();
  };
  let res: Response;
  let text: string;
  try {
    const first = (globalThis as { [FIRST_ANSWERS_GLOBAL]?: FirstAnswers })[FIRST_ANSWERS_GLOBAL];
    res =
      (await first?.(url)) ??
      (await fetch(url, {
        credentials: 'include',
        signal: combined,
        headers: { Accept: 'application/json' },
      }));
    // The body can hang as well as the headers, so it is read under the same timeout.
    text = on401 === 'returnNull' && res.status === 401 ? '' : await res.text();
  } catch (error) {
    throw unreachable(error);
  }
  if (!reportServerAnswer(res.status)) throw new NetworkError();
  if (res.status === 401 && res.headers.get(SESSION_ENDED_HEADER) === '1') markEndedByServer();
  if (on401 === 'returnNull' && res.status === 401) return UNAUTHORIZED;
  if (!res.ok) throw new HttpError(res.status, failureMessage(res.status, res.statusText, text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ContractError(`Unexpected response from ${url}: the server did not send JSON.`);
  }
}

export function parseWith<S extends z.ZodMiniType>(
  schema: S,
  data: unknown,
  url: string,
): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ContractError(`Unexpected response from ${url}: ${describeIssues(result.error)}`);
  }
  return result.data;
}

/**
 * The default query function of the client, for a query restored from the snapshot that is
 * refetched before a component gives it its own: the key is the URL; the payload is not checked.
 */
export function defaultQueryFn({ queryKey, signal }: QueryFunctionContext): Promise<unknown> {
  return fetchJson(urlFromKey(queryKey), { signal });
}

/**
 * The query function of every endpoint: the default semantics plus validation against the
 * endpoint's schema. With on401 'returnNull' a 401 yields null instead of an error.
 */
export function contractQueryFn<S extends z.ZodMiniType>(
  schema: S,
  options: { on401: 'returnNull' },
): (context: QueryFunctionContext) => Promise<z.output<S> | null>;
export function contractQueryFn<S extends z.ZodMiniType>(
  schema: S,
  options?: { on401?: 'throw' },
): (context: QueryFunctionContext) => Promise<z.output<S>>;
export function contractQueryFn<S extends z.ZodMiniType>(
  schema: S,
  { on401 = 'throw' }: { on401?: UnauthorizedBehavior } = {},
) {
  return async ({ queryKey, signal }: QueryFunctionContext): Promise<z.output<S> | null> => {
    const url = urlFromKey(queryKey);
    const data = await fetchJson(url, { on401, signal });
    if (data === UNAUTHORIZED) return null;
    return parseWith(schema, data, url);
  };
}
