import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community } from '../../server/community';
import {
  DEMO_CHIRPSTACK,
  DEMO_DEVICES,
  DEMO_TTS,
  ensureDemoSensors,
} from '../../server/integrations/demo-sensors';
import {
  mqttIntegrations,
  routeTopic,
  startMqttSubscription,
  type MqttSubscription,
} from '../../server/integrations/mqtt-subscriber';
import { chirpStackUpBody, encodeVs121, ttsUplinkBody } from '../../server/lorawan/encode';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  local,
  openTestDatabase,
  testApp,
  type TestDatabase,
} from './helpers';

/**
 * MQTT_URL against a real Mosquitto broker (Debian's `mosquitto`, started here on a free port).
 * Without the binary the tests are skipped with a message, unless REQUIRE_MQTT=1 makes that a
 * failure (CI installs it: apt-get install -y mosquitto).
 */
const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((path) => existsSync(path));
const REQUIRED = process.env.REQUIRE_MQTT === '1';
if (!MOSQUITTO && !REQUIRED) {
  console.warn(
    'Skipping the MQTT tests: no mosquitto (apt-get install -y mosquitto; REQUIRE_MQTT=1 to insist)',
  );
}

const NOW = local('2026-03-18', '12:30');
const AT = new Date(Date.parse(NOW) - 20_000).toISOString();
const YARD = DEMO_DEVICES.find((d) => d.amenitySlug === 'the-yard'); // VS121 through ChirpStack
const LAWN = DEMO_DEVICES.find((d) => d.amenitySlug === 'great-lawn'); // VS121 through TTS

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const until = async (check: () => Promise<boolean>, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('MQTT topics', () => {
  const integrations = {
    chirpstack: { id: DEMO_CHIRPSTACK.id, kind: 'chirpstack' as const },
    tts: { id: DEMO_TTS.id, kind: 'tts' as const },
  };
  it('routes ChirpStack events and TTS uplinks to their integrations, nothing else', () => {
    expect(routeTopic('application/7/device/24e124538b223213/event/up', integrations)).toEqual({
      integration: integrations.chirpstack,
      event: 'up',
    });
    expect(routeTopic('application/7/device/x/event/status', integrations)?.event).toBe('status');
    expect(routeTopic('v3/pool@ttn/devices/lawn-counter/up', integrations)).toEqual({
      integration: integrations.tts,
      event: undefined,
    });
    expect(routeTopic('v3/pool@ttn/devices/lawn-counter/join', integrations)).toBeNull();
    expect(routeTopic('application/7/device/x/command/down', integrations)).toBeNull();
    expect(
      routeTopic('v3/pool@ttn/devices/lawn-counter/up', { chirpstack: integrations.chirpstack }),
    ).toBeNull();
  });
});

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null || (!MOSQUITTO && !REQUIRED))(
    `MQTT subscription against Mosquitto, ${backendTitle(backend)}`,
    () => {
      let test: TestDatabase;
      let community: Community;
      let broker: ChildProcess;
      let url = '';
      const subscriptions: MqttSubscription[] = [];
      const logs: string[] = [];

      beforeAll(async () => {
        if (!MOSQUITTO) throw new Error('REQUIRE_MQTT=1 but mosquitto is not installed');
        const port = await freePort();
        url = `mqtt://127.0.0.1:${port}`;
        broker = spawn(MOSQUITTO, ['-p', String(port)], { stdio: 'ignore' });
        test = await openTestDatabase(backend);
        community = await createTestCommunity(test.db);
        await ensureDemoSensors(test.db, community);
        // Two server processes' worth of subscribers on one database: a shared subscription
        // gives each message to one, and the dedupe key stores it once anyway.
        for (const clientId of ['server-a', 'server-b']) {
          const api = testApp(test.db, community, { clock: () => Date.parse(NOW) });
          await until(async () => {
            try {
              subscriptions.push(
                await startMqttSubscription({
                  url,
                  receiver: api.uplinks,
                  clientId,
                  log: (message) => logs.push(message),
                  integrations: {
                    chirpstack: { id: DEMO_CHIRPSTACK.id, kind: 'chirpstack' },
                    tts: { id: DEMO_TTS.id, kind: 'tts' },
                  },
                }),
              );
              return true;
            } catch {
              return false; // the broker is still starting
            }
          });
        }
      });
      afterAll(async () => {
        for (const subscription of subscriptions) await subscription.stop();
        broker?.kill();
        await test?.drop();
      });

      const count = async (table: string) =>
        (await test.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? 0;

      it('attributes the topics to the integrations named, or the oldest of each kind', async () => {
        expect(await mqttIntegrations(test.db, community.id, {})).toEqual({
          chirpstack: { id: DEMO_CHIRPSTACK.id, kind: 'chirpstack' },
          tts: { id: DEMO_TTS.id, kind: 'tts' },
        });
        await expect(
          mqttIntegrations(test.db, community.id, { chirpstack: DEMO_TTS.id }),
        ).rejects.toThrow('MQTT: "demo-tts" is not a chirpstack integration of this community');
      });

      it('stores a ChirpStack up event and a TTS uplink published to the broker, once each', async () => {
        if (!YARD || !LAWN) throw new Error('demo devices missing');
        const publisher = await mqtt.connectAsync(url);
        const chirp = chirpStackUpBody({
          devEui: YARD.devEui,
          deviceName: 'yard',
          receivedAt: AT,
          fCnt: 3,
          payload: encodeVs121({ occupancy: 7 }),
          id: '5b9a8e3c-0000-4000-8000-000000000001',
          rssi: -90,
          snr: 7,
        });
        const topic = `application/1/device/${YARD.devEui.toLowerCase()}/event/up`;
        // Published twice (a redelivery): stored once.
        await publisher.publishAsync(topic, JSON.stringify(chirp), { qos: 1 });
        await publisher.publishAsync(topic, JSON.stringify(chirp), { qos: 1 });
        const tts = ttsUplinkBody({
          devEui: LAWN.devEui,
          deviceName: 'lawn',
          receivedAt: AT,
          fCnt: 9,
          payload: encodeVs121({ occupancy: 11 }),
          id: 'as:up:01HTEST0000000000000000001',
          rssi: -95,
          snr: 5,
        });
        await publisher.publishAsync('v3/pool@ttn/devices/lawn/up', JSON.stringify(tts), {
          qos: 1,
        });
        // Not ours, and malformed: nothing stored, logged.
        await publisher.publishAsync('v3/pool@ttn/devices/lawn/up', '{not json', { qos: 1 });
        await until(async () => (await count('uplinks')) === 2 && logs.length > 0);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await publisher.endAsync();
        expect(await count('uplinks')).toBe(2);
        expect(await count('readings')).toBe(2);
        const rows = await test.db.query<{ slug: string; occupancy: number }>(
          `SELECT a.slug, r.occupancy FROM readings r JOIN amenities a ON a.id = r.amenity_id
            ORDER BY a.slug`,
        );
        expect(rows).toEqual([
          { slug: 'great-lawn', occupancy: 11 },
          { slug: 'the-yard', occupancy: 7 },
        ]);
        expect(logs).toEqual([
          expect.stringMatching(/^MQTT v3\/pool@ttn\/devices\/lawn\/up: not stored \(400 /),
        ]);
      });
    },
  );
}
