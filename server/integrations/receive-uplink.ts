/**
 * What happens to one network-server delivery (issue 12), shared by the webhook route and the
 * demo simulator: authenticate the integration, parse the body (server/lorawan/uplinks.ts), and
 * store what it says in one transaction with its dedupe row.
 *
 * - A known device's uplink becomes a reading through the ingest path (bounds, rollups) with the
 *   device's counting state (server/lorawan/to-readings.ts) read under a row lock: 200. One dated
 *   before its amenity was added gives no reading (`skipped: 'before-added'` with the reason),
 *   nor does one whose reading breaks a bound (`skipped: 'out-of-bounds'`, the reason and the
 *   entries not counted, recorded on the device for GET /api/sensors); either way 200, and the
 *   counting state and health still move on, so the next uplinks count normally. So for a device
 *   whose amenity is archived (`skipped: 'archived'`): heard, not counted.
 * - An unknown device's uplink is kept in discovered_devices for the Admin to assign: 202.
 * - A ChirpStack `status` event updates the device's battery: 200 (202 when unknown).
 * - A delivery already handled (same integration and network-server message id) stores nothing
 *   new: 200 `{ duplicate: true }`, whichever server process handled the first one.
 * - Other well-formed events (joins, logs, TTS downlink messages): 204. Malformed: 400 naming the
 *   field, nothing stored.
 */
import type { Reading } from '../../src/api/contract';
import type { Community } from '../community';
import type { Database, Queryable } from '../db/database';
import { isUniqueViolation } from '../db/database';
import { asRealOrNull } from '../db/real';
import { HttpError } from '../errors';
import { FUTURE_TOLERANCE_MS, ingestInTransaction, readingProblem } from '../ingest';
import { currentSettings } from '../settings-lock';
import type { MilesightModel } from '../lorawan/milesight';
import { addUncounted, asUncounted } from '../lorawan/uncounted';
import {
  initialDeviceState,
  uplinkToReading,
  type CountingMode,
  type DeviceState,
} from '../lorawan/to-readings';
import {
  MAX_UPLINK_BODY_BYTES,
  parseChirpStackEvent,
  parseJsonBody,
  parseTtsWebhook,
  type DeviceStatus,
  type Uplink,
} from '../lorawan/uplinks';
import { DAY, HOUR, type Clock } from '../time';
import { bearerSecret, secretMatches } from './secret';
import { summarizeStatus, summarizeUplink } from './uplink-summary';

export type IntegrationKind = 'tts' | 'chirpstack' | 'readings';
export type Integration = { id: string; kind: IntegrationKind };

export type UplinkOutcome = { status: 200 | 202 | 204; body: Record<string, unknown> | null };

/** Unknown dev EUIs kept per community; past it new ones are refused (429) until some are assigned. */
export const MAX_DISCOVERED_DEVICES = 1000;
/** Dedupe rows are kept this long (redeliveries come within minutes; health reads 24 h). */
export const UPLINK_RETENTION_MS = 8 * DAY;

const INTEGRATION_ID = /^[a-z0-9][a-z0-9-]{2,63}$/;

type DeviceRow = {
  id: number;
  dev_eui: string;
  amenity_id: number;
  model: MilesightModel;
  counting_mode: CountingMode;
  lines: number[] | null;
  regions: number[] | null;
};

export type UplinkReceiverOptions = {
  db: Database;
  community: Community;
  clock: Clock;
  /** Called after a commit that changed readings or sensor health (clears the response cache). */
  onStored: () => Promise<void>;
  /** Called after a commit that stored a reading (alert rules are judged on it). */
  onReadings?: (readings: Reading[]) => Promise<void>;
};

export function uplinkReceiver({
  db,
  community,
  clock,
  onStored,
  onReadings,
}: UplinkReceiverOptions) {
  let lastPrune = Number.NEGATIVE_INFINITY;

  /** The integration whose secret the Authorization header carries; 401 otherwise. */
  async function authenticate(
    integrationId: string,
    authorization: string | undefined,
  ): Promise<Integration> {
    const given = bearerSecret(authorization);
    const row = await integrationRow(integrationId);
    // Compared even when the header is empty or the integration unknown: the answer's timing
    // says nothing about which integrations exist.
    const matches = secretMatches(given, row?.secret_sha256);
    if (!row || !matches) {
      throw new HttpError(
        401,
        given
          ? 'Invalid integration secret for this URL'
          : 'Missing integration secret (Authorization: Bearer <secret>)',
        { 'WWW-Authenticate': 'Bearer' },
      );
    }
    return { id: integrationId, kind: row.kind };
  }

  async function integrationRow(
    integrationId: string,
  ): Promise<{ kind: IntegrationKind; secret_sha256: string } | undefined> {
    if (!INTEGRATION_ID.test(integrationId)) return undefined;
    const [row] = await db.query<{ kind: IntegrationKind; secret_sha256: string }>(
      `SELECT kind, secret_sha256 FROM integrations WHERE id = $1 AND community_id = $2`,
      [integrationId, community.id],
    );
    return row;
  }

  /**
   * The integration with this id, or null once deleted, without its secret: for the demo's
   * network server, which runs in this process (integrations/demo-uplinks.ts).
   */
  async function find(integrationId: string): Promise<Integration | null> {
    const row = await integrationRow(integrationId);
    return row ? { id: integrationId, kind: row.kind } : null;
  }

  async function devices(): Promise<Map<string, DeviceRow>> {
    const rows = await db.query<DeviceRow>(
      `SELECT id, dev_eui, amenity_id, model, counting_mode, lines, regions
         FROM devices WHERE community_id = $1`,
      [community.id],
    );
    return new Map(rows.map((r) => [r.dev_eui, r]));
  }

  /** Handles one delivery's body for an authenticated integration. */
  async function receive(
    integration: Integration,
    event: string | undefined,
    text: string,
  ): Promise<UplinkOutcome> {
    if (Buffer.byteLength(text, 'utf8') > MAX_UPLINK_BODY_BYTES) {
      throw new HttpError(
        413,
        `Request body too large (at most ${MAX_UPLINK_BODY_BYTES / 1024} KB)`,
      );
    }
    const json = parseJsonBody(text);
    if (!json.ok) throw new HttpError(400, json.reason);
    const known = await devices();
    const options = { modelOf: (devEui: string) => known.get(devEui)?.model, now: clock };
    const parsed =
      integration.kind === 'tts'
        ? parseTtsWebhook(json.value, options)
        : integration.kind === 'chirpstack'
          ? parseChirpStackEvent(event, json.value, options)
          : null;
    if (!parsed) {
      // The webhook route hands a `readings` integration's batches to the ingest acceptor.
      throw new HttpError(400, 'This integration takes batches of readings, not uplinks');
    }
    if (parsed.kind === 'invalid') throw new HttpError(400, parsed.reason);
    if (parsed.kind === 'ignored') return { status: 204, body: null };
    const { devEui, receivedAt } = parsed.kind === 'uplink' ? parsed.uplink : parsed.status;
    // The same clock-drift tolerance as readings, for every event (unknown devices and status
    // events make no reading, but their times are shown and counted).
    if (Date.parse(receivedAt) > clock() + FUTURE_TOLERANCE_MS) {
      const field = integration.kind === 'tts' ? 'received_at' : 'time';
      throw new HttpError(
        400,
        `${field}: ${receivedAt} is more than ${FUTURE_TOLERANCE_MS / 60_000} minutes ahead of the server's clock`,
      );
    }
    await pruneOldUplinks();
    const device = known.get(devEui);
    const outcome = await retryOnConflict(() =>
      db.transaction(async (tx) => {
        const received = parsed.kind === 'uplink' ? parsed.uplink : parsed.status;
        const fresh = await tx.query(
          `INSERT INTO uplinks (integration_id, dedup_key, community_id, dev_eui, kind, received_at)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1`,
          [
            integration.id,
            received.dedupKey,
            community.id,
            devEui,
            parsed.kind === 'uplink' ? 'uplink' : 'status',
            received.receivedAt,
          ],
        );
        if (fresh.length === 0) return { status: 200, body: { duplicate: true } } as const;
        if (!device) {
          const summary =
            parsed.kind === 'uplink'
              ? summarizeUplink(parsed.uplink)
              : summarizeStatus(parsed.status);
          await discover(tx, integration, devEui, received.receivedAt, summary, parsed);
          return { status: 202, body: { discovered: devEui } } as const;
        }
        if (parsed.kind === 'status') {
          await tx.query(`UPDATE devices SET battery = COALESCE($2, battery) WHERE id = $1`, [
            device.id,
            asRealOrNull(parsed.status.battery),
          ]);
          return {
            status: 200,
            body: { device: devEui, battery: parsed.status.battery ?? null },
          } as const;
        }
        return storeUplink(tx, device, parsed.uplink);
      }),
    );
    if (outcome.status !== 200 || !('duplicate' in outcome.body)) await onStored();
    const stored = 'reading' in outcome.body ? outcome.body.reading : null;
    if (stored && onReadings) await onReadings([stored]);
    return outcome;
  }

  /** What the uplink's answer calls a reading it could not store, by the problem's kind. */
  const SKIPPED = { time: 'before-added', bounds: 'out-of-bounds', archived: 'archived' } as const;

  async function storeUplink(tx: Queryable, device: DeviceRow, uplink: Uplink) {
    // Before the device's row lock: an archive or restore takes the settings lock first and then
    // writes the devices' rows, so the other order could deadlock. And the amenity's state
    // (archived or not) is then the one another process may have just changed.
    await currentSettings(tx, community);
    const [row] = await tx.query<{ counter_state: unknown; uncounted: unknown }>(
      `SELECT counter_state, uncounted FROM devices WHERE id = $1 FOR UPDATE`,
      [device.id],
    );
    const active = community.amenities.find((a) => a.id === device.amenity_id);
    // Archived: its counts are not stored until it is restored (Amenities), but the uplink is
    // heard: the device's health moves on (it is not silent), and so does its counting state
    // (the restore makes the next totals a new baseline). A 409 rolled all of that back.
    const archived = active
      ? undefined
      : community.archivedAmenities.find((a) => a.id === device.amenity_id);
    const amenity = active ?? archived;
    if (!amenity) {
      // Registered for an amenity added after this server loaded the community: the network
      // server delivers it again, by when this server knows it.
      throw new HttpError(
        409,
        `Device ${device.dev_eui} counts for an amenity this server does not know yet`,
      );
    }
    const before = asDeviceState(row?.counter_state);
    const step = uplinkToReading(
      {
        amenityId: amenity.slug,
        mode: device.counting_mode,
        ...(device.lines ? { lines: device.lines } : {}),
        ...(device.regions ? { regions: device.regions } : {}),
      },
      before,
      uplink,
    );
    // A reading that cannot be stored is skipped, with the reason, while the device's counting
    // state and health move on as for any uplink: a 4xx would roll them back, so every later
    // uplink would be judged against the same old totals and refused too, and the sensor shown
    // silent while it reports. Dated before its amenity was added (or the community created): a
    // reading coverage and the reports say cannot exist. Out of bounds (a line counter's totals
    // jumping by more than 10 x capacity after an outage, say): no visits are invented or
    // clamped; the entries not counted are recorded for the Admin (GET /api/sensors).
    const problem = !step.reading
      ? null
      : archived
        ? ({
            kind: 'archived',
            reason: `${archived.name} is archived; restore it to count again`,
          } as const)
        : readingProblem(step.reading, amenity, clock(), community.createdAt);
    const reading = problem === null ? step.reading : undefined;
    const accepted = reading
      ? (await ingestInTransaction(tx, community, [reading], clock())).accepted
      : 0;
    const uncounted =
      problem?.kind === 'bounds' && step.reading
        ? addUncounted(asUncounted(row?.uncounted), {
            from: before.lastReceivedAt ?? null,
            to: uplink.receivedAt,
            entries: step.reading.entries,
            reason: problem.reason,
          })
        : null;
    await tx.query(
      `UPDATE devices
          SET counter_state = $2::jsonb,
              last_uplink_at = GREATEST(last_uplink_at, $3::timestamptz),
              battery = COALESCE($4, battery), rssi = COALESCE($5, rssi), snr = COALESCE($6, snr),
              uncounted = COALESCE($7::jsonb, uncounted)
        WHERE id = $1`,
      [
        device.id,
        JSON.stringify(step.state),
        uplink.receivedAt,
        asRealOrNull(uplink.battery),
        asRealOrNull(uplink.rssi),
        asRealOrNull(uplink.snr),
        uncounted === null ? null : JSON.stringify(uncounted),
      ],
    );
    return {
      status: 200,
      body: {
        device: device.dev_eui,
        reading: reading && accepted > 0 ? reading : null,
        ...(step.skipped ? { skipped: step.skipped } : {}),
        ...(problem
          ? {
              skipped: SKIPPED[problem.kind],
              reason: problem.reason,
              ...(problem.kind === 'bounds'
                ? { uncountedEntries: step.reading?.entries ?? 0 }
                : {}),
            }
          : {}),
        ...(uplink.decodeError ? { decodeError: uplink.decodeError } : {}),
      },
    } as const;
  }

  async function discover(
    tx: Queryable,
    integration: Integration,
    devEui: string,
    at: string,
    summary: string,
    parsed: { kind: 'uplink'; uplink: Uplink } | { kind: 'status'; status: DeviceStatus },
  ) {
    const name = parsed.kind === 'uplink' ? (parsed.uplink.deviceName ?? null) : null;
    const kept = await tx.query(
      `INSERT INTO discovered_devices AS d (community_id, dev_eui, integration_id, device_name,
                                            first_seen_at, last_seen_at, last_summary)
       SELECT $1, $2, $3, $4, $5, $5, $6
        WHERE EXISTS (SELECT 1 FROM discovered_devices WHERE community_id = $1 AND dev_eui = $2)
           OR (SELECT count(*) FROM discovered_devices WHERE community_id = $1) < $7
       ON CONFLICT (community_id, dev_eui) DO UPDATE SET
         integration_id = EXCLUDED.integration_id,
         device_name = COALESCE(EXCLUDED.device_name, d.device_name),
         first_seen_at = LEAST(d.first_seen_at, EXCLUDED.first_seen_at),
         last_seen_at = GREATEST(d.last_seen_at, EXCLUDED.last_seen_at),
         uplinks = d.uplinks + 1,
         last_summary = CASE WHEN EXCLUDED.last_seen_at >= d.last_seen_at
                             THEN EXCLUDED.last_summary ELSE d.last_summary END
       RETURNING 1`,
      [community.id, devEui, integration.id, name, at, summary, MAX_DISCOVERED_DEVICES],
    );
    if (kept.length === 0) {
      throw new HttpError(
        429,
        `${MAX_DISCOVERED_DEVICES} unknown devices are waiting to be assigned; assign or remove ` +
          'some before more can be discovered',
      );
    }
  }

  /** Deletes dedupe rows past their retention, at most once an hour per process (idempotent). */
  async function pruneOldUplinks() {
    const now = clock();
    if (now - lastPrune < HOUR) return;
    lastPrune = now;
    await db.query(`DELETE FROM uplinks WHERE received_at < $1`, [
      new Date(now - UPLINK_RETENTION_MS).toISOString(),
    ]);
  }

  return { authenticate, find, receive };
}

export type UplinkReceiver = ReturnType<typeof uplinkReceiver>;

/** Another server stored the same amenity's reading between our check and insert: try again. */
async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored counting state, or a fresh one if it is not the shape to-readings.ts writes. */
export function asDeviceState(value: unknown): DeviceState {
  if (
    isRecord(value) &&
    Array.isArray(value.recent) &&
    value.recent.every((k) => typeof k === 'string') &&
    isRecord(value.totals) &&
    typeof value.occupancy === 'number' &&
    typeof value.fromZero === 'boolean'
  ) {
    return value as DeviceState;
  }
  return initialDeviceState();
}
