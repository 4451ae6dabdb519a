import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  AMENITY_PHOTO,
  amenityPhotoUrl,
  type AmenityPhotoType,
  type AmenitySetup,
} from '../../src/api/contract';
import { checkPhoto, PHOTO_MESSAGES } from '../../src/lib/image-header';
import { audit, type AuditEntry } from '../auth/audit';
import type { AuthEnv } from '../auth/middleware';
import type { Community } from '../community';
import type { Database, Queryable } from '../db/database';
import { HttpError } from '../errors';
import type { ResponseKit } from '../http';
import type { Clock } from '../time';

/**
 * An amenity's photo (issue 11; roles in server/auth/access.ts):
 *
 *   GET    /api/amenities/:id/photo   everyone who may read the dashboards: the image
 *   PUT    /api/amenities/:id/photo   Admin, Manager: the image's bytes as the body (replaces)
 *   DELETE /api/amenities/:id/photo   Admin, Manager: removes it
 *
 * The body is refused while it streams in past AMENITY_PHOTO.maxBytes (413). The type comes from
 * the bytes' magic number, never from the Content-Type header (415 for anything but JPEG, PNG or
 * WebP), and the width and height from the image header (400 when it is damaged or absurd). The
 * image lives in the database (amenity_photos), so every server process serves the same one.
 * Each change is one transaction with its audit row, which records the type, size and SHA-256,
 * never the bytes.
 */

/** The part of a photo's row the audit log and the responses describe. */
type PhotoMeta = {
  content_type: AmenityPhotoType;
  size: number;
  width: number;
  height: number;
  sha256: string;
};

/** What names one version of a photo and how it is served. */
type Version = Pick<PhotoMeta, 'content_type' | 'sha256'>;

/** A strong entity tag for one version of a photo. */
export const photoEtag = (sha256: string) => `"${sha256}"`;

/**
 * Whether an If-None-Match header names `etag` (RFC 9110: a list of tags or "*", compared
 * weakly, so W/"x" matches "x").
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);
}

/** File name extensions, for the Content-Disposition of a saved photo. */
const EXTENSIONS: Record<AmenityPhotoType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The headers of a served photo. The bytes were checked to be an image, and these make sure
 * nothing treats them as anything else: no sniffing, a sandbox with nothing allowed should a
 * browser open it as a document, and an image file name if saved. `current` is whether the
 * request asked for this very version (?v=): then it never changes and may be kept a year;
 * otherwise the browser asks again each time (a 304 while it has not changed).
 */
export function photoHeaders(
  meta: Version,
  slug: string,
  current: boolean,
): Record<string, string> {
  return {
    'Content-Type': meta.content_type,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition': `inline; filename="${slug}.${EXTENSIONS[meta.content_type]}"`,
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': current ? 'private, max-age=31536000, immutable' : 'private, no-cache',
    ETag: photoEtag(meta.sha256),
  };
}

/** With the amenity's name, which the audit log shows (src/lib/audit-diff.ts), not its slug. */
const auditValue = (meta: PhotoMeta, amenity: { name: string }) => ({
  type: meta.content_type,
  size: meta.size,
  width: meta.width,
  height: meta.height,
  sha256: meta.sha256,
  amenityName: amenity.name,
});

/** The amenity row as the settings routes lock it (see routes.ts). */
type LockedAmenity = { id: number; slug: string; name: string; archived: boolean };

export type PhotoRouteOptions<R extends LockedAmenity> = {
  db: Database;
  community: Community;
  clock: Clock;
  kit: ResponseKit;
  /** The settings routes' path ("/amenities"). */
  path: string;
  /** The slug of the request's :id, or a 404. */
  pathSlug: (c: Context) => string;
  /** The amenity of `slug`, locked for the transaction, or a 404. */
  lockedAmenity: (tx: Queryable, slug: string) => Promise<R>;
  /** The amenity's settings with the photo version `sha256`. */
  setupOf: (tx: Queryable, row: R, sha256: string | null) => Promise<AmenitySetup>;
  who: (c: Context<AuthEnv>) => Pick<AuditEntry, 'communityId' | 'userId' | 'address'>;
  /** After a change has committed: reloads what depends on it and answers the amenity. */
  committed: (setup: AmenitySetup) => Promise<AmenitySetup>;
};

const META = 'content_type, size, width, height, sha256';

export function registerPhotoRoutes<R extends LockedAmenity>(
  routes: Hono<AuthEnv>,
  options: PhotoRouteOptions<R>,
): void {
  const { db, community, clock, kit, path, pathSlug, lockedAmenity, setupOf, who, committed } =
    options;
  const photoPath = `${path}/:id/photo`;

  const photoOf = async (tx: Queryable, amenityId: number) =>
    (
      await tx.query<PhotoMeta>(`SELECT ${META} FROM amenity_photos WHERE amenity_id = $1`, [
        amenityId,
      ])
    )[0] ?? null;

  routes.get(photoPath, async (c) => {
    const slug = pathSlug(c);
    // The version first: a browser that has it gets its 304 without the bytes being read.
    const [meta] = await db.query<Version & { amenity_id: number }>(
      `SELECT p.amenity_id, p.content_type, p.sha256
         FROM amenity_photos p JOIN amenities a ON a.id = p.amenity_id
        WHERE a.community_id = $1 AND a.slug = $2`,
      [community.id, slug],
    );
    if (!meta) throw new HttpError(404, `No photo of amenity ${slug}`);
    const isCurrent = (version: Version) =>
      c.req.url.endsWith(amenityPhotoUrl(slug, version.sha256));
    if (etagMatches(c.req.header('If-None-Match'), photoEtag(meta.sha256))) {
      return kit.reply(304, null, photoHeaders(meta, slug, isCurrent(meta)));
    }
    // The bytes, with the version they are (a replacement may have committed in between).
    const [row] = await db.query<Version & { bytes: Uint8Array }>(
      `SELECT content_type, sha256, bytes FROM amenity_photos WHERE amenity_id = $1`,
      [meta.amenity_id],
    );
    if (!row) throw new HttpError(404, `No photo of amenity ${slug}`);
    const bytes = new Uint8Array(row.bytes.byteLength);
    bytes.set(row.bytes);
    return kit.reply(200, bytes, {
      ...photoHeaders(row, slug, isCurrent(row)),
      'Content-Length': String(bytes.byteLength),
    });
  });

  routes.put(
    photoPath,
    bodyLimit({
      maxSize: AMENITY_PHOTO.maxBytes,
      onError: () => kit.problem(413, PHOTO_MESSAGES.tooLarge),
    }),
    async (c) => {
      const slug = pathSlug(c);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const checked = checkPhoto(bytes);
      if (!checked.ok) throw new HttpError(checked.status, checked.message);
      const meta: PhotoMeta = {
        content_type: checked.image.type,
        size: bytes.byteLength,
        width: checked.image.width,
        height: checked.image.height,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      };
      const saved = await db.transaction(async (tx) => {
        const amenity = await lockedAmenity(tx, slug);
        if (amenity.archived) throw new HttpError(409, `${amenity.name} is archived`);
        const before = await photoOf(tx, amenity.id);
        const principal = who(c);
        await tx.query(
          `INSERT INTO amenity_photos (amenity_id, content_type, bytes, size, width, height,
                                       sha256, updated_at, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (amenity_id) DO UPDATE
             SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes,
                 size = EXCLUDED.size, width = EXCLUDED.width, height = EXCLUDED.height,
                 sha256 = EXCLUDED.sha256, updated_at = EXCLUDED.updated_at,
                 updated_by = EXCLUDED.updated_by`,
          [
            amenity.id,
            meta.content_type,
            bytes,
            meta.size,
            meta.width,
            meta.height,
            meta.sha256,
            new Date(clock()).toISOString(),
            principal.userId,
          ],
        );
        await audit(
          tx,
          {
            ...principal,
            action: 'amenity.photo',
            target: slug,
            before: before ? auditValue(before, amenity) : undefined,
            after: auditValue(meta, amenity),
          },
          clock(),
        );
        return setupOf(tx, amenity, meta.sha256);
      });
      return kit.json(200, await committed(saved));
    },
  );

  routes.delete(photoPath, async (c) => {
    const slug = pathSlug(c);
    const removed = await db.transaction(async (tx) => {
      const amenity = await lockedAmenity(tx, slug);
      if (amenity.archived) throw new HttpError(409, `${amenity.name} is archived`);
      const before = await photoOf(tx, amenity.id);
      if (!before) throw new HttpError(404, `${amenity.name} has no photo`);
      await tx.query(`DELETE FROM amenity_photos WHERE amenity_id = $1`, [amenity.id]);
      await audit(
        tx,
        {
          ...who(c),
          action: 'amenity.photo.remove',
          target: slug,
          before: auditValue(before, amenity),
        },
        clock(),
      );
      return setupOf(tx, amenity, null);
    });
    return kit.json(200, await committed(removed));
  });
}
