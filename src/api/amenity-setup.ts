import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { reportServerReached, reportServerUnreachable } from '../lib/connectivity';
import {
  AMENITY_SETUP_PATH,
  API_PATHS,
  amenityPhotoPath,
  AmenitySetupSchema,
  AmenitySetupListSchema,
  type AmenityInput,
  type AmenityPatch,
  type AmenitySetup,
} from './contract';
import { contractQueryFn, REQUEST_TIMEOUT_MS } from './query-fn';
import { reportAccessRefused } from './session-end';

/** Every amenity's settings (archived ones included), for the settings forms. */
export function amenitySetupQuery() {
  return queryOptions({
    queryKey: [AMENITY_SETUP_PATH],
    queryFn: contractQueryFn(AmenitySetupListSchema),
  });
}

export function useAmenitySetup({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...amenitySetupQuery(), enabled });
}

export type SaveResult =
  | { ok: true; amenity: AmenitySetup }
  /** `field` is the input the server named, when it named one. */
  | { ok: false; error: string; field: string | null };

export const OFFLINE_MESSAGE =
  "Can't reach CommonGround. Changing amenities needs a connection; nothing was saved.";

/**
 * The field a server error names ("capacity: must be at least 1" names capacity;
 * "hours.3.closesMinute: ..." names hours).
 */
export function fieldOfError(message: string): string | null {
  return /^([A-Za-z]+)(?:\.[\w.]+)?:/.exec(message)?.[1] ?? null;
}

/** A photo of up to 2 MB may take a while on a slow phone connection. */
const PHOTO_TIMEOUT_MS = 60_000;

type Body = { json: unknown } | { photo: Uint8Array<ArrayBuffer>; type: string } | null;

async function send(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: Body,
): Promise<SaveResult> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, {
      method,
      credentials: 'include',
      signal: AbortSignal.timeout(body && 'photo' in body ? PHOTO_TIMEOUT_MS : REQUEST_TIMEOUT_MS),
      headers: {
        Accept: 'application/json',
        ...(body === null
          ? {}
          : { 'Content-Type': 'json' in body ? 'application/json' : body.type }),
      },
      body: body === null ? undefined : 'json' in body ? JSON.stringify(body.json) : body.photo,
    });
    text = await res.text();
  } catch {
    reportServerUnreachable();
    return { ok: false, error: OFFLINE_MESSAGE, field: null };
  }
  reportServerReached();
  if (res.status === 401 || res.status === 403) reportAccessRefused();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: described below
  }
  if (res.ok) {
    const amenity = AmenitySetupSchema.safeParse(json);
    if (amenity.success) return { ok: true, amenity: amenity.data };
  }
  const error =
    json !== null && typeof json === 'object' && 'error' in json && typeof json.error === 'string'
      ? json.error
      : `The server answered ${res.status}; try again`;
  return { ok: false, error, field: fieldOfError(error) };
}

export const createAmenity = (input: AmenityInput) =>
  send('POST', AMENITY_SETUP_PATH, { json: input });

export const updateAmenity = (id: string, patch: AmenityPatch) =>
  send('PATCH', `${AMENITY_SETUP_PATH}/${encodeURIComponent(id)}`, { json: patch });

export const archiveAmenity = (id: string) =>
  send('POST', `${AMENITY_SETUP_PATH}/${encodeURIComponent(id)}/archive`, { json: {} });

/**
 * Uploads (or replaces) an amenity's photo: the file's bytes as they are, which the server
 * checks again (type from the bytes, size, dimensions).
 */
export const uploadAmenityPhoto = (id: string, photo: Uint8Array<ArrayBuffer>, type: string) =>
  send('PUT', amenityPhotoPath(id), { photo, type });

export const removeAmenityPhoto = (id: string) => send('DELETE', amenityPhotoPath(id), null);

/** After a change: every view of the amenities reads the server again. */
export async function refreshAmenityViews(client: QueryClient): Promise<void> {
  await Promise.all(
    [AMENITY_SETUP_PATH, API_PATHS.amenityAnalytics, API_PATHS.popularity, API_PATHS.sensors].map(
      (path) => client.invalidateQueries({ queryKey: [path] }),
    ),
  );
}
