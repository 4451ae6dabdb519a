import { expect, it } from 'vitest';
import { BASE_URL, DESKTOP, describeBrowser, openPage, useBrowser } from './browser';

/**
 * The README's "Connecting LoRaWAN sensors" example: a TTS uplink from the demo lake counter,
 * posted with the demo integration's secret, changes the lake's live count on the Amenities page.
 */
const DEMO_TTS_URL = `${BASE_URL}/api/integrations/demo-tts/uplink`;
const DEMO_TTS_SECRET = 'demo-tts-secret-5f3c9a1e7b2d4c68';
const LAKE_EUI = '24E124C0DE000004';

async function postLakeCount(people: number, secret = DEMO_TTS_SECRET) {
  return fetch(DEMO_TTS_URL, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      end_device_ids: { device_id: 'lake-counter', dev_eui: LAKE_EUI },
      uplink_message: { f_port: 85, decoded_payload: { people_counter_all: people } },
    }),
  });
}

async function lakeLastUplink(): Promise<string | null> {
  const res = await fetch(`${BASE_URL}/api/sensors`);
  const body = (await res.json()) as { sensors: { devEui: string; lastUplinkAt: string | null }[] };
  return body.sensors.find((s) => s.devEui === LAKE_EUI)?.lastUplinkAt ?? null;
}

describeBrowser('LoRaWAN uplinks', () => {
  const browser = useBrowser();

  it('a documented example uplink with the demo secret changes the live count', async () => {
    expect((await postLakeCount(1, 'wrong-secret')).status).toBe(401);

    const { page, context } = await openPage(browser(), DESKTOP);
    await page.goto('/amenities');
    const lake = page.getByRole('article', { name: 'Grand Lake' });
    await lake.getByText(/\d+ \/ 150/).waitFor();
    const before = Number(/(\d+) \/ 150/.exec((await lake.textContent()) ?? '')?.[1]);
    const people = before === 42 ? 43 : 42;

    // The demo simulator reports for the lake every 30 s too: if its uplink lands between ours
    // and the reload, ours is no longer the latest, so send ours again.
    let shown = false;
    for (let attempt = 0; attempt < 3 && !shown; attempt++) {
      const res = await postLakeCount(people);
      expect(res.status).toBe(200);
      const sent = await lakeLastUplink();
      await page.reload();
      await lake.getByText(/\d+ \/ 150/).waitFor();
      shown = ((await lake.textContent()) ?? '').includes(`${people} / 150`);
      if (!shown) expect(await lakeLastUplink()).not.toBe(sent);
    }
    expect(shown).toBe(true);
    await expect
      .poll(() => page.getByRole('region', { name: 'Sensors' }).textContent())
      .toContain(LAKE_EUI);
    await context.close();
  });
});
