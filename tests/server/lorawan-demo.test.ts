import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SensorsSchema, type AmenityAnalytics, type Reading } from '../../src/api/contract';
import type { Community } from '../../server/community';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import {
  DEMO_CHIRPSTACK,
  DEMO_DEVICES,
  DEMO_TTS,
  ensureDemoSensors,
} from '../../server/integrations/demo-sensors';
import { demoUplinkBody, demoUplinkSender } from '../../server/integrations/demo-uplinks';
import { initialDeviceState, uplinkToReading } from '../../server/lorawan/to-readings';
import { parseChirpStackEvent, parseTtsWebhook } from '../../server/lorawan/uplinks';
import { LiveSimulator } from '../../server/simulator/live';
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

const NOW = local('2026-03-18', '18:00');

describe('demo uplinks', () => {
  it('carry each simulated reading through parsing and mapping unchanged', () => {
    for (const device of DEMO_DEVICES) {
      const reading: Reading = {
        amenityId: device.amenitySlug,
        time: NOW,
        occupancy: 43,
        entries: 9,
        dwellMinutes: 47.35,
      };
      const body = demoUplinkBody(device, reading, 40);
      const options = { modelOf: () => device.model };
      const parsed =
        device.integration.kind === 'tts'
          ? parseTtsWebhook(body, options)
          : parseChirpStackEvent('up', body, options);
      if (parsed.kind !== 'uplink') throw new Error(`${device.devEui}: ${JSON.stringify(parsed)}`);
      expect(parsed.uplink.decodedBy).toBe(device.model === 'vs121' ? 'network-server' : 'raw');
      const step = uplinkToReading(
        { amenityId: device.amenitySlug, mode: device.mode },
        initialDeviceState(),
        parsed.uplink,
      );
      expect(step.reading, device.devEui).toEqual({ ...reading, dwellMinutes: 47.35 });
    }
  });
});

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(backendTitle(backend), () => {
    let test: TestDatabase;
    let community: Community;
    const clock = testClock(NOW);

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      await ensureDemoSensors(test.db, community);
    });
    afterAll(() => test?.drop());

    /** The live simulator of one server, sending through its demo devices. */
    const simulatorOf = (api: ReturnType<typeof testApp>) =>
      new LiveSimulator({
        db: test.db,
        community,
        clock: clock.now,
        ingest: api.ingest,
        sendLive: demoUplinkSender(api.uplinks, api.ingest),
        recordEvents: api.recordEvents,
        maxCatchUpMs: 10 * 60_000,
      });

    it('the live simulator reports through the demo devices, once across servers', async () => {
      const api = testApp(test.db, community, { clock: clock.now });
      const simulator = simulatorOf(api);
      await simulator.start();
      try {
        const sentSoFar = () =>
          test.db.query<{ uplinks: number; seen: number }>(
            `SELECT (SELECT count(*)::int FROM uplinks) AS uplinks,
                    (SELECT count(*)::int FROM devices WHERE last_uplink_at = $1) AS seen`,
            [new Date(Math.floor(clock.now() / 30_000) * 30_000).toISOString()],
          );
        // The start sends the current tick live: no demo sensor reads "never seen" at start-up.
        expect((await sentSoFar())[0]).toEqual({
          uplinks: DEMO_DEVICES.length,
          seen: DEMO_DEVICES.length,
        });
        expect(
          SensorsSchema.parse((await api.get('/api/sensors')).json).sensors.map((s) => s.status),
        ).toEqual(DEMO_DEVICES.map(() => 'ok'));
        clock.advance(30_000);
        await simulator.tick();
        expect((await sentSoFar())[0]).toEqual({
          uplinks: 2 * DEMO_DEVICES.length,
          seen: DEMO_DEVICES.length,
        });
        const sensors = SensorsSchema.parse((await api.get('/api/sensors')).json);
        expect(sensors.sensors.map((s) => s.status)).toEqual(DEMO_DEVICES.map(() => 'ok'));
        const latest = await test.db.query<{ slug: string; occupancy: number }>(
          `SELECT a.slug, r.occupancy FROM readings r JOIN amenities a ON a.id = r.amenity_id
            WHERE r.community_id = $1 AND r.time = $2`,
          [community.id, new Date(clock.now()).toISOString()],
        );
        expect(latest).toHaveLength(DEMO_DEVICES.length);
        const live = (await api.get('/api/amenities/analytics')).json as AmenityAnalytics[];
        for (const { slug, occupancy } of latest) {
          expect(live.find((a) => a.id === slug)?.currentUsers, slug).toBe(occupancy);
        }

        // A second server simulating the same tick sends the same uplinks: all duplicates.
        const other = testApp(test.db, community, { clock: clock.now });
        const readings = simulator.readingsAt(clock.now(), 30_000);
        expect(await demoUplinkSender(other.uplinks, other.ingest)(readings)).toBe(0);
        const [after] = await test.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM uplinks',
        );
        expect(after?.n).toBe(2 * DEMO_DEVICES.length);
      } finally {
        await simulator.stop();
      }
    });

    it("goes on after an Admin rotates a demo integration's secret, and one deleted silences only its devices", async () => {
      const api = testApp(test.db, community, { clock: clock.now });
      const userId = await insertUser(
        test.db,
        community.id,
        {
          email: 'admin@example.org',
          name: 'Admin',
          role: 'admin',
          passwordHash: await hashPassword('irrelevant password'),
          totpSecret: 'X',
        },
        clock.now(),
      );
      if (userId === null) throw new Error('duplicate user');
      const cookie = `cg_session=${await createSession(test.db, userId, clock.now())}`;
      const admin = async (method: string, path: string) =>
        (
          await api.app.request(path, {
            method,
            headers: { Cookie: cookie, Origin: 'http://localhost' },
          })
        ).status;
      const [tts, chirpStack] = [DEMO_TTS.id, DEMO_CHIRPSTACK.id];
      expect(await admin('POST', `/api/integrations/${tts}/secret`)).toBe(200);
      expect(await admin('DELETE', `/api/integrations/${chirpStack}`)).toBe(204);

      const simulator = simulatorOf(api);
      clock.advance(30_000);
      const readings = simulator.readingsAt(clock.now(), 30_000);
      const ttsSlugs = DEMO_DEVICES.filter((d) => d.integration.id === tts).map(
        (d) => d.amenitySlug,
      );
      const silenced = new Set(
        DEMO_DEVICES.filter((d) => d.integration.id === chirpStack).map((d) => d.amenitySlug),
      );
      expect(ttsSlugs.length).toBeGreaterThan(0);
      expect(silenced.size).toBeGreaterThan(0);
      const expected = readings.filter((r) => !silenced.has(r.amenityId));
      expect(await demoUplinkSender(api.uplinks, api.ingest)(readings)).toBe(expected.length);
      const stored = await test.db.query<{ slug: string }>(
        `SELECT a.slug FROM readings r JOIN amenities a ON a.id = r.amenity_id
          WHERE r.community_id = $1 AND r.time = $2 ORDER BY a.slug`,
        [community.id, new Date(clock.now()).toISOString()],
      );
      expect(stored.map((r) => r.slug)).toEqual(expected.map((r) => r.amenityId).sort());
      for (const slug of ttsSlugs) expect(stored.map((r) => r.slug)).toContain(slug);
    });
  });
}
