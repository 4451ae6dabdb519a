import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { NOTIFICATION_PREFERENCES_PATH, PUSH_PATHS } from '../../src/api/contract';
import {
  NotificationDelivery,
  QUIET_TIME_MISSING,
} from '../../src/features/settings/notification-delivery';
import { keyBytes, pushAvailability } from '../../src/features/settings/push-device';
import { notificationPreferencesFixture } from '../../mocks/notifications-handlers';
import { server } from '../../mocks/node';
import { renderWithApp } from '../render';

const ENDPOINT = 'https://push.example.net/send/device-1';

/** A browser with push: Notification, PushManager and a service worker registration. */
function installPush(
  options: { permission?: NotificationPermission; answer?: NotificationPermission } = {},
) {
  let subscription: {
    endpoint: string;
    toJSON(): unknown;
    unsubscribe: () => Promise<boolean>;
  } | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const subscribe = vi.fn(async () => {
    subscription = {
      endpoint: ENDPOINT,
      toJSON: () => ({
        endpoint: ENDPOINT,
        expirationTime: null,
        keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
      }),
      unsubscribe,
    };
    return subscription;
  });
  const requestPermission = vi.fn(async () => options.answer ?? 'granted');
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission,
  };
  requestPermission.mockImplementation(async () => {
    notification.permission = options.answer ?? 'granted';
    return notification.permission;
  });
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  const registration = {
    pushManager: { getSubscription: vi.fn(async () => subscription), subscribe },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => registration) },
  });
  return { requestPermission, subscribe, unsubscribe };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const render = () => renderWithApp(<NotificationDelivery />, { route: '/settings' });

describe('push on this device', () => {
  it('says plainly when this browser cannot get push', async () => {
    render();
    expect(await screen.findByText(/cannot receive push notifications/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Turn on/ })).not.toBeInTheDocument();
  });

  it('on an iPhone outside the installed app, says to add it to the Home Screen', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    );
    render();
    expect(
      await screen.findByText(
        /Add CommonGround to your Home Screen to get notifications on iPhone/,
      ),
    ).toBeInTheDocument();
  });

  it('asks permission only from the tap, subscribes for real, and turns off again', async () => {
    const push = installPush();
    const posted: unknown[] = [];
    const deleted: unknown[] = [];
    server.use(
      http.post(PUSH_PATHS.subscriptions, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ subscribed: true, pushDevices: 1 }, { status: 201 });
      }),
      http.delete(PUSH_PATHS.subscriptions, async ({ request }) => {
        deleted.push(await request.json());
        return HttpResponse.json({ subscribed: false, pushDevices: 0 });
      }),
    );
    const user = userEvent.setup();
    render();
    const turnOn = await screen.findByRole('button', { name: 'Turn on push notifications' });
    expect(push.requestPermission).not.toHaveBeenCalled();
    await user.click(turnOn);
    expect(await screen.findByText(/This device gets a notification/)).toBeInTheDocument();
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(posted).toEqual([expect.objectContaining({ endpoint: ENDPOINT })]);

    await user.click(screen.getByRole('button', { name: 'Turn off on this device' }));
    expect(await screen.findByText(/This device gets no notifications/)).toBeInTheDocument();
    expect(deleted).toEqual([{ endpoint: ENDPOINT }]);
    expect(push.unsubscribe).toHaveBeenCalled();
  });

  it('permission refused: says how to allow it, and nothing is subscribed', async () => {
    const push = installPush({ answer: 'denied' });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByText(/blocked for CommonGround/)).toBeInTheDocument();
    expect(push.subscribe).not.toHaveBeenCalled();
  });

  it('the server refusing the device undoes the browser subscription and says why', async () => {
    const push = installPush();
    server.use(
      http.post(PUSH_PATHS.subscriptions, () =>
        HttpResponse.json({ error: 'endpoint: must be an https URL' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('endpoint: must be an https URL');
    expect(push.unsubscribe).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Turn on push notifications' })).toBeInTheDocument();
  });
});

describe('what to send me', () => {
  it('saves the switches and quiet hours on the server', async () => {
    let saved: unknown = null;
    server.use(
      http.put(NOTIFICATION_PREFERENCES_PATH, async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ ...notificationPreferencesFixture, ...(saved as object) });
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('switch', { name: 'Push reports' }));
    await user.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '21:30');
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(saved).toEqual({
      pushAlerts: true,
      pushReports: false,
      emailAlerts: false,
      emailReports: true,
      quietHours: { start: '21:30', end: '07:00' },
    });
  });

  it('on a server that sends no email, the email switches read off and cannot be changed', async () => {
    render();
    // The fixture's stored choice for email reports is on; nothing would be sent.
    expect(notificationPreferencesFixture.emailReports).toBe(true);
    const reports = await screen.findByRole('switch', { name: 'Email reports' });
    await waitFor(() => expect(reports).not.toBeChecked());
    expect(reports).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Email alerts' })).not.toBeChecked();
  });

  it('a change after a save takes back "Saved." and is reported as unsaved', async () => {
    server.use(
      http.put(NOTIFICATION_PREFERENCES_PATH, async ({ request }) =>
        HttpResponse.json({
          ...notificationPreferencesFixture,
          ...((await request.json()) as object),
        }),
      ),
    );
    const dirty: boolean[] = [];
    const user = userEvent.setup();
    renderWithApp(<NotificationDelivery onDirtyChange={(next) => dirty.push(next)} />, {
      route: '/settings',
    });
    await user.click(await screen.findByRole('switch', { name: 'Push reports' }));
    expect(dirty.at(-1)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    // Told from an effect, which may run after "Saved." is on screen (the save's answer is not an
    // input event, whose effects React runs at once).
    await waitFor(() => expect(dirty.at(-1)).toBe(false));
    await user.click(screen.getByRole('switch', { name: 'Push alerts' }));
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
    expect(dirty.at(-1)).toBe(true);
    // Put back as saved: nothing left to save.
    await user.click(screen.getByRole('switch', { name: 'Push alerts' }));
    expect(dirty.at(-1)).toBe(false);
  });

  it('an emptied quiet-hours time is said at its field, and nothing is sent', async () => {
    let sent = false;
    server.use(
      http.put(NOTIFICATION_PREFERENCES_PATH, () => {
        sent = true;
        return HttpResponse.json(notificationPreferencesFixture);
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('switch', { name: 'Quiet hours' }));
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(from).toHaveAccessibleDescription(QUIET_TIME_MISSING);
    expect(from).toHaveFocus();
    expect(sent).toBe(false);
    await user.type(from, '21:30');
    expect(from).not.toHaveAccessibleDescription(QUIET_TIME_MISSING);
  });

  it('the demo sees the defaults and cannot change them', async () => {
    server.use(
      http.get(NOTIFICATION_PREFERENCES_PATH, () =>
        HttpResponse.json({ ...notificationPreferencesFixture, readOnly: true }),
      ),
    );
    render();
    expect(await screen.findByText(/sign in to choose your own/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Push alerts' })).toBeDisabled());
    expect(screen.queryByRole('button', { name: /Save notification/ })).not.toBeInTheDocument();
    expect(screen.getByText(/the demo cannot subscribe a device/)).toBeInTheDocument();
  });
});

describe('push helpers', () => {
  it('decides availability from the browser', () => {
    const base = { userAgent: 'Mozilla/5.0 (X11; Linux)', standalone: false, hasPush: true };
    expect(pushAvailability({ ...base, permission: 'default' })).toBe('available');
    expect(pushAvailability({ ...base, permission: 'denied' })).toBe('denied');
    expect(pushAvailability({ ...base, hasPush: false, permission: 'default' })).toBe(
      'unsupported',
    );
    const iphone = { ...base, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0)' };
    expect(pushAvailability({ ...iphone, hasPush: false, permission: null })).toBe(
      'install-needed',
    );
    expect(pushAvailability({ ...iphone, standalone: true, permission: 'default' })).toBe(
      'available',
    );
  });

  it('turns the base64url VAPID key into its bytes', () => {
    expect([...keyBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
