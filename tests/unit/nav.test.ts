import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, isNavActive } from '../../src/app/nav';

describe('shell navigation', () => {
  it('lists the eight sections, Dashboard first and pointing into the app', () => {
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      'Dashboard',
      'Amenities',
      'Community',
      'Analytics',
      'Reports',
      'Amy Events',
      'Alerts',
      'Settings',
    ]);
    expect(NAV_ITEMS[0]?.to).toBe('/dashboard');
    expect(NAV_ITEMS.find((item) => item.label === 'Community')?.to).toBe('/community-management');
  });

  it('marks a link active when the location starts with its path', () => {
    expect(isNavActive('/reports', '/reports')).toBe(true);
    expect(isNavActive('/reports/usage', '/reports')).toBe(true);
    expect(isNavActive('/settings', '/reports')).toBe(false);
  });

  it("treats '/' as active only on an exact match", () => {
    expect(isNavActive('/', '/')).toBe(true);
    expect(isNavActive('/dashboard', '/')).toBe(false);
  });

  it('fits four sections plus More in the phone bar', () => {
    expect(NAV_ITEMS.filter((item) => item.inBottomBar)).toHaveLength(4);
  });
});
