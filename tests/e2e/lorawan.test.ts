import { expect, it } from 'vitest';
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from '../../server/auth/demo-accounts';
import { base32Decode, totp } from '../../server/auth/totp';
import {
  BASE_URL,
  DESKTOP,
  describeBrowser,
  openPage,
  requestFromPage,
  useBrowser,
  useOwnServer,
} from './browser';

/**
 * The README's "Connecting LoRaWAN sensors" example: a TTS uplink from the demo lake counter,
 * posted with the demo integration's secret, changes the lake's live count on the Amenities page.
 */
const DEMO_TTS_URL = `${BASE_URL}/api/integrations/demo-tts/uplink`;
const DEMO_TTS_SECRET = 'demo-tts-secret-5f3c9a1e7b2d4c68';
const LAKE_EUI = '24E124C0DE000004';

async function postLakeCount(people: number, secret = DEMO_TTS_SECRET, url = DEMO_TTS_URL) {
  return fetch(url, {
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

// Its own server and database: the amenity it adds stays out of the other tests' community.
describeBrowser('LoRaWAN set-up', () => {
  const browser = useBrowser();
  const server = useOwnServer('lorawan');

  it('an Admin connects an integration and assigns an unknown counter, whose uplinks then count', async () => {
    const { page, context } = await openPage(browser(), { ...DESKTOP, baseURL: server().url });
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill('admin@willowcreek.example');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    await code.fill(totp(base32Decode(DEMO_ADMIN_TOTP_SECRET) ?? Buffer.alloc(0), Date.now()));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Integrations' }).click();
    // Filled once the section is on screen: the field of that name on General is not this one.
    const integrations = page.getByRole('tabpanel', { name: 'Integrations' });
    const name = integrations.getByRole('textbox', { name: 'Name' });
    const connect = integrations.getByRole('button', { name: 'Connect', exact: true });
    // Without a name it says so under the field, and the row stays level: the select and
    // Connect beside the input, not dropped to the error's last line.
    await connect.click();
    await integrations.getByText('Enter a name for the network server.').waitFor();
    const tops = await Promise.all(
      [integrations.getByRole('combobox', { name: 'Network server' }), name, connect].map(
        async (control) => (await control.boundingBox())?.y,
      ),
    );
    expect(tops).toEqual([tops[1], tops[1], tops[1]]);
    await name.fill('E2E TTS');
    await connect.click();
    const dialog = page.getByRole('dialog', { name: 'Connect E2E TTS' });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    const url = /Base URL(https?:\/\/\S+?\/uplink)/.exec(text)?.[1] ?? '';
    const secret = /Bearer (\S+?)Enabled/.exec(text)?.[1] ?? '';
    expect(url).toMatch(/\/api\/integrations\/tts-[0-9a-f]{12}\/uplink$/);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // A counter nobody registered yet: kept as an unknown device, then assigned to the lake.
    const eui = '24E124C0DEE2E001';
    const unknown = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        end_device_ids: { device_id: 'e2e-counter', dev_eui: eui },
        uplink_message: { f_port: 85, decoded_payload: { people_counter_all: 5 } },
      }),
    });
    expect(unknown.status).toBe(202);
    // Every demo amenity has its counter; a new one, the boat house, has none yet.
    const added = await requestFromPage(page, 'POST', '/api/amenities', {
      name: 'Boat House',
      type: 'lake',
      capacity: 30,
      hours: Array.from({ length: 7 }, () => ({ opensMinute: 360, closesMinute: 1320 })),
      monthlyOperatingCost: null,
    });
    expect(added.status).toBe(201);
    await page.reload();
    await page.getByRole('tab', { name: 'Integrations' }).click();
    await page.getByRole('button', { name: `Assign: ${eui}` }).click();
    const form = page.getByRole('dialog', { name: 'Register device' });
    const amenity = form.getByRole('combobox', { name: 'Amenity' });
    // The lake counts with its own counter already: refused, saying which one.
    await amenity.selectOption({ label: 'Grand Lake' });
    await form.getByRole('button', { name: 'Save device' }).click();
    await form.getByText(/Grand Lake already has a people counter/).waitFor();
    await amenity.selectOption({ label: 'Boat House' });
    await form.getByRole('button', { name: 'Save device' }).click();
    await page.getByRole('button', { name: `Edit: ${eui}` }).waitFor();

    const sent = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        end_device_ids: { device_id: 'e2e-counter', dev_eui: eui },
        uplink_message: { f_port: 85, decoded_payload: { people_counter_all: 7 } },
      }),
    });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ device: eui, reading: { amenityId: 'boat-house' } });

    // Deleting it asks first, by keyboard too: Escape keeps it, with focus back on Delete; once
    // deleted, its uplinks are refused and focus moves to the next row's Delete, not <body>.
    const remove = integrations.getByRole('button', { name: 'Delete: E2E TTS' });
    await remove.focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Delete E2E TTS?' });
    await ask.waitFor();
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'hidden' });
    expect(await remove.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await ask.getByRole('button', { name: 'Delete network server' }).click();
    await remove.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? 'none'))
      .toMatch(/^Delete: /);
    const refused = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    await context.close();
  });
});
