import { beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { act, screen, within } from '@testing-library/react';
import { server } from '../../mocks/node';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../src/app/routes';
import { LAZY_LOAD, renderWithApp, loadDashboardCode } from '../render';
import { reportServerUnreachable } from '../../src/lib/connectivity';

beforeAll(loadDashboardCode);

/** A link's accessible name as read (the badge's drawn number is hidden from it). */
function linkName(link: HTMLElement): string | null {
  const copy = link.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent;
}

describe('app shell', () => {
  it('has the eight sections in the sidebar, the current one marked', async () => {
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await within(sidebar).findByRole('link', { name: 'Alerts, 1 unread' });
    // The user card's code loads once the card is on screen (never on a phone).
    await within(sidebar).findByRole('link', { name: 'Account' }, LAZY_LOAD);
    const links = within(sidebar).getAllByRole('link');
    expect(links.map(linkName)).toEqual([
      'CommonGround',
      'Dashboard',
      'Amenities',
      'Community',
      'Analytics',
      'Reports',
      'Amy Events',
      'Alerts, 1 unread',
      'Settings',
      // The user card's own page.
      'Account',
    ]);
    expect(within(sidebar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(sidebar).getByRole('link', { name: 'Community' })).toHaveAttribute(
      'href',
      '/community-management',
    );
    // The user card shows who /api/me says is signed in (the mocks' manager).
    expect(await within(sidebar).findByText('HOA Manager')).toBeInTheDocument();
    expect(within(sidebar).getByText('Sarah Johnson')).toBeInTheDocument();
  });

  it('folds the less used sections into a More sheet on the phone bar', async () => {
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    const bars = await screen.findAllByRole('navigation', { name: 'Main' });
    const bottom = bars[bars.length - 1];
    if (!bottom) throw new Error('no bottom navigation');
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Analytics', 'Reports', 'Amy Events']);
    // The unread alerts show on More, which folds the Alerts link.
    await userEvent.click(
      await within(bottom).findByRole('button', { name: 'More, 1 unread alert' }),
    );
    const sheet = await screen.findByRole('dialog', { name: 'More' }, LAZY_LOAD);
    const more = within(sheet).getAllByRole('link');
    expect(more.map(linkName)).toEqual([
      'Amenities',
      'Community',
      'Alerts, 1 unread',
      'Settings',
      'Account',
    ]);
    await userEvent.click(within(sheet).getByRole('link', { name: 'Settings' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Settings' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'More' })).not.toBeInTheDocument();
  });

  it('the More sheet’s Account link opens the account page and closes the sheet', async () => {
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    const bars = await screen.findAllByRole('navigation', { name: 'Main' });
    const bottom = bars[bars.length - 1];
    if (!bottom) throw new Error('no bottom navigation');
    await userEvent.click(await within(bottom).findByRole('button', { name: /^More/ }));
    const sheet = await screen.findByRole('dialog', { name: 'More' }, LAZY_LOAD);
    await userEvent.click(await within(sheet).findByRole('link', { name: 'Account' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'More' })).not.toBeInTheDocument();
  });

  it('shows an offline banner when the browser is offline', async () => {
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      renderWithApp(<AppRoutes />, { route: '/dashboard' });
      expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
    } finally {
      if (onLine) Object.defineProperty(Navigator.prototype, 'onLine', onLine);
      Reflect.deleteProperty(navigator, 'onLine');
    }
  });

  it('when the server stops answering, the banner alone gives the age of the data on screen', async () => {
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    const metrics = await screen.findByRole('list', { name: 'Key metrics' }, LAZY_LOAD);
    const shown = metrics.textContent;
    server.use(http.all('/api/*', () => HttpResponse.error()));
    act(() => reportServerUnreachable());
    const banner = await screen.findByText(
      /^Can't reach CommonGround · showing data saved less than a minute ago \((?:[A-Z][a-z]{2} \d{1,2}, )?\d{1,2}:\d{2} [AP]M\)$/,
    );
    expect(banner).toBeInTheDocument();
    // Said once: the cards, whose copies are the ones the banner speaks of, add no age of their
    // own, and Data Freshness does not repeat when the data updates.
    expect(screen.queryByText(/Saved copy from/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Updates when/)).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Key metrics' }).textContent).toBe(shown);
  });

  it('with the server out of reach, the user card says the account is not checked and still offers Sign out', async () => {
    server.use(http.all('/api/*', () => HttpResponse.error()));
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(await within(sidebar).findByText('Account not checked')).toBeInTheDocument();
    expect(within(sidebar).queryByText('…')).not.toBeInTheDocument();
    expect(within(sidebar).getByRole('button', { name: 'Sign out' })).toBeEnabled();
  });

  it('says once, with a Retry, when the server cannot be reached, and never "Online"', async () => {
    server.use(http.all('/api/*', () => HttpResponse.error()));
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    const banner = await screen.findByText(/Can't reach CommonGround\. Nothing has been saved/);
    expect(banner).toBeInTheDocument();
    expect(screen.queryByText('Online')).not.toBeInTheDocument();
    expect(screen.getByText('Server unreachable')).toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);

    server.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Online')).toBeInTheDocument();
    expect(screen.queryByText(/Can't reach CommonGround/)).not.toBeInTheDocument();
    expect(await screen.findByText('Live Data')).toBeInTheDocument();
  });
});
