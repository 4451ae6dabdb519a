import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SensorsSchema, type AmenityAnalytics } from '../../src/api/contract';
import { reloadAmenities, type Community } from '../../server/community';
import {
  DEMO_CHIRPSTACK,
  DEMO_DEVICES,
  DEMO_TTS,
  ensureDemoSensors,
} from '../../server/integrations/demo-sensors';
import { hashSecret } from '../../server/integrations/secret';
import {
  chirpStackUpBody,
  encodeVs121,
  encodeVs133,
  ttsUplinkBody,
  type SimulatedUplink,
} from '../../server/lorawan/encode';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  local,
  openTestDatabase,
  TEST_COMMUNITY_CREATED,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

const NOW = local('2026-03-18', '12:30');
/** 20 s before NOW: within the demo devices' 30 s report interval. */
const AT = new Date(Date.parse(NOW) - 20_000).toISOString();

const deviceOf = (slug: string) => {
  const device = DEMO_DEVICES.find((d) => d.amenitySlug === slug);
  if (!device) throw new Error(`no demo device for ${slug}`);
  return device;
};
const LAWN = deviceOf('great-lawn'); // VS121 through TTS
const YARD = deviceOf('the-yard'); // VS121 through ChirpStack
const HALL = deviceOf('solis-hall'); // VS133 through ChirpStack

const up = (overrides: Partial<SimulatedUplink> & Pick<SimulatedUplink, 'devEui'>) => ({
  deviceName: 'counter',
  receivedAt: AT,
  fCnt: 7,
  payload: encodeVs121({ occupancy: 0 }),
  id: `id-${overrides.devEui}-${overrides.receivedAt ?? AT}`,
  rssi: -97,
  snr: 6.5,
  ...overrides,
});

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(backendTitle(backend), () => {
    let test: TestDatabase;
    let community: Community;
    let api: ReturnType<typeof testApp>;
    const clock = testClock(NOW);

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      await ensureDemoSensors(test.db, community);
      await ensureDemoSensors(test.db, community); // idempotent
    });
    afterAll(() => test?.drop());
    beforeEach(async () => {
      clock.set(NOW);
      api = testApp(test.db, community, {
        clock: clock.now,
        cacheMaxAgeMs: 3_600_000,
        authFailures: { max: 50, windowMs: 60_000 },
      });
      for (const table of [
        'alert_reads',
        'alerts',
        'readings',
        'readings_hourly',
        'readings_daily',
        'uplinks',
        'discovered_devices',
        'key_failures',
      ]) {
        await test.db.query(`DELETE FROM ${table}`);
      }
      await test.db.query(
        `UPDATE alert_state SET phase = 'armed', last_fired_at = NULL, evaluated_through = NULL`,
      );
      await test.db.query(
        `UPDATE devices SET last_uplink_at = NULL, battery = NULL, rssi = NULL, snr = NULL,
                counter_state = DEFAULT`,
      );
    });

    const post = async (
      integrationId: string,
      body: unknown,
      { secret, event }: { secret?: string | null; event?: string } = {},
    ) => {
      const res = await api.app.request(
        `/api/integrations/${integrationId}/uplink${event ? `?event=${event}` : ''}`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(secret === null ? {} : { Authorization: `Bearer ${secret ?? DEMO_TTS.secret}` }),
          },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        },
      );
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
    };
    const tts = (body: unknown, secret: string | null = DEMO_TTS.secret) =>
      post(DEMO_TTS.id, body, { secret });
    const chirp = (body: unknown, event = 'up', secret: string | null = DEMO_CHIRPSTACK.secret) =>
      post(DEMO_CHIRPSTACK.id, body, { secret, event });

    const stored = async () => {
      const [row] = await test.db.query<{ readings: number; uplinks: number; discovered: number }>(
        `SELECT (SELECT count(*)::int FROM readings) AS readings,
                (SELECT count(*)::int FROM uplinks) AS uplinks,
                (SELECT count(*)::int FROM discovered_devices) AS discovered`,
      );
      return row;
    };
    const nothing = { readings: 0, uplinks: 0, discovered: 0 };
    const liveCount = async (slug: string) => {
      const list = (await api.get('/api/amenities/analytics')).json as AmenityAnalytics[];
      return list.find((a) => a.id === slug)?.currentUsers;
    };
    const sensors = async () => SensorsSchema.parse((await api.get('/api/sensors')).json);

    it('turns a TTS uplink decoded in the TTN repository spelling into the live count', async () => {
      expect(await liveCount('great-lawn')).toBe(0);
      const res = await tts(
        ttsUplinkBody(
          up({
            devEui: LAWN.devEui,
            payload: encodeVs121({ occupancy: 1 }),
            decoded: { people_counter_all: 37, people_in: 5, people_out: 2, dwell_time_avg: 1800 },
          }),
        ),
      );
      expect(res).toMatchObject({
        status: 200,
        json: {
          device: LAWN.devEui,
          reading: { amenityId: 'great-lawn', occupancy: 37, entries: 5, dwellMinutes: 30 },
        },
      });
      expect(await liveCount('great-lawn')).toBe(37);
      const lawn = (await sensors()).sensors.find((s) => s.devEui === LAWN.devEui);
      expect(lawn).toMatchObject({ status: 'ok', lastUplinkAt: AT, rssi: -97, snr: 6.5 });
      expect(lawn?.uplinks24h).toBe(1);
    });

    it('stores a late VS121 uplink with its period counts at its own time', async () => {
      const at = (minutesAgo: number) =>
        new Date(Date.parse(AT) - minutesAgo * 60_000).toISOString();
      const send = (minutesAgo: number, occupancy: number, peopleIn: number) =>
        tts(
          ttsUplinkBody(
            up({
              devEui: LAWN.devEui,
              receivedAt: at(minutesAgo),
              id: `late-${minutesAgo}`,
              decoded: { people_counter_all: occupancy, people_in: peopleIn, people_out: 0 },
            }),
          ),
        );
      expect((await send(0, 12, 3)).status).toBe(200);
      // Ten minutes older, delivered after: its own period's 4 entries, at its own time.
      expect(await send(10, 9, 4)).toMatchObject({
        status: 200,
        json: { reading: { time: at(10), occupancy: 9, entries: 4 } },
      });
      const rows = await test.db.query<{ entries: number }>(
        `SELECT r.entries
           FROM readings r JOIN amenities a ON a.id = r.amenity_id AND a.slug = 'great-lawn'
          ORDER BY r.time`,
      );
      expect(rows.map((r) => r.entries)).toEqual([4, 3]);
      // The live count is still the newest uplink's.
      expect(await liveCount('great-lawn')).toBe(12);
    });

    it('judges an uplink by the alert rules, as a posted reading is', async () => {
      const lawn = community.amenities.find((a) => a.slug === 'great-lawn');
      if (!lawn) throw new Error('no lawn');
      const crowd = Math.ceil(lawn.capacity * 0.95);
      const res = await tts(
        ttsUplinkBody(
          up({ devEui: LAWN.devEui, decoded: { people_counter_all: crowd, people_in: 0 } }),
        ),
      );
      expect(res.status).toBe(200);
      const alerts = await test.db.query<{ kind: string; amenity_id: number }>(
        `SELECT kind, amenity_id FROM alerts`,
      );
      expect(alerts).toEqual([{ kind: 'occupancy', amenity_id: lawn.id }]);
    });

    it('reads a ChirpStack up event in the Milesight spelling (lower-case dev EUI)', async () => {
      const res = await chirp(
        chirpStackUpBody(
          up({
            devEui: YARD.devEui,
            decoded: { people_count_all: 12, people_in: 3, people_out: 0 },
            rssi: -101,
            snr: 7.7,
          }),
        ),
      );
      expect(res).toMatchObject({
        status: 200,
        json: { reading: { amenityId: 'the-yard', occupancy: 12, entries: 3 } },
      });
      expect(await liveCount('the-yard')).toBe(12);
      const yard = (await sensors()).sensors.find((s) => s.devEui === YARD.devEui);
      expect(yard).toMatchObject({ rssi: -101, snr: 7.7 });
    });

    it('takes signal and battery figures too small for a real as 0, not a 500', async () => {
      const res = await tts(
        ttsUplinkBody(
          up({
            devEui: LAWN.devEui,
            rssi: -5e-324,
            snr: 1e-46,
            decoded: { people_counter_all: 4, battery: 5e-324 },
          }),
        ),
      );
      expect(res).toMatchObject({ status: 200, json: { reading: { occupancy: 4 } } });
      const lawn = (await sensors()).sensors.find((s) => s.devEui === LAWN.devEui);
      expect(lawn).toMatchObject({ rssi: 0, snr: 0, battery: 0 });
    });

    it('decodes a raw VS133 payload when no decoded object is sent', async () => {
      const payload = encodeVs133({
        lines: [{ line: 1, periodIn: 4, periodOut: 1 }],
        regionCounts: [10, 5, 0, 2],
        dwell: [{ region: 1, avgSeconds: 3000, maxSeconds: 6000 }],
      });
      const res = await chirp(chirpStackUpBody(up({ devEui: HALL.devEui, payload })));
      expect(res).toMatchObject({
        status: 200,
        json: { reading: { amenityId: 'solis-hall', occupancy: 17, entries: 4, dwellMinutes: 50 } },
      });
      expect(await liveCount('solis-hall')).toBe(17);
    });

    it('stores nothing new for a duplicate delivery, even two at once', async () => {
      const body = ttsUplinkBody(
        up({ devEui: LAWN.devEui, payload: encodeVs121({ occupancy: 9, periodIn: 2 }) }),
      );
      const [first, second] = await Promise.all([tts(body), tts(body)]);
      const statuses = [first?.status, second?.status];
      expect(statuses).toEqual([200, 200]);
      expect([first?.json, second?.json]).toContainEqual({ duplicate: true });
      const again = await tts(body);
      expect(again).toEqual({ status: 200, json: { duplicate: true } });
      expect(await stored()).toEqual({ readings: 1, uplinks: 1, discovered: 0 });
    });

    it('keeps an unknown device in the discovered list with a 202', async () => {
      const stranger = up({
        devEui: 'A84041000181C0DE',
        deviceName: 'lobby-counter',
        payload: encodeVs121({ occupancy: 4 }),
      });
      expect(await tts(ttsUplinkBody(stranger))).toEqual({
        status: 202,
        json: { discovered: 'A84041000181C0DE' },
      });
      const later = { ...stranger, id: 'second', receivedAt: NOW };
      expect((await tts(ttsUplinkBody(later))).status).toBe(202);
      const { discovered } = await sensors();
      expect(discovered).toEqual([
        {
          devEui: 'A84041000181C0DE',
          deviceName: 'lobby-counter',
          integrationId: DEMO_TTS.id,
          firstSeenAt: AT,
          lastSeenAt: NOW,
          uplinks: 2,
          lastSummary: expect.stringContaining('people 4') as string,
        },
      ]);
      expect((await stored())?.readings).toBe(0);
    });

    it('refuses a wrong or missing secret with 401 before looking at the body', async () => {
      const body = ttsUplinkBody(up({ devEui: LAWN.devEui }));
      expect((await tts(body, null)).status).toBe(401);
      expect((await tts(body, 'not-the-secret')).status).toBe(401);
      // Another integration's secret, and an integration that does not exist.
      expect((await tts(body, DEMO_CHIRPSTACK.secret)).status).toBe(401);
      expect((await post('nope-integration', body)).status).toBe(401);
      // A malformed or oversized body with a wrong secret is still a 401, never parsed.
      expect((await tts('{not json', 'wrong')).status).toBe(401);
      expect((await tts('x'.repeat(200_000), 'wrong')).status).toBe(401);
      expect(await stored()).toEqual(nothing);
    });

    it('refuses oversized and malformed bodies with a 4xx that names the problem', async () => {
      expect((await tts('x'.repeat(70_000))).status).toBe(413);
      expect(await tts('{not json')).toEqual({
        status: 400,
        json: { error: 'body: not valid JSON' },
      });
      const noEui = ttsUplinkBody(up({ devEui: LAWN.devEui }));
      delete (noEui.end_device_ids as Record<string, unknown>).dev_eui;
      expect(await tts(noEui)).toMatchObject({
        status: 400,
        json: { error: expect.stringContaining('end_device_ids.dev_eui') as string },
      });
      expect((await tts({ hello: 'world' })).status).toBe(400);
      expect((await chirp(chirpStackUpBody(up({ devEui: YARD.devEui })), '')).json).toMatchObject({
        error: expect.stringContaining('event') as string,
      });
      // From the future (beyond clock drift), even from an unknown device.
      const ahead = new Date(Date.parse(NOW) + 6 * 60_000).toISOString();
      expect(
        await tts(ttsUplinkBody(up({ devEui: 'A84041000181C0DE', receivedAt: ahead }))),
      ).toMatchObject({
        status: 400,
        json: {
          error: expect.stringMatching(/^received_at: .* ahead of the server's clock$/) as string,
        },
      });
      expect(await stored()).toEqual(nothing);
      // A reading out of bounds (over 1.5 x capacity) is not stored, but the uplink is the
      // device's: a 200 saying why, so the network server does not retry it.
      const crowd = ttsUplinkBody(up({ devEui: LAWN.devEui, decoded: { people_count_all: 900 } }));
      expect(await tts(crowd)).toEqual({
        status: 200,
        json: {
          device: LAWN.devEui,
          reading: null,
          skipped: 'out-of-bounds',
          reason: 'occupancy 900 is far over the capacity of 200 (more than 150%)',
          uncountedEntries: 0,
        },
      });
      expect(await stored()).toEqual({ readings: 0, uplinks: 1, discovered: 0 });
    });

    it('takes the battery from ChirpStack status events and ignores joins with 204', async () => {
      const status = {
        deduplicationId: 'c2a4e1f0-0000-4000-8000-000000000001',
        time: AT,
        deviceInfo: { devEui: YARD.devEui.toLowerCase(), deviceName: 'yard' },
        margin: 9,
        batteryLevel: 12.5,
      };
      expect(await chirp(status, 'status')).toEqual({
        status: 200,
        json: { device: YARD.devEui, battery: 12.5 },
      });
      const join = { deduplicationId: 'x', time: AT, deviceInfo: { devEui: YARD.devEui } };
      expect(await chirp(join, 'join')).toEqual({ status: 204, json: null });
      const yard = (await sensors()).sensors.find((s) => s.devEui === YARD.devEui);
      expect(yard).toMatchObject({
        battery: 12.5,
        status: 'never-seen',
        warnings: ['low-battery'],
      });
    });

    it('a ChirpStack status event without batteryLevel leaves the battery as it was', async () => {
      const status = (id: string, extra: Record<string, unknown>) => ({
        deduplicationId: id,
        time: AT,
        deviceInfo: { devEui: YARD.devEui, deviceName: 'yard' },
        margin: 9,
        ...extra,
      });
      const yard = async () => (await sensors()).sensors.find((s) => s.devEui === YARD.devEui);
      // Never reported: unknown, and no low-battery warning (it read 0 % and warned).
      expect(await chirp(status('s-1', {}), 'status')).toEqual({
        status: 200,
        json: { device: YARD.devEui, battery: null },
      });
      expect(await yard()).toMatchObject({ battery: null, warnings: [] });
      // Reported before: kept.
      expect((await chirp(status('s-2', { batteryLevel: 80 }), 'status')).status).toBe(200);
      expect((await chirp(status('s-3', {}), 'status')).status).toBe(200);
      expect(await yard()).toMatchObject({ battery: 80, warnings: [] });
    });

    it('refuses an uplink that is not application/json with a 415 saying what to set', async () => {
      const body = JSON.stringify(ttsUplinkBody(up({ devEui: LAWN.devEui })));
      for (const type of ['text/plain', 'application/octet-stream', null]) {
        const res = await api.app.request(`/api/integrations/${DEMO_TTS.id}/uplink`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${DEMO_TTS.secret}`,
            ...(type === null ? {} : { 'Content-Type': type }),
          },
          body,
        });
        expect(res.status, String(type)).toBe(415);
        expect(((await res.json()) as { error: string }).error).toMatch(
          /^Send uplinks as application\/json/,
        );
      }
      expect(await stored()).toEqual(nothing);
      // With a charset, as some clients add, it is JSON still.
      const res = await api.app.request(`/api/integrations/${DEMO_TTS.id}/uplink`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${DEMO_TTS.secret}`,
          'Content-Type': 'application/json; charset=utf-8',
        },
        body,
      });
      expect(res.status).toBe(200);
    });

    it('keeps a line counter’s running totals between uplinks, across a reboot', async () => {
      const totals = (n: number, receivedAt: string, totalIn: number, totalOut: number) =>
        chirpStackUpBody(
          up({
            devEui: HALL.devEui,
            receivedAt,
            fCnt: n,
            id: `totals-${n}`,
            payload: encodeVs133({ lines: [{ line: 1, totalIn, totalOut }] }),
          }),
        );
      const minute = (m: number) => new Date(Date.parse(NOW) - (10 - m) * 60_000).toISOString();
      const entries = async (body: unknown) =>
        ((await chirp(body)).json as { reading: { entries: number; occupancy: number } | null })
          .reading;
      // The first totals are a baseline; then the increase; after a reboot (frame counter back
      // to 0) the totals count from zero again.
      expect(await entries(totals(100, minute(1), 500, 480))).toMatchObject({ entries: 0 });
      expect(await entries(totals(101, minute(2), 507, 481))).toMatchObject({
        entries: 7,
        occupancy: 26,
      });
      expect(await entries(totals(0, minute(3), 3, 0))).toMatchObject({ entries: 3, occupancy: 3 });
      // An uplink older than the last one handled gives no reading.
      expect((await chirp(totals(102, minute(2.5), 9, 1))).json).toMatchObject({
        reading: null,
        skipped: 'out-of-order',
      });
      expect((await stored())?.readings).toBe(3);
    });

    it('counts the increase when the frame counter wraps or the device rejoins', async () => {
      const minute = (m: number) => new Date(Date.parse(NOW) - (10 - m) * 60_000).toISOString();
      const totals = (fCnt: number, m: number, totalIn: number, totalOut: number) =>
        chirpStackUpBody(
          up({
            devEui: HALL.devEui,
            receivedAt: minute(m),
            fCnt,
            id: `wrap-${m}`,
            payload: encodeVs133({ lines: [{ line: 1, totalIn, totalOut }] }),
          }),
        );
      const entries = async (body: unknown) =>
        ((await chirp(body)).json as { reading: { entries: number } | null }).reading?.entries;
      expect(await entries(totals(65535, 1, 1000, 990))).toBe(0);
      expect(await entries(totals(0, 2, 1003, 991))).toBe(3);
      expect(await entries(totals(3, 3, 1008, 995))).toBe(5);
      // The hour's visits are the 8 people who came in, not 1,010.
      const points = (await api.get('/api/usage/timeline?period=day')).json as {
        hall: number;
      }[];
      expect(points.reduce((sum, p) => sum + p.hall, 0)).toBe(8);
    });

    it('skips an uplink dated before its amenity was added, with the reason, and the device is seen', async () => {
      const added = new Date(Date.parse(NOW) - 5 * 60_000).toISOString();
      const early = new Date(Date.parse(NOW) - 8 * 60_000).toISOString();
      await test.db.query(`UPDATE amenities SET created_at = $1 WHERE slug = 'great-lawn'`, [
        added,
      ]);
      await reloadAmenities(test.db, community);
      try {
        const body = ttsUplinkBody(
          up({ devEui: LAWN.devEui, receivedAt: early, decoded: { people_counter_all: 12 } }),
        );
        expect(await tts(body)).toEqual({
          status: 200,
          json: {
            device: LAWN.devEui,
            reading: null,
            skipped: 'before-added',
            reason: `time is before The Great Lawn was added (${added})`,
          },
        });
        expect((await stored())?.readings).toBe(0);
        const lawn = (await sensors()).sensors.find((s) => s.devEui === LAWN.devEui);
        expect(lawn?.lastUplinkAt).toBe(early);
        // From when it was added, its uplinks count.
        const later = ttsUplinkBody(
          up({ devEui: LAWN.devEui, receivedAt: AT, decoded: { people_counter_all: 12 } }),
        );
        expect((await tts(later)).json).toMatchObject({ reading: { occupancy: 12 } });
      } finally {
        await test.db.query(`UPDATE amenities SET created_at = $1 WHERE slug = 'great-lawn'`, [
          TEST_COMMUNITY_CREATED,
        ]);
        await reloadAmenities(test.db, community);
      }
    });

    it('a jump of running totals past the bounds is skipped, shown to the Admin, and counting goes on', async () => {
      // Solis Hall holds 120: at most 1,200 entries between two readings. After an outage the
      // totals jump 4 -> 1,300; refusing it with a 4xx rolled the device's state back, so every
      // later uplink was judged against 4 and refused too, and the sensor read "silent".
      const minute = (m: number) => new Date(Date.parse(NOW) - (10 - m) * 60_000).toISOString();
      const totals = (m: number, totalIn: number, totalOut: number) =>
        chirp(
          chirpStackUpBody(
            up({
              devEui: HALL.devEui,
              receivedAt: minute(m),
              fCnt: Math.round(10 * m),
              id: `jump-${m}`,
              payload: encodeVs133({ lines: [{ line: 1, totalIn, totalOut }] }),
            }),
          ),
        );
      const entries = async (m: number, totalIn: number, totalOut: number) => {
        const res = await totals(m, totalIn, totalOut);
        expect(res.status).toBe(200);
        return (res.json as { reading: { entries: number } | null }).reading?.entries;
      };
      expect(await entries(1, 4, 0)).toBe(0);
      expect(await totals(2, 1300, 1290)).toEqual({
        status: 200,
        json: {
          device: HALL.devEui,
          reading: null,
          skipped: 'out-of-bounds',
          reason: 'entries 1296 is more than 10 times the capacity of 120',
          uncountedEntries: 1296,
        },
      });
      expect(await entries(3, 1302, 1290)).toBe(2);
      expect(await entries(4, 1307, 1300)).toBe(5);
      // A counter clear whose new totals are past the bound: skipped too, then counting goes on.
      expect((await totals(5, 1250, 1240)).json).toMatchObject({
        reading: null,
        skipped: 'out-of-bounds',
        uncountedEntries: 1250,
      });
      expect(await entries(9.8, 1251, 1245)).toBe(1);
      expect((await stored())?.readings).toBe(4);
      const hall = (await sensors()).sensors.find((s) => s.devEui === HALL.devEui);
      expect(hall).toMatchObject({
        lastUplinkAt: minute(9.8),
        warnings: expect.arrayContaining(['uncounted-entries']) as string[],
        uncounted: [
          {
            from: minute(1),
            to: minute(2),
            entries: 1296,
            uplinks: 1,
            reason: 'entries 1296 is more than 10 times the capacity of 120',
          },
          {
            from: minute(4),
            to: minute(5),
            entries: 1250,
            uplinks: 1,
            reason: 'entries 1250 is more than 10 times the capacity of 120',
          },
        ],
      });
      expect(hall?.status).toBe('ok');
    });

    it('accepts other events with 204 and limits failed secrets per client', async () => {
      const join = { end_device_ids: { dev_eui: LAWN.devEui }, join_accept: {} };
      expect(await tts(join)).toEqual({ status: 204, json: null });
      expect(await chirp({ deviceInfo: { devEui: YARD.devEui } }, 'log')).toEqual({
        status: 204,
        json: null,
      });
      const limited = testApp(test.db, community, {
        clock: clock.now,
        authFailures: { max: 2, windowMs: 60_000 },
      });
      // A second server on the same database: the count is shared, not kept per process.
      const alsoLimited = testApp(test.db, community, {
        clock: clock.now,
        authFailures: { max: 2, windowMs: 60_000 },
      });
      const attempt = (secret: string, server = limited) =>
        server.app.request(`/api/integrations/${DEMO_TTS.id}/uplink`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
          body: '{}',
        });
      expect((await attempt('bad-1')).status).toBe(401);
      expect((await attempt('bad-2', alsoLimited)).status).toBe(401);
      expect((await attempt('bad-3')).status).toBe(429);
      expect((await attempt('bad-4', alsoLimited)).status).toBe(429);
      expect((await attempt(DEMO_TTS.secret, alsoLimited)).status).toBe(400);
      // The right secret is never refused for others' failures.
      expect((await attempt(DEMO_TTS.secret)).status).toBe(400);
      expect(await stored()).toEqual(nothing);
    });

    it('takes a batch in our own format from a `readings` integration, idempotent like ingest', async () => {
      const own = { id: 'own-readings', secret: 'own-readings-secret-0123456789abcdef' };
      await test.db.query(
        `INSERT INTO integrations (id, community_id, kind, name, secret_sha256)
         VALUES ($1, $2, 'readings', 'Own batches', $3) ON CONFLICT (id) DO NOTHING`,
        [own.id, community.id, hashSecret(own.secret)],
      );
      const batch = {
        readings: [
          { amenityId: 'great-lawn', time: AT, occupancy: 9, entries: 4, dwellMinutes: 30 },
          { amenityId: 'the-yard', time: AT, occupancy: 2, entries: 1, dwellMinutes: 12 },
        ],
      };
      // Only its own secret: not the ingest key, not another integration's.
      expect((await post(own.id, batch, { secret: DEMO_TTS.secret })).status).toBe(401);
      expect((await post(own.id, batch, { secret: null })).status).toBe(401);
      expect(await stored()).toEqual(nothing);

      expect(await post(own.id, batch, { secret: own.secret })).toEqual({
        status: 200,
        json: { accepted: 2 },
      });
      expect(await liveCount('great-lawn')).toBe(9);
      // The same batch again stores nothing new and says so.
      expect(await post(own.id, batch, { secret: own.secret })).toEqual({
        status: 200,
        json: { accepted: 0, duplicates: 2 },
      });
      expect(await stored()).toEqual({ readings: 2, uplinks: 0, discovered: 0 });

      // Bounded like POST /api/readings: a bad reading refuses the whole batch, nothing stored;
      // an uplink-shaped body is a 400; past 1 MB a 413 (an uplink's limit is 64 KB).
      const bad = {
        readings: [
          { ...batch.readings[0], time: new Date(Date.parse(NOW) - 60_000).toISOString() },
          { amenityId: 'nowhere', time: AT, occupancy: 1, entries: 0, dwellMinutes: 0 },
        ],
      };
      expect(await post(own.id, bad, { secret: own.secret })).toMatchObject({
        status: 400,
        json: { error: expect.stringContaining('unknown amenity "nowhere"') as string },
      });
      const uplink = ttsUplinkBody(up({ devEui: LAWN.devEui }));
      expect((await post(own.id, uplink, { secret: own.secret })).status).toBe(400);
      const big = JSON.stringify({ readings: [], pad: 'x'.repeat(200_000) });
      expect((await post(own.id, big, { secret: own.secret })).status).toBe(400);
      expect((await post(own.id, 'x'.repeat(1_100_000), { secret: own.secret })).status).toBe(413);
      expect(await stored()).toEqual({ readings: 2, uplinks: 0, discovered: 0 });
    });

    it('answers GET with 405 naming POST', async () => {
      const res = await api.get(`/api/integrations/${DEMO_TTS.id}/uplink`);
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('POST');
    });
  });
}
