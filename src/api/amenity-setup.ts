import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { reportServerReached, reportServerUnreachable } from '../lib/connectivity';
import {
  AMENITY_SETUP_PATH,
  API_PATHS,
  AmenitySetupSchema,
  AmenitySetupListSchema,
  type AmenityInput,
  type AmenityPatch,
  type AmenitySetup,
} from './contract';
import { contractQueryFn, REQUEST_TIMEOUT_MS } from './query-fn';

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

async function send(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<SaveResult> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, {
      method,
      credentials: 'include',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    text = await res.text();
  } catch {
    reportServerUnreachable();
    return { ok: false, error: OFFLINE_MESSAGE, field: null };
  }
  reportServerReached();
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

export const createAmenity = (input: AmenityInput) => send('POST', AMENITY_SETUP_PATH, input);

export const updateAmenity = (id: string, patch: AmenityPatch) =>
  send('PATCH', `${AMENITY_SETUP_PATH}/${encodeURIComponent(id)}`, patch);

export const archiveAmenity = (id: string) =>
  send('POST', `${AMENITY_SETUP_PATH}/${encodeURIComponent(id)}/archive`, {});

/** After a change: every view of the amenities reads the server again. */
export async function refreshAmenityViews(client: QueryClient): Promise<void> {
  await Promise.all(
    [AMENITY_SETUP_PATH, API_PATHS.amenityAnalytics, API_PATHS.popularity, API_PATHS.sensors].map(
      (path) => client.invalidateQueries({ queryKey: [path] }),
    ),
  );
}
