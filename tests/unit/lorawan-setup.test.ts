import { describe, expect, it } from 'vitest';
import { integrationSetupSteps, webhookUrlOf } from '../../src/lib/lorawan-setup';

const URL = 'https://hoa.example/api/integrations/tts-0a1b2c3d4e5f/uplink';

describe('LoRaWAN set-up steps', () => {
  it('joins the origin and the webhook path without a double slash', () => {
    expect(webhookUrlOf('https://hoa.example/', '/api/integrations/x/uplink')).toBe(
      'https://hoa.example/api/integrations/x/uplink',
    );
  });

  it('tells The Things Stack its base URL, header and uplink messages', () => {
    expect(integrationSetupSteps('tts', URL, 'abc')).toEqual([
      { label: 'Webhook format', value: 'JSON' },
      { label: 'Base URL', value: URL },
      { label: 'Additional header', value: 'Authorization: Bearer abc' },
      { label: 'Enabled event types', value: 'Uplink message (path left empty)' },
    ]);
  });

  it('tells ChirpStack its event endpoint, header and JSON encoding', () => {
    expect(integrationSetupSteps('chirpstack', URL, 'abc')).toEqual([
      { label: 'Payload encoding', value: 'JSON' },
      { label: 'Event endpoint URL', value: URL },
      { label: 'Header', value: 'Authorization: Bearer abc' },
    ]);
  });

  it('tells a readings integration its URL, header, body and a curl that posts one reading', () => {
    const steps = integrationSetupSteps('readings', URL, 'abc');
    expect(steps.map((step) => step.label)).toEqual([
      'URL (POST, Content-Type: application/json)',
      'Header',
      'Body (as POST /api/readings: up to 5,000 readings, 1 MB)',
      'Try it',
    ]);
    expect(steps[1]?.value).toBe('Authorization: Bearer abc');
    const body = JSON.parse(steps[2]?.value ?? '') as { readings: unknown[] };
    expect(body.readings).toHaveLength(1);
    expect(steps[3]?.value).toBe(
      `curl -X POST '${URL}' -H 'Authorization: Bearer abc' -H 'Content-Type: application/json' ` +
        `-d '${steps[2]?.value ?? ''}'`,
    );
  });
});
