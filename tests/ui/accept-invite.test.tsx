import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import {
  ACCEPT_INVITE_CHECK_PATH,
  ACCEPT_INVITE_PATH,
  AUTH_PATHS,
  ME_PATH,
  type AcceptInvite,
  type SignInBody,
} from '../../src/api/contract';
import { createQueryClient } from '../../src/api/query-client';
import { AppRoutes } from '../../src/app/routes';
import {
  AcceptInvitePage,
  INVITE_NOT_CHECKED,
  inviteToken,
} from '../../src/features/account/accept-invite-page';
import {
  INVITE_ACCOUNT_REMOVED,
  INVITE_EXPIRED,
  INVITE_INVALID,
  INVITE_USED,
} from '../../src/features/account/account-messages';
import { SignInPage } from '../../src/features/account/sign-in-page';
import { LAZY_LOAD, renderWithApp } from '../render';

const TOKEN = 'fixture-token-0123456789abcdef';

function fakeInviteServer() {
  const bodies: AcceptInvite[] = [];
  server.use(
    http.post(ACCEPT_INVITE_PATH, async ({ request }) => {
      const body = (await request.json()) as AcceptInvite;
      bodies.push(body);
      if (body.token !== TOKEN) {
        return HttpResponse.json(
          { error: 'This invitation has expired or was already used' },
          { status: 400 },
        );
      }
      return HttpResponse.json({ email: 'new@example.org', role: 'board' }, { status: 201 });
    }),
  );
  return bodies;
}

/** The check as a server whose link is dead: unknown (revoked, replaced), expired or used. */
function deadLinkServer(error = INVITE_INVALID) {
  const checks: { url: string; body: unknown }[] = [];
  server.use(
    http.post(ACCEPT_INVITE_CHECK_PATH, async ({ request }) => {
      checks.push({ url: request.url, body: await request.json() });
      return HttpResponse.json({ error }, { status: 400 });
    }),
  );
  return checks;
}

/**
 * A new community, as its first Admin meets it: no demo viewer, no session yet; the sign-in
 * requests are kept (and refused: what was sent is what matters here).
 */
function newCommunityServer() {
  const signIns: SignInBody[] = [];
  server.use(
    http.get(ME_PATH, () => HttpResponse.json({ error: 'Sign in first' }, { status: 401 })),
    http.post(AUTH_PATHS.signIn, async ({ request }) => {
      signIns.push((await request.json()) as SignInBody);
      return HttpResponse.json({ error: 'Wrong email or password' }, { status: 401 });
    }),
  );
  return signIns;
}

/** The address bar: what a person could copy, share, or see in the history. */
function AddressBar() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="Address bar">{`${pathname}${search}${hash}`}</output>;
}

const hydrated: { container: HTMLElement; root?: Root }[] = [];
afterEach(() => {
  for (const { container, root } of hydrated.splice(0)) {
    act(() => root?.unmount());
    container.remove();
  }
});

/** The page as the build prerenders it (no fragment: the server never sees it), then hydrated. */
async function prerenderThenHydrate(route: string) {
  // Outside Testing Library's helpers React must be told it runs under act().
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  const page = (entry: string) => (
    <MemoryRouter initialEntries={[entry]}>
      <AcceptInvitePage />
    </MemoryRouter>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page('/accept-invite'));
  document.body.append(container);
  const entry: { container: HTMLElement; root?: Root } = { container };
  hydrated.push(entry);
  const prerendered = container.textContent ?? '';
  const recoverable: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const root = await act(async () =>
    hydrateRoot(container, page(route), {
      onRecoverableError: (error) => recoverable.push(error),
    }),
  );
  entry.root = root;
  const logged = consoleError.mock.calls;
  consoleError.mockRestore();
  return { container, prerendered, recoverable, logged };
}

describe('accept an invitation, before and after the scripts run', () => {
  it('prerenders the form, never "incomplete", and hydrates a link with a token without a mismatch', async () => {
    const { container, prerendered, recoverable, logged } = await prerenderThenHydrate(
      `/accept-invite#token=${TOKEN}`,
    );
    expect(prerendered).not.toMatch(/incomplete/i);
    expect(prerendered).toContain('Create my account');
    expect(recoverable).toEqual([]);
    expect(logged).toEqual([]);
    const form = within(container);
    expect(form.getByLabelText(/Your name/)).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Create my account' })).toBeEnabled();
  });

  it('checks the link only once hydrated, then says a dead one is dead, without a mismatch', async () => {
    const checks = deadLinkServer();
    const { container, prerendered, recoverable, logged } = await prerenderThenHydrate(
      `/accept-invite#token=${TOKEN}`,
    );
    expect(prerendered).toContain('Create my account');
    expect(await within(container).findByText(INVITE_INVALID)).toBeInTheDocument();
    expect(within(container).queryByLabelText(/Your name/)).toBeNull();
    expect(recoverable).toEqual([]);
    expect(logged).toEqual([]);
    expect(checks).toHaveLength(1);
  });

  it('says the link is incomplete only once the page has read the fragment', async () => {
    const { container, recoverable } = await prerenderThenHydrate('/accept-invite');
    expect(recoverable).toEqual([]);
    expect(within(container).getByText(/This invitation link is incomplete/)).toBeInTheDocument();
  });
});

describe('accept an invitation', () => {
  it('a damaged token is called not valid before any typing, with no sign-in offer', async () => {
    const bodies = fakeInviteServer();
    renderWithApp(<AppRoutes />, { route: '/accept-invite#token=abc' });
    expect(await screen.findByText(INVITE_INVALID, {}, LAZY_LOAD)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Your name/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(bodies).toHaveLength(0);
  });

  it('a revoked or replaced link says so before any typing, with no form', async () => {
    const checks = deadLinkServer();
    const bodies = fakeInviteServer();
    renderWithApp(<AppRoutes />, { route: `/accept-invite#token=${TOKEN}` });
    expect(await screen.findByText(INVITE_INVALID, {}, LAZY_LOAD)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Your name/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create my account' })).toBeNull();
    // Checked once, the token in the body only (it travels in the fragment, never in a URL).
    expect(checks).toEqual([
      { url: `${window.location.origin}${ACCEPT_INVITE_CHECK_PATH}`, body: { token: TOKEN } },
    ]);
    expect(bodies).toHaveLength(0);
  });

  it('a live link says who it invites, as what, above the form', async () => {
    renderWithApp(<AppRoutes />, { route: `/accept-invite#token=${TOKEN}` });
    const greeting = await screen.findByText(/You are invited as/, {}, LAZY_LOAD);
    expect(greeting).toHaveTextContent('You are invited as Board Member (new@example.org).');
    const name = screen.getByLabelText(/Your name/);
    expect(greeting.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps the form when the link cannot be checked, and says so', async () => {
    server.use(http.post(ACCEPT_INVITE_CHECK_PATH, () => HttpResponse.error()));
    renderWithApp(<AppRoutes />, { route: `/accept-invite#token=${TOKEN}` });
    expect(await screen.findByText(INVITE_NOT_CHECKED, {}, LAZY_LOAD)).toBeInTheDocument();
    expect(screen.getByLabelText(/Your name/)).toBeInTheDocument();
    expect(screen.queryByText(/You are invited as/)).toBeNull();
  });

  it('maps the server’s schema text about the token to the plain answer', async () => {
    server.use(
      http.post(ACCEPT_INVITE_PATH, () =>
        HttpResponse.json(
          { error: 'Invalid body: token: must have at most 100 characters' },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: `/accept-invite#token=${TOKEN}` });
    await user.type(await screen.findByLabelText(/Your name/, {}, LAZY_LOAD), 'Pat Lee');
    await user.type(screen.getByLabelText(/^Password/), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(INVITE_INVALID);
    expect(alert).not.toHaveTextContent(/Invalid body|item\(s\)/);
  });

  it('checks the name first and moves the focus there', async () => {
    const bodies = fakeInviteServer();
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: `/accept-invite#token=${TOKEN}` });
    const name = await screen.findByLabelText(/Your name/, {}, LAZY_LOAD);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription(
      'Shown to the other members of your community. Enter your name.',
    );
    expect(bodies).toHaveLength(0);
  });

  it('reads the token from the fragment only', () => {
    expect(inviteToken(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(inviteToken('')).toBeNull();
    expect(inviteToken('#token=')).toBeNull();
  });

  it('creates the account with a name and a password, then points to sign-in', async () => {
    const bodies = fakeInviteServer();
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: `/accept-invite#token=${TOKEN}` });
    const name = await screen.findByLabelText(/Your name/, {}, LAZY_LOAD);
    await user.type(name, 'Pat Lee');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAccessibleDescription(
      'At least 10 characters, not counting spaces. Choose a password of at least 10 characters, not counting spaces.',
    );
    expect(password).toHaveFocus();
    expect(bodies).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Password/), '-but-longer');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is ready' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Sign in with new@example.org/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(bodies).toEqual([{ token: TOKEN, name: 'Pat Lee', password: 'short-but-longer' }]);
  });

  it('says what the server refused, and when the link lacks its token', async () => {
    fakeInviteServer();
    const user = userEvent.setup();
    const first = renderWithApp(<AppRoutes />, {
      route: '/accept-invite#token=used-token-00000000000',
    });
    await user.type(await screen.findByLabelText(/Your name/, {}, LAZY_LOAD), 'Pat Lee');
    await user.type(screen.getByLabelText(/^Password/), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('expired or was already used');
    first.unmount();

    renderWithApp(<AppRoutes />, { route: '/accept-invite' });
    expect(
      await screen.findByText(/This invitation link is incomplete/, {}, LAZY_LOAD),
    ).toBeInTheDocument();
  });
});

describe('a used or expired invitation, and signing in after accepting', () => {
  it('a link already used says so and offers sign-in, instead of calling it invalid', async () => {
    deadLinkServer(INVITE_USED);
    newCommunityServer();
    const user = userEvent.setup();
    renderWithApp(
      <>
        <AppRoutes />
        <AddressBar />
      </>,
      { route: `/accept-invite#token=${TOKEN}` },
    );
    expect(
      await screen.findByText(
        'This invite has already been used. Sign in with the email and password you chose.',
        {},
        LAZY_LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/not valid/)).toBeNull();
    expect(screen.queryByLabelText(/Your name/)).toBeNull();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/sign-in');
    await user.click(signIn);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY_LOAD),
    ).toBeInTheDocument();
    // The check named no address, so there is none to fill in.
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('an expired link says it expired, and sends its holder to an Admin, not to sign in', async () => {
    deadLinkServer(INVITE_EXPIRED);
    renderWithApp(<AppRoutes />, { route: `/accept-invite#token=${TOKEN}` });
    expect(
      await screen.findByText(
        'This invite link has expired: invitations work for 7 days. Ask an Admin for a new one.',
        {},
        LAZY_LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByLabelText(/Your name/)).toBeNull();
  });

  it('a used link whose account was removed says it is no longer valid, and offers no sign-in', async () => {
    deadLinkServer(INVITE_ACCOUNT_REMOVED);
    renderWithApp(<AppRoutes />, { route: `/accept-invite#token=${TOKEN}` });
    expect(
      await screen.findByText(
        'This invite link is no longer valid. Ask an Admin for a new one.',
        {},
        LAZY_LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/already been used/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByLabelText(/Your name/)).toBeNull();
  });

  it('after accepting, the sign-in page has the invited address filled in, never in the URL', async () => {
    fakeInviteServer();
    const signIns = newCommunityServer();
    const user = userEvent.setup();
    renderWithApp(
      <>
        <AppRoutes />
        <AddressBar />
      </>,
      { route: `/accept-invite#token=${TOKEN}` },
    );
    await user.type(await screen.findByLabelText(/Your name/, {}, LAZY_LOAD), 'Pat Lee');
    await user.type(screen.getByLabelText(/^Password/), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await user.click(await screen.findByRole('link', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.org');
    // Only the password is left to type, and the focus is already there.
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByRole('status', { name: 'Address bar' })).toHaveTextContent(/^\/sign-in$/);
    await user.keyboard('long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('alert');
    expect(signIns).toEqual([{ email: 'new@example.org', password: 'long-enough-password' }]);

    // The address stays the person's to change.
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    expect(email).toHaveValue('');
    await user.type(email, 'other@example.org');
    expect(email).toHaveValue('other@example.org');
  });

  it('a link used meanwhile (another tab) turns the form into the sign-in offer, address kept', async () => {
    newCommunityServer();
    server.use(
      http.post(ACCEPT_INVITE_PATH, () =>
        HttpResponse.json({ error: INVITE_USED }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: `/accept-invite#token=${TOKEN}` });
    await screen.findByText(/You are invited as/, {}, LAZY_LOAD);
    await user.type(screen.getByLabelText(/Your name/), 'Pat Lee');
    await user.type(screen.getByLabelText(/^Password/), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText(INVITE_USED)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Your name/)).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByLabelText('Email', {}, LAZY_LOAD)).toHaveValue('new@example.org');
  });

  it('a reloaded sign-in page fills the handed-over address in after hydration, without a mismatch', async () => {
    newCommunityServer();
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    const client = createQueryClient();
    const page = (state: unknown) => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[{ pathname: '/sign-in', state }]}>
          <SignInPage />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const container = document.createElement('div');
    // The build prerenders /sign-in with no history state.
    container.innerHTML = renderToString(page(null));
    document.body.append(container);
    const entry: { container: HTMLElement; root?: Root } = { container };
    hydrated.push(entry);
    const recoverable: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    entry.root = await act(async () =>
      hydrateRoot(container, page({ invitedEmail: 'new@example.org' }), {
        onRecoverableError: (error) => recoverable.push(error),
      }),
    );
    const logged = consoleError.mock.calls;
    consoleError.mockRestore();
    expect(recoverable).toEqual([]);
    expect(logged).toEqual([]);
    expect(within(container).getByLabelText('Email')).toHaveValue('new@example.org');
  });
});
