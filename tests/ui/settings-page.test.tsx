import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationPreferencesFixture } from '../../mocks/notifications-handlers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import axe from 'axe-core';
import { Link, Route, Routes } from 'react-router-dom';
import { billingFixture } from '../../mocks/billing-handlers';
import { communityFixture } from '../../mocks/community-handlers';
import { meFixture } from '../../mocks/fixtures';
import { server } from '../../mocks/node';
import {
  AUDIT_PATH,
  COMMUNITY_PATH,
  ME_PATH,
  NOTIFICATION_PREFERENCES_PATH,
  NOTIFICATIONS_STATUS_PATH,
  type AuditEntry,
  type AuditPage,
  type Me,
} from '../../src/api/contract';
import { BILLING_PATH, type Billing } from '../../src/api/contract/billing';
import { PROFILE_NEEDS_CONNECTION } from '../../src/features/settings/community-profile';
import { SettingsPage } from '../../src/features/settings/settings-page';
import { createQueryClient } from '../../src/api/query-client';
import { meQuery } from '../../src/api/me';
import {
  getSettings,
  loadSettings,
  resetSettingsForTests,
  SETTINGS_KEY,
} from '../../src/lib/settings';
import { LAZY_LOAD, renderWithApp } from '../render';
import { auditActionMatches } from '../../src/lib/audit-filters';

const adminMe: Me = { ...meFixture, user: { ...meFixture.user, role: 'admin' } };
const asAdmin = () => server.use(http.get(ME_PATH, () => HttpResponse.json(adminMe)));

/** The bodies of the writes the page sends. */
function captureWrites() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET') return;
    void request
      .clone()
      .json()
      .then((body: unknown) => sent.push({ method: request.method, url: request.url, body }));
  });
  return sent;
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

function stored(): Record<string, unknown> | null {
  const raw = localStorage.getItem(SETTINGS_KEY);
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
}

/** An audit entry's fields as [name, value] pairs, as the page shows them. */
function fieldsOf(item: Element | null): [string, string][] {
  return [...(item?.querySelectorAll('dl > div') ?? [])].map((field) => [
    field.querySelector('dt')?.textContent ?? '',
    field.querySelector('dd')?.textContent ?? '',
  ]);
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
  it('has the five tabs (six for an Admin), moved between with the arrow keys', async () => {
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

  it('an Admin sees the Audit log tab; a Manager does not', async () => {
    asAdmin();
    renderSettings();
    expect(await screen.findByRole('tab', { name: 'Audit log' })).toBeInTheDocument();
  });

  it('shows the community profile read-only to a Manager, from the server', async () => {
    renderSettings();
    const section = within(await screen.findByRole('region', { name: 'Community' }));
    expect(await section.findByText('Willow Creek Community Association')).toBeInTheDocument();
    expect(section.getByText('WCCA-2024')).toBeInTheDocument();
    expect(section.getByText('Pacific Time (PT)')).toBeInTheDocument();
    expect(section.getByText('USD — US dollar')).toBeInTheDocument();
    expect(section.getByText('Only Admins change the community profile.')).toBeInTheDocument();
    expect(section.queryByRole('textbox')).toBeNull();
    expect(section.queryByRole('button', { name: 'Save profile' })).toBeNull();
  });

  it('shows the device preferences with the saved values', () => {
    renderSettings();
    expect(screen.getByRole('switch', { name: 'Auto-refresh' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Dark mode' })).not.toBeChecked();
    const view = screen.getByRole('combobox', { name: 'Default dashboard view' });
    expect(
      within(view)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Overview', 'Analytics', 'Amy Events']);
  });

  it('says alerts arrive in the inbox and that this server sends no email', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    const panel = within(screen.getByRole('tabpanel', { name: 'Notifications' }));
    expect(panel.getByRole('link', { name: 'Alerts inbox' })).toHaveAttribute('href', '/alerts');
    expect(
      await panel.findByText(/This server sends no email \(an administrator sets SMTP_URL/),
    ).toBeInTheDocument();
    // The email switches cannot be turned on where nothing would be sent.
    expect(await screen.findByRole('switch', { name: 'Email alerts' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Email reports' })).toBeDisabled();
    // Push and the choices are the server's, below the form (tests/ui/notification-settings).
    expect(
      await screen.findByRole('heading', { name: 'Push notifications on this device' }),
    ).toBeInTheDocument();
  });

  it('saves edits on the device and applies the theme', async () => {
    const user = userEvent.setup();
    renderSettings();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    expect(stored()).toBeNull();

    await user.click(save);
    expect(stored()).toMatchObject({ darkMode: true });
    expect(stored()).not.toHaveProperty('communityName');
    expect(getSettings().darkMode).toBe(true);
    expect(document.documentElement).toHaveClass('dark');
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    // Save is disabled once saved: focus is on the line that says so, not lost to the page.
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your preferences are saved on this device.',
    );
    expect(screen.getByRole('status')).toHaveFocus();
  });

  it('keeps the saved settings after a reload', async () => {
    const user = userEvent.setup();
    const first = renderSettings();
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
    expect(screen.getByRole('combobox', { name: 'Default dashboard view' })).toHaveValue(
      'amy-events',
    );
    expect(screen.getByRole('switch', { name: 'Auto-refresh' })).not.toBeChecked();
  });

  it('Cancel reverts unsaved edits, including the theme preview', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect(document.documentElement).toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Your preferences are saved on this device.')).toHaveFocus();
    expect(screen.getByRole('switch', { name: 'Dark mode' })).not.toBeChecked();
    expect(document.documentElement).not.toHaveClass('dark');
    expect(stored()).toBeNull();
  });

  it('an Admin edits the profile: checked on the device, only the changes sent', async () => {
    asAdmin();
    const sent = captureWrites();
    const user = userEvent.setup();
    renderSettings();
    const name = await screen.findByLabelText('Community name');
    expect(name).toHaveValue('Willow Creek Community Association');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Los_Angeles');
    const save = screen.getByRole('button', { name: 'Save profile' });
    expect(save).toBeDisabled();

    // A bad code and an empty name: errors next to the fields, focus on the first, nothing sent.
    await user.clear(name);
    const code = screen.getByLabelText('Community code');
    await user.clear(code);
    await user.type(code, 'WC CA!');
    await user.click(save);
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Enter the community name.');
    expect(code).toHaveAccessibleDescription(
      'Letters, numbers and hyphens, e.g. WCCA-2024. Use letters, numbers and hyphens only, for example WCCA-2024.',
    );
    expect(sent).toEqual([]);

    await user.type(name, '  Lakeside Commons ');
    await user.clear(code);
    await user.type(code, 'WCCA-2024');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Europe/Paris');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'EUR');
    await user.click(save);
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PATCH',
          url: expect.stringContaining(COMMUNITY_PATH) as string,
          body: { name: 'Lakeside Commons', timeZone: 'Europe/Paris', currency: 'EUR' },
        },
      ]),
    );
    expect(await screen.findByText('Community profile saved')).toBeInTheDocument();
    // Focus on the profile's status line, not lost to the page as Save is disabled.
    expect(document.activeElement).toHaveAttribute('role', 'status');
    expect(document.activeElement).toHaveTextContent(/community profile|Saved for every user/);
    // The device's own record holds none of it.
    expect(stored()).toBeNull();
  });

  it('shows the server’s refusal next to the field it names', async () => {
    asAdmin();
    server.use(
      http.patch(COMMUNITY_PATH, () =>
        HttpResponse.json({ error: 'timeZone: not a time zone' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderSettings();
    await user.type(await screen.findByLabelText('Community name'), ' HOA');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await waitFor(() => expect(zone).toHaveAccessibleDescription(/not a time zone/));
    expect(zone).toHaveFocus();
  });

  it('offline, says the profile needs a connection and sends nothing', async () => {
    asAdmin();
    const user = userEvent.setup();
    renderSettings();
    const name = await screen.findByLabelText('Community name');
    const sent = captureWrites();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(PROFILE_NEEDS_CONNECTION)).toBeInTheDocument();
    await user.type(name, ' HOA');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PROFILE_NEEDS_CONNECTION);
    expect(sent).toEqual([]);
  });

  it('an Admin reads the audit log: who, when in the community zone, what changed', async () => {
    asAdmin();
    server.use(
      http.get(COMMUNITY_PATH, () =>
        HttpResponse.json({ ...communityFixture, timeZone: 'America/New_York' }),
      ),
    );
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('tab', { name: 'Audit log' }));
    const panel = within(screen.getByRole('tabpanel', { name: 'Audit log' }));
    const first = (await panel.findByText('Community profile changed')).closest('li');
    if (!first) throw new Error('no row');
    const row = within(first);
    expect(row.getByText(/by Alex Admin/)).toBeInTheDocument();
    // 17:05 UTC is 12:05 PM in New York.
    expect(first).toHaveTextContent('12:05 PM');
    expect(row.getByText('Name')).toBeInTheDocument();
    expect(first).toHaveTextContent('from Willow Creek → to Willow Creek Community Association');
    expect(first).not.toHaveTextContent('Time zone');
    const failed = (await panel.findByText('Sign-in failed')).closest('li');
    expect(failed).toHaveTextContent('by No account');
    expect(failed).toHaveTextContent('[hidden]');

    await user.selectOptions(panel.getByRole('combobox', { name: 'Show' }), 'Amenities');
    expect(await panel.findByText('Amenity changed')).toBeInTheDocument();
    await waitFor(() => expect(panel.queryByText('Community profile changed')).toBeNull());
  });

  it('groups the audit filters: every refusal of the lock-out, every account change', async () => {
    asAdmin();
    const entry = (id: number, action: string, extra: Partial<AuditEntry> = {}): AuditEntry => ({
      id,
      at: new Date(Date.UTC(2026, 10, 20, 12, id)).toISOString(),
      actor: { id: 1, name: 'Alex Admin', email: 'admin@willowcreek.example' },
      action,
      target: 'admin@willowcreek.example',
      before: null,
      after: null,
      ...extra,
    });
    const log = [
      entry(9, 'user.invite', {
        target: 'new@example.org',
        after: { email: 'new@example.org', role: 'board', expiresAt: '2026-12-03T02:29:17.265Z' },
      }),
      entry(8, 'totp.recovery-codes-refused'),
      entry(7, 'account.rename'),
      entry(6, 'password.change-failed'),
      entry(5, 'totp.recovery-codes-renewed'),
      entry(4, 'sign-in.failed'),
      entry(3, 'password.changed'),
      entry(2, 'session.ended'),
      entry(1, 'sign-in'),
    ];
    // Actions or prefixes, as the server answers (server/auth/audit-routes.ts).
    server.use(
      http.get(AUDIT_PATH, ({ request }) => {
        const action = new URL(request.url).searchParams.get('action') ?? '';
        const entries = log.filter((e) => auditActionMatches(action, e.action));
        const page: AuditPage = { entries, nextBefore: null };
        return HttpResponse.json(page);
      }),
    );
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('tab', { name: 'Audit log' }));
    const panel = within(screen.getByRole('tabpanel', { name: 'Audit log' }));
    const invite = (await panel.findByText('User invited')).closest('li');
    // The community's zone (the fixture's Los Angeles) and the role's name, not raw values; a
    // new invite has nothing before it, so its fields are facts, not changes.
    expect(fieldsOf(invite)).toEqual([
      ['Email', 'new@example.org'],
      ['Role', 'Board Member'],
      ['Expires at', 'Dec 2, 2026, 6:29 PM PST'],
    ]);
    expect(invite).not.toHaveTextContent('2026-12-03T02:29');

    const show = panel.getByRole('combobox', { name: 'Show' });
    const titles = () =>
      panel
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.firstChild?.textContent);
    await user.selectOptions(show, 'Failed sign-ins');
    await waitFor(() =>
      expect(titles()).toEqual([
        'New recovery codes refused (wrong code)',
        'Password change failed (wrong current password)',
        'Sign-in failed',
      ]),
    );
    await user.selectOptions(show, 'Sign-ins and account changes');
    await waitFor(() =>
      expect(titles()).toEqual([
        'Name changed',
        'New recovery codes made',
        'Password changed',
        'Session ended',
        'Signed in',
      ]),
    );
  });

  it('shows alert rules, residents, scheduled reports and notifications under their own choices', async () => {
    asAdmin();
    const log: AuditEntry[] = [
      'push.unsubscribe',
      'notifications.update',
      'report-schedule.create',
      'resident.import',
      'resident.update',
      'alert-rule.delete',
      'alert-rule.create',
      'amenity.update',
    ].map((action, index, all) => ({
      id: all.length - index,
      at: new Date(Date.UTC(2026, 10, 20, 12, all.length - index)).toISOString(),
      actor: { id: 1, name: 'Alex Admin', email: 'admin@willowcreek.example' },
      action,
      target: 'x',
      before: null,
      after: null,
    }));
    const asked: string[] = [];
    server.use(
      http.get(AUDIT_PATH, ({ request }) => {
        const action = new URL(request.url).searchParams.get('action') ?? '';
        asked.push(action);
        const entries = log.filter((e) => auditActionMatches(action, e.action));
        const page: AuditPage = { entries, nextBefore: null };
        return HttpResponse.json(page);
      }),
    );
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('tab', { name: 'Audit log' }));
    const panel = within(screen.getByRole('tabpanel', { name: 'Audit log' }));
    expect(await panel.findByText('Amenity changed')).toBeInTheDocument();
    const show = panel.getByRole('combobox', { name: 'Show' });
    const titles = () =>
      panel
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.firstChild?.textContent);
    for (const [choice, wanted] of [
      ['Alert rules', ['Alert rule deleted', 'Alert rule added']],
      ['Residents', ['Residents imported', 'Resident changed']],
      ['Scheduled reports', ['Report schedule added']],
      ['Notifications', ['Push turned off for a device', 'Notification choices changed']],
    ] as const) {
      await user.selectOptions(show, choice);
      await waitFor(() => expect(titles(), choice).toEqual(wanted));
    }
    // Each choice is asked in one request, its actions joined by commas.
    expect(new Set(asked)).toEqual(
      new Set(['', 'alert-rule.', 'resident.', 'report-schedule.', 'notifications.,push.']),
    );
  });

  it('words residents, imports and sign-ins as a person reads them', async () => {
    asAdmin();
    const resident = {
      id: 16,
      name: 'Dana Whitfield',
      unit: '4B',
      email: null,
      phone: null,
      householdSize: null,
      status: 'active',
      joinedOn: null,
      notes: '',
    };
    const entry = (id: number, action: string, extra: Partial<AuditEntry>): AuditEntry => ({
      id,
      at: new Date(Date.UTC(2026, 10, 20, 12, id)).toISOString(),
      actor: { id: 1, name: 'Alex Admin', email: 'admin@willowcreek.example' },
      action,
      target: 'admin@willowcreek.example',
      before: null,
      after: null,
      ...extra,
    });
    // As the server has recorded them all along (target: the resident's database id).
    const log = [
      entry(5, 'resident.create', { target: '16', after: resident }),
      entry(4, 'resident.update', {
        target: '16',
        before: resident,
        after: { ...resident, status: 'inactive' },
      }),
      entry(3, 'resident.import', {
        target: '50 residents',
        after: { count: 50, lines: [2, 51] },
      }),
      entry(2, 'sign-in.failed', { after: { reason: 'second factor' } }),
      entry(1, 'sign-in', {
        target: 'manager@willowcreek.example',
        after: { secondFactor: null },
      }),
    ];
    server.use(http.get(AUDIT_PATH, () => HttpResponse.json({ entries: log, nextBefore: null })));
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('tab', { name: 'Audit log' }));
    const panel = within(screen.getByRole('tabpanel', { name: 'Audit log' }));
    const row = async (title: string) => {
      const rows = (await panel.findAllByText(title)).map((item) => item.closest('li'));
      return rows[0] ?? null;
    };

    const added = await row('Resident added');
    expect(added?.querySelector('p')).toHaveTextContent('Resident added · Dana Whitfield');
    expect(fieldsOf(added)).toEqual([
      ['Name', 'Dana Whitfield'],
      ['Unit', '4B'],
      ['Status', 'Active'],
    ]);
    expect(added).not.toHaveTextContent('→');

    const changed = await row('Resident changed');
    expect(changed?.querySelector('p')).toHaveTextContent('Resident changed · Dana Whitfield');
    expect(fieldsOf(changed)).toEqual([['Status', 'from Active → to Inactive']]);

    expect(fieldsOf(await row('Residents imported'))).toEqual([
      ['Count', '50'],
      ['Lines', '2, 51'],
    ]);
    expect(fieldsOf(await row('Sign-in failed'))).toEqual([['Reason', 'second factor']]);
    const signedIn = await row('Signed in');
    expect(fieldsOf(signedIn)).toEqual([]);
    expect(signedIn).not.toHaveTextContent('Second factor');
  });

  /** 30 entries, newest first, paged as the server pages them; older pages fail while asked. */
  function serveLongLog(olderFails: () => boolean) {
    const log: AuditEntry[] = Array.from({ length: 30 }, (_, index) => ({
      id: 30 - index,
      at: new Date(Date.UTC(2026, 10, 20, 12, 30 - index)).toISOString(),
      actor: { id: 1, name: 'Alex Admin', email: 'admin@willowcreek.example' },
      action: 'sign-out',
      target: `user${30 - index}@example.org`,
      before: null,
      after: null,
    }));
    server.use(
      http.get(AUDIT_PATH, ({ request }) => {
        const url = new URL(request.url);
        const before = Number(url.searchParams.get('before') ?? Infinity);
        const limit = Number(url.searchParams.get('limit') ?? 50);
        if (before !== Infinity && olderFails()) {
          return HttpResponse.json({ error: 'The audit log could not be read' }, { status: 500 });
        }
        const matching = log.filter((e) => e.id < before);
        const entries = matching.slice(0, limit);
        const page: AuditPage = {
          entries,
          nextBefore: matching.length > limit ? (entries.at(-1)?.id ?? null) : null,
        };
        return HttpResponse.json(page);
      }),
    );
  }

  it('hands focus to the first older entry when Show older entries is pressed by keyboard', async () => {
    asAdmin();
    serveLongLog(() => false);
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('tab', { name: 'Audit log' }));
    const panel = within(screen.getByRole('tabpanel', { name: 'Audit log' }));
    // The first page holds 25 (audit-tab's PAGE_SIZE): the 26th newest is id 5.
    (await panel.findByRole('button', { name: 'Show older entries' })).focus();
    await user.keyboard('{Enter}');
    const older = (await panel.findByText('user5@example.org')).closest('li');
    await waitFor(() => expect(older).toHaveFocus());
    expect(panel.queryByRole('button', { name: 'Show older entries' })).toBeNull();
    expect(panel.getByText('That is the oldest entry.')).toBeInTheDocument();
  });

  it('keeps Show older entries, and focus on it, when the older entries cannot be loaded', async () => {
    asAdmin();
    let failing = true;
    serveLongLog(() => failing);
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('tab', { name: 'Audit log' }));
    const panel = within(screen.getByRole('tabpanel', { name: 'Audit log' }));
    (await panel.findByRole('button', { name: 'Show older entries' })).focus();
    await user.keyboard('{Enter}');
    // Worded as the app's other query failures (api/query-fn: status and body).
    expect(await panel.findByRole('alert')).toHaveTextContent(/^Could not load older entries: 500/);
    expect(panel.getByRole('button', { name: 'Show older entries' })).toHaveFocus();

    // Pressed again once the server answers: the alert goes, the new entries take focus.
    failing = false;
    await user.keyboard('{Enter}');
    const older = (await panel.findByText('user5@example.org')).closest('li');
    await waitFor(() => expect(older).toHaveFocus());
    expect(panel.queryByRole('alert')).toBeNull();
  });

  it('falls back to the defaults with a notice when the saved record is damaged', async () => {
    localStorage.setItem(SETTINGS_KEY, '{"darkMode": "yes please"');
    resetSettingsForTests();
    const user = userEvent.setup();
    renderSettings();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your saved settings were damaged and have been reset to the defaults.',
    );
    expect(screen.getByRole('switch', { name: 'Auto-refresh' })).toBeChecked();
    // Saving the defaults replaces the damaged record: nothing chosen, so nothing pinned (the
    // theme follows the system again).
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(stored()).toEqual({});
    expect(loadSettings(localStorage).problem).toBeNull();
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
    await user.click(screen.getByRole('switch', { name: 'Auto-refresh' }));
    await user.click(screen.getByRole('link', { name: 'Go to Reports' }));

    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Auto-refresh' })).not.toBeChecked();

    await user.click(screen.getByRole('link', { name: 'Go to Reports' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Discard changes and leave',
      }),
    );
    expect(screen.getByRole('heading', { name: 'Reports page' })).toBeInTheDocument();
    expect(stored()).toBeNull();
  });

  it('asks before unsaved notification choices are left, and keeps them across tabs', async () => {
    const user = userEvent.setup();
    renderWithLinkOut();
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    await user.click(await screen.findByRole('switch', { name: 'Push reports' }));
    // Another tab and back: the choice is still there, not saved and not lost.
    await user.click(screen.getByRole('tab', { name: 'General' }));
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(screen.getByRole('switch', { name: 'Push reports' })).not.toBeChecked();
    await user.click(screen.getByRole('link', { name: 'Go to Reports' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(screen.getByRole('switch', { name: 'Push reports' })).not.toBeChecked();
  });

  it('asks the browser to confirm a reload while there are unsaved edits', async () => {
    const user = userEvent.setup();
    renderSettings();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);

    await user.click(screen.getByRole('switch', { name: 'Dark mode' }));
    const during = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(during);
    expect(during.defaultPrevented).toBe(true);
  });

  describe('Billing', () => {
    async function openBilling() {
      asAdmin();
      const user = userEvent.setup();
      const view = renderSettings();
      await user.click(screen.getByRole('tab', { name: 'Billing' }));
      return { user, view, panel: screen.getByRole('tabpanel', { name: 'Billing' }) };
    }

    it('shows the plan on file on the server: price, amenities, next billing date, masked card', async () => {
      const { panel, view } = await openBilling();
      expect(await within(panel).findByText('Starter')).toBeInTheDocument();
      expect(panel).toHaveTextContent('$299 per month (USD)');
      // The date the server computed, as it sent it.
      expect(within(panel).getByText('Next billing date').nextElementSibling).toHaveTextContent(
        /^Tue, Dec 1, 2026$/,
      );
      expect(panel).toHaveTextContent('•••• •••• •••• 4242');
      expect(within(panel).getByText('Visa card ending in 4242')).toHaveClass('sr-only');
      expect(panel).not.toHaveTextContent(/\d{4} \d{4} \d{4} \d{4}/);
      expect(within(panel).getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute(
        'href',
        '/pricing',
      );
      // The real amenity count (7 in the fixture) against the plan's 5.
      const use = await within(panel).findByText(/7 of 5 amenities in use/);
      expect(use).toHaveTextContent('7 of 5 amenities in use · 2 more than this plan includes.');
      expect(use).toHaveAttribute('data-tone', 'warning');
      // What is true about billing: set by CommonGround, nothing paid or changed in the app.
      expect(panel).toHaveTextContent("CommonGround sets this community's plan.");
      expect(panel).not.toHaveTextContent('handled by the CommonGround server');
      expect(within(panel).getByRole('link', { name: 'Contact CommonGround' })).toHaveAttribute(
        'href',
        '/contact',
      );
      // Colour contrast needs a real browser (the e2e suite checks it); the rest runs here.
      const results = await axe.run(view.container, {
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    });

    it('shows a price with cents, a plan without an amenity limit and no card on file', async () => {
      const plan: Billing = {
        plan: { name: 'Enterprise', monthlyPrice: 1299.5, currency: 'CAD', amenityLimit: null },
        nextBillingDate: '2027-01-15',
        paymentMethod: null,
      };
      server.use(http.get(BILLING_PATH, () => HttpResponse.json(plan)));
      const { panel } = await openBilling();
      expect(await within(panel).findByText('Enterprise')).toBeInTheDocument();
      expect(panel).toHaveTextContent('$1,299.50 per month (CAD)');
      expect(within(panel).getByText('Next billing date').nextElementSibling).toHaveTextContent(
        'Fri, Jan 15, 2027',
      );
      expect(within(panel).getByText('Payment method').nextElementSibling).toHaveTextContent(
        /^No card on file$/,
      );
      expect(await within(panel).findByText(/7 amenities in use · no limit/)).toBeInTheDocument();
      expect(panel).not.toHaveTextContent('••••');
    });

    it('offers Upgrade Plan to Admins only: a Manager is told who manages the plan', async () => {
      const user = userEvent.setup();
      renderSettings();
      await user.click(screen.getByRole('tab', { name: 'Billing' }));
      const panel = screen.getByRole('tabpanel', { name: 'Billing' });
      expect(await within(panel).findByText('Starter')).toBeInTheDocument();
      expect(panel).toHaveTextContent('Only Admins manage the plan.');
      expect(within(panel).queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
    });

    it('says when no plan is on file, and how to get one', async () => {
      server.use(http.get(BILLING_PATH, () => HttpResponse.json({ plan: null })));
      const { panel, view } = await openBilling();
      expect(
        await within(panel).findByText('No plan on file for this community.'),
      ).toBeInTheDocument();
      expect(within(panel).getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute(
        'href',
        '/pricing',
      );
      expect(panel).toHaveTextContent('ask CommonGround to set one up');
      expect(within(panel).queryByText('Next billing date')).toBeNull();
      expect(within(panel).queryByText('Current plan', { selector: 'span' })).toBeNull();
      expect(panel).not.toHaveTextContent('$');
      const results = await axe.run(view.container, {
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    });

    it('shows a skeleton while loading, then the error with Retry, then the plan', async () => {
      let answer: 'wait' | 'fail' | 'plan' = 'wait';
      server.use(
        http.get(BILLING_PATH, async () => {
          if (answer === 'wait') await delay('infinite');
          if (answer === 'fail') {
            return HttpResponse.json({ error: 'The database is unavailable' }, { status: 500 });
          }
          return HttpResponse.json(billingFixture);
        }),
      );
      const { user, panel, view } = await openBilling();
      expect(within(panel).getByText('Loading the plan…')).toBeInTheDocument();
      expect(panel.querySelector('[aria-busy="true"]')).not.toBeNull();
      view.unmount();

      answer = 'fail';
      const second = await openBilling();
      const alert = await within(second.panel).findByRole('alert');
      expect(alert).toHaveTextContent('500: The database is unavailable');
      expect(second.panel).not.toHaveTextContent('$299');
      answer = 'plan';
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(await within(second.panel).findByText('Starter')).toBeInTheDocument();
      expect(within(second.panel).queryByRole('alert')).toBeNull();
    });
  });

  it('shows the calendar as not connected, with no Connect button, and where calendar files are made', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('tab', { name: 'Integrations' }));
    expect(screen.getByText('Not connected')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Email Service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mobile App' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Connect/ })).not.toBeInTheDocument();
    expect(screen.getByText(/does not sync with a calendar/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Calendar files: Amy Events' })).toHaveAttribute(
      'href',
      '/amy-events',
    );
  });

  it('an Admin invites a user from the Users tab without submitting the settings form', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(ME_PATH, () =>
        HttpResponse.json({ ...meFixture, user: { ...meFixture.user, role: 'admin' } }),
      ),
    );
    renderSettings();
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Email'), 'new@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Create invite link' }));
    expect(await within(dialog).findByLabelText('Invite link')).toHaveValue(
      `${window.location.origin}/accept-invite#token=fixture-token-0123456789abcdef`,
    );
    // The device settings were not saved by the invite's submit.
    expect(stored()).toBeNull();
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says whether the server sends email, as the server reports it', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('tab', { name: 'Integrations' }));
    const row = screen.getByRole('heading', { name: 'Email Service' }).closest('li');
    if (!row) throw new Error('no Email Service row');
    expect(await within(row).findByText('Not configured')).toBeInTheDocument();
    expect(row).toHaveTextContent('This server sends no email');
    expect(row).not.toHaveTextContent('Sending');
  });

  it('shows email as sending only when the server has SMTP set up', async () => {
    server.use(
      http.get(NOTIFICATIONS_STATUS_PATH, () => HttpResponse.json({ email: { configured: true } })),
    );
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('tab', { name: 'Integrations' }));
    const row = screen.getByRole('heading', { name: 'Email Service' }).closest('li');
    if (!row) throw new Error('no Email Service row');
    expect(await within(row).findByText('Sending')).toBeInTheDocument();
    expect(row).toHaveTextContent('with the CSV attached');
  });

  it('lets a user choose email when the server sends it, and saves the choice', async () => {
    server.use(
      http.get(NOTIFICATIONS_STATUS_PATH, () => HttpResponse.json({ email: { configured: true } })),
    );
    let saved: unknown = null;
    server.use(
      http.put(NOTIFICATION_PREFERENCES_PATH, async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ ...notificationPreferencesFixture, ...(saved as object) });
      }),
    );
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    const alerts = await screen.findByRole('switch', { name: 'Email alerts' });
    await waitFor(() => expect(alerts).toBeEnabled());
    expect(alerts).not.toBeChecked();
    await user.click(alerts);
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(saved).toMatchObject({ emailAlerts: true, emailReports: true });
  });
});

describe('Settings offline, as to who is signed in', () => {
  it('an Admin this visit already knows keeps the profile form and the Audit log tab', async () => {
    const client = createQueryClient();
    asAdmin();
    await client.fetchQuery(meQuery());
    // The connection drops: a new look at /api/me would fail, and the saved answer stays.
    server.use(http.get(ME_PATH, () => HttpResponse.error()));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    renderWithApp(<SettingsPage />, { route: '/settings', client });
    expect(await screen.findByLabelText('Community name', {}, LAZY_LOAD)).toBeInTheDocument();
    expect(await screen.findByText(PROFILE_NEEDS_CONNECTION, {}, LAZY_LOAD)).toBeInTheDocument();
    expect(screen.queryByText('Only Admins change the community profile.')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Audit log' })).toBeInTheDocument();
  });

  it('when the account cannot be checked, says the profile needs a connection, not that the person is no Admin', async () => {
    server.use(http.get(ME_PATH, () => HttpResponse.error()));
    const user = userEvent.setup();
    renderSettings();
    const section = within(await screen.findByRole('region', { name: 'Community' }, LAZY_LOAD));
    expect(
      await section.findByText('Willow Creek Community Association', {}, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(
      await section.findByText(
        'Who is signed in cannot be checked until CommonGround answers, and changing the community profile needs a connection: an Admin can change it here when the connection returns.',
        {},
        LAZY_LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Only Admins change the community profile.')).toBeNull();
    // The Audit log tab stays, and says why it shows nothing.
    await user.click(await screen.findByRole('tab', { name: 'Audit log' }));
    const panel = within(screen.getByRole('tabpanel', { name: 'Audit log' }));
    expect(
      panel.getByText(
        'Who is signed in cannot be checked until CommonGround answers, and the audit log is not saved on this device: it loads for Admins when the connection returns.',
      ),
    ).toBeInTheDocument();
    expect(panel.queryByText('Only Admins see the audit log.')).toBeNull();
  });
});

describe('Settings tabs have an address', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  const selectedTab = () =>
    within(screen.getByRole('tablist', { name: 'Settings sections' }))
      .getAllByRole('tab')
      .find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;

  it('/settings#integrations opens Integrations', async () => {
    renderWithApp(<SettingsPage />, { route: '/settings#integrations' });
    await waitFor(() => expect(selectedTab()).toBe('Integrations'));
    expect(screen.getByRole('tabpanel', { name: 'Integrations' })).toBeVisible();
  });

  it('choosing a tab writes its hash in place, adding nothing for Back', async () => {
    const replace = vi.spyOn(window.history, 'replaceState');
    const push = vi.spyOn(window.history, 'pushState');
    const user = userEvent.setup();
    renderSettings();
    const entries = window.history.length;
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(window.location.hash).toBe('#users');
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    expect(window.location.hash).toBe('#billing');
    await user.click(screen.getByRole('tab', { name: 'General' }));
    expect(window.location.hash).toBe('#general');
    expect(replace).toHaveBeenCalledTimes(3);
    expect(push).not.toHaveBeenCalled();
    expect(window.history.length).toBe(entries);
  });

  it('opens a tab the person may see only: #audit is the Audit log for an Admin, General for a Manager', async () => {
    asAdmin();
    const admin = renderWithApp(<SettingsPage />, { route: '/settings#audit' });
    await waitFor(() => expect(selectedTab()).toBe('Audit log'));
    admin.unmount();

    server.resetHandlers();
    renderWithApp(<SettingsPage />, { route: '/settings#audit' });
    expect(await screen.findByRole('region', { name: 'Community' })).toBeInTheDocument();
    expect(selectedTab()).toBe('General');
    expect(screen.queryByRole('tab', { name: 'Audit log' })).toBeNull();
  });

  it('follows a link to another tab of the page', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <Link to="/settings#billing">See billing</Link>
        <Routes>
          <Route path="/settings" element={<SettingsPage />} />
        </Routes>
      </>,
      { route: '/settings#users' },
    );
    await waitFor(() => expect(selectedTab()).toBe('Users'));
    await user.click(screen.getByRole('link', { name: 'See billing' }));
    await waitFor(() => expect(selectedTab()).toBe('Billing'));
  });
});
