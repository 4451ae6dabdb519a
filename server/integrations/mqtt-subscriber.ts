import mqtt, { type MqttClient } from 'mqtt';
import type { Queryable } from '../db/database';
import { HttpError } from '../errors';
import type { Integration, UplinkReceiver } from './receive-uplink';

/**
 * MQTT_URL (issue 12, optional): the network servers' own MQTT topics fed into the same pipeline
 * as their webhooks (server/integrations/receive-uplink.ts: parse, map to readings, dedupe, one
 * transaction).
 *
 * - ChirpStack v4: `application/{application id}/device/{dev EUI}/event/{up|status|join|…}`, JSON
 *   encoding (the event is the topic's last part, as `?event=` is for the webhook).
 * - The Things Stack v3: `v3/{application id}@{tenant}/devices/{device id}/up`.
 *
 * Each topic family is attributed to one integration of that kind (its dedupe keys and health are
 * that integration's), so an uplink that arrives both by webhook and by MQTT is stored once.
 *
 * Several server processes: each subscribes through an MQTT shared subscription
 * (`$share/commonground/…`), so the broker hands each message to one of them; and should a message
 * still reach two (a redelivery after a reconnect, a broker without shared subscriptions), the
 * uplink dedupe key (unique per integration in the database) stores it once.
 */

export const MQTT_SHARE_GROUP = 'commonground';
export const CHIRPSTACK_TOPIC = 'application/+/device/+/event/+';
export const TTS_TOPIC = 'v3/+/devices/+/up';

export type MqttIntegrations = { chirpstack?: Integration; tts?: Integration };

/** The integration and event a topic's message belongs to; null for topics not ours. */
export function routeTopic(
  topic: string,
  integrations: MqttIntegrations,
): { integration: Integration; event: string | undefined } | null {
  const parts = topic.split('/');
  if (
    integrations.chirpstack &&
    parts.length === 6 &&
    parts[0] === 'application' &&
    parts[2] === 'device' &&
    parts[4] === 'event'
  ) {
    return { integration: integrations.chirpstack, event: parts[5] };
  }
  if (
    integrations.tts &&
    parts.length === 5 &&
    parts[0] === 'v3' &&
    parts[2] === 'devices' &&
    parts[4] === 'up'
  ) {
    return { integration: integrations.tts, event: undefined };
  }
  return null;
}

export type MqttSubscription = { client: MqttClient; stop(): Promise<void> };

/**
 * Connects to `url`, subscribes to the topics of the given integrations (shared), and hands each
 * message to `receiver`. Refusals (malformed, unknown device, out of bounds) are logged, never
 * thrown: a broker does not take answers. Resolves once subscribed.
 */
export async function startMqttSubscription({
  url,
  receiver,
  integrations,
  log,
  clientId,
}: {
  url: string;
  receiver: UplinkReceiver;
  integrations: MqttIntegrations;
  log: (message: string) => void;
  clientId?: string;
}): Promise<MqttSubscription> {
  const topics = [
    ...(integrations.chirpstack ? [CHIRPSTACK_TOPIC] : []),
    ...(integrations.tts ? [TTS_TOPIC] : []),
  ].map((topic) => `$share/${MQTT_SHARE_GROUP}/${topic}`);
  const client = await mqtt.connectAsync(url, {
    clientId,
    protocolVersion: 5,
    reconnectPeriod: 5_000,
  });
  // One message at a time, in order: the same device's counters must be read in sequence.
  let queue: Promise<void> = Promise.resolve();
  client.on('message', (topic, payload) => {
    const route = routeTopic(topic, integrations);
    if (!route) return;
    queue = queue.then(async () => {
      try {
        await receiver.receive(route.integration, route.event, payload.toString('utf8'));
      } catch (error) {
        const reason = error instanceof HttpError ? `${error.status} ${error.message}` : error;
        log(`MQTT ${topic}: not stored (${String(reason)})`);
      }
    });
  });
  client.on('error', (error) => log(`MQTT: ${error.message}`));
  if (topics.length > 0) await client.subscribeAsync(topics, { qos: 1 });
  return {
    client,
    async stop() {
      await client.endAsync();
      await queue;
    },
  };
}

/**
 * The integrations MQTT messages are attributed to: the ids given (MQTT_CHIRPSTACK_INTEGRATION,
 * MQTT_TTS_INTEGRATION), else the community's oldest integration of each kind. An id that is not
 * an integration of that kind is an error (the server refuses to start rather than drop uplinks).
 */
export async function mqttIntegrations(
  db: Queryable,
  communityId: number,
  ids: { chirpstack?: string; tts?: string },
): Promise<MqttIntegrations> {
  const rows = await db.query<{ id: string; kind: string }>(
    `SELECT id, kind FROM integrations WHERE community_id = $1 ORDER BY created_at, id`,
    [communityId],
  );
  const pick = (kind: 'chirpstack' | 'tts'): Integration | undefined => {
    const wanted = ids[kind];
    const row = wanted ? rows.find((r) => r.id === wanted) : rows.find((r) => r.kind === kind);
    if (wanted && row?.kind !== kind) {
      throw new Error(`MQTT: "${wanted}" is not a ${kind} integration of this community`);
    }
    return row ? { id: row.id, kind } : undefined;
  };
  return { chirpstack: pick('chirpstack'), tts: pick('tts') };
}
