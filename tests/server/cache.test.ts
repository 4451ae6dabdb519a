import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../server/cache';

describe('ResponseCache', () => {
  it('reuses a value until new data arrives or it is too old', async () => {
    let now = 0;
    let computed = 0;
    const cache = new ResponseCache<number>(() => now, 1000);
    const compute = async () => ++computed;
    expect(await cache.get('k', compute)).toBe(1);
    expect(await cache.get('k', compute)).toBe(1);
    cache.invalidate();
    expect(await cache.get('k', compute)).toBe(2);
    now = 999;
    expect(await cache.get('k', compute)).toBe(2);
    now = 1000;
    expect(await cache.get('k', compute)).toBe(3);
    expect(await cache.get('other', compute)).toBe(4);
  });

  it('shares one computation between concurrent requests, and forgets failures', async () => {
    const cache = new ResponseCache<string>(() => 0, 1000);
    let calls = 0;
    const slow = () =>
      new Promise<string>((resolve) => {
        calls++;
        setTimeout(() => resolve('value'), 10);
      });
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow)])).toEqual([
      'value',
      'value',
    ]);
    expect(calls).toBe(1);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('bad', async () => 'recovered')).toBe('recovered');
  });

  it('a value computed while data changed is not kept for the new data', async () => {
    const cache = new ResponseCache<string>(() => 0, 1000);
    let release: (value: string) => void = () => undefined;
    const pending = cache.get('k', () => new Promise((resolve) => (release = resolve)));
    cache.invalidate();
    release('old');
    expect(await pending).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });
});
