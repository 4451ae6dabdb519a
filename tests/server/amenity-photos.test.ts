import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMENITY_PHOTO,
  AMENITY_SETUP_PATH,
  AmenitySetupListSchema,
  AmenitySetupSchema,
  API_PATHS,
  amenityPhotoPath,
  type AmenityAnalytics,
  type Role,
} from '../../src/api/contract';
import { PHOTO_MESSAGES } from '../../src/lib/image-header';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import { createCommunity, loadCommunity, type Community } from '../../server/community';
import { DEMO_AMENITY_SETUP, DEMO_COMMUNITY } from '../../server/simulator/demo';
import { JPEG_3X2, pngOf, WEBP_LOSSY_5X3 } from '../images';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  openTestDatabase,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

const ORIGIN = 'http://localhost';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type Sent = {
  role?: Role | 'demo';
  contentType?: string;
  headers?: Record<string, string>;
};

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`amenity photos: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    let other: Community;
    let app: ReturnType<typeof testApp>;
    const clock = testClock('2026-03-18T12:00:00Z');
    const cookies = {} as Record<Role, string>;

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      // Another community on the same database, with amenities of the same slugs.
      other = await createCommunity(
        test.db,
        { ...DEMO_COMMUNITY, slug: 'other-community', createdAt: clock.now() },
        DEMO_AMENITY_SETUP,
      );
      const passwordHash = await hashPassword('correct horse battery staple');
      for (const role of ['admin', 'manager', 'board'] as const) {
        const id = await insertUser(
          test.db,
          community.id,
          {
            email: `${role}@example.org`,
            name: `The ${role}`,
            role,
            passwordHash,
            // An Admin with an authenticator (without one, an Admin may only enrol).
            totpSecret: role === 'admin' ? 'JBSWY3DPEHPK3PXP' : null,
          },
          clock.now(),
        );
        if (id === null) throw new Error('duplicate');
        cookies[role] = `cg_session=${await createSession(test.db, id, clock.now())}`;
      }
      app = testApp(test.db, community, { clock: clock.now, demo: true });
    });
    afterAll(() => test?.drop());

    const put = async (slug: string, body: BodyInit, sent: Sent = {}) => {
      const role = sent.role ?? 'manager';
      const res = await app.app.request(amenityPhotoPath(slug), {
        method: 'PUT',
        headers: {
          ...(role === 'demo' ? {} : { Cookie: cookies[role] }),
          Origin: ORIGIN,
          'Content-Type': sent.contentType ?? 'image/png',
          ...sent.headers,
        },
        body,
      });
      return { status: res.status, json: (await res.json()) as unknown };
    };
    const remove = async (slug: string, role: Role = 'manager') => {
      const res = await app.app.request(amenityPhotoPath(slug), {
        method: 'DELETE',
        headers: { Cookie: cookies[role], Origin: ORIGIN },
      });
      return { status: res.status, json: (await res.json()) as unknown };
    };
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.app.request(url, { headers: { Cookie: cookies.board, ...headers } });
    const setupOf = async (slug: string) => {
      const res = await app.app.request(AMENITY_SETUP_PATH, {
        headers: { Cookie: cookies.manager },
      });
      return AmenitySetupListSchema.parse(await res.json()).find((a) => a.id === slug);
    };
    const cardOf = async (slug: string) =>
      ((await app.get(API_PATHS.amenityAnalytics)).json as AmenityAnalytics[]).find(
        (a) => a.id === slug,
      );
    const photoRows = () =>
      test.db.query<{ amenity_id: number; sha256: string }>(
        `SELECT amenity_id, sha256 FROM amenity_photos ORDER BY amenity_id`,
      );
    const auditRows = (target: string) =>
      test.db.query<{ action: string; user_id: number; before: unknown; after: unknown }>(
        `SELECT action, user_id, before, after FROM audit_log
          WHERE target = $1 AND action LIKE 'amenity.photo%' ORDER BY id`,
        [target],
      );
    const errorOf = (json: unknown) => (json as { error: string }).error;

    it('a Manager uploads a photo: stored, served with safe headers, on the settings and the card', async () => {
      const png = pngOf(64, 40);
      const res = await put('solis-hall', png);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const saved = AmenitySetupSchema.parse(res.json);
      const version = sha256(png).slice(0, 16);
      expect(saved.photoUrl).toBe(`/api/amenities/solis-hall/photo?v=${version}`);
      expect((await setupOf('solis-hall'))?.photoUrl).toBe(saved.photoUrl);
      expect((await cardOf('solis-hall'))?.photoUrl).toBe(saved.photoUrl);
      expect((await cardOf('great-lawn'))?.photoUrl).toBeUndefined();

      const served = await get(saved.photoUrl ?? '');
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
      expect(Object.fromEntries(served.headers)).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(png.length),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'content-disposition': 'inline; filename="solis-hall.png"',
        'cache-control': 'private, max-age=31536000, immutable',
        etag: `"${sha256(png)}"`,
      });
      // Without the version (or with an old one) the browser must ask again every time.
      const unversioned = await get(amenityPhotoPath('solis-hall'));
      expect(unversioned.headers.get('cache-control')).toBe('private, no-cache');

      const [audited] = await auditRows('solis-hall');
      expect(audited).toMatchObject({
        action: 'amenity.photo',
        before: null,
        after: {
          type: 'image/png',
          size: png.length,
          width: 64,
          height: 40,
          sha256: sha256(png),
          // The audit log names the amenity by it, not by its slug.
          amenityName: 'Solis Hall',
        },
      });
      // The change, never the bytes.
      expect(JSON.stringify(audited)).not.toContain(Buffer.from(png).toString('base64'));
    });

    it('answers 304 to a matching If-None-Match, and the image to a stale one', async () => {
      const url = (await setupOf('solis-hall'))?.photoUrl ?? '';
      const etag = (await get(url)).headers.get('etag') ?? '';
      const same = await get(url, { 'If-None-Match': etag });
      expect(same.status).toBe(304);
      expect(await same.text()).toBe('');
      expect(same.headers.get('etag')).toBe(etag);
      expect((await get(url, { 'If-None-Match': `"0000", W/${etag}` })).status).toBe(304);
      expect((await get(url, { 'If-None-Match': '"0000"' })).status).toBe(200);
    });

    it('replacing a photo is a new version; the audit row has the old and new type and hash', async () => {
      const before = (await setupOf('solis-hall'))?.photoUrl ?? '';
      const oldEtag = (await get(before)).headers.get('etag') ?? '';
      // The client's Content-Type says PNG; the bytes say JPEG, and the bytes decide.
      const res = await put('solis-hall', JPEG_3X2, { contentType: 'image/png', role: 'admin' });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const after = AmenitySetupSchema.parse(res.json).photoUrl ?? '';
      expect(after).not.toBe(before);
      const served = await get(after, { 'If-None-Match': oldEtag });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(served.headers.get('content-disposition')).toBe('inline; filename="solis-hall.jpg"');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(JPEG_3X2);
      // The old URL now gets the current photo, uncached.
      expect((await get(before)).headers.get('cache-control')).toBe('private, no-cache');
      const rows = await auditRows('solis-hall');
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatchObject({
        action: 'amenity.photo',
        before: { type: 'image/png', width: 64, height: 40 },
        after: { type: 'image/jpeg', size: JPEG_3X2.length, width: 3, height: 2 },
      });
    });

    it('removes a photo: gone from the settings, the card and the route; audited', async () => {
      await put('the-yard', WEBP_LOSSY_5X3, { contentType: 'image/webp' });
      const res = await remove('the-yard');
      expect(res.status).toBe(200);
      expect(AmenitySetupSchema.parse(res.json).photoUrl).toBeNull();
      expect((await setupOf('the-yard'))?.photoUrl).toBeNull();
      expect((await cardOf('the-yard'))?.photoUrl).toBeUndefined();
      const gone = await get(amenityPhotoPath('the-yard'));
      expect(gone.status).toBe(404);
      expect(await gone.json()).toEqual({ error: 'No photo of amenity the-yard' });
      expect((await auditRows('the-yard')).at(-1)).toMatchObject({
        action: 'amenity.photo.remove',
        before: { type: 'image/webp', width: 5, height: 3, amenityName: 'The Yard' },
        after: null,
      });
      // Removing what is not there says so.
      const again = await remove('the-yard');
      expect(again).toEqual({ status: 404, json: { error: 'The Yard has no photo' } });
    });

    it.each([
      ['a text file sent as a PNG', new TextEncoder().encode('<svg onload="alert(1)"/>'), 415],
      ['an HTML page sent as a PNG', new TextEncoder().encode('<!doctype html><script>'), 415],
      ['a GIF', new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 415],
      ['a PNG cut off in its header', pngOf(8, 8).subarray(0, 20), 400],
      ['a JPEG with no frame header', JPEG_3X2.subarray(0, 40), 400],
      ['an empty body', new Uint8Array(), 400],
      [
        'a PNG claiming 20000 × 20000 pixels',
        pngOf(4, 4, { declared: { width: 20_000, height: 20_000 } }),
        400,
      ],
    ])('refuses %s (%#) with a clear error, changing nothing', async (_, bytes, status) => {
      const before = await photoRows();
      const res = await put('great-lawn', bytes, { contentType: 'image/png' });
      expect(res.status).toBe(status);
      expect(errorOf(res.json)).toMatch(/^The photo /);
      expect(await photoRows()).toEqual(before);
      expect(await auditRows('great-lawn')).toEqual([]);
    });

    it('refuses a body over 2 MB with a 413, by its length or while it streams', async () => {
      const big = new Uint8Array(AMENITY_PHOTO.maxBytes + 1);
      big.set(pngOf(4, 4));
      const declared = await put('great-lawn', big);
      expect(declared).toEqual({ status: 413, json: { error: PHOTO_MESSAGES.tooLarge } });

      // No Content-Length: counted as it arrives, and the rest is never read.
      let pulled = 0;
      const chunk = new Uint8Array(256 * 1024);
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= 64 * 1024 * 1024) return controller.close();
          pulled += chunk.length;
          controller.enqueue(chunk);
        },
      });
      const streamed = await app.app.request(amenityPhotoPath('great-lawn'), {
        method: 'PUT',
        headers: { Cookie: cookies.manager, Origin: ORIGIN, 'Transfer-Encoding': 'chunked' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect(pulled).toBeLessThan(AMENITY_PHOTO.maxBytes + 4 * chunk.length);
      expect(await auditRows('great-lawn')).toEqual([]);
    });

    it('Board and the demo viewer see photos but may not change them', async () => {
      expect((await put('great-lawn', pngOf(2, 2), { role: 'board' })).status).toBe(403);
      expect((await put('great-lawn', pngOf(2, 2), { role: 'demo' })).status).toBe(403);
      expect((await remove('solis-hall', 'board')).status).toBe(403);
      const demoView = await app.app.request(amenityPhotoPath('solis-hall'));
      expect(demoView.status).toBe(200);
      // A write from another site is refused even with a Manager's cookie.
      const foreign = await put('great-lawn', pngOf(2, 2), {
        headers: { Origin: 'https://evil.example' },
      });
      expect(foreign.status).toBe(403);
      expect(await auditRows('great-lawn')).toEqual([]);
    });

    it("an unknown amenity, or another community's, is a 404", async () => {
      expect((await put('nowhere', pngOf(2, 2))).status).toBe(404);
      expect((await put('NOPE!', pngOf(2, 2))).status).toBe(404);
      expect((await remove('nowhere')).status).toBe(404);
      expect((await get(amenityPhotoPath('nowhere'))).status).toBe(404);
      // The other community's Grand Lake has a photo; this community's has none.
      const [lake] = await test.db.query<{ id: number }>(
        `SELECT id FROM amenities WHERE community_id = $1 AND slug = 'grand-lake'`,
        [other.id],
      );
      const theirs = pngOf(3, 3);
      await test.db.query(
        `INSERT INTO amenity_photos (amenity_id, content_type, bytes, size, width, height, sha256,
                                     updated_at)
         VALUES ($1, 'image/png', $2, $3, 3, 3, $4, now())`,
        [lake?.id, theirs, theirs.length, sha256(theirs)],
      );
      expect((await get(amenityPhotoPath('grand-lake'))).status).toBe(404);
      expect((await remove('grand-lake')).status).toBe(404);
      expect((await photoRows()).find((row) => row.amenity_id === lake?.id)?.sha256).toBe(
        sha256(theirs),
      );
    });

    it('an archived amenity keeps its photo, which can no longer be changed', async () => {
      const png = pngOf(5, 5);
      expect((await put('sunny-playground', png)).status).toBe(200);
      const archived = await app.app.request(`${AMENITY_SETUP_PATH}/sunny-playground/archive`, {
        method: 'POST',
        headers: { Cookie: cookies.manager, Origin: ORIGIN },
      });
      expect(archived.status).toBe(200);
      const url = (await setupOf('sunny-playground'))?.photoUrl ?? '';
      expect(url).toContain('/api/amenities/sunny-playground/photo?v=');
      expect((await get(url)).status).toBe(200);
      const replaced = await put('sunny-playground', pngOf(6, 6));
      expect(replaced).toEqual({
        status: 409,
        json: { error: 'Sunny Side Playground is archived' },
      });
      expect((await remove('sunny-playground')).status).toBe(409);
      expect(new Uint8Array(await (await get(url)).arrayBuffer())).toEqual(png);
    });

    it('a second server process on the same database serves the same photo', async () => {
      const loaded = await loadCommunity(test.db, community.slug);
      if (!loaded) throw new Error('no community');
      const second = testApp(test.db, loaded, { clock: clock.now, demo: true });
      const png = pngOf(9, 7);
      expect((await put('grand-lake', png)).status).toBe(200);
      const card = ((await second.get(API_PATHS.amenityAnalytics)).json as AmenityAnalytics[]).find(
        (a) => a.id === 'grand-lake',
      );
      expect(card?.photoUrl).toBe(`/api/amenities/grand-lake/photo?v=${sha256(png).slice(0, 16)}`);
      const served = await second.app.request(card?.photoUrl ?? '');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
    });

    it('other settings edits keep the photo', async () => {
      const url = (await setupOf('solis-hall'))?.photoUrl;
      const res = await app.app.request(`${AMENITY_SETUP_PATH}/solis-hall`, {
        method: 'PATCH',
        headers: { Cookie: cookies.manager, Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: JSON.stringify({ capacity: 130 }),
      });
      expect(res.status).toBe(200);
      expect(AmenitySetupSchema.parse(await res.json()).photoUrl).toBe(url);
    });
  });
}
