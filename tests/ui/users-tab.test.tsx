import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { communityFixture } from '../../mocks/community-handlers';
import { meFixture } from '../../mocks/fixtures';
import { usersFixture } from '../../mocks/users-handlers';
import {
  COMMUNITY_PATH,
  INVITES_PATH,
  ME_PATH,
  USERS_PATH,
  type Invite,
  type InviteInputSchema,
  type Me,
  type PendingInvite,
  type UserSummary,
} from '../../src/api/contract';
import { USERS_NEED_CONNECTION, UsersTab } from '../../src/features/settings/users-tab';
import { renderWithApp } from '../render';

const adminMe: Me = { ...meFixture, user: { ...meFixture.user, role: 'admin' } };

function renderAs(me: Me) {
  server.use(http.get(ME_PATH, () => HttpResponse.json(me)));
  return renderWithApp(<UsersTab />, { route: '/settings' });
}

/** A community far from any test machine's zone (UTC+14), so the browser's zone shows. */
function inKiritimati() {
  server.use(
    http.get(COMMUNITY_PATH, () =>
      HttpResponse.json({ ...communityFixture, timeZone: 'Pacific/Kiritimati' }),
    ),
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;
const pending = (id: number, email: string, days: number): PendingInvite => ({
  id,
  email,
  role: 'board',
  createdAt: new Date(Date.now() - DAY_MS).toISOString(),
  expiresAt: new Date(Date.now() + days * DAY_MS).toISOString(),
  invitedBy: 'Alex Admin',
});

/** Invites as a server that keeps them: a POST adds one, a DELETE takes it out of the list. */
function inviteServer(initial: PendingInvite[]) {
  let list = [...initial];
  const revoked: string[] = [];
  server.use(
    http.get(INVITES_PATH, () => HttpResponse.json(list)),
    http.post(INVITES_PATH, async ({ request }) => {
      const input = (await request.json()) as typeof InviteInputSchema._zod.output;
      list = [pending(100 + list.length, input.email, 7), ...list];
      const invite: Invite = {
        ...input,
        invitePath: '/accept-invite#token=fixture-token-0123456789abcdef',
        expiresAt: list[0]?.expiresAt ?? '',
      };
      return HttpResponse.json(invite, { status: 201 });
    }),
    http.delete(`${INVITES_PATH}/:id`, ({ params }) => {
      revoked.push(String(params.id));
      list = list.filter((i) => String(i.id) !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return revoked;
}

// Back online after a test that went offline, even one that failed halfway (the query client
// listens to these events; left offline, every later test would wait for nothing).
afterEach(() => {
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

describe('Settings → Users', () => {
  it('an Admin invites a user and sees the link once', async () => {
    const user = userEvent.setup();
    renderAs(adminMe);
    expect(await screen.findByText('Bob Board')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Email'), 'new@example.org');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Board Member');
    await user.click(within(dialog).getByRole('button', { name: 'Create invite link' }));
    const link = await within(dialog).findByLabelText('Invite link');
    expect(link).toHaveValue(
      `${window.location.origin}/accept-invite#token=fixture-token-0123456789abcdef`,
    );
    expect(dialog).toHaveTextContent('Send this link to new@example.org');
    // Focus goes to the link, whose form is gone; Copy link copies it and says so.
    expect(link).toHaveFocus();
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/accept-invite#token=fixture-token-0123456789abcdef`,
    );
    expect(await within(dialog).findByText('Copied to the clipboard.')).toBeInTheDocument();
    // The invite exists: Escape closes without asking to discard anything.
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Discard your changes?')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add User' })).not.toBeInTheDocument();
  });

  it('says to copy the link by hand where the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    renderAs(adminMe);
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Email'), 'new@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Create invite link' }));
    await within(dialog).findByLabelText('Invite link');
    const writeText = vi
      .fn<(text: string) => Promise<void>>()
      .mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(
      await within(dialog).findByText(
        'This browser did not allow copying. Select the text and copy it yourself.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Copied to the clipboard.')).not.toBeInTheDocument();
  });

  it('shows a bad email next to the field in words, before sending anything', async () => {
    const user = userEvent.setup();
    let sent = 0;
    server.use(
      http.post(INVITES_PATH, () => {
        sent += 1;
        return HttpResponse.json({ error: 'email: Enter a valid email address.' }, { status: 400 });
      }),
    );
    renderAs(adminMe);
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Create invite link' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(dialog).toHaveTextContent('Enter a valid email address.');
    expect(dialog).not.toHaveTextContent('invalid value');
    expect(sent).toBe(0);
  });

  it('a double click on Create invite link sends one request', async () => {
    const user = userEvent.setup();
    let sent = 0;
    let answer: () => void = () => undefined;
    server.use(
      http.post(INVITES_PATH, async () => {
        sent += 1;
        // Held open, as a slow server would, while the second click lands.
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json(
          {
            email: 'new@example.org',
            role: 'manager',
            invitePath: '/accept-invite#token=fixture-token-0123456789abcdef',
            expiresAt: '2026-03-25T12:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    renderAs(adminMe);
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Email'), 'new@example.org');
    const create = within(dialog).getByRole('button', { name: 'Create invite link' });
    await user.dblClick(create);
    await waitFor(() => expect(sent).toBe(1));
    // Busy, and still focusable: a disabled button would drop keyboard focus to the page.
    expect(create).toHaveAttribute('aria-busy', 'true');
    expect(create).not.toBeDisabled();
    answer();
    expect(await within(dialog).findByLabelText('Invite link')).toBeInTheDocument();
    expect(sent).toBe(1);
  });

  it('Remove asks first, then removes and puts focus on the next row', async () => {
    const user = userEvent.setup();
    let list = [...usersFixture];
    const removed: string[] = [];
    server.use(
      http.get(USERS_PATH, () => HttpResponse.json(list)),
      http.delete(`${USERS_PATH}/:id`, ({ params }) => {
        removed.push(String(params.id));
        list = list.filter((u) => String(u.id) !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderAs(adminMe);
    await user.click(await screen.findByRole('button', { name: 'Remove: Sarah Johnson' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Sarah Johnson?' });
    expect(dialog).toHaveTextContent('This cannot be undone');
    expect(removed).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(removed).toEqual([]);
    expect(screen.getByText('Sarah Johnson')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove: Sarah Johnson' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove Sarah Johnson?' })).getByRole('button', {
        name: 'Remove user',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove: Sarah Johnson' })).toBeNull(),
    );
    expect(await screen.findByText('User removed')).toBeInTheDocument();
    expect(removed).toEqual(['2']);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove: Bob Board' })).toHaveFocus(),
    );
  });

  it('lists pending invites (role, expiry, who sent them) and a new invite joins the list', async () => {
    const user = userEvent.setup();
    inviteServer([]);
    renderAs(adminMe);
    expect(await screen.findByText('Bob Board')).toBeInTheDocument();
    // None pending: no heading, no empty list.
    expect(screen.queryByRole('heading', { name: 'Pending invites' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Email'), 'treasurer@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Create invite link' }));
    await within(dialog).findByLabelText('Invite link');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    const section = (await screen.findByRole('heading', { name: 'Pending invites' })).closest(
      'section',
    );
    if (!section) throw new Error('no section');
    const [row] = within(section).getAllByRole('listitem');
    expect(row).toHaveTextContent('treasurer@example.org');
    expect(row).toHaveTextContent('Board Member');
    expect(row).toHaveTextContent('Expires in 7 days');
    expect(row).toHaveTextContent('Invited by Alex Admin');
    expect(
      within(section).getByRole('button', { name: 'Revoke invite: treasurer@example.org' }),
    ).toBeInTheDocument();
  });

  it('Revoke asks first, then revokes, says so and puts focus on the next row', async () => {
    const user = userEvent.setup();
    const revoked = inviteServer([
      pending(7, 'wrong@example.org', 3.2),
      pending(8, 'right@example.org', 0.2),
    ]);
    renderAs(adminMe);
    const wrong = await screen.findByRole('button', { name: 'Revoke invite: wrong@example.org' });
    expect(wrong.closest('li')).toHaveTextContent('Expires in 3 days');
    expect(screen.getByText('right@example.org').closest('li')).toHaveTextContent(
      'Expires in 5 hours',
    );

    await user.click(wrong);
    const dialog = screen.getByRole('dialog', { name: 'Revoke invite?' });
    expect(dialog).toHaveTextContent('wrong@example.org');
    expect(dialog).toHaveTextContent('stops working now');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(revoked).toEqual([]);
    expect(screen.getByText('wrong@example.org')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke invite: wrong@example.org' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke invite?' })).getByRole('button', {
        name: 'Revoke invite',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Revoke invite: wrong@example.org' })).toBeNull(),
    );
    expect(revoked).toEqual(['7']);
    expect(await screen.findByText('Invite revoked')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Pending invites' }).closest('section'),
    ).not.toHaveTextContent('wrong@example.org');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Revoke invite: right@example.org' }),
      ).toHaveFocus(),
    );

    // The last one: the list goes, and focus goes to Add User rather than the page.
    await user.click(screen.getByRole('button', { name: 'Revoke invite: right@example.org' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke invite?' })).getByRole('button', {
        name: 'Revoke invite',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Pending invites' })).toBeNull(),
    );
    expect(revoked).toEqual(['7', '8']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add User' })).toHaveFocus());
  });

  it('a refused revoke says why in the dialog, and offline nothing is sent', async () => {
    const user = userEvent.setup();
    let sent = 0;
    server.use(
      http.get(INVITES_PATH, () => HttpResponse.json([pending(9, 'gone@example.org', 2)])),
      http.delete(`${INVITES_PATH}/:id`, () => {
        sent += 1;
        return HttpResponse.json(
          { error: 'No pending invite 9: it may have been accepted, revoked or replaced' },
          { status: 404 },
        );
      }),
    );
    renderAs(adminMe);
    await user.click(
      await screen.findByRole('button', { name: 'Revoke invite: gone@example.org' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Revoke invite?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invite' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No pending invite 9: it may have been accepted',
    );
    expect(sent).toBe(1);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invite' }));
    // Said in the dialog, as an alert or as its offline note.
    expect(dialog).toHaveTextContent(USERS_NEED_CONNECTION);
    expect(sent).toBe(1);
  });

  it('says so when the pending invites cannot be loaded', async () => {
    server.use(
      http.get(INVITES_PATH, () => HttpResponse.json({ error: 'Database busy' }, { status: 500 })),
    );
    renderAs(adminMe);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Pending invites could not be loaded',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('a role changes only once asked: Cancel keeps it and sends nothing', async () => {
    const user = userEvent.setup();
    let list = [...usersFixture];
    const changes: unknown[] = [];
    server.use(
      http.get(USERS_PATH, () => HttpResponse.json(list)),
      http.patch(`${USERS_PATH}/:id`, async ({ params, request }) => {
        const body = (await request.json()) as { role: UserSummary['role'] };
        changes.push([params.id, body]);
        list = list.map((u) => (String(u.id) === params.id ? { ...u, role: body.role } : u));
        const changed = list.find((u) => String(u.id) === params.id);
        return HttpResponse.json(changed);
      }),
    );
    renderAs(adminMe);
    const select = await screen.findByLabelText<HTMLSelectElement>('Role of Sarah Johnson');
    const before = select.value;
    // A keyboard user's arrow key on a closed select is a change like this one.
    await user.selectOptions(select, 'Administrator');
    const dialog = screen.getByRole('dialog', { name: 'Make Sarah Johnson Administrator?' });
    expect(dialog).toHaveTextContent('invites and removes users');
    expect(dialog).toHaveTextContent('on every device they are signed in on');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(changes).toEqual([]);
    expect(select.value).toBe(before);

    await user.selectOptions(select, 'Administrator');
    await user.click(
      within(screen.getByRole('dialog', { name: 'Make Sarah Johnson Administrator?' })).getByRole(
        'button',
        { name: 'Change role' },
      ),
    );
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
    expect(changes).toEqual([['2', { role: 'admin' }]]);
    await waitFor(() => expect(select.value).toBe('admin'));
  });

  it('says why the last Admin cannot be demoted', async () => {
    const user = userEvent.setup();
    renderAs(adminMe);
    await user.selectOptions(await screen.findByLabelText('Role of Alex Admin'), 'Board Member');
    const dialog = screen.getByRole('dialog', { name: 'Make Alex Admin Board Member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The last Admin cannot be removed or demoted',
    );
  });

  it('does not offer to remove the last Admin, says why, and still focuses the next row', async () => {
    const user = userEvent.setup();
    const carl: UserSummary = {
      id: 4,
      name: 'Carl Board',
      email: 'carl@example.org',
      role: 'board',
      totpEnabled: false,
    };
    let list = [...usersFixture, carl];
    server.use(
      http.get(USERS_PATH, () => HttpResponse.json(list)),
      http.delete(`${USERS_PATH}/:id`, ({ params }) => {
        list = list.filter((u) => String(u.id) !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderAs(adminMe);
    expect(await screen.findByText('Bob Board')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove: Alex Admin' })).toBeNull();
    expect(screen.getByText('Alex Admin').closest('li')).toHaveTextContent(
      'Last Admin: Alex Admin cannot be removed until another user is Admin',
    );

    // The Admin's row has no Remove button: the one after Sarah's is still Bob's.
    await user.click(screen.getByRole('button', { name: 'Remove: Sarah Johnson' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove Sarah Johnson?' })).getByRole('button', {
        name: 'Remove user',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove: Bob Board' })).toHaveFocus(),
    );
  });

  it('with two Admins, either may be removed', async () => {
    server.use(
      http.get(USERS_PATH, () =>
        HttpResponse.json(
          usersFixture.map((u) => (u.role === 'manager' ? { ...u, role: 'admin' } : u)),
        ),
      ),
    );
    renderAs(adminMe);
    expect(await screen.findByRole('button', { name: 'Remove: Alex Admin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove: Sarah Johnson' })).toBeInTheDocument();
    expect(screen.queryByText(/Last Admin/)).toBeNull();
  });

  it('gives invite expiries in the community’s zone, not the browser’s', async () => {
    const user = userEvent.setup();
    inKiritimati();
    server.use(
      http.get(INVITES_PATH, () =>
        HttpResponse.json([
          { ...pending(5, 'far@example.org', 3), expiresAt: '2036-01-15T12:00:00.000Z' },
        ]),
      ),
    );
    renderAs(adminMe);
    // Noon UTC is 2 AM the next day in Kiritimati.
    await waitFor(() =>
      expect(screen.getByText('far@example.org').closest('li')).toHaveTextContent(
        '(Jan 16, 2:00 AM)',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Email'), 'new@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Create invite link' }));
    await within(dialog).findByLabelText('Invite link');
    // The mock's invite expires at 2026-03-25T12:00Z.
    expect(dialog).toHaveTextContent('works once, until Mar 26, 2:00 AM.');
  });

  it('a Manager sees no Add User and no list', async () => {
    renderAs(meFixture);
    expect(
      await screen.findByText('Only Admins invite users, change roles and remove users.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
    expect(screen.queryByText('Bob Board')).toBeNull();
  });
});
