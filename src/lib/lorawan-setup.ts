import type { IntegrationKind } from '../api/contract';

/** One thing to paste into the network server's console: where, and what. */
export type SetupStep = { label: string; value: string };

export const INTEGRATION_KIND_LABELS: Record<IntegrationKind, string> = {
  tts: 'The Things Stack',
  chirpstack: 'ChirpStack',
  readings: 'CommonGround readings (own format)',
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
        { label: 'URL', value: webhookUrl },
        header,
        { label: 'Body', value: 'Not accepted yet: send readings to POST /api/readings' },
      ];
  }
}

/** The webhook's full URL as the network server must call it. */
export function webhookUrlOf(origin: string, uplinkPath: string): string {
  return `${origin.replace(/\/+$/, '')}${uplinkPath}`;
}
