export { DEFAULT_AMENITY_COLORS } from '../../src/lib/amenity-colors';

const MAX_SLUG_LENGTH = 60;

/**
 * The public id of a new amenity from its name ("Solis Hall" -> "solis-hall"), unique among
 * `taken` by a numeric suffix. Archived amenities' slugs stay taken: their readings keep them.
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
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, MAX_SLUG_LENGTH - String(n).length - 1)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
