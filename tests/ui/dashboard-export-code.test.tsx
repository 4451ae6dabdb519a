import { expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DashboardPage } from '../../src/features/dashboard/dashboard-page';
import { captureDownloads } from '../downloads';
import { LAZY_LOAD, renderWithApp } from '../render';

// The export's code loads on use: here it cannot (offline before it was ever saved, or a new
// version replaced it on the server).
vi.mock('../../src/api/snapshot', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

it('Export Usage Data says the export failed when its code cannot be loaded', async () => {
  const files = captureDownloads();
  renderWithApp(<DashboardPage />);
  const actions = within(
    await screen.findByRole('region', { name: 'Quick Actions & Reports' }, LAZY_LOAD),
  );
  await userEvent.click(actions.getByRole('button', { name: 'Export Usage Data' }));
  expect(await screen.findByText('Usage data not exported')).toBeInTheDocument();
  expect(
    screen.getByText(
      'The code that makes this file could not be loaded. Check the connection and try again.',
    ),
  ).toBeInTheDocument();
  expect(screen.queryByText('Data Export Started')).not.toBeInTheDocument();
  expect(files).toEqual([]);
});
