import { API_PATHS, MAX_AMENITY_ID_LENGTH } from '../../src/api/contract';

export { DEFAULT_AMENITY_COLORS } from '../../src/lib/amenity-colors';

const MAX_SLUG_LENGTH = MAX_AMENITY_ID_LENGTH;

/**
 * The API's own paths beside /api/amenities/:id (analytics, popularity): an amenity with one of
 * these slugs could not be read or changed, its path taken by another answer.
 */
const RESERVED_SLUGS: ReadonlySet<string> = new Set(
  Object.values(API_PATHS).flatMap((path) => /^\/api\/amenities\/([^/]+)$/.exec(path)?.[1] ?? []),
);

/**
 * The public id of a new amenity from its name ("Solis Hall" -> "solis-hall"), unique among
 * `taken` by a numeric suffix and never one of the API's own paths. Archived amenities' slugs
 * stay taken: their readings keep them.
 */
export function slugFor(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, MAX_SLUG_LENGTH)
      .replace(/-+$/, '') || 'amenity';
  const free = (slug: string) => !taken.has(slug) && !RESERVED_SLUGS.has(slug);
  if (free(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, MAX_SLUG_LENGTH - String(n).length - 1)}-${n}`;
    if (free(candidate)) return candidate;
  }
}
