import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { demoMeFixture, meFixture } from '../../mocks/fixtures';
import {
  MOCK_ACCOUNT_PASSWORD,
  MOCK_AUTHENTICATOR_CODE,
  MOCK_NEW_AUTHENTICATOR_CODE,
  MOCK_NEW_TOTP_SECRET,
  accountSessionsFixture,
  mockRecoveryCodes,
} from '../../mocks/account-handlers';
import {
  ACCOUNT_PATHS,
  API_PATHS,
  AUTHENTICATOR_CODE_WRONG,
  AUTHENTICATOR_ALREADY_REPLACED,
  AUTHENTICATOR_SETUP_RESTARTED,
  AUTH_PATHS,
  CURRENT_PASSWORD_WRONG,
  ME_PATH,
  NEW_AUTHENTICATOR_CODE_WRONG,
  type PasswordChange,
} from '../../src/api/contract';
import {
  ACCOUNT_NOT_CHECKED,
  ACCOUNT_OFFLINE_NOTE,
  AccountPage,
  passwordChangeErrors,
  passwordChangedMessage,
} from '../../src/features/account/account-page';
import { NEW_AUTHENTICATOR_DONE, recoveryCodesText } from '../../src/features/account/two-factor';
import { groupedKey } from '../../src/features/account/authenticator-key';
import { ACCOUNT_NEEDS_CONNECTION } from '../../src/features/account/account-write';
import { AppRoutes } from '../../src/app/routes';
import { LAZY_LOAD, renderWithApp } from '../render';

afterEach(() => {
  vi.restoreAllMocks();
  server.events.removeAllListeners();
  // The offline case leaves TanStack's online manager offline until told otherwise.
  window.dispatchEvent(new Event('online'));
});

/** Every write the page sends, by method and path, with its body. */
function captureWrites() {
  const writes: { method: string; path: string; body: unknown }[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET') return;
    const path = new URL(request.url).pathname;
    void request
      .clone()
      .text()
      .then((text) =>
        writes.push({ method: request.method, path, body: text ? JSON.parse(text) : null }),
      );
  });
  return writes;
}

const renderAccount = () => renderWithApp(<AccountPage />, { route: '/account' });

describe('Account page', () => {
  it('shows who is signed in and the sessions, this device marked', async () => {
    renderAccount();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    const details = await screen.findByRole('region', { name: 'Your details' });
    expect(within(details).getByLabelText('Name')).toHaveValue('Sarah Johnson');
    expect(details).toHaveTextContent('manager@willowcreek.example');
    expect(details).toHaveTextContent('HOA Manager');
    const sessions = screen.getByRole('region', { name: 'Where you are signed in' });
    const rows = await within(sessions).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Chrome on LinuxThis deviceSigned in .* · active now$/) as string,
      expect.stringMatching(
        /^Safari on iPhoneSigned in Mar 16, 9:30 AM · last active .*Sign out$/,
      ) as string,
    ]);
    // Only the other device can be signed out from its row; this one signs out from the shell.
    expect(within(sessions).getAllByRole('button', { name: /^Sign out Safari/ })).toHaveLength(1);
    expect(sessions).toHaveTextContent('Times in Pacific Time (PT)');
  });

  it('signs out another device, then moves focus to what is left', async () => {
    const user = userEvent.setup();
    const writes = captureWrites();
    let ended = false;
    server.use(
      http.get(ACCOUNT_PATHS.sessions, () =>
        HttpResponse.json(accountSessionsFixture.filter((s) => !ended || s.current)),
      ),
      http.delete(ACCOUNT_PATHS.session, () => {
        ended = true;
        return HttpResponse.json({ ok: true });
      }),
    );
    renderAccount();
    const button = await screen.findByRole('button', { name: /^Sign out Safari on iPhone/ });
    await user.click(button);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Sign out Safari/ })).not.toBeInTheDocument(),
    );
    expect(writes).toEqual([
      { method: 'DELETE', path: '/api/auth/sessions/fedcba9876543210', body: null },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toHaveFocus(),
    );
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
  });

  it('says why a session could not be signed out', async () => {
    const user = userEvent.setup();
    server.use(
      http.delete(ACCOUNT_PATHS.session, () =>
        HttpResponse.json({ error: 'No such session; it may have ended already' }, { status: 404 }),
      ),
    );
    renderAccount();
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iPhone/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No such session; it may have ended already',
    );
  });

  it('changes the name others see, and the user card follows', async () => {
    const user = userEvent.setup();
    const writes = captureWrites();
    let name = 'Sarah Johnson';
    server.use(
      http.get(ME_PATH, () =>
        HttpResponse.json({ ...meFixture, user: { ...meFixture.user, name } }),
      ),
      http.patch(ACCOUNT_PATHS.profile, async ({ request }) => {
        name = ((await request.json()) as { name: string }).name.trim();
        return HttpResponse.json({ name });
      }),
    );
    renderWithApp(<AppRoutes />, { route: '/account' });
    const field = await screen.findByLabelText('Name', {}, LAZY_LOAD);
    const save = screen.getByRole('button', { name: 'Save name' });
    // Pressed with the name as it is: said so, and nothing sent.
    await user.click(save);
    expect(await screen.findByText('Nothing to save')).toBeInTheDocument();
    expect(screen.getByText('Your name is already Sarah Johnson.')).toBeInTheDocument();
    await user.clear(field);
    await user.click(screen.getByRole('heading', { level: 1, name: 'Account' }));
    await user.type(field, ' ');
    await user.click(save);
    expect(field).toHaveAccessibleDescription(
      'Shown to others in the users list and the audit log. Enter your name.',
    );
    await user.clear(field);
    await user.type(field, 'Sarah J. Okafor');
    await user.click(save);
    expect(await screen.findByText('Name saved')).toBeInTheDocument();
    // Working and done, the button kept the focus it was pressed with.
    expect(save).toHaveFocus();
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(await within(sidebar).findByText('Sarah J. Okafor')).toBeInTheDocument();
    expect(writes).toEqual([
      { method: 'PATCH', path: ACCOUNT_PATHS.profile, body: { name: 'Sarah J. Okafor' } },
    ]);
  });

  it('checks the password form on the device first, and sends nothing wrong', async () => {
    const user = userEvent.setup();
    const writes = captureWrites();
    renderAccount();
    const current = await screen.findByLabelText('Current password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(current).toHaveFocus();
    expect(current).toHaveAccessibleDescription('Enter your current password.');
    await user.type(current, MOCK_ACCOUNT_PASSWORD);
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 10 characters, not counting spaces. Choose a password of at least 10 characters, not counting spaces.',
    );
    await user.type(screen.getByLabelText('New password'), ' but longer');
    await user.type(screen.getByLabelText('Confirm new password'), 'something else');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveFocus();
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'The two new passwords are not the same.',
    );
    expect(writes).toEqual([]);
  });

  it('a wrong current password is said at its field', async () => {
    const user = userEvent.setup();
    renderAccount();
    await user.type(await screen.findByLabelText('Current password'), 'not it');
    await user.type(screen.getByLabelText('New password'), 'a much longer one');
    await user.type(screen.getByLabelText('Confirm new password'), 'a much longer one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveFocus());
    expect(current).toHaveAccessibleDescription('Your current password is not correct.');
    expect(current).toHaveValue('not it');
  });

  it('changes the password, says which sessions ended, and clears the form', async () => {
    const user = userEvent.setup();
    const writes = captureWrites();
    renderAccount();
    await user.type(await screen.findByLabelText('Current password'), MOCK_ACCOUNT_PASSWORD);
    await user.type(screen.getByLabelText('New password'), 'a much longer one');
    await user.type(screen.getByLabelText('Confirm new password'), 'a much longer one');
    const change = screen.getByRole('button', { name: 'Change password' });
    await user.click(change);
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(
      'Password changed. 1 other session signed in as you ended; sign in there with the new password.',
    );
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(change).toHaveFocus();
    const body: PasswordChange = {
      currentPassword: MOCK_ACCOUNT_PASSWORD,
      newPassword: 'a much longer one',
    };
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'POST', path: ACCOUNT_PATHS.password, body }]),
    );
  });

  it('offline, says a change needs a connection and sends nothing', async () => {
    const user = userEvent.setup();
    renderAccount();
    const current = await screen.findByLabelText('Current password');
    const writes = captureWrites();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await user.type(current, MOCK_ACCOUNT_PASSWORD);
    await user.type(screen.getByLabelText('New password'), 'a much longer one');
    await user.type(screen.getByLabelText('Confirm new password'), 'a much longer one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Changing your account needs a connection',
    );
    // Said once for the page, and at the form that was used; not under each of its forms.
    expect(screen.getAllByText(ACCOUNT_OFFLINE_NOTE)).toHaveLength(1);
    expect(screen.getAllByText(/Changing your account needs a connection/)).toHaveLength(1);
    expect(writes).toEqual([]);
  });

  it('signs out everywhere after asking, wipes the data and goes to sign-in', async () => {
    const user = userEvent.setup();
    const writes = captureWrites();
    const { client } = renderWithApp(<AppRoutes />, { route: '/account' });
    await screen.findByRole('heading', { level: 1, name: 'Account' }, LAZY_LOAD);
    await screen.findByRole('button', { name: /^Sign out Safari/ });
    client.setQueryData([API_PATHS.metrics], { cached: true });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' }, LAZY_LOAD);
    expect(dialog).toHaveTextContent('All 2 sessions signed in as you end now, this one included.');
    expect(writes).toEqual([]);
    // After the sign-out the server answers as to no one.
    server.use(http.get(ME_PATH, () => HttpResponse.json({ error: 'Sign in' }, { status: 401 })));
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
      `POST ${AUTH_PATHS.signOutEverywhere}`,
    ]);
    expect(client.getQueryData([API_PATHS.metrics])).toBeUndefined();
  });

  it('keeps everything when sign out everywhere fails', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(AUTH_PATHS.signOutEverywhere, () =>
        HttpResponse.json({ error: 'Something broke' }, { status: 503 }),
      ),
    );
    const { client } = renderAccount();
    await screen.findByRole('button', { name: /^Sign out Safari/ });
    client.setQueryData([API_PATHS.metrics], { cached: true });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' }, LAZY_LOAD);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something broke');
    expect(client.getQueryData([API_PATHS.metrics])).toEqual({ cached: true });
  });

  it('an Admin sees the recovery codes left and makes new ones with an authenticator code', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(ME_PATH, () =>
        HttpResponse.json({ ...meFixture, user: { ...meFixture.user, role: 'admin' } }),
      ),
    );
    let renewed = false;
    server.use(
      http.get(ACCOUNT_PATHS.recoveryCodes, () =>
        HttpResponse.json(renewed ? { remaining: 10, total: 10 } : { remaining: 2, total: 10 }),
      ),
      http.post(ACCOUNT_PATHS.recoveryCodes, async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== MOCK_AUTHENTICATOR_CODE) {
          return HttpResponse.json({ error: AUTHENTICATOR_CODE_WRONG }, { status: 400 });
        }
        renewed = true;
        return HttpResponse.json({ recoveryCodes: mockRecoveryCodes });
      }),
    );
    renderAccount();
    const group = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(
      await within(group).findByText('2 of 10 recovery codes left. Make new ones soon.'),
    ).toBeInTheDocument();
    const field = within(group).getByLabelText('Code from your authenticator app');
    const make = within(group).getByRole('button', { name: 'Make new recovery codes' });
    await user.click(make);
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(
      'New codes replace every recovery code you have now. Enter the 6-digit code from your authenticator app.',
    );
    await user.type(field, '654321');
    await user.click(make);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        `New codes replace every recovery code you have now. ${AUTHENTICATOR_CODE_WRONG}`,
      ),
    );
    await user.clear(field);
    await user.type(
      field,
      `${MOCK_AUTHENTICATOR_CODE.slice(0, 3)} ${MOCK_AUTHENTICATOR_CODE.slice(3)}`,
    );
    await user.click(make);
    const list = await within(group).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(mockRecoveryCodes);
    await waitFor(() =>
      expect(within(group).getByRole('heading', { name: 'Your new recovery codes' })).toHaveFocus(),
    );
    expect(await within(group).findByText('10 of 10 recovery codes left.')).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'I saved them, hide the codes' }));
    expect(within(group).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(make).toHaveFocus();
  });

  it('an Admin with a new phone sets up a new authenticator: password, scan, code', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(ME_PATH, () =>
        HttpResponse.json({ ...meFixture, user: { ...meFixture.user, role: 'admin' } }),
      ),
    );
    const writes = captureWrites();
    renderAccount();
    const group = await screen.findByRole('region', { name: 'Two-factor authentication' });
    const open = within(group).getByRole('button', { name: 'Set up a new authenticator' });

    // Cancel gives focus back to where it started, and nothing was sent.
    await user.click(open);
    await waitFor(() => expect(within(group).getByLabelText('Your password')).toHaveFocus());
    await user.click(within(group).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(
        within(group).getByRole('button', { name: 'Set up a new authenticator' }),
      ).toHaveFocus(),
    );
    expect(writes).toEqual([]);

    await user.click(within(group).getByRole('button', { name: 'Set up a new authenticator' }));
    const password = await within(group).findByLabelText('Your password');
    const next = within(group).getByRole('button', { name: 'Continue' });
    await user.click(next);
    expect(password).toHaveAccessibleDescription(
      'Needed to change how you sign in. Enter your password.',
    );
    await user.type(password, 'not my password');
    await user.click(next);
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        `Needed to change how you sign in. ${CURRENT_PASSWORD_WRONG}`,
      ),
    );
    expect(password).toHaveFocus();
    await user.clear(password);
    await user.type(password, MOCK_ACCOUNT_PASSWORD);
    await user.click(next);

    expect(
      await within(group).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    // The key in groups of four, as authenticator apps take it typed.
    expect(within(group).getByText(groupedKey(MOCK_NEW_TOTP_SECRET))).toBeInTheDocument();
    expect(groupedKey(MOCK_NEW_TOTP_SECRET).replace(/ /g, '')).toBe(MOCK_NEW_TOTP_SECRET);
    const code = within(group).getByLabelText('Code from the new app');
    await waitFor(() => expect(code).toHaveFocus());
    const use = within(group).getByRole('button', { name: 'Use the new authenticator' });
    await user.type(code, '12345');
    await user.click(use);
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code the new app shows.');
    await user.clear(code);
    await user.type(code, '111111');
    await user.click(use);
    await waitFor(() => expect(code).toHaveAccessibleDescription(NEW_AUTHENTICATOR_CODE_WRONG));
    await user.clear(code);
    await user.type(code, MOCK_NEW_AUTHENTICATOR_CODE);
    await user.click(use);

    const list = await within(group).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(mockRecoveryCodes.length);
    // One other session (the phone) ended; no toast over the codes.
    expect(
      within(group).getByText(
        new RegExp(`^${NEW_AUTHENTICATOR_DONE} 1 other session signed in as you ended\\.`),
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Authenticator replaced')).toBeNull();
    await waitFor(() =>
      expect(within(group).getByRole('heading', { name: 'Your new recovery codes' })).toHaveFocus(),
    );
    expect(within(group).queryByLabelText('Code from the new app')).toBeNull();
    expect(writes).toEqual([
      { method: 'POST', path: ACCOUNT_PATHS.authenticator, body: { password: 'not my password' } },
      {
        method: 'POST',
        path: ACCOUNT_PATHS.authenticator,
        body: { password: MOCK_ACCOUNT_PASSWORD },
      },
      {
        method: 'POST',
        path: ACCOUNT_PATHS.authenticatorConfirm,
        body: { code: '111111', secret: MOCK_NEW_TOTP_SECRET },
      },
      {
        method: 'POST',
        path: ACCOUNT_PATHS.authenticatorConfirm,
        body: { code: MOCK_NEW_AUTHENTICATOR_CODE, secret: MOCK_NEW_TOTP_SECRET },
      },
    ]);
  });

  it('a set-up started again or finished in another tab is said as such, not as a wrong code', async () => {
    const user = userEvent.setup();
    let answer = AUTHENTICATOR_SETUP_RESTARTED;
    server.use(
      http.get(ME_PATH, () =>
        HttpResponse.json({ ...meFixture, user: { ...meFixture.user, role: 'admin' } }),
      ),
      http.post(ACCOUNT_PATHS.authenticatorConfirm, () =>
        HttpResponse.json({ error: answer }, { status: 409 }),
      ),
    );
    renderAccount();
    const group = await screen.findByRole('region', { name: 'Two-factor authentication' });
    const scan = async () => {
      await user.type(await within(group).findByLabelText('Your password'), MOCK_ACCOUNT_PASSWORD);
      await user.click(within(group).getByRole('button', { name: 'Continue' }));
      await user.type(
        await within(group).findByLabelText('Code from the new app'),
        MOCK_NEW_AUTHENTICATOR_CODE,
      );
      await user.click(within(group).getByRole('button', { name: 'Use the new authenticator' }));
    };
    await user.click(within(group).getByRole('button', { name: 'Set up a new authenticator' }));
    await scan();
    // Restarted elsewhere: back to the password, which says why.
    expect(await within(group).findByRole('alert')).toHaveTextContent(
      AUTHENTICATOR_SETUP_RESTARTED,
    );
    const password = within(group).getByLabelText('Your password');
    await waitFor(() => expect(password).toHaveFocus());

    answer = AUTHENTICATOR_ALREADY_REPLACED;
    await scan();
    // Finished elsewhere: nothing is left to do here but say so.
    expect(await within(group).findByRole('alert')).toHaveTextContent(
      AUTHENTICATOR_ALREADY_REPLACED,
    );
    expect(within(group).queryByLabelText('Code from the new app')).toBeNull();
    expect(
      within(group).getByRole('button', { name: 'Set up a new authenticator' }),
    ).toBeInTheDocument();
  });

  it('the offline refusal goes once the connection is back', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(ME_PATH, () =>
        HttpResponse.json({ ...meFixture, user: { ...meFixture.user, role: 'admin' } }),
      ),
    );
    renderAccount();
    const group = await screen.findByRole('region', { name: 'Two-factor authentication' });
    await user.click(within(group).getByRole('button', { name: 'Set up a new authenticator' }));
    await user.type(await within(group).findByLabelText('Your password'), 'anything');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await user.click(within(group).getByRole('button', { name: 'Continue' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent(ACCOUNT_NEEDS_CONNECTION);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(within(group).queryByRole('alert')).toBeNull());
  });

  it('a Manager has no two-factor section (only Admins use an authenticator)', async () => {
    renderAccount();
    await screen.findByRole('region', { name: 'Password' });
    expect(screen.queryByRole('region', { name: 'Two-factor authentication' })).toBeNull();
  });

  it('out of reach before the account was ever loaded, it says so instead of loading forever', async () => {
    server.use(http.get(ME_PATH, () => HttpResponse.error()));
    renderAccount();
    expect(await screen.findByText(ACCOUNT_NOT_CHECKED)).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('the demo viewer is offered sign-in, and nothing of an account is asked for', async () => {
    server.use(http.get(ME_PATH, () => HttpResponse.json(demoMeFixture)));
    const requested: string[] = [];
    server.events.on('request:start', ({ request }) => {
      requested.push(new URL(request.url).pathname);
    });
    renderAccount();
    expect(await screen.findByText(/You are viewing the demo/)).toBeInTheDocument();
    // Back here once signed in.
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in?next=/account',
    );
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(requested).not.toContain(ACCOUNT_PATHS.sessions);
  });
});

describe('password change rules', () => {
  it('asks for each field in turn and never the same password twice', () => {
    expect(passwordChangeErrors({ current: '', next: '', confirm: '' })).toEqual({
      current: 'Enter your current password.',
      next: 'Choose a password of at least 10 characters, not counting spaces.',
    });
    expect(
      passwordChangeErrors({
        current: 'old password',
        next: 'old password',
        confirm: 'old password',
      }),
    ).toEqual({ next: 'Choose a new password, not your current one.' });
    expect(
      passwordChangeErrors({ current: 'x', next: ' '.repeat(10), confirm: ' '.repeat(10) }),
    ).toEqual({ next: 'Choose a password of at least 10 characters, not counting spaces.' });
    expect(
      passwordChangeErrors({ current: 'x', next: 'new password!', confirm: 'new password!' }),
    ).toEqual({});
  });

  it('counts the recovery codes left, and nudges when few are', () => {
    expect(recoveryCodesText({ remaining: 10, total: 10 })).toBe('10 of 10 recovery codes left.');
    expect(recoveryCodesText({ remaining: 3, total: 10 })).toBe(
      '3 of 10 recovery codes left. Make new ones soon.',
    );
    expect(recoveryCodesText({ remaining: 0, total: 10 })).toBe(
      '0 of 10 recovery codes left. Make new ones now: without them a lost phone locks you out.',
    );
    expect(recoveryCodesText({ remaining: 0, total: 0 })).toMatch(/^You have no recovery codes/);
  });

  it('counts the other sessions that ended', () => {
    expect(passwordChangedMessage(0)).toBe('Password changed.');
    expect(passwordChangedMessage(3)).toBe(
      'Password changed. 3 other sessions signed in as you ended; sign in there with the new password.',
    );
  });
});
