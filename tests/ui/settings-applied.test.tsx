import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { amenitiesFixture, metricsFixture } from '../../mocks/fixtures';
import { API_PATHS, COMMUNITY_PATH } from '../../src/api/contract';
import { communityFixture } from '../../mocks/community-handlers';
import { useDashboardMetrics } from '../../src/api/metrics';
import { AppRoutes } from '../../src/app/routes';
import { App } from '../../src/app/app';
import { THEME_BOOT_SCRIPT } from '../../src/lib/theme-boot';
import {
  getSettings,
  PREFERENCES_NOT_KEPT,
  resetSettingsForTests,
  SETTINGS_KEY,
} from '../../src/lib/settings';
import { saveSettings } from '../../src/lib/save-settings';
import { createQueryClient } from '../../src/api/query-client';
import { LAZY_LOAD, renderWithApp } from '../render';

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

function MetricsProbe() {
  const { data } = useDashboardMetrics();
  return <p>{data ? `Active users: ${data.activeUsersToday}` : 'Loading'}</p>;
}

describe('settings take effect', () => {
  it('stops the periodic refetch when auto-refresh is turned off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let requests = 0;
    server.use(
      http.get(API_PATHS.metrics, () => {
        requests += 1;
        return HttpResponse.json(metricsFixture);
      }),
    );
    renderWithApp(<MetricsProbe />);
    expect(await screen.findByText('Active users: 1247')).toBeInTheDocument();
    expect(requests).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(requests).toBe(2));

    act(() => saveSettings({ ...getSettings(), autoRefresh: false }));
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(requests).toBe(2);

    act(() => saveSettings({ ...getSettings(), autoRefresh: true }));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(requests).toBe(3));
  });

  it('switches the theme on <html> when dark mode is saved', () => {
    saveSettings({ ...getSettings(), darkMode: true });
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    saveSettings({ ...getSettings(), darkMode: false });
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('paints the first frame in the saved theme (the boot script reads the same record)', () => {
    saveSettings({ ...getSettings(), darkMode: true });
    document.documentElement.className = '';
    // What index.html runs in <head> before any stylesheet.
    new Function(THEME_BOOT_SCRIPT)();
    expect(document.documentElement).toHaveClass('dark');

    saveSettings({ ...getSettings(), darkMode: false });
    document.documentElement.className = 'dark';
    new Function(THEME_BOOT_SCRIPT)();
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('a saved setting other than dark mode leaves the theme following the system', () => {
    let systemDark = true;
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({
      ...matchMedia(query),
      matches: query === '(prefers-color-scheme: dark)' && systemDark,
    });
    try {
      localStorage.removeItem(SETTINGS_KEY);
      resetSettingsForTests();
      expect(getSettings().darkMode).toBe(true);
      saveSettings({ ...getSettings(), autoRefresh: false });

      systemDark = false;
      document.documentElement.className = 'dark';
      new Function(THEME_BOOT_SCRIPT)();
      expect(document.documentElement).not.toHaveClass('dark');
      resetSettingsForTests();
      expect(getSettings()).toMatchObject({ darkMode: false, autoRefresh: false });
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it("shows the server's peak windows in the community profile's time zone", async () => {
    server.use(
      http.get(API_PATHS.amenityAnalytics, () =>
        HttpResponse.json(
          amenitiesFixture.map((amenity) => ({ ...amenity, timeZone: 'America/Los_Angeles' })),
        ),
      ),
    );
    server.use(
      http.get(COMMUNITY_PATH, () =>
        HttpResponse.json({ ...communityFixture, timeZone: 'America/New_York' }),
      ),
    );
    renderWithApp(<AppRoutes />, { route: '/analytics' });
    // The Great Lawn peaks 5:00 PM - 7:00 PM Pacific: 8:00 PM - 10:00 PM Eastern.
    expect(await screen.findByText('Peak 8:00 PM - 10:00 PM', {}, LAZY_LOAD)).toBeInTheDocument();
    expect(screen.queryByText('Peak 5:00 PM - 7:00 PM')).not.toBeInTheDocument();
  });

  it('opens the installed app (/start) on the default view', async () => {
    saveSettings({ ...getSettings(), defaultView: 'analytics' });
    renderWithApp(<AppRoutes />, { route: '/start' });
    expect(
      await screen.findByRole('heading', { level: 1, name: /Analytics/ }, LAZY_LOAD),
    ).toBeInTheDocument();
  });

  it('a browser whose storage is full or blocked is told once that preferences are not kept', async () => {
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    resetSettingsForTests();
    window.history.replaceState(null, '', '/settings');
    try {
      render(<App client={createQueryClient()} persister={null} />);
      expect(await screen.findByText('Preferences are not kept')).toBeInTheDocument();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Settings' }, LAZY_LOAD),
      ).toBeInTheDocument();
      // Settings says so where it would say they are saved on this device, and a save fails.
      expect(screen.getAllByText(PREFERENCES_NOT_KEPT)).toHaveLength(2);
      expect(screen.queryByText('Your preferences, saved on this device only.')).toBeNull();
    } finally {
      full.mockRestore();
    }
  });

  it('a damaged saved record falls back to the defaults with a notice, not a blank page', async () => {
    localStorage.setItem(SETTINGS_KEY, 'not json at all');
    resetSettingsForTests();
    window.history.replaceState(null, '', '/settings');
    render(<App client={createQueryClient()} persister={null} />);
    expect(await screen.findByText('Settings reset')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Settings' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Auto-refresh' })).toBeChecked();
    expect(getSettings().autoRefresh).toBe(true);
  });
});
