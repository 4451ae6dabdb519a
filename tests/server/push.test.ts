import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertInboxSchema, NotificationPreferencesSchema } from '../../src/api/contract';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import type { Community } from '../../server/community';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../server/delivery/backoff';
import { pushChannel } from '../../server/delivery/push/channel';
import { ALERT_TTL_SECONDS, topicFor } from '../../server/delivery/push/payload';
import { MAX_DEVICES_PER_USER } from '../../server/delivery/routes';
import { deliveryService } from '../../server/delivery/worker';
import { runDueSchedules } from '../../server/schedules/run-due';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  local,
  openTestDatabase,
  sessionRequests,
  reading,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

/**
 * Web Push for real: a local push service over HTTPS (a self-signed certificate made for the
 * test, trusted through the channel's agent) receives what the `web-push` package sends, and the
 * test decrypts it (RFC 8291, aes128gcm) with the subscription's private key and auth secret.
 */

type Received = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

class PushService {
  readonly received: Received[] = [];
  /** The status each device path answers (default 201). */
  readonly answers = new Map<string, number>();
  /** Device paths whose answer waits until released (a push service that hangs). */
  private readonly holds = new Map<string, Promise<void>>();
  server!: Server;
  agent!: Agent;
  port = 0;
  private dir = '';

  async start() {
    this.dir = mkdtempSync(path.join(tmpdir(), 'cg-push-'));
    const key = path.join(this.dir, 'key.pem');
    const cert = path.join(this.dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const pem = { key: readFileSync(key), cert: readFileSync(cert) };
    this.agent = new Agent({ ca: pem.cert });
    this.server = createServer(pem, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = request.url ?? '';
        this.received.push({ path: url, headers: request.headers, body: Buffer.concat(chunks) });
        void (this.holds.get(url) ?? Promise.resolve()).then(() => {
          response.statusCode = this.answers.get(url) ?? 201;
          response.end();
        });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  /** Holds the answers to a device path until the returned function is called. */
  hold(url: string): () => void {
    let release: () => void = () => undefined;
    this.holds.set(
      url,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    return () => {
      this.holds.delete(url);
      release();
    };
  }

  async stop() {
    this.agent?.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
    rmSync(this.dir, { recursive: true, force: true });
  }

  endpoint(device: string) {
    return `https://127.0.0.1:${this.port}/push/${device}`;
  }
}

/** A browser's subscription: a P-256 key pair and a 16-byte auth secret. */
type Device = { name: string; ecdh: ECDH; auth: Buffer; p256dh: string };
function newDevice(name: string): Device {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    name,
    ecdh,
    auth: randomBytes(16),
    p256dh: ecdh.getPublicKey().toString('base64url'),
  };
}

/** RFC 8291 / RFC 8188 decryption of one aes128gcm record, as the browser does it. */
function decrypt(device: Device, body: Buffer): unknown {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and then zero padding.
  const end = padded.lastIndexOf(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

// Wednesday 2026-11-18, 10:00 in the demo zone (Pacific).
const NOW = local('2026-11-18', '10:00');

const service = new PushService();
beforeAll(() => service.start());
afterAll(() => service.stop());

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`Web Push delivery, ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    const clock = testClock(NOW);
    let api: ReturnType<typeof testApp>;
    const users: Record<'manager' | 'board', number> = { manager: 0, board: 0 };

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      for (const role of ['manager', 'board'] as const) {
        const id = await insertUser(
          test.db,
          community.id,
          {
            email: `${role}@example.org`,
            name: `The ${role}`,
            role,
            passwordHash: 'not used',
            totpSecret: null,
          },
          Date.parse(NOW),
        );
        if (id === null) throw new Error('user exists');
        users[role] = id;
      }
    });
    afterAll(() => test?.drop());
    beforeEach(async () => {
      clock.set(NOW);
      service.received.length = 0;
      service.answers.clear();
      api = testApp(test.db, community, {
        clock: clock.now,
        // The local push service is on 127.0.0.1, which a real server refuses (public-host.ts).
        push: { subject: 'mailto:ops@example.org', agent: service.agent, allowPrivateHosts: true },
      });
      for (const table of [
        'deliveries',
        'push_subscriptions',
        'notification_preferences',
        'alert_reads',
        'alerts',
        'alert_state',
        'alert_rules',
        'alert_rule_defaults',
        'report_archive',
        'report_schedules',
        'readings',
        'readings_hourly',
        'readings_daily',
      ]) {
        await test.db.query(`DELETE FROM ${table}`);
      }
    });

    const send = sessionRequests(
      () => test.db,
      () => api,
      clock.now,
    );

    async function subscribe(user: number, device: Device) {
      const res = await send(user, 'POST', '/api/push/subscriptions', {
        endpoint: service.endpoint(device.name),
        expirationTime: null,
        keys: { p256dh: device.p256dh, auth: device.auth.toString('base64url') },
      });
      expect(res.status).toBe(201);
    }

    /** Readings that take the Grand Lake (capacity 150) past 90%: one occupancy alert. */
    async function crowdTheLake() {
      const res = await api.post([reading('grand-lake', new Date(clock.now()).toISOString(), 140)]);
      expect(res.status).toBe(200);
      await api.delivery.idle();
    }

    const requestsTo = (device: Device) =>
      service.received.filter((r) => r.path === `/push/${device.name}`);

    async function inbox() {
      const res = await send(users.manager, 'GET', '/api/alerts');
      return AlertInboxSchema.parse(res.json);
    }

    it('an alert reaches a subscribed phone within the kick: payload, TTL, urgency and topic', async () => {
      const phone = newDevice(`phone-${backend.name}`);
      await subscribe(users.manager, phone);
      await crowdTheLake();
      const [request] = requestsTo(phone);
      expect(request).toBeDefined();
      if (!request) return;
      expect(request.headers.ttl).toBe(String(ALERT_TTL_SECONDS));
      expect(request.headers.urgency).toBe('high');
      const topic = topicFor('amenity:grand-lake');
      expect(request.headers.topic).toBe(topic);
      expect(topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(String(request.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
      expect(decrypt(phone, request.body)).toEqual({
        title: 'Alert: Grand Lake',
        body: 'Grand Lake is at 93% of capacity (140 of 150 people)',
        url: '/analytics?amenity=grand-lake',
        tag: 'amenity-grand-lake',
      });
      const [alert] = (await inbox()).alerts;
      expect(alert?.deliveries).toEqual([{ channel: 'push', sent: 1, pending: 0, failed: 0 }]);
    });

    it('records each push as it ends: a device whose push service hangs holds back no other', async () => {
      const phone = newDevice(`prompt-${backend.name}`);
      const tablet = newDevice(`hung-${backend.name}`);
      await subscribe(users.manager, phone);
      await subscribe(users.manager, tablet);
      const release = service.hold(`/push/${tablet.name}`);
      try {
        const res = await api.post([
          reading('grand-lake', new Date(clock.now()).toISOString(), 140),
        ]);
        expect(res.status).toBe(200);
        // While the tablet's push is still under way, the phone's is already recorded as sent:
        // a process killed now would send the phone's again to no one.
        const statuses = async () =>
          (
            await test.db.query<{ endpoint: string; status: string }>(
              `SELECT s.endpoint, d.status FROM deliveries d
                 JOIN push_subscriptions s ON s.id::text = d.target ORDER BY s.endpoint`,
            )
          ).map((row) => [row.endpoint.split('/').at(-1), row.status]);
        await vi.waitFor(
          async () =>
            expect(await statuses()).toEqual([
              [tablet.name, 'pending'],
              [phone.name, 'sent'],
            ]),
          { timeout: 5_000, interval: 50 },
        );
      } finally {
        release();
      }
      await api.delivery.idle();
      expect((await inbox()).alerts[0]?.deliveries).toEqual([
        { channel: 'push', sent: 2, pending: 0, failed: 0 },
      ]);
    });

    it('a subscription answering 410 is dropped', async () => {
      const phone = newDevice(`gone-${backend.name}`);
      await subscribe(users.manager, phone);
      service.answers.set(`/push/${phone.name}`, 410);
      await crowdTheLake();
      expect(requestsTo(phone)).toHaveLength(1);
      const left = await test.db.query(`SELECT 1 FROM push_subscriptions`);
      expect(left).toEqual([]);
      const [row] = await test.db.query<{ status: string }>(`SELECT status FROM deliveries`);
      expect(row?.status).toBe('skipped');
      const prefs = await send(users.manager, 'GET', '/api/me/notifications');
      expect(NotificationPreferencesSchema.parse(prefs.json).pushDevices).toBe(0);
    });

    it('a 500 is retried after 30 s, 2 min and 10 min, then given up: "failed to 2 devices"', async () => {
      const phone = newDevice(`down-a-${backend.name}`);
      const tablet = newDevice(`down-b-${backend.name}`);
      await subscribe(users.manager, phone);
      await subscribe(users.board, tablet);
      service.answers.set(`/push/${phone.name}`, 500);
      service.answers.set(`/push/${tablet.name}`, 503);
      await crowdTheLake();
      expect(requestsTo(phone)).toHaveLength(1);
      expect((await inbox()).alerts[0]?.deliveries).toEqual([
        { channel: 'push', sent: 0, pending: 2, failed: 0 },
      ]);
      // Not before its back-off.
      clock.advance(RETRY_DELAYS_MS[0] - 1000);
      await api.delivery.run();
      expect(requestsTo(phone)).toHaveLength(1);
      for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
        clock.advance(i === 0 ? 1000 : delay);
        await api.delivery.run();
        expect(requestsTo(phone)).toHaveLength(i + 2);
      }
      expect(requestsTo(phone)).toHaveLength(MAX_ATTEMPTS);
      expect(requestsTo(tablet)).toHaveLength(MAX_ATTEMPTS);
      clock.advance(60 * 60_000);
      await api.delivery.run();
      expect(requestsTo(phone)).toHaveLength(MAX_ATTEMPTS);
      expect((await inbox()).alerts[0]?.deliveries).toEqual([
        { channel: 'push', sent: 0, pending: 0, failed: 2 },
      ]);
      const rows = await test.db.query<{ last_error: string }>(`SELECT last_error FROM deliveries`);
      expect(rows[0]?.last_error).toMatch(/answered 50[03] \(gave up after 4 attempts\)/);
    });

    it('quiet hours hold the push until they end; the inbox has the alert at once', async () => {
      const phone = newDevice(`quiet-${backend.name}`);
      await subscribe(users.manager, phone);
      const saved = await send(users.manager, 'PUT', '/api/me/notifications', {
        pushAlerts: true,
        pushReports: true,
        quietHours: { start: '22:00', end: '07:00' },
      });
      expect(saved.status).toBe(200);
      // Quiet hours of no length are refused, not dropped: the saved ones stay.
      const same = await send(users.manager, 'PUT', '/api/me/notifications', {
        pushAlerts: true,
        pushReports: true,
        quietHours: { start: '22:00', end: '22:00' },
      });
      expect(same.status).toBe(400);
      expect(same.json).toEqual({
        error: 'quietHours.end: must differ from start (quiet hours need a start and an end)',
      });
      const kept = await send(users.manager, 'GET', '/api/me/notifications');
      expect(NotificationPreferencesSchema.parse(kept.json).quietHours).toEqual({
        start: '22:00',
        end: '07:00',
      });
      clock.set(local('2026-11-18', '23:30'));
      await crowdTheLake();
      expect(requestsTo(phone)).toHaveLength(0);
      expect((await inbox()).alerts).toHaveLength(1);
      clock.set(local('2026-11-19', '06:59'));
      await api.delivery.run();
      expect(requestsTo(phone)).toHaveLength(0);
      clock.set(local('2026-11-19', '07:00'));
      await api.delivery.run();
      expect(requestsTo(phone)).toHaveLength(1);
    });

    it('preferences: a user who turned alert pushes off gets none; reports still come', async () => {
      const phone = newDevice(`prefs-m-${backend.name}`);
      const tablet = newDevice(`prefs-b-${backend.name}`);
      await subscribe(users.manager, phone);
      await subscribe(users.board, tablet);
      const off = await send(users.board, 'PUT', '/api/me/notifications', {
        pushAlerts: false,
        pushReports: true,
        quietHours: null,
      });
      expect(NotificationPreferencesSchema.parse(off.json)).toMatchObject({
        pushAlerts: false,
        pushDevices: 1,
        readOnly: false,
      });
      await crowdTheLake();
      expect(requestsTo(phone)).toHaveLength(1);
      expect(requestsTo(tablet)).toHaveLength(0);

      // A monthly report due now: "Your October usage report is ready", opening the entry.
      await test.db.query(
        `INSERT INTO report_schedules (community_id, kind, cadence, day_of_month, minute_of_day,
                                       next_run_at)
         VALUES ($1, 'usage', 'monthly', 1, 480, $2)`,
        [community.id, local('2026-11-01', '08:00')],
      );
      const [archived] = await runDueSchedules(test.db, community, clock.now(), api.delivery);
      await api.delivery.idle();
      const [request] = requestsTo(tablet);
      expect(request).toBeDefined();
      if (!request) return;
      expect(decrypt(tablet, request.body)).toEqual({
        title: 'Your October usage report is ready',
        body: 'October 2026 usage report: open it in CommonGround.',
        url: `/reports?archive=${archived}`,
        tag: `report-${archived}`,
      });
      expect(requestsTo(phone)).toHaveLength(2);
    });

    it('one device subscribing again and again at once (open tabs) is one subscription, each answered', async () => {
      const phone = newDevice(`twice-${backend.name}`);
      const endpoint = service.endpoint(phone.name);
      const body = JSON.stringify({
        endpoint,
        expirationTime: null,
        keys: { p256dh: phone.p256dh, auth: phone.auth.toString('base64url') },
      });
      const cookie = `cg_session=${await createSession(test.db, users.manager, clock.now())}`;
      const headers = {
        Cookie: cookie,
        Origin: 'http://localhost',
        'Content-Type': 'application/json',
      };
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          api.app.request('/api/push/subscriptions', { method: 'POST', headers, body }),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 12 }, () => 201));
      expect(
        await test.db.query(`SELECT user_id FROM push_subscriptions WHERE endpoint = $1`, [
          endpoint,
        ]),
      ).toEqual([{ user_id: users.manager }]);
      await send(users.manager, 'DELETE', '/api/push/subscriptions', { endpoint });
    });

    it(`40 devices of one user subscribing at once leave the newest ${MAX_DEVICES_PER_USER}`, async () => {
      const cookie = `cg_session=${await createSession(test.db, users.board, clock.now())}`;
      const headers = {
        Cookie: cookie,
        Origin: 'http://localhost',
        'Content-Type': 'application/json',
      };
      const devices = Array.from({ length: 40 }, (_, i) => newDevice(`many-${backend.name}-${i}`));
      const answers = await Promise.all(
        devices.map((device) =>
          api.app.request('/api/push/subscriptions', {
            method: 'POST',
            headers,
            body: JSON.stringify({
              endpoint: service.endpoint(device.name),
              expirationTime: null,
              keys: { p256dh: device.p256dh, auth: device.auth.toString('base64url') },
            }),
          }),
        ),
      );
      const bodies = await Promise.all(
        answers.map(async (res) => ({
          status: res.status,
          json: (await res.json()) as { pushDevices: number },
        })),
      );
      for (const { status, json } of bodies) {
        expect(status).toBe(201);
        expect(json.pushDevices).toBeLessThanOrEqual(MAX_DEVICES_PER_USER);
      }
      // The last subscribe to be made saw the full set.
      expect(Math.max(...bodies.map((b) => b.json.pushDevices))).toBe(MAX_DEVICES_PER_USER);
      const kept = await test.db.query<{ id: number }>(
        `SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY id`,
        [users.board],
      );
      expect(kept).toHaveLength(MAX_DEVICES_PER_USER);
      // The newest: the last 20 of the 40 rows made, in the order the subscribes were made.
      const [{ last = 0 } = {}] = await test.db.query<{ last: number }>(
        `SELECT max(id)::int AS last FROM push_subscriptions`,
      );
      expect(kept.map((row) => row.id)).toEqual(
        Array.from({ length: MAX_DEVICES_PER_USER }, (_, i) => last - MAX_DEVICES_PER_USER + 1 + i),
      );
      // The next device still pushes out the oldest one.
      const extra = newDevice(`many-${backend.name}-extra`);
      await subscribe(users.board, extra);
      const after = await test.db.query<{ id: number }>(
        `SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY id`,
        [users.board],
      );
      expect(after).toHaveLength(MAX_DEVICES_PER_USER);
      expect(after.map((row) => row.id)).not.toContain(kept[0]?.id);
    });

    it('a push endpoint on the server’s own network is refused, when subscribed and when sent', async () => {
      const device = newDevice(`inside-${backend.name}`);
      const keys = { p256dh: device.p256dh, auth: device.auth.toString('base64url') };
      const strict = testApp(test.db, community, {
        clock: clock.now,
        push: { subject: 'mailto:ops@example.org' },
      });
      const strictSend = sessionRequests(
        () => test.db,
        () => strict,
        clock.now,
      );
      for (const endpoint of [
        service.endpoint('x'),
        'https://localhost/push/x',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/push/x',
        'https://[::ffff:10.0.0.1]/push/x',
        'https://10.1.2.3/push/x',
        'https://db/push/x',
        'https://printer.local/push/x',
        // A public host, but another port or a user name: not how a push service is reached.
        'https://fcm.googleapis.com:22/fcm/send/x',
        'https://user:secret@fcm.googleapis.com/fcm/send/x',
      ]) {
        const res = await strictSend(users.manager, 'POST', '/api/push/subscriptions', {
          endpoint,
          keys,
        });
        expect(res.status, endpoint).toBe(400);
        expect(res.json, endpoint).toEqual({
          error: 'endpoint: must be a push service on the public internet',
        });
      }
      expect(await test.db.query(`SELECT 1 FROM push_subscriptions`)).toEqual([]);
      // A browser's push service is accepted.
      const fcm = await strictSend(users.manager, 'POST', '/api/push/subscriptions', {
        endpoint: 'https://fcm.googleapis.com/fcm/send/e2x-device-token',
        keys,
      });
      expect(fcm.status).toBe(201);
      await test.db.query(`DELETE FROM push_subscriptions`);

      // A name that resolves inside when the push is sent (here localhost, as a name rebound
      // after it was subscribed would): nothing is sent, and the delivery fails at once.
      await test.db.query(
        `INSERT INTO push_subscriptions (community_id, user_id, endpoint, p256dh, auth, created_at)
         VALUES ($1, $2, $3, $4, $5, now())`,
        [
          community.id,
          users.manager,
          `https://localhost:${service.port}/push/${device.name}`,
          keys.p256dh,
          keys.auth,
        ],
      );
      const res = await strict.post([
        reading('grand-lake', new Date(clock.now()).toISOString(), 140),
      ]);
      expect(res.status).toBe(200);
      await strict.delivery.idle();
      expect(requestsTo(device)).toHaveLength(0);
      const rows = await test.db.query<{ status: string; last_error: string }>(
        `SELECT status, last_error FROM deliveries WHERE channel = 'push'`,
      );
      expect(rows).toEqual([
        {
          status: 'failed',
          last_error: expect.stringMatching(
            /^Not sent: localhost resolves to (127\.0\.0\.1|::1), not a public address$/,
          ),
        },
      ]);
    });

    it('subscriptions are bounded: https endpoints only, of limited length, valid keys', async () => {
      const device = newDevice('bounded');
      const keys = { p256dh: device.p256dh, auth: device.auth.toString('base64url') };
      const bad = [
        { endpoint: 'http://127.0.0.1/push/x', keys },
        { endpoint: `https://push.example/${'x'.repeat(2100)}`, keys },
        { endpoint: 'not a url', keys },
        { endpoint: service.endpoint('x'), keys: { ...keys, auth: 'short' } },
        { endpoint: service.endpoint('x'), keys: { ...keys, p256dh: '!'.repeat(87) } },
        // The right length and alphabet, but no point of the curve: every send would fail.
        { endpoint: service.endpoint('x'), keys: { ...keys, p256dh: 'A'.repeat(87) } },
        {
          endpoint: service.endpoint('x'),
          keys: { ...keys, auth: randomBytes(17).toString('base64url') },
        },
      ];
      for (const body of bad) {
        const res = await send(users.manager, 'POST', '/api/push/subscriptions', body);
        expect(res.status, JSON.stringify(body.keys)).toBe(400);
      }
      expect(await test.db.query(`SELECT 1 FROM push_subscriptions`)).toEqual([]);
      // The demo viewer reads the defaults and may not change them.
      const demo = await send(null, 'GET', '/api/me/notifications');
      expect(NotificationPreferencesSchema.parse(demo.json).readOnly).toBe(true);
      const put = await send(null, 'PUT', '/api/me/notifications', {
        pushAlerts: false,
        pushReports: false,
        quietHours: null,
      });
      expect(put.status).toBe(403);
      // Unsubscribing removes this device only.
      await subscribe(users.manager, device);
      const gone = await send(users.manager, 'DELETE', '/api/push/subscriptions', {
        endpoint: service.endpoint(device.name),
      });
      expect(gone).toEqual({ status: 200, json: { subscribed: false, pushDevices: 0 } });
    });

    it("a removed user's devices are dropped and get nothing more", async () => {
      const phone = newDevice(`removed-${backend.name}`);
      const board = await insertUser(
        test.db,
        community.id,
        {
          email: `leaving-${backend.name}@example.org`,
          name: 'Leaving',
          role: 'board',
          passwordHash: 'not used',
          totpSecret: null,
        },
        clock.now(),
      );
      if (board === null) throw new Error('user exists');
      await subscribe(board, phone);
      await test.db.query(
        `UPDATE users SET role = 'admin', totp_enabled = true,
                                  totp_secret = 'JBSWY3DPEHPK3PXP' WHERE id = $1`,
        [users.manager],
      );
      const removed = await send(users.manager, 'DELETE', `/api/users/${board}`);
      await test.db.query(
        `UPDATE users SET role = 'manager', totp_enabled = false,
                                  totp_secret = NULL WHERE id = $1`,
        [users.manager],
      );
      expect(removed.status).toBe(204);
      await crowdTheLake();
      expect(requestsTo(phone)).toHaveLength(0);
      expect(await test.db.query(`SELECT 1 FROM push_subscriptions`)).toEqual([]);
    });

    it('the VAPID key is generated once and shared', async () => {
      const first = await send(null, 'GET', '/api/push/public-key');
      const other = testApp(test.db, community, { clock: clock.now });
      const second = await other.app.request('/api/push/public-key');
      expect(first.status).toBe(200);
      expect(await second.json()).toEqual(first.json);
      const rows = await test.db.query(`SELECT 1 FROM server_keys WHERE name = 'vapid'`);
      expect(rows).toHaveLength(1);
    });
  });
}

const postgres = BACKENDS.find((b) => b.name === 'postgres');
describe.skipIf(postgres?.skip !== null)(
  'deliveries: exactly once with two workers on one PostgreSQL',
  () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const schema = `cg_test_push_${process.pid}_${randomBytes(4).toString('hex')}`;
    let first: Database;
    let second: Database;
    let community: Community;

    beforeAll(async () => {
      first = await openPostgres(url, { schema });
      second = await openPostgres(url, { schema });
      await migrate(first);
      community = await createTestCommunity(first);
    });
    afterAll(async () => {
      await second?.close();
      await first?.query(`DROP SCHEMA ${schema} CASCADE`);
      await first?.close();
    });

    it('two processes working the same queue at once send each delivery once', async () => {
      service.received.length = 0;
      const clock = testClock(NOW);
      const userId = await insertUser(
        first,
        community.id,
        { email: 'm@example.org', name: 'M', role: 'manager', passwordHash: 'x', totpSecret: null },
        clock.now(),
      );
      const devices = Array.from({ length: 30 }, (_, i) => newDevice(`race-${i}`));
      for (const device of devices) {
        await first.query(
          `INSERT INTO push_subscriptions (community_id, user_id, endpoint, p256dh, auth, created_at)
         VALUES ($1, $2, $3, $4, $5, now())`,
          [
            community.id,
            userId,
            service.endpoint(device.name),
            device.p256dh,
            device.auth.toString('base64url'),
          ],
        );
      }
      const channel = () =>
        pushChannel({ subject: 'mailto:ops@example.org', agent: service.agent });
      const [a, b] = [first, second].map((db) =>
        deliveryService({ db, community, clock: clock.now, channels: [channel()] }),
      );
      if (!a || !b) throw new Error('two workers');
      const [alert] = await first.query<{ id: number }>(
        `INSERT INTO alerts (community_id, amenity_id, kind, message, value, observed_at)
       VALUES ($1, $2, 'occupancy', 'Grand Lake is busy', 95, now()) RETURNING id`,
        [community.id, community.amenities[0]?.id],
      );
      for (let round = 0; round < 3; round++) {
        await first.transaction((tx) =>
          a.enqueue(
            tx,
            {
              kind: 'alert',
              alertId: alert?.id ?? 0,
              amenitySlug: 'grand-lake',
              amenityName: 'Grand Lake',
              message: `Round ${round}`,
              at: clock.now(),
            },
            clock.now(),
          ),
        );
      }
      const runs = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).run()));
      // Runs asked of one worker while it is busy share its next pass: count each pass once.
      const sent = [...new Set(runs)].reduce((sum, counts) => sum + counts.sent, 0);
      expect(sent).toBe(90);
      expect(service.received).toHaveLength(90);
      const perDevice = new Map<string, number>();
      for (const r of service.received) perDevice.set(r.path, (perDevice.get(r.path) ?? 0) + 1);
      expect([...perDevice.values()].every((n) => n === 3)).toBe(true);
      const [rows] = await first.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM deliveries WHERE status = 'sent' AND attempts = 1`,
      );
      expect(rows?.n).toBe(90);
    });
  },
);
