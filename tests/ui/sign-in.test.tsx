import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { demoMeFixture, meFixture } from '../../mocks/fixtures';
import { AUTH_PATHS, ME_PATH, type Me, type SignInBody } from '../../src/api/contract';
import { metricsQuery } from '../../src/api/metrics';
import { AppRoutes } from '../../src/app/routes';
import { groupedKey } from '../../src/features/account/authenticator-key';
import { safeNextPath } from '../../src/features/account/safe-next';
import { FORGOT_PASSWORD_NOTE } from '../../src/features/account/sign-in-page';
import { LAZY_LOAD, renderWithApp, loadDashboardCode } from '../render';

beforeAll(loadDashboardCode);

const adminMe: Me = {
  ...meFixture,
  user: { name: 'Alex Rivera', email: 'admin@willowcreek.example', role: 'admin' },
};

/** A server that knows one manager and one Admin (code 123456); starts anonymous in the demo. */
function fakeAuthServer() {
  let me: Me | null = demoMeFixture;
  const bodies: SignInBody[] = [];
  server.use(
    http.get(ME_PATH, () => HttpResponse.json(me)),
    http.post(AUTH_PATHS.signIn, async ({ request }) => {
      const body = (await request.json()) as SignInBody;
      bodies.push(body);
      if (body.email === 'manager@willowcreek.example' && body.password === 'right') {
        me = meFixture;
        return HttpResponse.json(me);
      }
      if (body.email === 'admin@willowcreek.example' && body.password === 'right') {
        if (!body.code) {
          return HttpResponse.json(
            { error: 'Enter the 6-digit code from your authenticator app', totpRequired: true },
            { status: 401 },
          );
        }
        if (body.code !== '123456' && body.code !== 'abcde-12345') {
          return HttpResponse.json(
            { error: 'That code is not valid', totpRequired: true },
            { status: 401 },
          );
        }
        me = adminMe;
        return HttpResponse.json(me);
      }
      return HttpResponse.json({ error: 'Email or password is incorrect' }, { status: 401 });
    }),
    http.post(AUTH_PATHS.signOut, () => {
      me = demoMeFixture;
      return HttpResponse.json({ ok: true });
    }),
  );
  return { bodies };
}

async function fillCredentials(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email', {}, LAZY_LOAD), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign-in page', () => {
  it('says plainly when the email or password is wrong, and keeps the email', async () => {
    fakeAuthServer();
    renderWithApp(<AppRoutes />, { route: '/sign-in' });
    await fillCredentials('manager@willowcreek.example', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect');
    expect(screen.getByLabelText('Email')).toHaveValue('manager@willowcreek.example');
    // And what to do about a forgotten one: no reset link is sent, an Administrator re-invites.
    expect(screen.getByText(FORGOT_PASSWORD_NOTE)).toBeInTheDocument();
  });

  it('says how long a locked-out account must wait, from the server’s Retry-After', async () => {
    server.use(
      http.get(ME_PATH, () => HttpResponse.json(demoMeFixture)),
      http.post(AUTH_PATHS.signIn, () =>
        HttpResponse.json(
          { error: 'Too many failed sign-ins; try again in a few minutes' },
          { status: 429, headers: { 'Retry-After': '890' } },
        ),
      ),
    );
    renderWithApp(<AppRoutes />, { route: '/sign-in' });
    await fillCredentials('manager@willowcreek.example', 'right');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-ins; try again in about 15 minutes',
    );
  });

  it('signs a manager in and opens the page it came from, with the name in the user card', async () => {
    fakeAuthServer();
    renderWithApp(<AppRoutes />, { route: '/sign-in?next=%2Freports' });
    await fillCredentials('manager@willowcreek.example', 'right');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reports' }, LAZY_LOAD),
    ).toBeInTheDocument();
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(await within(sidebar).findByText('Sarah Johnson')).toBeInTheDocument();
    expect(within(sidebar).getByText('HOA Manager')).toBeInTheDocument();
    expect(screen.queryByText(/Demo · read-only/)).not.toBeInTheDocument();
  });

  it('asks an Admin for the authenticator code, refuses a wrong one, accepts the right one', async () => {
    const { bodies } = fakeAuthServer();
    renderWithApp(<AppRoutes />, { route: '/sign-in' });
    const user = await fillCredentials('admin@willowcreek.example', 'right');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(FORGOT_PASSWORD_NOTE)).not.toBeInTheDocument();
    const code = screen.getByLabelText('Authentication code');
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({
      email: 'admin@willowcreek.example',
      password: 'right',
      code: '123456',
    });
  });

  it('a lost phone: the code field switches to a recovery code, typed with letters', async () => {
    const { bodies } = fakeAuthServer();
    renderWithApp(<AppRoutes />, { route: '/sign-in' });
    const user = await fillCredentials('admin@willowcreek.example', 'right');
    const code = await screen.findByLabelText('Authentication code');
    // A phone's number pad for the authenticator's six digits.
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Lost your phone? Use a recovery code' }));
    const recovery = screen.getByLabelText('Recovery code');
    // The same field, emptied, with a keyboard that has letters, and still focused.
    expect(recovery).toBe(code);
    expect(recovery).toHaveValue('');
    expect(recovery).toHaveAttribute('inputmode', 'text');
    expect(recovery).toHaveAttribute('autocapitalize', 'none');
    expect(recovery).toHaveFocus();
    expect(recovery).toHaveAccessibleDescription(
      'One of the codes you saved when you set up two-factor authentication, like abcde-12345.',
    );
    await user.type(recovery, 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ code: 'abcde-12345' });
  });

  it('an Admin without an authenticator enrols: QR code and key, one code, recovery codes once', async () => {
    let me: Me = { ...adminMe, totpEnrolmentRequired: true };
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    server.use(
      http.get(ME_PATH, () => HttpResponse.json(me)),
      http.post(AUTH_PATHS.totpSetup, () =>
        HttpResponse.json({
          secret,
          uri: `otpauth://totp/CommonGround:admin?secret=${secret}&issuer=CommonGround`,
        }),
      ),
      http.post(AUTH_PATHS.totpConfirm, async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== '654321') {
          return HttpResponse.json({ error: 'That code does not match' }, { status: 400 });
        }
        me = adminMe;
        return HttpResponse.json({ recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] });
      }),
    );
    // The shell sends the enrolling Admin to the sign-in page, whatever page was asked for.
    renderWithApp(<AppRoutes />, { route: '/reports' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start set-up' }, LAZY_LOAD));
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText(groupedKey(secret))).toBeInTheDocument();
    const code = screen.getByLabelText('Code from the app');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code does not match');
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['aaaaa-bbbbb', 'ccccc-ddddd']);
    await user.click(screen.getByRole('button', { name: 'I saved my codes, continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reports' }, LAZY_LOAD),
    ).toBeInTheDocument();
  });

  it('at set-up, a code that is not six digits is refused on the device, in the sign-in’s words', async () => {
    const sent: string[] = [];
    server.use(
      http.get(ME_PATH, () => HttpResponse.json({ ...adminMe, totpEnrolmentRequired: true })),
      http.post(AUTH_PATHS.totpSetup, () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
        }),
      ),
      http.post(AUTH_PATHS.totpConfirm, async ({ request }) => {
        sent.push(((await request.json()) as { code: string }).code);
        return HttpResponse.json({ error: 'Invalid body: code: invalid value' }, { status: 400 });
      }),
    );
    renderWithApp(<AppRoutes />, { route: '/sign-in' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start set-up' }, LAZY_LOAD));
    const code = await screen.findByLabelText('Code from the app', {}, LAZY_LOAD);
    const turnOn = screen.getByRole('button', { name: 'Turn on two-factor authentication' });
    for (const typed of ['12345', '12345a', '']) {
      await user.clear(code);
      if (typed) await user.type(code, typed);
      await user.click(turnOn);
      expect(code).toHaveAccessibleDescription(
        'Enter the 6-digit code from your authenticator app.',
      );
      expect(code).toHaveAttribute('aria-invalid', 'true');
      expect(code).toHaveFocus();
    }
    expect(sent).toEqual([]);
    expect(screen.queryByText(/Invalid body|invalid value/)).toBeNull();
    // Six digits as the app shows them, with a space, are sent as six digits; a server that
    // still answers with its schema text is not quoted either.
    await user.clear(code);
    await user.type(code, '123 456');
    expect(code).not.toHaveAttribute('aria-invalid');
    await user.click(turnOn);
    await waitFor(() => expect(sent).toEqual(['123456']));
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app.');
    expect(screen.queryByText(/Invalid body|invalid value/)).toBeNull();
  });

  it('checks the fields before sending: a plain message by each, the focus on the first', async () => {
    const { bodies } = fakeAuthServer();
    renderWithApp(<AppRoutes />, { route: '/sign-in' });
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email', {}, LAZY_LOAD);
    const password = screen.getByLabelText('Password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(email).toHaveAccessibleDescription('Enter your email address.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Enter your password.');
    expect(email).toHaveFocus();

    await user.type(email, 'manager@willowcreek.example');
    // Fixed as it is typed, so nothing above the button moves when the focus leaves the field.
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(password).toHaveFocus();
    expect(password).toHaveAccessibleDescription('Enter your password.');
    expect(bodies).toHaveLength(0);
    expect(screen.queryByText(/Invalid body|item\(s\)/)).toBeNull();

    await user.type(password, 'right');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it('an Admin who sends no code is asked for it without a round trip', async () => {
    const { bodies } = fakeAuthServer();
    renderWithApp(<AppRoutes />, { route: '/sign-in' });
    const user = await fillCredentials('admin@willowcreek.example', 'right');
    const code = await screen.findByLabelText('Authentication code');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription(
      'The 6-digit code from your authenticator app. Enter the code from your authenticator app.',
    );
    expect(bodies).toHaveLength(1);
  });

  it('never shows the server’s schema text', async () => {
    server.use(
      http.get(ME_PATH, () => HttpResponse.json(demoMeFixture)),
      http.post(AUTH_PATHS.signIn, () =>
        HttpResponse.json(
          { error: 'Invalid body: email: must have at most 254 characters' },
          { status: 400 },
        ),
      ),
    );
    renderWithApp(<AppRoutes />, { route: '/sign-in' });
    await fillCredentials('manager@willowcreek.example', 'right');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Check what you entered, then try again.');
    expect(alert).not.toHaveTextContent(/Invalid body|item\(s\)/);
  });

  it('gives a visitor the demo Admin’s authenticator key on the page, not in a README', async () => {
    fakeAuthServer();
    renderWithApp(<AppRoutes />, { route: '/sign-in' });
    const key = await screen.findByText('CGDEMOWILLOWCREEKADMINTOTP234567', {}, LAZY_LOAD);
    expect(key.closest('p')).toHaveTextContent(/authenticator app/);
    expect(screen.queryByText(/README/)).toBeNull();
    // 44 px tall on phones: it sits where a thumb reaches for it.
    expect(screen.getByRole('link', { name: 'Back to the demo' })).toHaveClass(
      'inline-flex',
      'min-h-11',
    );
  });

  it('sends only same-site paths as next', () => {
    expect(safeNextPath('/reports')).toBe('/reports');
    expect(safeNextPath('//evil.example')).toBe('/dashboard');
    expect(safeNextPath('https://evil.example')).toBe('/dashboard');
    expect(safeNextPath('/sign-in')).toBe('/dashboard');
    expect(safeNextPath(null)).toBe('/dashboard');
  });
});

describe('the shell and who is signed in', () => {
  it('shows the demo banner and a Sign in link to the anonymous demo viewer', async () => {
    fakeAuthServer();
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    const banner = await screen.findByRole('region', { name: 'Demo' });
    expect(banner).toHaveTextContent('Demo · read-only · Sign in to manage');
    expect(within(banner).getByRole('link', { name: 'Sign in to manage' })).toHaveAttribute(
      'href',
      '/sign-in',
    );
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(await within(sidebar).findByText('Demo viewer', {}, LAZY_LOAD)).toBeInTheDocument();
    // The role and "read-only" are kept apart so the line breaks only between them.
    expect(within(sidebar).getByText('Board Member ·').parentElement).toHaveTextContent(
      /^Board Member · read-only$/,
    );
  });

  it('a session that ends while the app is open leads to the sign-in page, not a 401 per card', async () => {
    let signedIn = true;
    server.use(
      http.get(ME_PATH, () =>
        signedIn
          ? HttpResponse.json(meFixture)
          : HttpResponse.json({ error: 'Sign in first' }, { status: 401 }),
      ),
      // The session expired on the server: every data endpoint now refuses.
      http.get('/api/*', ({ request }) => {
        if (new URL(request.url).pathname === ME_PATH) return undefined;
        signedIn = false;
        return HttpResponse.json({ error: 'Sign in first' }, { status: 401 });
      }),
    );
    renderWithApp(<AppRoutes />, { route: '/analytics' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByText(/401/)).toBeNull();
  });

  it('sends a visitor without a session (no demo) to the sign-in page', async () => {
    server.use(http.get(ME_PATH, () => HttpResponse.json({ error: 'Sign in' }, { status: 401 })));
    renderWithApp(<AppRoutes />, { route: '/analytics' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY_LOAD),
    ).toBeInTheDocument();
  });

  it('Sign out clears the cached data and returns to the sign-in page', async () => {
    server.use(http.get(ME_PATH, () => HttpResponse.json(meFixture)));
    let signedOut = false;
    server.use(
      http.post(AUTH_PATHS.signOut, () => {
        signedOut = true;
        server.use(
          http.get(ME_PATH, () => HttpResponse.json({ error: 'Sign in' }, { status: 401 })),
        );
        return HttpResponse.json({ ok: true });
      }),
    );
    const { client } = renderWithApp(<AppRoutes />, { route: '/dashboard' });
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    await within(sidebar).findByText('Sarah Johnson');
    await waitFor(() => expect(client.getQueryData(metricsQuery().queryKey)).toBeDefined());
    await userEvent.setup().click(within(sidebar).getByRole('button', { name: 'Sign out' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(signedOut).toBe(true);
    expect(client.getQueryData(metricsQuery().queryKey)).toBeUndefined();
  });
});
