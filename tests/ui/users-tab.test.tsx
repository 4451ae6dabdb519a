import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { meFixture } from '../../mocks/fixtures';
import { ME_PATH, type Me } from '../../src/api/contract';
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

  it('shows a bad email next to the field', async () => {
    const user = userEvent.setup();
    renderAs(adminMe);
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Create invite link' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'),
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
