import type { IntegrationKind } from '../api/contract';

/** One thing to paste into the network server's console: where, and what. */
export type SetupStep = { label: string; value: string };

export const INTEGRATION_KIND_LABELS: Record<IntegrationKind, string> = {
  tts: 'The Things Stack',
  chirpstack: 'ChirpStack',
  readings: 'CommonGround readings (own format)',
};

/**
 * The kinds as the Connect form's select offers them. A native select cannot wrap, and at 16 px
 * (phones: iOS zooms into smaller text) "CommonGround readings (own format)" is wider than a
 * 320 px phone's form, so the picker says less; the section's description says what the readings
 * kind takes, and the list and the audit log keep the full label.
 */
export const INTEGRATION_KIND_CHOICES: Record<IntegrationKind, string> = {
  ...INTEGRATION_KIND_LABELS,
  readings: 'CommonGround readings',
};

/**
 * What an Admin pastes into The Things Stack (Integrations → Webhooks → Add webhook → Custom
 * webhook) or ChirpStack (Application → Integrations → HTTP), given the webhook's full URL and
 * its secret. TTS appends nothing to the base URL when the uplink path is left empty; ChirpStack
 * adds `?event=up` (and join, status, …) itself, which the webhook reads.
 */
export function integrationSetupSteps(
  kind: IntegrationKind,
  webhookUrl: string,
  secret: string,
): SetupStep[] {
  const header = { label: 'Header', value: `Authorization: Bearer ${secret}` };
  switch (kind) {
    case 'tts':
      return [
        { label: 'Webhook format', value: 'JSON' },
        { label: 'Base URL', value: webhookUrl },
        {
          label: 'Additional header',
          value: `Authorization: Bearer ${secret}`,
        },
        { label: 'Enabled event types', value: 'Uplink message (path left empty)' },
      ];
    case 'chirpstack':
      return [
        { label: 'Payload encoding', value: 'JSON' },
        { label: 'Event endpoint URL', value: webhookUrl },
        header,
      ];
    case 'readings':
      return [
        { label: 'URL (POST, Content-Type: application/json)', value: webhookUrl },
        header,
        {
          label: 'Body (as POST /api/readings: up to 5,000 readings, 1 MB)',
          value: READINGS_EXAMPLE,
        },
        { label: 'Try it', value: readingsCurl(webhookUrl, secret) },
      ];
  }
}

const READINGS_EXAMPLE =
  '{"readings":[{"amenityId":"AMENITY-ID","time":"2026-11-23T14:00:00Z","occupancy":12,"entries":3,"dwellMinutes":40}]}';

/** A copy-paste curl that posts one reading (amenity id and time to be filled in). */
export function readingsCurl(webhookUrl: string, secret: string): string {
  return (
    `curl -X POST '${webhookUrl}' -H 'Authorization: Bearer ${secret}' ` +
    `-H 'Content-Type: application/json' -d '${READINGS_EXAMPLE}'`
  );
}

/** The webhook's full URL as the network server must call it. */
export function webhookUrlOf(origin: string, uplinkPath: string): string {
  return `${origin.replace(/\/+$/, '')}${uplinkPath}`;
}
