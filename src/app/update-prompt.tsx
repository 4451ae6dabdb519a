import { useState } from 'react';
import { messageSW } from 'workbox-window';
import { Button } from '../ui/button';

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
  const [reloading, setReloading] = useState(false);
  const reload = () => {
    setReloading(true);
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    void messageSW(waiting, { type: 'SKIP_WAITING' });
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
      <div className="mt-3 flex gap-2">
        <Button disabled={reloading} onClick={reload}>
          {reloading ? 'Reloading…' : 'Reload now'}
        </Button>
        <Button variant="secondary" onClick={onLater}>
          Later
        </Button>
      </div>
    </div>
  );
}
