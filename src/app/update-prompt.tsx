import { useEffect, useRef, useState } from 'react';
import { messageSW } from 'workbox-window';
import { Button } from '../ui/button';

/** How long the new version has to take over before the prompt says it did not. */
export const TAKEOVER_WAIT_MS = 8000;

/**
 * registerType 'prompt': a new deployment waits until the user accepts it here, so nobody loses
 * what they were reading to a surprise reload. Accepting tells the waiting worker to take over
 * (the generated worker skips waiting on this message) and reloads once it controls the page.
 */
export function UpdatePrompt({
  waiting,
  onLater,
}: {
  waiting: ServiceWorker;
  onLater: () => void;
}) {
  const [state, setState] = useState<'idle' | 'reloading' | 'stuck'>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const reload = async () => {
    setState('reloading');
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    // The waiting worker as it is now: the one the prompt was shown for may have been replaced
    // since (the update found again after the device went offline and back).
    const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
    void messageSW(registration?.waiting ?? waiting, { type: 'SKIP_WAITING' });
    // Never "Reloading…" for ever: a worker that does not take over is said, and may be asked
    // again (or the page reloaded by hand, which starts the new version too).
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('stuck'), TAKEOVER_WAIT_MS);
  };
  return (
    <div
      role="alertdialog"
      aria-labelledby="update-title"
      aria-describedby="update-text"
      className="fixed inset-x-3 bottom-20 z-[90] mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-4 shadow-xl lg:bottom-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <p id="update-title" className="font-semibold">
        A new version of CommonGround is available
      </p>
      <p id="update-text" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Reload to use it. Your saved data stays on this device.
      </p>
      {state === 'stuck' ? (
        <p role="status" className="mt-2 text-sm text-amber-900 dark:text-amber-200">
          The new version has not taken over yet. Try again, or close the app and open it again.
        </p>
      ) : null}
      <div className="mt-3 flex gap-2">
        <Button disabled={state === 'reloading'} onClick={() => void reload()}>
          {state === 'reloading' ? 'Reloading…' : state === 'stuck' ? 'Try again' : 'Reload now'}
        </Button>
        <Button variant="secondary" onClick={onLater}>
          Later
        </Button>
      </div>
    </div>
  );
}
