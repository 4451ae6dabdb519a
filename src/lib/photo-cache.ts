/**
 * The service worker's cache of amenity photos (vite.config.ts runtimeCaching): versioned URLs,
 * kept so cards show their photos offline, and deleted with the rest of the offline data at
 * sign-out (src/api/auth.ts).
 */
export const AMENITY_PHOTO_CACHE = 'amenity-photos';

/** Deletes the kept photos; nothing to do where there is no Cache Storage (tests, old browsers). */
export async function deletePhotoCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(AMENITY_PHOTO_CACHE).catch(() => undefined);
}
