import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from '../../src/lib/router';
import { SettingsPage } from '../../src/features/settings/settings-page';
import { getSettings, resetSettingsForTests, SETTINGS_KEY } from '../../src/lib/settings';
import { renderWithApp } from '../render';

function stored(): Record<string, unknown> | null {
  const raw = localStorage.getItem(SETTINGS_KEY);
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
}

function renderSettings() {
  return renderWithApp(<SettingsPage />, { route: '/settings' });
}

/** Settings inside a small router, with a link out, to try leaving with unsaved edits. */
function renderWithLinkOut() {
  return renderWithApp(
    <>
      <nav aria-label="Test">
        <Link to="/reports">Go to Reports</Link>
      </nav>
      <Routes>
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/reports" element={<h1>Reports page</h1>} />
      </Routes>
    </>,
    { route: '/settings' },
  );
}

describe('Settings page', () => {
  it('has the five tabs, moved between with the arrow keys', async () => {
    const user = userEvent.setup();
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Settings sections' })).getAllByRole(
      'tab',
    );
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'General',
      'Notifications',
      'Integrations',
      'Users',
      'Billing',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');

    await user.click(tabs[0] as HTMLElement);
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Notifications' })).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel', { name: 'Billing' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel', { name: 'General' })).toBeInTheDocument();
  });

  it('shows every General field with the saved values', () => {
    renderSettings();
    expect(screen.getByLabelText('Community name')).toHaveValue(
      'Willow Creek Community Association',
    );
    expect(screen.getByLabelText('Community code')).toHaveValue('WCCA-2024');
    expect(screen.getByLabelText('Address')).toHaveValue(
      '1200 Willow Creek Parkway, Irvine, CA 92618',
    );
    const timezone = screen.getByRole('combobox', { name: 'Timezone' });
    expect(
      within(timezone)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Eastern Time (ET)',
      'Central Time (CT)',
      'Mountain Time (MT)',
      'Pacific Time (PT)',
    ]);
    expect(
      within(screen.getByRole('combobox', { name: 'Currency' }))
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['USD', 'CAD', 'EUR']);
    expect(screen.getByRole('switch', { name: 'Auto-refresh' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Dark mode' })).not.toBeChecked();
    const view = screen.getByRole('combobox', { name: 'Default dashboard view' });
    expect(
      within(view)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Overview', 'Analytics', 'Amy Events']);
  });

  it('says alerts arrive in the inbox and that push and email are not available', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    const panel = within(screen.getByRole('tabpanel', { name: 'Notifications' }));
    expect(panel.getByRole('link', { name: 'Alerts inbox' })).toHaveAttribute('href', '/alerts');
    expect(panel.getByText(/does not send push notifications or emails/)).toBeInTheDocument();
    expect(panel.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('saves edits on the device and applies the theme', async () => {
    const user = userEvent.setup();
    renderSettings();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();

    const name = screen.getByLabelText('Community name');
    await user.clear(name);
    await user.type(name, '  Lakeside Commons  ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'EUR');
    await user.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    expect(stored()).toBeNull();

    await user.click(save);
    expect(stored()).toMatchObject({
      communityName: 'Lakeside Commons',
      currency: 'EUR',
      darkMode: true,
    });
    expect(getSettings().currency).toBe('EUR');
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByText('Settings saved')).toBeInTheDocument();
    expect(screen.getByText('All changes are saved on this device.')).toBeInTheDocument();
  });

  it('keeps the saved settings after a reload', async () => {
    const user = userEvent.setup();
    const first = renderSettings();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Timezone' }), 'eastern');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Default dashboard view' }),
      'amy-events',
    );
    await user.click(screen.getByRole('switch', { name: 'Auto-refresh' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    first.unmount();

    // A reload: the in-memory copy is gone, the device's record is read again.
    resetSettingsForTests();
    renderSettings();
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveValue('eastern');
    expect(screen.getByRole('combobox', { name: 'Default dashboard view' })).toHaveValue(
      'amy-events',
    );
    expect(screen.getByRole('switch', { name: 'Auto-refresh' })).not.toBeChecked();
  });

  it('Cancel reverts unsaved edits, including the theme preview', async () => {
    const user = userEvent.setup();
    renderSettings();
    const code = screen.getByLabelText('Community code');
    await user.clear(code);
    await user.type(code, 'NEW-1');
    await user.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect(document.documentElement).toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(code).toHaveValue('WCCA-2024');
    expect(screen.getByRole('switch', { name: 'Dark mode' })).not.toBeChecked();
    expect(document.documentElement).not.toHaveClass('dark');
    expect(stored()).toBeNull();
  });

  it('refuses invalid values with inline errors and focuses the first one', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.clear(screen.getByLabelText('Community name'));
    const code = screen.getByLabelText('Community code');
    await user.clear(code);
    await user.type(code, 'WC CA!');
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(screen.getByRole('tab', { name: /General/ })).toHaveAttribute('aria-selected', 'true');
    const name = screen.getByLabelText('Community name');
    expect(name).toHaveFocus();
    expect(name).toBeInvalid();
    expect(name).toHaveAccessibleDescription('Enter the community name.');
    expect(screen.getByLabelText('Community code')).toHaveAccessibleDescription(
      'Letters, numbers and hyphens, e.g. WCCA-2024. Use letters, numbers and hyphens only, for example WCCA-2024.',
    );
    expect(screen.getByText('Fix the highlighted fields before saving.')).toBeInTheDocument();
    expect(stored()).toBeNull();

    await user.type(name, 'Willow');
    await user.clear(screen.getByLabelText('Community code'));
    await user.type(screen.getByLabelText('Community code'), 'WC-1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(stored()).toMatchObject({ communityName: 'Willow', communityCode: 'WC-1' });
  });

  it('falls back to the defaults with a notice when the saved record is damaged', async () => {
    localStorage.setItem(SETTINGS_KEY, '{"darkMode": "yes please"');
    resetSettingsForTests();
    const user = userEvent.setup();
    renderSettings();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your saved settings were damaged and have been reset to the defaults.',
    );
    expect(screen.getByLabelText('Community name')).toHaveValue(
      'Willow Creek Community Association',
    );
    // Saving the defaults replaces the damaged record.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(stored()).toMatchObject({ communityName: 'Willow Creek Community Association' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lets links work when there is nothing to lose', async () => {
    const user = userEvent.setup();
    renderWithLinkOut();
    await user.click(screen.getByRole('link', { name: 'Go to Reports' }));
    // Nothing to lose: the link just works.
    expect(screen.getByRole('heading', { name: 'Reports page' })).toBeInTheDocument();
  });

  it('stays or discards when leaving with unsaved edits', async () => {
    const user = userEvent.setup();
    renderWithLinkOut();
    await user.type(screen.getByLabelText('Community name'), ' HOA');
    await user.click(screen.getByRole('link', { name: 'Go to Reports' }));

    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Community name')).toHaveValue(
      'Willow Creek Community Association HOA',
    );

    await user.click(screen.getByRole('link', { name: 'Go to Reports' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Discard changes and leave',
      }),
    );
    expect(screen.getByRole('heading', { name: 'Reports page' })).toBeInTheDocument();
    expect(stored()).toBeNull();
  });

  it('asks the browser to confirm a reload while there are unsaved edits', async () => {
    const user = userEvent.setup();
    renderSettings();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);

    await user.type(screen.getByLabelText('Address'), ' Suite 1');
    const during = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(during);
    expect(during.defaultPrevented).toBe(true);
  });

  it('shows the plan at 299 a month, the next billing date and a masked card', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    const panel = screen.getByRole('tabpanel', { name: 'Billing' });
    expect(panel).toHaveTextContent('$299');
    expect(panel).toHaveTextContent('per month');
    expect(within(panel).getByText('Next billing date').nextElementSibling?.textContent).toMatch(
      /^\w{3}, \w{3} 1, \d{4}$/,
    );
    expect(panel).toHaveTextContent('•••• •••• •••• 4242');
    expect(panel).not.toHaveTextContent(/\d{4} \d{4} \d{4} \d{4}/);
    expect(within(panel).getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    // The real amenity count (7 in the fixture) against the Starter plan's 5.
    const use = await within(panel).findByText(/7 of 5 amenities in use/);
    expect(use).toHaveTextContent("2 over this plan's limit");
    expect(use).toHaveAttribute('data-tone', 'warning');
  });

  it('shows the calendar as not connected and says connecting needs the server', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('tab', { name: 'Integrations' }));
    expect(screen.getByText('Not connected')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Email Service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mobile App' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect: Calendar Integration' }));
    expect(screen.getByRole('dialog', { name: 'Calendar Integration' })).toHaveTextContent(
      'Nothing was connected.',
    );
  });
});
