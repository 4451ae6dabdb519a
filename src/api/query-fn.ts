import type { QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { describeIssues } from './contract';

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
        throw new Error('Query parameters must be the last segment of a query key');
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

/** The network could not be reached at all (offline, DNS, connection refused). */
export class NetworkError extends Error {
  constructor() {
    super('Could not reach the server. Check your connection; saved data stays on screen.');
    this.name = 'NetworkError';
  }
}

/** Spec section 8: '{status}: {body text}', or the status text when the body is empty. */
async function failureMessage(res: Response): Promise<string> {
  const body = (await res.text().catch(() => '')).trim();
  return `${res.status}: ${body || res.statusText}`;
}

/** Returned by fetchJson for a 401 when the caller asked for null instead of an error. */
export const UNAUTHORIZED: unique symbol = Symbol('unauthorized');

export async function fetchJson(
  url: string,
  { on401 = 'throw', signal }: { on401?: UnauthorizedBehavior; signal?: AbortSignal } = {},
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      credentials: 'include',
      signal,
      headers: { Accept: 'application/json' },
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError();
  }
  if (on401 === 'returnNull' && res.status === 401) return UNAUTHORIZED;
  if (!res.ok) throw new HttpError(res.status, await failureMessage(res));
  const text = await res.text();
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

/** The default query function of the client: the key is the URL; the payload is not checked. */
export async function defaultQueryFn({
  queryKey,
  signal,
  meta,
}: QueryFunctionContext): Promise<unknown> {
  const on401 = meta?.on401 === 'returnNull' ? 'returnNull' : 'throw';
  const data = await fetchJson(urlFromKey(queryKey), { on401, signal });
  return data === UNAUTHORIZED ? null : data;
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
