/**
 * Admin management of LoRaWAN integrations and devices (issue 12). The access table
 * (server/auth/access.ts) lets only Admins in and the access middleware checks the Origin; here
 * every write runs in one transaction with its audit row (before/after, never a secret).
 *
 * Assigning a discovered device is registering it: POST /api/devices with its dev EUI takes it
 * off the discovered list in the same transaction, and its audit row (a creation, like any other)
 * adds how it was found under `discovered`.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  DeviceCreateBodySchema,
  DeviceUpdateBodySchema,
  IntegrationCreateBodySchema,
  SENSOR_ADMIN_PATHS,
  type Integration,
  type IntegrationKind,
} from '../../src/api/contract';
import { audit } from '../auth/audit';
import type { AuthEnv } from '../auth/middleware';
import { requestAddress } from '../auth/request';
import { fieldOfIssue, readBody, type BodyWording } from '../auth/routes';
import { SENSOR_ADMIN_MESSAGES as SAY } from '../../src/lib/sensor-admin-messages';
import type { Queryable } from '../db/database';
import { isUniqueViolation } from '../db/database';
import { HttpError } from '../errors';
import type { CommunityChangeRoutesOptions } from '../route-options';
import { initialDeviceState } from '../lorawan/to-readings';
import { hashSecret } from './secret';
import { UPLINK_PATH } from './uplink-route';

/** Integrations a community may have: each network server application needs one. */
export const MAX_INTEGRATIONS = 20;

/** Management bodies are a few short fields. */
const MAX_BODY_BYTES = 4 * 1024;

/** 32 random bytes, URL-safe: long enough that its plain SHA-256 is a safe thing to store. */
export const newIntegrationSecret = () => randomBytes(32).toString('base64url');
/** A fresh id that fits integrations.id: the kind and 12 random hex digits. */
export const newIntegrationId = (kind: IntegrationKind) =>
  `${kind}-${randomBytes(6).toString('hex')}`;

const FRESH_COUNTER_STATE = JSON.stringify(initialDeviceState());

type IntegrationRow = { id: string; kind: IntegrationKind; name: string; created_at: string };
type DeviceRow = {
  dev_eui: string;
  name: string;
  amenity_id: number;
  model: 'vs121' | 'vs133';
  counting_mode: 'area' | 'line';
  report_interval_s: number;
};

/** A timestamptz column as an ISO 8601 instant in UTC, the same from either database. */
const utcText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What the discovered list knew of a device when it was assigned (uplinks sent, when). */
type DiscoveredRow = {
  integration_id: string;
  device_name: string | null;
  first_seen_at: string;
  last_seen_at: string;
  uplinks: number;
};

const CREATED_AT = `${utcText('created_at')} AS created_at`;

/**
 * A refused device or integration body, field by field, in the forms' own sentences
 * (src/lib/sensor-admin-messages.ts), after the field's name: the form puts each at its field.
 */
const wordingOf =
  (what: 'device' | 'network server'): BodyWording =>
  (issue) => {
    const field = fieldOfIssue(issue);
    if (field === undefined) return undefined;
    const tooLong = issue.code === 'too_big';
    const sentence = (() => {
      if (issue.code === 'unrecognized_keys') {
        return `A ${what} has no setting called "${field}"; leave it out.`;
      }
      switch (field) {
        case 'devEui':
          return SAY.devEui;
        case 'name':
          if (what === 'device') return tooLong ? SAY.nameTooLong : SAY.name;
          return tooLong ? SAY.integrationNameTooLong : SAY.integrationName;
        case 'amenityId':
          return SAY.amenityId;
        case 'model':
          return SAY.model;
        case 'countingMode':
          return SAY.countingMode;
        case 'reportIntervalSeconds':
          return SAY.reportIntervalSeconds;
        case 'kind':
          return SAY.kind;
        default:
          return undefined;
      }
    })();
    return sentence === undefined ? undefined : `${field}: ${sentence}`;
  };
const DEVICE_WORDING = wordingOf('device');
const INTEGRATION_WORDING = wordingOf('network server');

const integrationOf = (row: IntegrationRow): Integration => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  uplinkPath: UPLINK_PATH.replace(':id', row.id),
  createdAt: row.created_at,
});

export function registerSensorAdminRoutes(
  api: Hono<AuthEnv>,
  options: CommunityChangeRoutesOptions,
): void {
  const { db, community, clock, kit, trustProxy, onChanged } = options;
  const route = (path: string) => path.replace(/^\/api/, '');
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => kit.problem(413, 'Request body too large'),
  });

  /** Runs `work` in a transaction, writes its audit row there, then tells the cache. */
  const write = async <T>(
    c: Context<AuthEnv>,
    action: string,
    target: string,
    work: (tx: Queryable) => Promise<{ result: T; before?: unknown; after?: unknown }>,
  ): Promise<T> => {
    const user = c.get('principal').user;
    const done = await db.transaction(async (tx) => {
      const outcome = await work(tx);
      await audit(
        tx,
        {
          communityId: community.id,
          userId: user?.id ?? null,
          action,
          target,
          before: outcome.before,
          after: outcome.after,
          address: requestAddress(c, trustProxy),
        },
        clock(),
      );
      return outcome.result;
    });
    await onChanged();
    return done;
  };

  const amenityIdOf = (slug: string) => {
    const amenity = community.amenities.find((a) => a.slug === slug);
    if (amenity) return amenity.id;
    const archived = community.archivedAmenities.find((a) => a.slug === slug);
    // An archived amenity counts nothing, so a sensor is not assigned to it: said as such.
    if (archived) {
      throw new HttpError(
        409,
        `amenityId: ${archived.name} is archived; restore it before assigning a sensor to it`,
      );
    }
    throw new HttpError(400, `amenityId: ${SAY.unknownAmenity}`);
  };
  const slugOf = (id: number) =>
    [...community.amenities, ...community.archivedAmenities].find((a) => a.id === id)?.slug ??
    String(id);
  const deviceView = (row: DeviceRow) => ({
    devEui: row.dev_eui,
    name: row.name,
    amenityId: slugOf(row.amenity_id),
    model: row.model,
    countingMode: row.counting_mode,
    reportIntervalSeconds: row.report_interval_s,
  });
  /**
   * A device as its audit rows record it: as the API shows it, with its amenity's name, which the
   * audit log shows (src/lib/audit-diff.ts) rather than the slug. Read in the transaction, so a
   * rename by another server process is seen.
   */
  const auditedDevice = async (tx: Queryable, row: DeviceRow) => {
    const [amenity] = await tx.query<{ name: string }>(
      `SELECT name FROM amenities WHERE id = $1 AND community_id = $2`,
      [row.amenity_id, community.id],
    );
    return { ...deviceView(row), amenityName: amenity?.name ?? null };
  };

  /**
   * Takes a device off the discovered list as it is registered, keeping when it was last heard
   * as its last uplink: how it was found (the
   * integration by name and kind, as it is when assigned, the name its network server gave it,
   * when it was first and last seen and how many uplinks came), for its audit row; null when it
   * was not discovered.
   */
  const assignedDiscovery = async (tx: Queryable, devEui: string) => {
    const [found] = await tx.query<DiscoveredRow>(
      `DELETE FROM discovered_devices WHERE community_id = $1 AND dev_eui = $2
       RETURNING integration_id, device_name, uplinks,
                 ${utcText('first_seen_at')} AS first_seen_at,
                 ${utcText('last_seen_at')} AS last_seen_at`,
      [community.id, devEui],
    );
    if (!found) return null;
    // It was heard, as its uplinks in the list say: not "never seen" beside them.
    await tx.query(
      `UPDATE devices SET last_uplink_at = $3
        WHERE community_id = $1 AND dev_eui = $2 AND last_uplink_at IS NULL`,
      [community.id, devEui, found.last_seen_at],
    );
    const [integration] = await tx.query<{ name: string; kind: IntegrationKind }>(
      `SELECT name, kind FROM integrations WHERE id = $1 AND community_id = $2`,
      [found.integration_id, community.id],
    );
    return {
      integrationId: found.integration_id,
      integrationName: integration?.name ?? null,
      integrationKind: integration?.kind ?? null,
      deviceName: found.device_name,
      firstSeenAt: found.first_seen_at,
      lastSeenAt: found.last_seen_at,
      uplinks: found.uplinks,
    };
  };

  /**
   * One people counter per amenity: each reading carries one device's count, so with two the
   * live count and the peak would be one device's, not the amenity's. A 409 naming the counter
   * already there, at the amenity field ("amenityId: …"). Registrations and moves take turns
   * (an advisory lock per community), so two at once cannot both pass.
   */
  const refuseSecondCounter = async (tx: Queryable, amenityId: number, devEui: string) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('devices:' || $1))`, [community.id]);
    const [other] = await tx.query<{ dev_eui: string; name: string; amenity: string }>(
      `SELECT d.dev_eui, d.name, a.name AS amenity
         FROM devices d JOIN amenities a ON a.id = d.amenity_id AND a.community_id = d.community_id
        WHERE d.community_id = $1 AND d.amenity_id = $2 AND d.dev_eui <> $3
        ORDER BY d.dev_eui LIMIT 1`,
      [community.id, amenityId, devEui],
    );
    if (other) {
      throw new HttpError(
        409,
        `amenityId: ${other.amenity} already has a people counter, ${other.name} ` +
          `(${other.dev_eui}); an amenity counts with one, so move or remove that one first`,
      );
    }
  };

  const lockedIntegration = async (tx: Queryable, id: string) => {
    const [row] = await tx.query<IntegrationRow>(
      `SELECT id, kind, name, ${CREATED_AT} FROM integrations
        WHERE id = $1 AND community_id = $2 FOR UPDATE`,
      [id, community.id],
    );
    if (!row) throw new HttpError(404, `No integration "${id}"`);
    return row;
  };
  const lockedDevice = async (tx: Queryable, devEui: string) => {
    const [row] = await tx.query<DeviceRow>(
      `SELECT dev_eui, name, amenity_id, model, counting_mode, report_interval_s FROM devices
        WHERE dev_eui = $1 AND community_id = $2 FOR UPDATE`,
      [devEui.toUpperCase(), community.id],
    );
    if (!row) throw new HttpError(404, `No device with dev EUI "${devEui}"`);
    return row;
  };

  api.get(route(SENSOR_ADMIN_PATHS.integrations), async () => {
    const rows = await db.query<IntegrationRow>(
      `SELECT id, kind, name, ${CREATED_AT} FROM integrations
        WHERE community_id = $1 ORDER BY created_at, id`,
      [community.id],
    );
    return kit.json(200, rows.map(integrationOf));
  });

  api.post(route(SENSOR_ADMIN_PATHS.integrations), limit, async (c: Context<AuthEnv>) => {
    const body = await readBody(c, IntegrationCreateBodySchema, INTEGRATION_WORDING);
    const id = newIntegrationId(body.kind);
    const secret = newIntegrationSecret();
    const integration = await write(c, 'integration.create', id, async (tx) => {
      // Creates take turns, so two at once cannot both pass the bound.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('integrations:' || $1))`, [
        community.id,
      ]);
      const [total] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM integrations WHERE community_id = $1`,
        [community.id],
      );
      if ((total?.n ?? 0) >= MAX_INTEGRATIONS) {
        throw new HttpError(
          409,
          `A community has at most ${MAX_INTEGRATIONS} integrations; delete one first (one per network server application is enough).`,
        );
      }
      const [row] = await tx.query<IntegrationRow>(
        `INSERT INTO integrations (id, community_id, kind, name, secret_sha256)
         VALUES ($1, $2, $3, $4, $5) RETURNING id, kind, name, ${CREATED_AT}`,
        [id, community.id, body.kind, body.name, hashSecret(secret)],
      );
      if (!row) throw new Error('INSERT returned no row');
      const created = integrationOf(row);
      return { result: created, after: created };
    });
    return kit.json(201, { integration, secret });
  });

  api.post(route(SENSOR_ADMIN_PATHS.integrationSecret), async (c: Context<AuthEnv>) => {
    const id = c.req.param('id') ?? '';
    const secret = newIntegrationSecret();
    const integration = await write(c, 'integration.rotate-secret', id, async (tx) => {
      const row = await lockedIntegration(tx, id);
      await tx.query(`UPDATE integrations SET secret_sha256 = $2 WHERE id = $1`, [
        id,
        hashSecret(secret),
      ]);
      // The audit says that the secret changed, never what it is.
      return { result: integrationOf(row), before: { secret: 'old' }, after: { secret: 'new' } };
    });
    return kit.json(200, { integration, secret });
  });

  api.delete(route(SENSOR_ADMIN_PATHS.integration), async (c: Context<AuthEnv>) => {
    const id = c.req.param('id') ?? '';
    await write(c, 'integration.delete', id, async (tx) => {
      const row = await lockedIntegration(tx, id);
      // Its dedupe rows and undiscovered devices go with it; readings already stored stay.
      await tx.query(`DELETE FROM uplinks WHERE integration_id = $1`, [id]);
      await tx.query(`DELETE FROM discovered_devices WHERE integration_id = $1`, [id]);
      await tx.query(`DELETE FROM integrations WHERE id = $1`, [id]);
      return { result: null, before: integrationOf(row) };
    });
    return kit.reply(204, null, {});
  });

  api.post(route(SENSOR_ADMIN_PATHS.devices), limit, async (c: Context<AuthEnv>) => {
    const body = await readBody(c, DeviceCreateBodySchema, DEVICE_WORDING);
    const devEui = body.devEui.toUpperCase();
    const amenityId = amenityIdOf(body.amenityId);
    try {
      const device = await write(c, 'device.create', devEui, async (tx) => {
        await refuseSecondCounter(tx, amenityId, devEui);
        const [row] = await tx.query<DeviceRow>(
          `INSERT INTO devices (community_id, dev_eui, amenity_id, name, model, counting_mode,
                                report_interval_s)
           VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7, 600))
           RETURNING dev_eui, name, amenity_id, model, counting_mode, report_interval_s`,
          [
            community.id,
            devEui,
            amenityId,
            body.name,
            body.model,
            body.countingMode,
            body.reportIntervalSeconds ?? null,
          ],
        );
        if (!row) throw new Error('INSERT returned no row');
        const discovered = await assignedDiscovery(tx, devEui);
        const device = await auditedDevice(tx, row);
        // A creation either way: the audit records facts (how it was found), not a change.
        return {
          result: deviceView(row),
          after: discovered === null ? device : { ...device, discovered },
        };
      });
      return kit.json(201, device);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new HttpError(409, `A device with dev EUI ${devEui} is already registered`);
      }
      throw error;
    }
  });

  api.patch(route(SENSOR_ADMIN_PATHS.device), limit, async (c: Context<AuthEnv>) => {
    const body = await readBody(c, DeviceUpdateBodySchema, DEVICE_WORDING);
    const devEui = (c.req.param('devEui') ?? '').toUpperCase();
    const amenityId = body.amenityId === undefined ? null : amenityIdOf(body.amenityId);
    const device = await write(c, 'device.update', devEui, async (tx) => {
      const current = await lockedDevice(tx, devEui);
      if (amenityId !== null && amenityId !== current.amenity_id) {
        await refuseSecondCounter(tx, amenityId, devEui);
      }
      const before = await auditedDevice(tx, current);
      const [row] = await tx.query<DeviceRow>(
        `UPDATE devices SET name = COALESCE($3, name), model = COALESCE($4, model),
                counting_mode = COALESCE($5, counting_mode),
                amenity_id = COALESCE($6, amenity_id),
                report_interval_s = COALESCE($7, report_interval_s),
                -- Running totals of another model or mode mean nothing: count afresh.
                counter_state = CASE WHEN $4::text <> model OR $5::text <> counting_mode
                                     THEN '${FRESH_COUNTER_STATE}'::jsonb ELSE counter_state END
          WHERE community_id = $1 AND dev_eui = $2
          RETURNING dev_eui, name, amenity_id, model, counting_mode, report_interval_s`,
        [
          community.id,
          devEui,
          body.name ?? null,
          body.model ?? null,
          body.countingMode ?? null,
          amenityId,
          body.reportIntervalSeconds ?? null,
        ],
      );
      if (!row) throw new Error('UPDATE returned no row');
      return { result: deviceView(row), before, after: await auditedDevice(tx, row) };
    });
    return kit.json(200, device);
  });

  api.delete(route(SENSOR_ADMIN_PATHS.device), async (c: Context<AuthEnv>) => {
    const devEui = (c.req.param('devEui') ?? '').toUpperCase();
    await write(c, 'device.delete', devEui, async (tx) => {
      const before = await auditedDevice(tx, await lockedDevice(tx, devEui));
      await tx.query(`DELETE FROM devices WHERE community_id = $1 AND dev_eui = $2`, [
        community.id,
        devEui,
      ]);
      return { result: null, before };
    });
    return kit.reply(204, null, {});
  });
}
