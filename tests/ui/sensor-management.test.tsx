import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { meFixture } from '../../mocks/fixtures';
import { ME_PATH, SENSOR_ADMIN_PATHS, type Me, type Role } from '../../src/api/contract';
import { SettingsPage } from '../../src/features/settings/settings-page';
import { renderWithApp } from '../render';

const as = (role: Role, demo = false): Me => ({
  ...meFixture,
  demo,
  user: { ...meFixture.user, role },
});

async function openIntegrations(role: Role, demo = false) {
  server.use(http.get(ME_PATH, () => HttpResponse.json(as(role, demo))));
  const user = userEvent.setup();
  renderWithApp(<SettingsPage />, { route: '/settings' });
  await user.click(screen.getByRole('tab', { name: 'Integrations' }));
  return user;
}

const created = (
  id: string,
  kind: 'tts' | 'chirpstack' | 'readings',
  name: string,
  secret: string,
) => ({
  integration: {
    id,
    kind,
    name,
    uplinkPath: `/api/integrations/${id}/uplink`,
    createdAt: '2026-03-18T12:00:00.000Z',
  },
  secret,
});

describe('Settings → Integrations: LoRaWAN sensors', () => {
  it('lets an Admin connect a network server and shows the secret and set-up once', async () => {
    let sent: unknown = null;
    server.use(
      http.post(SENSOR_ADMIN_PATHS.integrations, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(created('chirpstack-1a2b', 'chirpstack', 'Pool CS', 'S3CRET'), {
          status: 201,
        });
      }),
    );
    const user = await openIntegrations('admin');
    const list = await screen.findByRole('list', { name: 'Network servers' });
    expect(list).toHaveTextContent('The Things Stack (demo)');
    expect(list).toHaveTextContent(`${window.location.origin}/api/integrations/demo-tts/uplink`);

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Network server' }),
      'ChirpStack',
    );
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Pool CS');
    await user.click(screen.getByRole('button', { name: 'Connect' }));

    const dialog = await screen.findByRole('dialog', { name: 'Connect Pool CS' });
    expect(sent).toEqual({ kind: 'chirpstack', name: 'Pool CS' });
    expect(dialog).toHaveTextContent(
      `Event endpoint URL${window.location.origin}/api/integrations/chirpstack-1a2b/uplink`,
    );
    expect(dialog).toHaveTextContent('HeaderAuthorization: Bearer S3CRET');
    expect(dialog).toHaveTextContent('Payload encodingJSON');
    expect(dialog).toHaveTextContent('The secret is shown only now');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(/Bearer S3CRET/)).toBeNull());
  });

  it('connects a readings integration and shows the curl that posts a batch', async () => {
    let sent: unknown = null;
    server.use(
      http.post(SENSOR_ADMIN_PATHS.integrations, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(created('readings-9f8e', 'readings', 'Gate PLC', 'S3CRET'), {
          status: 201,
        });
      }),
    );
    const user = await openIntegrations('admin');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Network server' }),
      'CommonGround readings',
    );
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Gate PLC');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Gate PLC' });
    expect(sent).toEqual({ kind: 'readings', name: 'Gate PLC' });
    const url = `${window.location.origin}/api/integrations/readings-9f8e/uplink`;
    expect(dialog).toHaveTextContent(`curl -X POST '${url}' -H 'Authorization: Bearer S3CRET'`);
  });

  it('rotates a secret only once asked, and shows the new one with the TTS set-up', async () => {
    let rotated = 0;
    server.use(
      http.post('/api/integrations/demo-tts/secret', () => {
        rotated++;
        return HttpResponse.json(
          created('demo-tts', 'tts', 'The Things Stack (demo)', 'NEW-SECRET'),
        );
      }),
    );
    const user = await openIntegrations('admin');
    const rotate = await screen.findByRole('button', {
      name: 'Rotate secret: The Things Stack (demo)',
    });
    await user.click(rotate);
    const ask = screen.getByRole('dialog', {
      name: 'Rotate the secret of The Things Stack (demo)?',
    });
    expect(ask).toHaveTextContent('The old one stops working at once');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(rotated).toBe(0);
    await user.click(rotate);
    await user.click(
      within(
        screen.getByRole('dialog', { name: 'Rotate the secret of The Things Stack (demo)?' }),
      ).getByRole('button', { name: 'Rotate secret' }),
    );
    expect(rotated).toBe(1);
    const dialog = await screen.findByRole('dialog', { name: 'Connect The Things Stack (demo)' });
    expect(dialog).toHaveTextContent('Additional headerAuthorization: Bearer NEW-SECRET');
    expect(dialog).toHaveTextContent('Enabled event typesUplink message');
  });

  it('deletes an integration only after confirming', async () => {
    let deleted = 0;
    server.use(
      http.delete('/api/integrations/demo-chirpstack', () => {
        deleted++;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = await openIntegrations('admin');
    await user.click(await screen.findByRole('button', { name: 'Delete: ChirpStack (demo)' }));
    const ask = screen.getByRole('dialog', { name: 'Delete ChirpStack (demo)?' });
    expect(ask).toHaveTextContent('This cannot be undone');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deleted).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Delete: ChirpStack (demo)' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete ChirpStack (demo)?' })).getByRole(
        'button',
        { name: 'Delete network server' },
      ),
    );
    await waitFor(() => expect(deleted).toBe(1));
    expect(await screen.findByText('Network server deleted')).toBeInTheDocument();
  });

  it('removes a device only after confirming, and says a refusal in the dialog', async () => {
    let removed = 0;
    server.use(
      http.delete(`${SENSOR_ADMIN_PATHS.devices}/:devEui`, () => {
        removed++;
        return removed === 1
          ? HttpResponse.json({ error: 'Database busy' }, { status: 500 })
          : new HttpResponse(null, { status: 204 });
      }),
    );
    const user = await openIntegrations('admin');
    const remove = (await screen.findAllByRole('button', { name: /^Remove: / }))[0];
    if (!remove) throw new Error('no registered device');
    await user.click(remove);
    const ask = screen.getByRole('dialog', { name: /^Remove .+\?$/ });
    expect(ask).toHaveTextContent('the readings it sent stay');
    expect(removed).toBe(0);
    await user.click(within(ask).getByRole('button', { name: 'Remove device' }));
    expect(await within(ask).findByRole('alert')).toHaveTextContent('Database busy');
    await user.click(within(ask).getByRole('button', { name: 'Remove device' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(removed).toBe(2);
    expect(await screen.findByText('Device removed')).toBeInTheDocument();
  });

  it('assigns a discovered device to an amenity', async () => {
    let sent: unknown = null;
    server.use(
      http.post(SENSOR_ADMIN_PATHS.devices, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = await openIntegrations('admin');
    await user.click(await screen.findByRole('button', { name: 'Assign: A84041000181C0DE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register device' });
    expect(within(dialog).getByRole('textbox', { name: 'Dev EUI' })).toHaveValue(
      'A84041000181C0DE',
    );
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Amenity' }),
      'Grand Lake',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save device' }));
    await waitFor(() =>
      expect(sent).toEqual({
        devEui: 'A84041000181C0DE',
        name: 'lobby-counter',
        model: 'vs121',
        countingMode: 'area',
        amenityId: 'grand-lake',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the dev EUI before sending, and shows the server’s refusal', async () => {
    let posts = 0;
    server.use(
      http.post(SENSOR_ADMIN_PATHS.devices, () => {
        posts++;
        return HttpResponse.json(
          { error: 'A device with dev EUI 24E124C0DE000001 is already registered' },
          { status: 409 },
        );
      }),
    );
    const user = await openIntegrations('admin');
    await user.click(await screen.findByRole('button', { name: 'Register device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register device' });
    const eui = within(dialog).getByRole('textbox', { name: 'Dev EUI' });
    await user.type(eui, '24E124C0DE00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Device name' }), 'Gate');
    await user.click(within(dialog).getByRole('button', { name: 'Save device' }));
    expect(eui).toHaveAccessibleDescription(/16 hex digits/);
    expect(posts).toBe(0);

    await user.type(eui, '0001');
    await user.click(within(dialog).getByRole('button', { name: 'Save device' }));
    // At the field it is about, inside the dialog: a toast would sit under the modal's backdrop.
    await waitFor(() =>
      expect(eui).toHaveAccessibleDescription(
        'A device with dev EUI 24E124C0DE000001 is already registered',
      ),
    );
    expect(eui).toHaveAttribute('aria-invalid', 'true');
    expect(eui).toHaveFocus();
    expect(screen.getAllByText(/already registered/)).toHaveLength(1);
    expect(posts).toBe(1);
    expect(screen.getByRole('dialog', { name: 'Register device' })).toBeInTheDocument();
    // The form is kept as typed.
    expect(eui).toHaveValue('24E124C0DE000001');
    expect(within(dialog).getByRole('textbox', { name: 'Device name' })).toHaveValue('Gate');
  });

  it('refuses a device without a name before sending, at the Device name field', async () => {
    let posts = 0;
    server.use(
      http.post(SENSOR_ADMIN_PATHS.devices, () => {
        posts++;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = await openIntegrations('admin');
    await user.click(await screen.findByRole('button', { name: 'Register device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register device' });
    const eui = within(dialog).getByRole('textbox', { name: 'Dev EUI' });
    const name = within(dialog).getByRole('textbox', { name: 'Device name' });

    // Nothing typed: every field that cannot be sent says so at once, the first one focused.
    await user.click(within(dialog).getByRole('button', { name: 'Save device' }));
    expect(eui).toHaveAccessibleDescription(
      'Enter the dev EUI: 16 hex digits (0-9 and A-F), like 24E124C0DE000001.',
    );
    expect(name).toHaveAccessibleDescription('Enter a name for the device.');
    expect(eui).toHaveFocus();

    await user.type(eui, '24E124C0DE000001');
    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save device' }));
    expect(name).toHaveAccessibleDescription('Enter a name for the device.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(eui).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText('Enter a name for the device.')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Register device' })).toBeInTheDocument();

    // Named, it is sent: the one request made, after both refusals.
    await user.clear(name);
    await user.type(name, 'Gate');
    await user.click(within(dialog).getByRole('button', { name: 'Save device' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toBe(1);
  });

  it('refuses an empty or over-long network server name before sending, at the Name field', async () => {
    let posts = 0;
    server.use(
      http.post(SENSOR_ADMIN_PATHS.integrations, () => {
        posts++;
        return HttpResponse.json(created('tts-1a2b', 'tts', 'Lobby TTS', 'S3CRET'), {
          status: 201,
        });
      }),
    );
    const user = await openIntegrations('admin');
    await screen.findByRole('list', { name: 'Network servers' });
    const name = screen.getByRole('textbox', { name: 'Name' });
    const connect = screen.getByRole('button', { name: 'Connect' });

    await user.click(connect);
    expect(name).toHaveAccessibleDescription('Enter a name for the network server.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();

    await user.type(name, '   ');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.click(connect);
    expect(name).toHaveAccessibleDescription('Enter a name for the network server.');
    expect(name).toHaveFocus();

    // Longer than the field lets anyone type (a value set by autofill or a script).
    fireEvent.change(name, { target: { value: 'x'.repeat(101) } });
    await user.click(connect);
    expect(name).toHaveAccessibleDescription(
      "Keep the network server's name to 100 characters or fewer.",
    );
    expect(screen.getAllByText(/network server's name/)).toHaveLength(1);

    // A name that can be sent is: the one request made, after all those refusals.
    await user.clear(name);
    await user.type(name, 'Lobby TTS');
    await user.click(connect);
    await screen.findByRole('dialog', { name: 'Connect Lobby TTS' });
    expect(posts).toBe(1);
  });

  it('shows at the Amenity field that the amenity already has a counter', async () => {
    const taken =
      'Solis Hall already has a people counter, Hall door (24E124C0DE000002); ' +
      'an amenity counts with one, so move or remove that one first';
    server.use(
      http.patch(SENSOR_ADMIN_PATHS.device, () =>
        HttpResponse.json({ error: `amenityId: ${taken}` }, { status: 409 }),
      ),
    );
    const user = await openIntegrations('admin');
    const edit = await screen.findAllByRole('button', { name: /^Edit: / });
    await user.click(edit[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: /^Edit / });
    await user.click(within(dialog).getByRole('button', { name: 'Save device' }));
    const amenity = within(dialog).getByRole('combobox', { name: 'Amenity' });
    await waitFor(() => expect(amenity).toHaveAccessibleDescription(taken));
    expect(amenity).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(taken)).toHaveLength(1);
  });

  it('shows a refusal about no one field under the form, inside the dialog', async () => {
    server.use(
      http.patch(SENSOR_ADMIN_PATHS.device, () =>
        HttpResponse.json({ error: 'Sensor management is paused' }, { status: 503 }),
      ),
    );
    const user = await openIntegrations('admin');
    const edit = await screen.findAllByRole('button', { name: /^Edit: / });
    await user.click(edit[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: /^Edit / });
    await user.type(within(dialog).getByRole('textbox', { name: 'Device name' }), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save device' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Sensor management is paused',
    );
    expect(screen.getAllByText('Sensor management is paused')).toHaveLength(1);
    expect(
      (within(dialog).getByRole('textbox', { name: 'Device name' }) as HTMLInputElement).value,
    ).toMatch(/ 2$/);
  });

  it.each([
    ['manager', false],
    ['board', false],
    ['admin', true],
  ] as const)('hides sensor management from %s (demo %s)', async (role, demo) => {
    await openIntegrations(role, demo);
    expect(await screen.findByRole('heading', { name: 'Integrations' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Integrations' })).toBeVisible(),
    );
    expect(screen.queryByRole('heading', { name: 'LoRaWAN network servers' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Register device' })).toBeNull();
  });
});
