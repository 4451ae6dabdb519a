import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTL_WARM_UP_SCRIPT } from '../../src/lib/intl-warm-up';

/** What the script built, in order: 'date UTC' or 'number'. */
let built: string[];

function stubIntl({ throws = false } = {}) {
  vi.stubGlobal('Intl', {
    DateTimeFormat: class {
      constructor(_locale: string, options: Intl.DateTimeFormatOptions) {
        if (throws) throw new RangeError('no locale data');
        built.push(`date ${options.timeZone}`);
      }
      format = () => '';
    },
    NumberFormat: class {
      constructor() {
        if (throws) throw new RangeError('no locale data');
        built.push('number');
      }
      format = () => '';
    },
  });
}

const run = () => new Function(INTL_WARM_UP_SCRIPT)();

beforeEach(() => {
  built = [];
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Intl warm-up script of the app page', () => {
  it('builds nothing while the page parses, then one formatter per task', () => {
    stubIntl();
    run();
    expect(built).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(built).toEqual(['date UTC']);
    vi.advanceTimersToNextTimer();
    expect(built).toEqual(['date UTC', 'number']);
    vi.runAllTimers();
    expect(built).toEqual(['date UTC', 'number']);
  });

  it('lets a failing Intl pass without an error: the app then builds its formatters cold', () => {
    stubIntl({ throws: true });
    run();
    expect(() => vi.runAllTimers()).not.toThrow();
    expect(built).toEqual([]);
  });

  it('does nothing where there is no Intl', () => {
    vi.stubGlobal('Intl', undefined);
    expect(run).not.toThrow();
    expect(vi.getTimerCount()).toBe(0);
  });
});
