import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredFlag, writeStoredFlag } from '../../src/lib/stored-flag';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a flag kept across reloads', () => {
  it('reads as raised until lowered', () => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    });
    expect(readStoredFlag('cg.test')).toBe(false);
    writeStoredFlag('cg.test', true);
    expect(readStoredFlag('cg.test')).toBe(true);
    expect(readStoredFlag('cg.other')).toBe(false);
    writeStoredFlag('cg.test', false);
    expect(readStoredFlag('cg.test')).toBe(false);
  });

  it('a blocked storage reads as unset and refuses writes without throwing', () => {
    const refuse = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: refuse, setItem: refuse, removeItem: refuse });
    expect(() => writeStoredFlag('cg.test', true)).not.toThrow();
    expect(readStoredFlag('cg.test')).toBe(false);
    expect(() => writeStoredFlag('cg.test', false)).not.toThrow();
  });
});
