import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadAndIdle, IDLE_TIMEOUT_MS } from '../../src/app/late-update-prompt';

function pretendLoading() {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
}

describe('afterLoadAndIdle (when the service worker registers)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the page to load, then for an idle moment', () => {
    vi.useFakeTimers();
    pretendLoading();
    const run = vi.fn();
    afterLoadAndIdle(run);
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledOnce();
  });

  it('asks the browser for an idle callback, at most IDLE_TIMEOUT_MS late', () => {
    const idle = vi.fn((callback: () => void) => {
      callback();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', idle);
    const run = vi.fn();
    afterLoadAndIdle(run);
    expect(idle).toHaveBeenCalledWith(run, { timeout: IDLE_TIMEOUT_MS });
    expect(run).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled (the app unmounted first)', () => {
    vi.useFakeTimers();
    pretendLoading();
    const run = vi.fn();
    const cancel = afterLoadAndIdle(run);
    window.dispatchEvent(new Event('load'));
    cancel();
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();

    const cancelBeforeLoad = afterLoadAndIdle(run);
    cancelBeforeLoad();
    window.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();
  });
});
