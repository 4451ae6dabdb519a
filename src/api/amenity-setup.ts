import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  ALERTS_API_PATHS,
  AMENITY_SETUP_PATH,
  API_PATHS,
  amenityPhotoPath,
  AmenitySetupSchema,
  AmenitySetupListSchema,
  type AmenityInput,
  type AmenityPatch,
  type AmenitySetup,
} from './contract';
import { fieldOfError } from '../lib/field-error';
import { contractQueryFn } from './query-fn';
import { parser, send, type Method, type RequestBody } from './send';

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

/** A photo of up to 2 MB may take a while on a slow phone connection. */
const PHOTO_TIMEOUT_MS = 60_000;

async function save(
  method: Method,
  path: string,
  body: RequestBody,
  timeoutMs?: number,
): Promise<SaveResult> {
  const result = await send(method, path, {
    ...body,
    timeoutMs,
    offlineMessage: OFFLINE_MESSAGE,
    parse: parser(AmenitySetupSchema),
  });
  if (result.ok) return { ok: true, amenity: result.value };
  return {
    ok: false,
    error: result.error,
    // The offline message is ours: only the server's words can name a field.
    field: result.status === null ? null : fieldOfError(result.error),
  };
}

export const createAmenity = (input: AmenityInput) =>
  save('POST', AMENITY_SETUP_PATH, { json: input });

export const updateAmenity = (id: string, patch: AmenityPatch) =>
  save('PATCH', `${AMENITY_SETUP_PATH}/${encodeURIComponent(id)}`, { json: patch });

export const archiveAmenity = (id: string) =>
  save('POST', `${AMENITY_SETUP_PATH}/${encodeURIComponent(id)}/archive`, { json: {} });

/** Brings an archived amenity back to every live view; its readings and rules are still there. */
export const restoreAmenity = (id: string) =>
  save('POST', `${AMENITY_SETUP_PATH}/${encodeURIComponent(id)}/restore`, { json: {} });

/**
 * Uploads (or replaces) an amenity's photo: the file's bytes as they are, which the server
 * checks again (type from the bytes, size, dimensions).
 */
export const uploadAmenityPhoto = (id: string, photo: Uint8Array<ArrayBuffer>, type: string) =>
  save('PUT', amenityPhotoPath(id), { file: { content: photo, type } }, PHOTO_TIMEOUT_MS);

export const removeAmenityPhoto = (id: string) => save('DELETE', amenityPhotoPath(id), {});

/**
 * After a change: every view of the amenities reads the server again, the alert rules too (each
 * says whether its amenity is archived, and only then refuses changes).
 */
export async function refreshAmenityViews(client: QueryClient): Promise<void> {
  await Promise.all(
    [
      AMENITY_SETUP_PATH,
      API_PATHS.amenityAnalytics,
      API_PATHS.popularity,
      API_PATHS.sensors,
      ALERTS_API_PATHS.alertRules,
    ].map((path) => client.invalidateQueries({ queryKey: [path] })),
  );
}
