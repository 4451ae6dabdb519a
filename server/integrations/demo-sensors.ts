/**
 * The demo's LoRaWAN set-up, fixed so the README can list it and a newcomer can `curl` an uplink:
 * two integrations (The Things Stack and ChirpStack) and one people counter per demo amenity, a
 * VS121 area counter or a VS133 line counter (hall doors, the street). Seeded idempotently under
 * the migrations' advisory lock, so servers starting together on one database seed it once.
 *
 * These secrets are public: a real deployment creates its own integrations (see README).
 */
import type { Community } from '../community';
import type { Database } from '../db/database';
import { SCHEMA_LOCK } from '../db/migrate';
import type { MilesightModel } from '../lorawan/milesight';
import type { CountingMode } from '../lorawan/to-readings';
import type { IntegrationKind } from './receive-uplink';
import { hashSecret } from './secret';

export type DemoIntegration = { id: string; kind: IntegrationKind; name: string; secret: string };

export const DEMO_TTS: DemoIntegration = {
  id: 'demo-tts',
  kind: 'tts',
  name: 'The Things Stack (demo)',
  secret: 'demo-tts-secret-5f3c9a1e7b2d4c68',
};
export const DEMO_CHIRPSTACK: DemoIntegration = {
  id: 'demo-chirpstack',
  kind: 'chirpstack',
  name: 'ChirpStack (demo)',
  secret: 'demo-chirpstack-secret-8e1b6d0a4f7c2395',
};

export type DemoDevice = {
  devEui: string;
  amenitySlug: string;
  name: string;
  model: MilesightModel;
  mode: CountingMode;
  /** The integration the simulator sends its uplinks through. */
  integration: DemoIntegration;
};

/** The simulator reports every 30 s; the demo devices are registered with that interval. */
export const DEMO_REPORT_INTERVAL_S = 30;

const device = (
  n: number,
  amenitySlug: string,
  model: MilesightModel,
  integration: DemoIntegration,
): DemoDevice => ({
  devEui: `24E124C0DE00000${n}`,
  amenitySlug,
  name: `${model.toUpperCase()} ${amenitySlug}`,
  model,
  mode: model === 'vs133' ? 'line' : 'area',
  integration,
});

export const DEMO_DEVICES: readonly DemoDevice[] = [
  device(1, 'great-lawn', 'vs121', DEMO_TTS),
  device(2, 'solis-hall', 'vs133', DEMO_CHIRPSTACK),
  device(3, 'the-yard', 'vs121', DEMO_CHIRPSTACK),
  device(4, 'grand-lake', 'vs121', DEMO_TTS),
  device(5, 'heritage-tree', 'vs121', DEMO_CHIRPSTACK),
  device(6, 'market-street', 'vs133', DEMO_TTS),
  device(7, 'sunny-playground', 'vs121', DEMO_TTS),
];

/** Adds the demo integrations and devices that are missing (never changes existing ones). */
export async function ensureDemoSensors(db: Database, community: Community): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
    for (const i of [DEMO_TTS, DEMO_CHIRPSTACK]) {
      await tx.query(
        `INSERT INTO integrations (id, community_id, kind, name, secret_sha256)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
        [i.id, community.id, i.kind, i.name, hashSecret(i.secret)],
      );
    }
    for (const d of DEMO_DEVICES) {
      const amenity = community.amenities.find((a) => a.slug === d.amenitySlug);
      if (!amenity) continue;
      await tx.query(
        `INSERT INTO devices (community_id, dev_eui, amenity_id, name, model, counting_mode,
                              report_interval_s)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (community_id, dev_eui) DO NOTHING`,
        [community.id, d.devEui, amenity.id, d.name, d.model, d.mode, DEMO_REPORT_INTERVAL_S],
      );
    }
  });
}
