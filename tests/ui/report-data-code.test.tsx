import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ReportsPage } from '../../src/features/reports/reports-page';
import { renderWithApp } from '../render';

// On arrival the page saves every period's report data for offline use, with code it loads then:
// here that code cannot load (offline before the app was saved, or a new version replaced it).
vi.mock('../../src/features/reports/report-data', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const rejections: unknown[] = [];
const keep = (reason: unknown) => rejections.push(reason);
beforeEach(() => {
  rejections.length = 0;
  process.on('unhandledRejection', keep);
});
afterEach(() => {
  process.off('unhandledRejection', keep);
});

it('keeps the report list and leaves no unhandled error when the offline save cannot load', async () => {
  renderWithApp(<ReportsPage />, { route: '/reports' });
  expect(await screen.findByRole('heading', { name: 'Available Reports' })).toBeInTheDocument();
  // The save starts once the page is on screen and its import fails a moment later.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(rejections).toEqual([]);
  expect(screen.getByRole('button', { name: 'Download CSV: Amenity Usage Report' })).toBeEnabled();
});
