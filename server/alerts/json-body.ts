import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type * as z from 'zod/mini';
import { describeIssues } from '../../src/api/contract';
import { HttpError } from '../errors';
import { parseJsonText } from '../json-text';
import type { ResponseKit } from '../http';

/** Settings bodies are a few hundred bytes; anything this large is not one. */
export const MAX_SETTINGS_BODY_BYTES = 16 * 1024;

/** Middleware that refuses a larger body while it streams in, before it is buffered. */
export const settingsBodyLimit = (kit: ResponseKit) =>
  bodyLimit({
    maxSize: MAX_SETTINGS_BODY_BYTES,
    onError: () => kit.problem(413, 'Request body too large'),
  });

/** A JSON request body checked by `schema`: a 415, or a 400 naming the field. */
export async function readJson<S extends z.ZodMiniType>(
  c: Context,
  schema: S,
): Promise<z.output<S>> {
  if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) {
    throw new HttpError(415, 'Send the body as application/json');
  }
  // Its size is bounded by settingsBodyLimit, which every route using this is behind.
  const body = parseJsonText(await c.req.text());
  if (!body.ok) throw new HttpError(400, body.reason);
  const result = schema.safeParse(body.value);
  if (!result.success) throw new HttpError(400, describeIssues(result.error));
  return result.data;
}

/** A numeric id from the path, or a 404 (ids are serial: whole, positive, int4). */
export function pathId(c: Context, what: string): number {
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new HttpError(404, `No ${what} ${raw}`);
  return id;
}
