import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAKEOVER_WAIT_MS, UpdatePrompt } from '../../src/app/update-prompt';

const worker = () => ({ postMessage: vi.fn() }) as unknown as ServiceWorker;

describe('UpdatePrompt', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks the worker waiting now to take over, and says so when it does not, never "Reloading…" for ever', async () => {
    vi.useFakeTimers();
    const shown = worker();
    const now = worker();
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: {
        addEventListener: vi.fn(),
        getRegistration: () => Promise.resolve({ waiting: now }),
      },
    });
    render(<UpdatePrompt waiting={shown} onLater={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reload now' }));
    expect(screen.getByRole('button', { name: 'Reloading…' })).toBeDisabled();
    await act(() => Promise.resolve());
    // The worker found at the click, not the one the prompt was shown for (replaced since).
    expect(now.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }, expect.any(Array));
    expect(shown.postMessage).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(TAKEOVER_WAIT_MS));
    expect(screen.getByRole('status')).toHaveTextContent(
      'The new version has not taken over yet. Try again, or close the app and open it again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
