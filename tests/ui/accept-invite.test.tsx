import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { ACCEPT_INVITE_PATH, type AcceptInvite } from '../../src/api/contract';
import { AppRoutes } from '../../src/app/routes';
import { inviteToken } from '../../src/features/account/accept-invite-page';
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

describe('accept an invitation', () => {
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
    expect(await screen.findByRole('alert')).toHaveTextContent('at least 10 characters');
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
