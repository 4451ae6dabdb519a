import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { onlineManager } from '@tanstack/react-query';
import { server } from '../../mocks/node';
import { API_PATHS } from '../../src/api/contract';
import { DashboardPage } from '../../src/features/dashboard/dashboard-page';
import { REPORTS_PERIOD_KEY } from '../../src/lib/storage-keys';
import { captureDownloads } from '../downloads';
import { LAZY_LOAD, renderWithApp } from '../render';

function Location() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

/** The quick actions, once the part of the page below the first screen has mounted. */
async function quickActions() {
  return within(await screen.findByRole('region', { name: 'Quick Actions & Reports' }, LAZY_LOAD));
}

describe('dashboard quick actions that keep their promise', () => {
  it('Export Usage Data downloads a CSV of the daily usage over the date range', async () => {
    const files = captureDownloads();
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.pathname + url.search);
    });
    renderWithApp(<DashboardPage />);
    await userEvent.click(
      (await quickActions()).getByRole('button', { name: 'Export Usage Data' }),
    );
    expect(await screen.findByText('Data Export Started')).toBeInTheDocument();
    await waitFor(() => expect(files).toHaveLength(1), LAZY_LOAD);
    const [file] = files;
    expect(file?.name).toMatch(/^usage-data-30-days.*\.csv$/);
    const lines =
      file?.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/) ?? [];
    // Header lines (what the file is, its period, coverage, zone, when made), a blank line,
    // then the table: a row per day.
    expect(lines[0]).toBe('Report,"Usage data, last 30 days"');
    expect(lines[2]).toMatch(/^Coverage,/);
    const table = lines.slice(lines.indexOf('') + 1);
    expect(table[0]).toMatch(/The Great Lawn/);
    expect(table).toHaveLength(31);
    expect(requests).toContain('/api/usage/timeline?period=month&days=30');
    server.events.removeAllListeners();
  });

  it('says why when there is nothing to export offline', async () => {
    captureDownloads();
    server.use(http.get(API_PATHS.timeline, () => HttpResponse.error()));
    onlineManager.setOnline(false);
    try {
      renderWithApp(<DashboardPage />);
      await userEvent.click(
        (await quickActions()).getByRole('button', { name: 'Export Usage Data' }),
      );
      expect(await screen.findByText('Usage data not exported', {}, LAZY_LOAD)).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('Generate Monthly Report opens the full report for last month', async () => {
    localStorage.setItem(REPORTS_PERIOD_KEY, JSON.stringify('year'));
    renderWithApp(
      <>
        <DashboardPage />
        <Location />
      </>,
      { route: '/dashboard' },
    );
    await userEvent.click(
      (await quickActions()).getByRole('button', { name: 'Generate Monthly Report' }),
    );
    expect(screen.getByText('Report Generation Started')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/reports?report=full',
    );
    expect(localStorage.getItem(REPORTS_PERIOD_KEY)).toBe('"month"');
  });
});
