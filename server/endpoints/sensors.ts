import type { Sensors } from '../../src/api/contract';
import { sensorHealth } from '../lorawan/health';
import { asUncounted, recentUncounted } from '../lorawan/uncounted';
import type { EndpointContext } from './context';

type SensorRow = {
  dev_eui: string;
  name: string;
  amenity_id: number;
  model: 'vs121' | 'vs133';
  counting_mode: 'area' | 'line';
  report_interval_s: number;
  registered_ms: number;
  last_ms: number | null;
  battery: number | null;
  rssi: number | null;
  snr: number | null;
  uplinks_24h: number;
  uncounted: unknown;
};

type DiscoveredRow = {
  dev_eui: string;
  device_name: string | null;
  integration_id: string;
  first_seen_at: string;
  last_seen_at: string;
  uplinks: number;
  last_summary: string;
};

const iso = (ms: number) => new Date(ms).toISOString();

/** GET /api/sensors: every registered device with its health, and the discovered ones. */
export async function sensorList({ db, community, now }: EndpointContext): Promise<Sensors> {
  const rows = await db.query<SensorRow>(
    `SELECT d.dev_eui, d.name, d.amenity_id, d.model, d.counting_mode, d.report_interval_s,
            (extract(epoch FROM d.created_at) * 1000)::float8 AS registered_ms,
            (extract(epoch FROM d.last_uplink_at) * 1000)::float8 AS last_ms,
            -- real columns: rounded so a reported 7.7 reads 7.7, not 7.6999998
            round(d.battery::numeric, 2)::float8 AS battery,
            round(d.rssi::numeric, 2)::float8 AS rssi,
            round(d.snr::numeric, 2)::float8 AS snr, d.uncounted,
            (SELECT count(*)::int FROM uplinks u
              WHERE u.community_id = d.community_id AND u.dev_eui = d.dev_eui
                AND u.kind = 'uplink' AND u.received_at > $2::timestamptz
                AND u.received_at <= $3::timestamptz) AS uplinks_24h
       FROM devices d
      WHERE d.community_id = $1
      ORDER BY d.amenity_id, d.dev_eui`,
    [community.id, iso(now - 86_400_000), iso(now)],
  );
  const discovered = await db.query<DiscoveredRow>(
    `SELECT dev_eui, device_name, integration_id,
            to_char(first_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS first_seen_at,
            to_char(last_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_seen_at,
            uplinks, last_summary
       FROM discovered_devices WHERE community_id = $1
      ORDER BY last_seen_at DESC LIMIT 200`,
    [community.id],
  );
  // An archived amenity's sensors are listed too (their uplinks are refused): by its slug.
  const slugOf = new Map(
    [...community.amenities, ...community.archivedAmenities].map((a) => [a.id, a.slug]),
  );
  return {
    sensors: rows.map((r) => {
      const uncounted = recentUncounted(asUncounted(r.uncounted), now);
      const health = sensorHealth({
        now,
        registeredAt: r.registered_ms,
        lastUplinkAt: r.last_ms,
        uplinks24h: r.uplinks_24h,
        reportIntervalSeconds: r.report_interval_s,
        battery: r.battery,
        rssi: r.rssi,
        snr: r.snr,
        uncounted: uncounted.length,
      });
      return {
        devEui: r.dev_eui,
        name: r.name,
        amenityId: slugOf.get(r.amenity_id) ?? String(r.amenity_id),
        model: r.model,
        countingMode: r.counting_mode,
        reportIntervalSeconds: r.report_interval_s,
        lastUplinkAt: r.last_ms === null ? null : iso(r.last_ms),
        uplinks24h: r.uplinks_24h,
        expected24h: health.expected24h,
        battery: r.battery,
        rssi: r.rssi,
        snr: r.snr,
        status: health.status,
        warnings: health.warnings,
        ...(uncounted.length > 0 ? { uncounted } : {}),
      };
    }),
    discovered: discovered.map((d) => ({
      devEui: d.dev_eui,
      deviceName: d.device_name,
      integrationId: d.integration_id,
      firstSeenAt: d.first_seen_at,
      lastSeenAt: d.last_seen_at,
      uplinks: d.uplinks,
      lastSummary: d.last_summary,
    })),
  };
}
