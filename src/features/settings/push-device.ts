import {
  fetchPushPublicKey,
  registerPushSubscription,
  removePushSubscription,
} from '../../api/notifications';

/**
 * Web Push on this device: what the browser can do, and subscribing or unsubscribing for real
 * (the browser's PushManager and the server's /api/push/subscriptions). Loaded with the Settings
 * page only.
 */

export type PushState =
  /** No service worker push here (an old browser, a private window, the dev server). */
  | 'unsupported'
  /** iPhone and iPad get push only in the app added to the Home Screen. */
  | 'install-needed'
  /** The person (or the browser) said no: only the browser's site settings can undo it. */
  | 'denied'
  | 'on'
  | 'off';

type Env = {
  userAgent: string;
  standalone: boolean;
  hasPush: boolean;
  permission: NotificationPermission | null;
};

export function isIos(userAgent: string): boolean {
  return /iPhone|iPad|iPod/.test(userAgent);
}

/** What this browser allows, before asking for anything (a pure function of the environment). */
export function pushAvailability(env: Env): Exclude<PushState, 'on' | 'off'> | 'available' {
  if (isIos(env.userAgent) && !env.standalone) return 'install-needed';
  if (!env.hasPush || env.permission === null) return 'unsupported';
  if (env.permission === 'denied') return 'denied';
  return 'available';
}

function environment(): Env {
  const standalone =
    (typeof window.matchMedia === 'function' &&
      window.matchMedia('(display-mode: standalone)').matches) ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return {
    userAgent: navigator.userAgent,
    standalone,
    hasPush: 'serviceWorker' in navigator && 'PushManager' in window,
    permission: 'Notification' in window ? Notification.permission : null,
  };
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This device's state now. */
export async function currentPushState(): Promise<PushState> {
  const availability = pushAvailability(environment());
  if (availability !== 'available') return availability;
  const reg = await registration();
  if (!reg) return 'unsupported';
  const subscription = await reg.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** The VAPID public key as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export type PushResult = { state: PushState; error: string | null };

/** Turns push on: asks permission (call it from a tap), subscribes, and tells the server. */
export async function turnPushOn(): Promise<PushResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    return {
      state: permission === 'denied' ? 'denied' : 'off',
      error: permission === 'denied' ? null : 'Notifications were not allowed; nothing changed.',
    };
  }
  const reg = await registration();
  if (!reg) {
    return {
      state: 'unsupported',
      error: "CommonGround's service worker is not running here, so push cannot be set up.",
    };
  }
  const key = await fetchPushPublicKey();
  if (!key.ok) return { state: 'off', error: key.error };
  let subscription: PushSubscription;
  try {
    subscription = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key.value),
    });
  } catch (error) {
    return {
      state: 'off',
      error: `The browser could not subscribe: ${(error as Error).message || 'unknown error'}`,
    };
  }
  const saved = await registerPushSubscription(subscription.toJSON());
  if (!saved.ok) {
    // The server does not know this device: undo, so the switch never claims what is not so.
    await subscription.unsubscribe().catch(() => undefined);
    return { state: 'off', error: saved.error };
  }
  return { state: 'on', error: null };
}

/** Turns push off on this device: the server forgets it first, then the browser. */
export async function turnPushOff(): Promise<PushResult> {
  const reg = await registration();
  const subscription = reg ? await reg.pushManager.getSubscription() : null;
  if (!subscription) return { state: 'off', error: null };
  const removed = await removePushSubscription(subscription.endpoint);
  if (!removed.ok) return { state: 'on', error: removed.error };
  await subscription.unsubscribe().catch(() => undefined);
  return { state: 'off', error: null };
}
