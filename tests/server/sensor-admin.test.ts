import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IntegrationListSchema,
  IntegrationWithSecretSchema,
  SensorsSchema,
} from '../../src/api/contract';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import type { Community } from '../../server/community';
import { MAX_INTEGRATIONS } from '../../server/integrations/manage-routes';
import { encodeVs121, ttsUplinkBody } from '../../server/lorawan/encode';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  local,
  openTestDatabase,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

const ORIGIN = 'http://localhost';
const NOW = local('2026-03-18', '12:30');
const AT = new Date(Date.parse(NOW) - 20_000).toISOString();
const EUI = '24E124C0DEAD0001';

type Res = { status: number; json: unknown };

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`sensor management: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    let app: ReturnType<typeof testApp>;
    let admin: string;
    let manager: string;
    const clock = testClock(NOW);

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      const passwordHash = await hashPassword('irrelevant password');
      const session = async (email: string, role: 'admin' | 'manager') => {
        const id = await insertUser(
          test.db,
          community.id,
          { email, name: role, role, passwordHash, totpSecret: role === 'admin' ? 'X' : null },
          clock.now(),
        );
        if (id === null) throw new Error('duplicate');
        return `cg_session=${await createSession(test.db, id, clock.now())}`;
      };
      admin = await session('admin@example.org', 'admin');
      manager = await session('manager@example.org', 'manager');
      app = testApp(test.db, community, { clock: clock.now, demo: false });
    });
    afterAll(() => test?.drop());

    async function call(method: string, path: string, body?: unknown, cookie = admin) {
      const res = await app.app.request(path, {
        method,
        headers: {
          Cookie: cookie,
          Origin: ORIGIN,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null } as Res;
    }
    async function uplink(path: string, secret: string, devEui: string, id: string) {
      const res = await app.app.request(path, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(
          ttsUplinkBody({
            devEui,
            deviceName: 'counter',
            receivedAt: AT,
            fCnt: 1,
            id,
            payload: encodeVs121({ occupancy: 4 }),
          }),
        ),
      });
      return res.status;
    }
    const auditActions = async () =>
      (
        await test.db.query<{ action: string; target: string }>(
          `SELECT action, target FROM audit_log WHERE action LIKE 'integration.%'
              OR action LIKE 'device.%' ORDER BY id`,
        )
      ).map((r) => `${r.action} ${r.target}`);
    const sensors = async () => SensorsSchema.parse((await call('GET', '/api/sensors')).json);

    it('creates an integration whose secret is shown once and works on its webhook', async () => {
      const created = await call('POST', '/api/integrations', { kind: 'tts', name: ' Lobby TTS ' });
      expect(created.status).toBe(201);
      const { integration, secret } = IntegrationWithSecretSchema.parse(created.json);
      expect(integration).toMatchObject({ kind: 'tts', name: 'Lobby TTS' });
      expect(integration.uplinkPath).toBe(`/api/integrations/${integration.id}/uplink`);
      expect(secret.length).toBeGreaterThanOrEqual(40);

      const list = IntegrationListSchema.parse((await call('GET', '/api/integrations')).json);
      expect(list.map((i) => i.id)).toContain(integration.id);
      expect(JSON.stringify(list)).not.toContain(secret);

      // An unknown device's uplink through it is discovered, with the new secret only.
      expect(await uplink(integration.uplinkPath, secret, EUI, 'first')).toBe(202);
      expect(await uplink(integration.uplinkPath, 'wrong-secret', EUI, 'x')).toBe(401);
      expect((await sensors()).discovered.map((d) => d.devEui)).toContain(EUI);
    });

    it('a community has at most 20 integrations: one more is a 409 that stores nothing', async () => {
      const [{ n } = { n: 0 }] = await test.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM integrations WHERE community_id = $1`,
        [community.id],
      );
      const filler = Array.from({ length: MAX_INTEGRATIONS - n }, (_, i) => `filler-${i}`);
      for (const id of filler) {
        await test.db.query(
          `INSERT INTO integrations (id, community_id, kind, name, secret_sha256)
           VALUES ($1, $2, 'tts', $1, $3)`,
          [id, community.id, 'a'.repeat(64)],
        );
      }
      try {
        const more = await call('POST', '/api/integrations', { kind: 'tts', name: 'One more' });
        expect(more).toEqual({
          status: 409,
          json: {
            error:
              'A community has at most 20 integrations; delete one first (one per network server application is enough).',
          },
        });
        const list = IntegrationListSchema.parse((await call('GET', '/api/integrations')).json);
        expect(list).toHaveLength(MAX_INTEGRATIONS);
      } finally {
        await test.db.query(`DELETE FROM integrations WHERE id = ANY($1::text[])`, [filler]);
      }
    });

    it('rotating the secret stops the old one at once', async () => {
      const { integration, secret: old } = IntegrationWithSecretSchema.parse(
        (await call('POST', '/api/integrations', { kind: 'chirpstack', name: 'CS' })).json,
      );
      const rotated = await call('POST', `/api/integrations/${integration.id}/secret`);
      expect(rotated.status).toBe(200);
      const { secret } = IntegrationWithSecretSchema.parse(rotated.json);
      expect(secret).not.toBe(old);
      const post = (s: string) =>
        app.app.request(`${integration.uplinkPath}?event=join`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${s}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ deviceInfo: { devEui: EUI } }),
        });
      expect((await post(old)).status).toBe(401);
      expect((await post(secret)).status).toBe(204);
      expect(await auditActions()).toContain(`integration.rotate-secret ${integration.id}`);
      // The audit log says a secret changed, never what it is.
      const rows = await test.db.query<{ after: unknown }>(
        `SELECT after FROM audit_log WHERE action = 'integration.rotate-secret'`,
      );
      expect(JSON.stringify(rows)).not.toContain(secret);
    });

    it('deletes an integration: its webhook answers 401 and it leaves the list', async () => {
      const { integration, secret } = IntegrationWithSecretSchema.parse(
        (await call('POST', '/api/integrations', { kind: 'tts', name: 'Temporary' })).json,
      );
      expect(await uplink(integration.uplinkPath, secret, '24E124C0DEAD0009', 'a')).toBe(202);
      expect((await call('DELETE', `/api/integrations/${integration.id}`)).status).toBe(204);
      expect(await uplink(integration.uplinkPath, secret, '24E124C0DEAD0009', 'b')).toBe(401);
      const list = IntegrationListSchema.parse((await call('GET', '/api/integrations')).json);
      expect(list.map((i) => i.id)).not.toContain(integration.id);
      expect((await call('DELETE', `/api/integrations/${integration.id}`)).status).toBe(404);
    });

    it('assigning a discovered device moves it to the devices, and its uplinks count', async () => {
      const assigned = await call('POST', '/api/devices', {
        devEui: EUI.toLowerCase(),
        name: 'Lawn gate',
        model: 'vs121',
        countingMode: 'area',
        amenityId: 'great-lawn',
      });
      expect(assigned.status).toBe(201);
      expect(assigned.json).toMatchObject({ devEui: EUI, amenityId: 'great-lawn' });
      const after = await sensors();
      expect(after.discovered.map((d) => d.devEui)).not.toContain(EUI);
      expect(after.sensors.find((s) => s.devEui === EUI)).toMatchObject({
        name: 'Lawn gate',
        amenityId: 'great-lawn',
        reportIntervalSeconds: 600,
        // Heard while still unknown: its last uplink is that, not "never seen".
        lastUplinkAt: AT,
      });
      expect(await auditActions()).toContain(`device.create ${EUI}`);
      // A creation with the facts of how it was found, not a change from a placeholder.
      const [row] = await test.db.query<{ before: unknown; after: unknown }>(
        `SELECT before, after FROM audit_log WHERE action = 'device.create' AND target = $1`,
        [EUI],
      );
      expect(row?.before).toBeNull();
      const asObject = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
      expect(asObject(row?.after)).toMatchObject({
        devEui: EUI,
        name: 'Lawn gate',
        amenityId: 'great-lawn',
        discovered: {
          integrationName: 'Lobby TTS',
          integrationKind: 'tts',
          deviceName: 'counter',
          firstSeenAt: AT,
          lastSeenAt: AT,
          uplinks: 1,
        },
      });

      // A device that was never discovered is recorded without it.
      const fresh = await call('POST', '/api/devices', {
        devEui: '24E124C0DEAD0003',
        name: 'Side gate',
        model: 'vs121',
        countingMode: 'line',
        amenityId: 'the-yard',
      });
      expect(fresh.status).toBe(201);
      const [plain] = await test.db.query<{ before: unknown; after: unknown }>(
        `SELECT before, after FROM audit_log WHERE action = 'device.create' AND target = $1`,
        ['24E124C0DEAD0003'],
      );
      expect(plain?.before).toBeNull();
      expect(asObject(plain?.after)).not.toHaveProperty('discovered');

      // A second counter on one amenity is refused, registered or moved there: its live count and
      // peak would be one device's count, not the amenity's.
      const taken = {
        status: 409,
        json: {
          error:
            `amenityId: The Great Lawn already has a people counter, Lawn gate (${EUI}); ` +
            'an amenity counts with one, so move or remove that one first',
        },
      };
      expect(
        await call('POST', '/api/devices', {
          devEui: '24E124C0DEAD0004',
          name: 'Second lawn gate',
          model: 'vs121',
          countingMode: 'area',
          amenityId: 'great-lawn',
        }),
      ).toEqual(taken);
      expect(
        await call('PATCH', '/api/devices/24E124C0DEAD0003', { amenityId: 'great-lawn' }),
      ).toEqual(taken);
      const listed = (await sensors()).sensors;
      expect(listed.map((d) => d.devEui)).not.toContain('24E124C0DEAD0004');
      expect(listed.find((d) => d.devEui === '24E124C0DEAD0003')?.amenityId).toBe('the-yard');
      expect((await call('DELETE', '/api/devices/24E124C0DEAD0003')).status).toBe(204);

      const again = await call('POST', '/api/devices', {
        devEui: EUI,
        name: 'Twice',
        model: 'vs121',
        countingMode: 'area',
        amenityId: 'great-lawn',
      });
      expect(again.status).toBe(409);
    });

    it('edits and removes a device', async () => {
      const edited = await call('PATCH', `/api/devices/${EUI}`, {
        name: 'Lake gate',
        amenityId: 'grand-lake',
        reportIntervalSeconds: 300,
      });
      expect(edited.status).toBe(200);
      expect(edited.json).toMatchObject({
        name: 'Lake gate',
        amenityId: 'grand-lake',
        reportIntervalSeconds: 300,
        model: 'vs121',
      });
      const [row] = await test.db.query<{ before: unknown; after: unknown }>(
        `SELECT before, after FROM audit_log WHERE action = 'device.update'`,
      );
      const asObject = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
      // With the amenities' names, which the audit log shows rather than their slugs.
      const nameOf = (slug: string) => community.amenities.find((a) => a.slug === slug)?.name;
      expect(asObject(row?.before)).toMatchObject({
        name: 'Lawn gate',
        amenityId: 'great-lawn',
        amenityName: nameOf('great-lawn'),
      });
      expect(asObject(row?.after)).toMatchObject({
        name: 'Lake gate',
        amenityId: 'grand-lake',
        amenityName: nameOf('grand-lake'),
      });
      // Not in what the API answers.
      expect(edited.json).not.toHaveProperty('amenityName');

      expect((await call('DELETE', `/api/devices/${EUI}`)).status).toBe(204);
      expect((await sensors()).sensors.map((s) => s.devEui)).not.toContain(EUI);
      expect((await call('DELETE', `/api/devices/${EUI}`)).status).toBe(404);
    });

    it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
      const before = (await sensors()).sensors.length;
      const device = {
        devEui: '24E124C0DEAD0002',
        name: 'Gate',
        model: 'vs121',
        countingMode: 'area',
        amenityId: 'great-lawn',
      };
      const cases: [unknown, string][] = [
        [{ ...device, devEui: '24E124C0DEAD00' }, 'devEui'],
        [{ ...device, devEui: '24E124C0DEAD000G' }, 'devEui'],
        [{ ...device, name: '' }, 'name'],
        [{ ...device, name: 'x'.repeat(101) }, 'name'],
        [{ ...device, model: 'vs999' }, 'model'],
        [{ ...device, countingMode: 'both' }, 'countingMode'],
        [{ ...device, amenityId: 'nowhere' }, 'amenityId'],
        [{ ...device, reportIntervalSeconds: 5 }, 'reportIntervalSeconds'],
        [{ ...device, extra: 1 }, 'extra'],
      ];
      for (const [body, field] of cases) {
        const res = await call('POST', '/api/devices', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((res.json as { error: string }).error).toContain(field);
      }
      const short = await call('POST', '/api/devices', { ...device, devEui: '24E1' });
      expect(short.json).toEqual({
        error: 'devEui: Enter the dev EUI: 16 hex digits (0-9 and A-F), like 24E124C0DE000001.',
      });
      const kind = await call('POST', '/api/integrations', { kind: 'mqtt', name: 'X' });
      expect(kind.status).toBe(400);
      expect((kind.json as { error: string }).error).toContain('kind');
      const patch = await call('PATCH', `/api/devices/24E124C0DE000001`, { model: 'x' });
      expect(patch.status).toBe(400);
      // An archived amenity is named as archived, not as unknown.
      expect((await call('POST', '/api/amenities/heritage-tree/archive')).status).toBe(200);
      const archived = await call('POST', '/api/devices', {
        ...device,
        amenityId: 'heritage-tree',
      });
      expect(archived.status).toBe(409);
      expect((archived.json as { error: string }).error).toMatch(
        /^amenityId: .+ is archived; restore it before assigning a sensor to it$/,
      );
      expect((await call('POST', '/api/amenities/heritage-tree/restore')).status).toBe(200);
      expect((await sensors()).sensors.length).toBe(before);
    });

    it('words each refused field as a sentence, after the field it is about', async () => {
      const device = {
        devEui: '24E124C0DEAD0003',
        name: 'Gate',
        model: 'vs121',
        countingMode: 'area',
        amenityId: 'great-lawn',
      };
      const errorOf = async (method: string, path: string, body: unknown) => {
        const res = await call(method, path, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        return (res.json as { error: string }).error;
      };
      const cases: [unknown, string][] = [
        [{ ...device, name: '' }, 'name: Enter a name for the device.'],
        [{ ...device, name: '   ' }, 'name: Enter a name for the device.'],
        [
          { ...device, name: 'x'.repeat(101) },
          'name: Keep the device name to 100 characters or fewer.',
        ],
        [
          { ...device, devEui: '24E124C0DEAD000G' },
          'devEui: Enter the dev EUI: 16 hex digits (0-9 and A-F), like 24E124C0DE000001.',
        ],
        [
          { ...device, amenityId: '' },
          'amenityId: Choose the amenity the device counts. If the list is empty, add an amenity under Amenities first.',
        ],
        [
          { ...device, amenityId: 'nowhere' },
          'amenityId: Choose an amenity from the list: the one chosen is not in this community.',
        ],
        [
          { ...device, model: 'vs999' },
          'model: Choose the model: Milesight VS121 (area) or VS133 (line crossing).',
        ],
        [
          { ...device, countingMode: 'both' },
          'countingMode: Choose the counting mode: area (people present) or line (people passing).',
        ],
        [
          { ...device, reportIntervalSeconds: 5 },
          'reportIntervalSeconds: Set a report interval from 10 seconds to 24 hours (86,400 seconds), in whole seconds.',
        ],
        [{ ...device, extra: 1 }, 'extra: A device has no setting called "extra"; leave it out.'],
      ];
      for (const [body, error] of cases) {
        expect(await errorOf('POST', '/api/devices', body)).toBe(error);
      }
      expect(await errorOf('POST', '/api/devices', [device])).toBe(
        'Send the body as a JSON object.',
      );
      expect(await errorOf('PATCH', `/api/devices/${EUI}`, { name: '' })).toBe(
        'name: Enter a name for the device.',
      );
      expect(await errorOf('POST', '/api/integrations', { kind: 'tts', name: ' ' })).toBe(
        'name: Enter a name for the network server.',
      );
      expect(await errorOf('POST', '/api/integrations', { kind: 'mqtt', name: 'X' })).toBe(
        'kind: Choose the network server: The Things Stack, ChirpStack or CommonGround readings (own format).',
      );
    });

    it('refuses Managers and foreign Origins', async () => {
      const body = { kind: 'tts', name: 'Sneaky' };
      expect((await call('POST', '/api/integrations', body, manager)).status).toBe(403);
      expect((await call('GET', '/api/integrations', undefined, manager)).status).toBe(403);
      const foreign = await app.app.request('/api/integrations', {
        method: 'POST',
        headers: {
          Cookie: admin,
          Origin: 'https://evil.example',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      expect(foreign.status).toBe(403);
    });
  });
}
