import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { describeIssues } from '../src/api/contract';
import { HttpError, type HeaderValues } from './errors';
import { API_ONLY_CSP } from './static/csp';

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The headers every response carries, built once per app as plain objects: each response gets
 * its full set at construction and is never patched afterwards, so @hono/node-server writes it
 * straight to the socket.
 */
export type ResponseKit = {
  security: Record<string, string>;
  apiHeaders: Record<string, string>;
  apiCompressedHeaders: Record<'br' | 'gzip', Record<string, string>>;
  /** Any response with the security headers added. */
  reply(
    status: number,
    body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | string | null,
    headers: Record<string, string>,
  ): Response;
  /** A JSON error `{ error }`. */
  problem(status: number, message: string, headers?: HeaderValues): Response;
  /** A JSON body with the API headers. */
  json(status: number, value: unknown): Response;
};

export function responseKit(csp: string): ResponseKit {
  const security: Record<string, string> = {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  // A JSON answer is never a page: opened as one, it may load nothing. The site's policy (with a
  // hash per inline script of every page, ~1.2 KB) would only weigh on each of the ten requests
  // a dashboard makes as it opens.
  const apiHeaders = {
    ...security,
    'Content-Security-Policy': API_ONLY_CSP,
    'Content-Type': JSON_TYPE,
    'Cache-Control': 'no-store',
  };
  return {
    security,
    apiHeaders,
    apiCompressedHeaders: {
      br: { ...apiHeaders, 'Content-Encoding': 'br', Vary: 'Accept-Encoding' },
      gzip: { ...apiHeaders, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' },
    },
    reply: (status, body, headers) =>
      new Response(body, { status, headers: { ...security, ...headers } }),
    problem: (status, message, headers = {}) =>
      new Response(JSON.stringify({ error: message }), {
        status,
        // A body refused while it streams in is left unread, and the server then closes the
        // connection: said, so a client does not send its next request on it and lose it.
        headers: headerInit({
          ...apiHeaders,
          ...(status === 413 ? { Connection: 'close' } : {}),
          ...headers,
        }),
      }),
    json: (status, value) => new Response(JSON.stringify(value), { status, headers: apiHeaders }),
  };
}

/** Headers as Response takes them: the plain object when each is sent once, pairs otherwise. */
function headerInit(headers: HeaderValues): HeadersInit {
  const values = Object.entries(headers);
  if (values.every((entry): entry is [string, string] => typeof entry[1] === 'string')) {
    return Object.fromEntries(values);
  }
  return values.flatMap(([name, value]) =>
    (typeof value === 'string' ? [value] : value).map((one): [string, string] => [name, one]),
  );
}

/** Query parameters that are whole numbers: plain decimal digits only (no 1e2, 0x10, spaces). */
const INTEGER_PARAMS = ['days', 'month', 'limit', 'offset'];

/** The request's query, validated by `schema`; a 400 naming the problem otherwise. */
export function parseQuery<S extends z.ZodMiniType>(schema: S, c: Context): z.output<S> {
  // Asked twice (?days=1&days=2), which one was meant cannot be known: said, not guessed.
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.length > 1) {
      throw new HttpError(
        400,
        `Invalid query: ${name}: given ${values.length} times; give it once`,
      );
    }
  }
  const query = { ...c.req.query() };
  for (const name of INTEGER_PARAMS) {
    const value = query[name];
    if (value === undefined) continue;
    if (value === '') {
      throw new HttpError(
        400,
        `Invalid query: ${name}: a value is required (or leave ${name} out)`,
      );
    }
    if (!/^[0-9]+$/.test(value)) {
      throw new HttpError(400, `Invalid query: ${name}: must be a whole number in decimal digits`);
    }
    // Past 2^53 a number is no longer exact, and z.int() would refuse it by naming that bound
    // (or Infinity) rather than the parameter's own. Every one of these parameters has a far
    // smaller maximum, so the largest exact number stands in and meets it: "must be at most 366".
    if (Number(value) > Number.MAX_SAFE_INTEGER) query[name] = String(Number.MAX_SAFE_INTEGER);
  }
  const result = schema.safeParse(query);
  if (!result.success) throw new HttpError(400, `Invalid query: ${describeIssues(result.error)}`);
  return result.data;
}
