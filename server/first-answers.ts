import type { Context } from 'hono';
import { FIRST_ANSWERS_PATH, MAX_FIRST_ANSWERS, SESSION_ENDED_HEADER } from '../src/api/contract';
import { HttpError } from './errors';
import type { ResponseKit } from './http';
import { encodable, encodedBody } from './static/compression';

/** One answer of the batch: what the client needs to read it as it would a response of its own. */
export type FirstAnswer = { path: string; status: number; sessionEnded?: true; body: string };

const MAX_PATH_LENGTH = 512;
/** The batch is JSON and carries JSON answers (problem+json too); any other is a 406 in it. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * The `path` parameters of a batch, refused with a 400 unless each is a path of the API as it
 * would be asked alone: under /api/, in its plain form (no `..`, no other host), not a batch.
 */
export function firstAnswerPaths(paths: readonly string[]): readonly string[] {
  if (paths.length === 0) throw new HttpError(400, 'Invalid query: path: at least one is required');
  if (paths.length > MAX_FIRST_ANSWERS) {
    throw new HttpError(400, `Invalid query: path: at most ${MAX_FIRST_ANSWERS} are allowed`);
  }
  for (const path of paths) {
    if (path.length > MAX_PATH_LENGTH) {
      throw new HttpError(400, `Invalid query: path: at most ${MAX_PATH_LENGTH} characters each`);
    }
    const url = new URL(path, 'http://localhost');
    const plain = url.pathname + url.search === path && url.origin === 'http://localhost';
    if (!plain || !url.pathname.startsWith('/api/') || url.pathname === FIRST_ANSWERS_PATH) {
      throw new HttpError(400, `Invalid query: path: ${JSON.stringify(path)} is not an API path`);
    }
  }
  return paths;
}

/**
 * GET /api/first-answers: each path is asked of the app itself, with the caller's own headers
 * (its session cookie among them), so each answer passes the same access rules, validation and
 * cache as when it is asked alone; the batch only saves the requests.
 */
export function firstAnswersHandler(
  dispatch: (request: Request, env: unknown) => Promise<Response> | Response,
  kit: ResponseKit,
) {
  return async (c: Context) => {
    const paths = firstAnswerPaths(c.req.queries('path') ?? []);
    const headers = new Headers(c.req.raw.headers);
    // Each body is read as text and goes into this one answer, compressed as a whole.
    headers.delete('Accept-Encoding');
    const origin = new URL(c.req.url).origin;
    // An ended session's answers clear its cookie; the batch passes that on.
    const cookies = new Set<string>();
    const answers = await Promise.all(
      paths.map(async (path): Promise<FirstAnswer> => {
        const response = await dispatch(new Request(origin + path, { headers }), c.env);
        for (const cookie of response.headers.getSetCookie()) cookies.add(cookie);
        const ended = response.headers.get(SESSION_ENDED_HEADER) === '1';
        const type = response.headers.get('Content-Type');
        if (type !== null && !JSON_TYPE.test(type)) {
          // Read as text, an image's bytes would come out mangled, with a 200.
          await response.body?.cancel();
          return {
            path,
            status: 406,
            body: JSON.stringify({
              error: `${path} answers ${type.split(';')[0]}, not JSON: ask for it on its own`,
            }),
          };
        }
        return {
          path,
          status: response.status,
          ...(ended ? { sessionEnded: true as const } : {}),
          body: await response.text(),
        };
      }),
    );
    const payload = encodable(JSON.stringify({ answers }));
    const { body, encoding } = encodedBody(payload, c.req.header('Accept-Encoding'), {
      dynamic: true,
    });
    const responseHeaders = new Headers(
      encoding ? kit.apiCompressedHeaders[encoding] : kit.apiHeaders,
    );
    for (const cookie of cookies) responseHeaders.append('Set-Cookie', cookie);
    return new Response(body, { status: 200, headers: responseHeaders });
  };
}
