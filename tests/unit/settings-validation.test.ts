import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  loadSettings,
  normalizeSettings,
  SETTINGS_KEY,
  validateSettings,
} from '../../src/lib/settings';

function storageWith(value: string | null): Storage {
  const data = new Map<string, string>();
  if (value !== null) data.set(SETTINGS_KEY, value);
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: () => null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, item) => void data.set(key, item),
  };
}

describe('validateSettings', () => {
  it('accepts the defaults', () => {
    expect(validateSettings(defaultSettings())).toEqual({});
  });

  it('requires a community name and code', () => {
    const errors = validateSettings({
      ...defaultSettings(),
      communityName: '  ',
      communityCode: '',
    });
    expect(errors).toEqual({
      communityName: 'Enter the community name.',
      communityCode: 'Enter the community code.',
    });
  });

  it('allows letters, digits and hyphens in the code', () => {
    expect(validateSettings({ ...defaultSettings(), communityCode: 'wcca-2024' })).toEqual({});
    expect(validateSettings({ ...defaultSettings(), communityCode: 'WC CA' }).communityCode).toBe(
      'Use letters, numbers and hyphens only, for example WCCA-2024.',
    );
    expect(validateSettings({ ...defaultSettings(), communityCode: '-WCCA' }).communityCode).toBe(
      'Use letters, numbers and hyphens only, for example WCCA-2024.',
    );
  });

  it('limits the lengths', () => {
    const long = validateSettings({
      ...defaultSettings(),
      communityName: 'x'.repeat(121),
      communityCode: 'X'.repeat(41),
      address: 'y'.repeat(301),
    });
    expect(long).toEqual({
      communityName: 'Use 120 characters or fewer.',
      communityCode: 'Use 40 characters or fewer.',
      address: 'Use 300 characters or fewer.',
    });
    expect(validateSettings({ ...defaultSettings(), address: '' })).toEqual({});
  });
});

describe('normalizeSettings', () => {
  it('trims the text fields', () => {
    const settings = normalizeSettings({
      ...defaultSettings(),
      communityName: '  Lakeside ',
      communityCode: ' LK-1 ',
      address: ' 1 Main St ',
    });
    expect(settings).toMatchObject({
      communityName: 'Lakeside',
      communityCode: 'LK-1',
      address: '1 Main St',
    });
  });
});

describe('loadSettings', () => {
  it('uses the defaults, without a notice, when nothing is saved', () => {
    expect(loadSettings(storageWith(null))).toEqual({ settings: defaultSettings(), problem: null });
  });

  it('fills fields missing from an older record with the defaults', () => {
    const { settings, problem } = loadSettings(storageWith(JSON.stringify({ currency: 'CAD' })));
    expect(problem).toBeNull();
    expect(settings).toEqual({ ...defaultSettings(), currency: 'CAD' });
  });

  it('falls back to the defaults with a notice for a damaged record', () => {
    for (const raw of [
      '{oops',
      '"a string"',
      '[1, 2]',
      'null',
      JSON.stringify({ timezone: 'mars' }),
    ]) {
      const { settings, problem } = loadSettings(storageWith(raw));
      expect(settings).toEqual(defaultSettings());
      expect(problem).toBe('Your saved settings were damaged and have been reset to the defaults.');
    }
  });
});
