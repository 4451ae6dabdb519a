import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { AppRoutes } from '../../src/app/routes';
import { LAZY_LOAD, renderWithApp, loadDashboardCode } from '../render';

beforeAll(loadDashboardCode);

describe('route table', () => {
  it('shows the 404 texts for an unknown path', async () => {
    renderWithApp(<AppRoutes />, { route: '/no-such-page' });
    expect(
      await screen.findByRole('heading', { name: '404 Page Not Found' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('renders the dashboard inside the shell with the user card', async () => {
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect((await screen.findAllByText('HOA Manager')).length).toBeGreaterThan(0);
    // The page's code loads on the way in, the chart's as it nears the viewport: the test ends
    // once both are in, not while their modules are still loading.
    expect(await screen.findByTestId('usage-chart', {}, LAZY_LOAD)).toBeInTheDocument();
  });
});
