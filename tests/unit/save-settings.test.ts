import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../../src/lib/settings';
import { settingsRecordToStore } from '../../src/lib/save-settings';

const before: Settings = { ...defaultSettings(), darkMode: true };

describe('settingsRecordToStore', () => {
  it('stores only what changed on a device that had stored nothing', () => {
    expect(settingsRecordToStore(null, before, { ...before, autoRefresh: false })).toEqual({
      autoRefresh: false,
    });
  });

  it('leaves an untouched dark mode out, so the theme keeps following the system', () => {
    const record = settingsRecordToStore(null, before, { ...before, defaultView: 'analytics' });
    expect(record).not.toHaveProperty('darkMode');
  });

  it('stores dark mode once it is chosen, and keeps it in later saves', () => {
    const chosen = settingsRecordToStore(null, before, { ...before, darkMode: false });
    expect(chosen).toEqual({ darkMode: false });
    const after = { ...before, darkMode: false };
    const later = settingsRecordToStore(JSON.stringify(chosen), after, {
      ...after,
      autoRefresh: false,
    });
    expect(later).toEqual({ darkMode: false, autoRefresh: false });
  });

  it('keeps what was stored before, with its new value, and drops keys that are not settings', () => {
    const stored = JSON.stringify({ emailMaintenance: true, communityName: 'Old', darkMode: true });
    const record = settingsRecordToStore(stored, before, { ...before, emailMaintenance: false });
    expect(record).toEqual({ emailMaintenance: false, darkMode: true });
  });

  it('reads a damaged or non-object record as nothing stored', () => {
    for (const raw of ['not json', 'null', '[1,2]', '"text"']) {
      expect(settingsRecordToStore(raw, before, { ...before, autoRefresh: false })).toEqual({
        autoRefresh: false,
      });
    }
  });
});
