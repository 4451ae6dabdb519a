import { describe, expect, it } from 'vitest';
import { timeZoneLabel } from '../../src/lib/community-profile';
import { isTimeZone } from '../../src/lib/community-profile-rules';
import {
  profileChanges,
  validateProfile,
  type ProfileDraft,
} from '../../src/lib/community-profile-form';
import { defaultSettings, loadSettings, SETTINGS_KEY } from '../../src/lib/settings';

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

const PROFILE: ProfileDraft = {
  name: 'Willow Creek Community Association',
  code: 'WCCA-2024',
  address: '1200 Willow Creek Parkway, Irvine, CA 92618',
  timeZone: 'America/Los_Angeles',
  currency: 'USD',
};

describe('validateProfile', () => {
  it('accepts the demo profile', () => {
    expect(validateProfile(PROFILE)).toEqual({});
  });

  it('requires a community name and code', () => {
    expect(validateProfile({ ...PROFILE, name: '  ', code: '' })).toEqual({
      name: 'Enter the community name.',
      code: 'Enter the community code.',
    });
  });

  it('allows letters, digits and hyphens in the code', () => {
    expect(validateProfile({ ...PROFILE, code: 'wcca-2024' })).toEqual({});
    expect(validateProfile({ ...PROFILE, code: 'WC CA' }).code).toBe(
      'Use letters, numbers and hyphens only, for example WCCA-2024.',
    );
    expect(validateProfile({ ...PROFILE, code: '-WCCA' }).code).toBe(
      'Use letters, numbers and hyphens only, for example WCCA-2024.',
    );
  });

  it('limits the lengths as the server does', () => {
    expect(
      validateProfile({
        ...PROFILE,
        name: 'x'.repeat(81),
        code: 'X'.repeat(41),
        address: 'y'.repeat(301),
      }),
    ).toEqual({
      name: 'Use 80 characters or fewer.',
      code: 'Use 40 characters or fewer.',
      address: 'Use 300 characters or fewer.',
    });
    expect(validateProfile({ ...PROFILE, address: '' })).toEqual({});
  });

  it('knows a time zone by its IANA name, and only listed currencies', () => {
    expect(validateProfile({ ...PROFILE, timeZone: 'Europe/Paris' })).toEqual({});
    for (const zone of ['Mars/Olympus_Mons', 'UTC+2', '', 'America/Los_Angeles; DROP']) {
      expect(validateProfile({ ...PROFILE, timeZone: zone }).timeZone).toMatch(/time zone/);
    }
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(
      validateProfile({ ...PROFILE, currency: 'XYZ' as ProfileDraft['currency'] }).currency,
    ).toBe('Choose a currency from the list.');
  });
});

describe('profileChanges', () => {
  it('is only what changed, trimmed', () => {
    expect(profileChanges(PROFILE, { ...PROFILE })).toEqual({});
    expect(
      profileChanges(PROFILE, { ...PROFILE, name: '  Lakeside ', address: ' 1 Main St ' }),
    ).toEqual({ name: 'Lakeside', address: '1 Main St' });
    expect(profileChanges(PROFILE, { ...PROFILE, code: ' WCCA-2024 ' })).toEqual({});
  });
});

describe('timeZoneLabel', () => {
  it('keeps the usual names of the US zones and names others with their IANA id', () => {
    expect(timeZoneLabel('America/Los_Angeles')).toBe('Pacific Time (PT)');
    expect(timeZoneLabel('Europe/Paris')).toMatch(/\(Europe\/Paris\)$/);
    expect(timeZoneLabel('Not/AZone')).toBe('Not/AZone');
  });
});

describe('loadSettings', () => {
  it('uses the defaults, without a notice, when nothing is saved', () => {
    expect(loadSettings(storageWith(null))).toEqual({ settings: defaultSettings(), problem: null });
  });

  it('fills fields missing from an older record with the defaults', () => {
    const { settings, problem } = loadSettings(storageWith(JSON.stringify({ autoRefresh: false })));
    expect(problem).toBeNull();
    expect(settings).toEqual({ ...defaultSettings(), autoRefresh: false });
  });

  it('drops the community fields older records kept on the device (now the server’s)', () => {
    const old = {
      communityName: 'Oak Valley',
      timezone: 'eastern',
      currency: 'CAD',
      darkMode: true,
    };
    const { settings, problem } = loadSettings(storageWith(JSON.stringify(old)));
    expect(problem).toBeNull();
    expect(settings).toEqual({ ...defaultSettings(), darkMode: true });
  });

  it('falls back to the defaults with a notice for a damaged record', () => {
    for (const raw of [
      '{oops',
      '"a string"',
      '[1, 2]',
      'null',
      JSON.stringify({ defaultView: 'mars' }),
    ]) {
      const { settings, problem } = loadSettings(storageWith(raw));
      expect(settings).toEqual(defaultSettings());
      expect(problem).toBe('Your saved settings were damaged and have been reset to the defaults.');
    }
  });
});
