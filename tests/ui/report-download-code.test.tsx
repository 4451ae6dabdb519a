import { expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReportsPage } from '../../src/features/reports/reports-page';
import { captureDownloads } from '../downloads';
import { renderWithApp } from '../render';

// The CSVs' code loads on the first download: here it cannot (offline before it was ever saved,
// or a new version replaced it on the server).
vi.mock('../../src/features/reports/report-downloads', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

it("says so when a download's code cannot be loaded, instead of doing nothing", async () => {
  const files = captureDownloads();
  const user = userEvent.setup();
  renderWithApp(<ReportsPage />, { route: '/reports' });
  await user.click(screen.getByRole('button', { name: 'Download CSV: Amenity Usage Report' }));
  expect(await screen.findByText('Usage data not downloaded')).toBeInTheDocument();
  expect(
    screen.getByText(
      'The code that makes this file could not be loaded. Check the connection and try again.',
    ),
  ).toBeInTheDocument();
  expect(files).toEqual([]);
});
