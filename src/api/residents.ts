import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { reportServerReached, reportServerUnreachable } from '../lib/connectivity';
import {
  RESIDENT_PAGE_SIZE,
  RESIDENTS_EXPORT_PATH,
  RESIDENTS_IMPORT_PATH,
  RESIDENTS_PATH,
  ResidentImportSchema,
  ResidentPageSchema,
  ResidentSchema,
  type Resident,
  type ResidentImport,
  type ResidentInput,
  type ResidentPatch,
} from './contract';
import { contractQueryFn, REQUEST_TIMEOUT_MS } from './query-fn';
import { reportAccessRefused } from './session-end';

/**
 * The residents directory (issue 11): Managers and Admins only (the server answers 403 to
 * anyone else). One page of a search; the page is part of the offline snapshot.
 */
export function residentsQuery(q: string, offset = 0) {
  return queryOptions({
    queryKey: [RESIDENTS_PATH, { q: q || undefined, limit: RESIDENT_PAGE_SIZE, offset }],
    queryFn: contractQueryFn(ResidentPageSchema),
  });
}

export function useResidents(
  q: string,
  offset: number,
  { enabled = true }: { enabled?: boolean } = {},
) {
  // While the next search loads, the last answer stays on screen instead of a skeleton.
  return useQuery({ ...residentsQuery(q, offset), enabled, placeholderData: keepPreviousData });
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string; body: unknown };

export const RESIDENTS_OFFLINE_MESSAGE =
  "Can't reach CommonGround. Changing the residents directory needs a connection; nothing was saved.";

/** The field a server error names ("email: …" names email). */
export function fieldOfError(message: string): string | null {
  return /^([A-Za-z]+):/.exec(message)?.[1] ?? null;
}

async function send<T>(
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body: { json: unknown } | { csv: string } | null,
  parse: (json: unknown) => T | null,
): Promise<Outcome<T>> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, {
      method,
      credentials: 'include',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 3),
      headers: {
        Accept: 'application/json',
        ...(body ? { 'Content-Type': 'json' in body ? 'application/json' : 'text/csv' } : {}),
      },
      body: body === null ? undefined : 'json' in body ? JSON.stringify(body.json) : body.csv,
    });
    text = await res.text();
  } catch {
    reportServerUnreachable();
    return { ok: false, error: RESIDENTS_OFFLINE_MESSAGE, body: null };
  }
  reportServerReached();
  if (res.status === 401 || res.status === 403) reportAccessRefused();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: described below
  }
  const value = res.ok ? parse(json) : null;
  if (value !== null) return { ok: true, value };
  const error =
    json !== null && typeof json === 'object' && 'error' in json && typeof json.error === 'string'
      ? json.error
      : `The server answered ${res.status}; try again`;
  return { ok: false, error, body: json };
}

const parser =
  <T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }) =>
  (json: unknown) => {
    const parsed = schema.safeParse(json);
    return parsed.success ? parsed.data : null;
  };

export const createResident = (input: ResidentInput): Promise<Outcome<Resident>> =>
  send('POST', RESIDENTS_PATH, { json: input }, parser(ResidentSchema));

export const updateResident = (id: number, patch: ResidentPatch): Promise<Outcome<Resident>> =>
  send('PATCH', `${RESIDENTS_PATH}/${id}`, { json: patch }, parser(ResidentSchema));

export const removeResident = (id: number): Promise<Outcome<Resident>> =>
  send('DELETE', `${RESIDENTS_PATH}/${id}`, null, parser(ResidentSchema));

/**
 * A CSV file checked (`dryRun`) or imported. A refused import still carries its rows: the
 * outcome's `body` is then the preview with each row's problems.
 */
export const importResidents = (csv: string, dryRun: boolean): Promise<Outcome<ResidentImport>> =>
  send(
    'POST',
    `${RESIDENTS_IMPORT_PATH}${dryRun ? '?dryRun=1' : ''}`,
    { csv },
    parser(ResidentImportSchema),
  );

/** The preview inside a refused import's body, when there is one. */
export function previewOf(body: unknown): ResidentImport | null {
  const parsed = ResidentImportSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** The server's CSV file of the whole directory, with the name it gave it. */
export async function fetchResidentsCsv(): Promise<
  { ok: true; filename: string; text: string } | { ok: false; error: string }
> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(RESIDENTS_EXPORT_PATH, {
      credentials: 'include',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 3),
      headers: { Accept: 'text/csv' },
    });
    // As bytes, so the byte order mark (Excel's cue for UTF-8) stays in the file.
    text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  } catch {
    reportServerUnreachable();
    return {
      ok: false,
      error: "Can't reach CommonGround. Exporting the directory needs a connection.",
    };
  }
  reportServerReached();
  if (res.status === 401 || res.status === 403) reportAccessRefused();
  if (!res.ok) {
    let error = `The server answered ${res.status}; try again`;
    try {
      const json = JSON.parse(text) as unknown;
      if (json !== null && typeof json === 'object' && 'error' in json) error = String(json.error);
    } catch {
      // not JSON
    }
    return { ok: false, error };
  }
  const filename =
    /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'residents.csv';
  return { ok: true, filename, text };
}

/** After a change: every page of the directory reads the server again. */
export async function refreshResidents(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: [RESIDENTS_PATH] });
}
