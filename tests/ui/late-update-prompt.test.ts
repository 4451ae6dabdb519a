import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadAndIdle, IDLE_TIMEOUT_MS } from '../../src/app/late-update-prompt';
import { registerServiceWorker } from '../../src/app/service-worker';
import { SERVICE_WORKER_URL } from '../../src/lib/service-worker-url';

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

/** A worker whose state the test moves on, as the browser does while it installs. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  /** A new deployment's worker starts installing. */
  findUpdate(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

function fakeContainer({ controlled }: { controlled: boolean }) {
  const registration = new FakeRegistration();
  const register = vi.fn(async () => registration);
  const container = {
    controller: controlled ? new FakeWorker() : null,
    register,
  } as unknown as ServiceWorkerContainer;
  return { container, registration, register };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('registerServiceWorker (when the update prompt shows)', () => {
  it("registers the build's worker for the whole site", async () => {
    const { container, register } = fakeContainer({ controlled: false });
    registerServiceWorker(vi.fn(), container);
    await settle();
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
  });

  it('reports a new deployment once its worker has installed and waits', async () => {
    const { container, registration } = fakeContainer({ controlled: true });
    const onUpdate = vi.fn();
    registerServiceWorker(onUpdate, container);
    await settle();
    const next = registration.findUpdate();
    expect(onUpdate).not.toHaveBeenCalled();
    next.moveTo('installed');
    expect(onUpdate).toHaveBeenCalledExactlyOnceWith(next);
  });

  it('reports a worker that was already waiting when the page opened', async () => {
    const { container, registration } = fakeContainer({ controlled: true });
    registration.waiting = new FakeWorker();
    const onUpdate = vi.fn();
    registerServiceWorker(onUpdate, container);
    await settle();
    expect(onUpdate).toHaveBeenCalledExactlyOnceWith(registration.waiting);
  });

  it('does not call the first install an update (no worker controls the page yet)', async () => {
    const { container, registration } = fakeContainer({ controlled: false });
    const onUpdate = vi.fn();
    registerServiceWorker(onUpdate, container);
    await settle();
    registration.findUpdate().moveTo('installed');
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('reports nothing once stopped, and does nothing without service workers', async () => {
    const { container, registration } = fakeContainer({ controlled: true });
    const onUpdate = vi.fn();
    const stop = registerServiceWorker(onUpdate, container);
    await settle();
    const next = registration.findUpdate();
    stop();
    next.moveTo('installed');
    expect(onUpdate).not.toHaveBeenCalled();
    expect(() => registerServiceWorker(onUpdate, undefined)()).not.toThrow();
  });

  it('reports nothing when a browser that blocks workers resolves without a registration', async () => {
    const container = {
      controller: null,
      register: vi.fn(async () => undefined),
    } as unknown as ServiceWorkerContainer;
    const failures: unknown[] = [];
    const onFailure = (event: PromiseRejectionEvent) => failures.push(event.reason);
    window.addEventListener('unhandledrejection', onFailure);
    const onUpdate = vi.fn();
    registerServiceWorker(onUpdate, container);
    await settle();
    window.removeEventListener('unhandledrejection', onFailure);
    expect(onUpdate).not.toHaveBeenCalled();
    expect(failures).toEqual([]);
  });

  it('keeps the app running when the registration is refused', async () => {
    const container = {
      controller: null,
      register: vi.fn(async () => {
        throw new DOMException('Storage refused', 'SecurityError');
      }),
    } as unknown as ServiceWorkerContainer;
    const onUpdate = vi.fn();
    registerServiceWorker(onUpdate, container);
    await settle();
    expect(onUpdate).not.toHaveBeenCalled();
  });
});
