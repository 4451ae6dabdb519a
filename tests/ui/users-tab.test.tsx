import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { meFixture } from '../../mocks/fixtures';
import { usersFixture } from '../../mocks/users-handlers';
import { INVITES_PATH, ME_PATH, USERS_PATH, type Me } from '../../src/api/contract';
import { UsersTab } from '../../src/features/settings/users-tab';
import { renderWithApp } from '../render';

const adminMe: Me = { ...meFixture, user: { ...meFixture.user, role: 'admin' } };

function renderAs(me: Me) {
  server.use(http.get(ME_PATH, () => HttpResponse.json(me)));
  return renderWithApp(<UsersTab />, { route: '/settings' });
}

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
    expect(create).toBeDisabled();
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

  it('says why the last Admin cannot be demoted', async () => {
    const user = userEvent.setup();
    renderAs(adminMe);
    await user.selectOptions(await screen.findByLabelText('Role of Alex Admin'), 'Board Member');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The last Admin cannot be removed or demoted',
    );
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
