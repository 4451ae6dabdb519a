import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { integrationsFixture, meFixture } from '../../mocks/fixtures';
import { usersFixture } from '../../mocks/users-handlers';
import {
  AUDIT_PATH,
  ME_PATH,
  SENSOR_ADMIN_PATHS,
  USERS_PATH,
  type AuditPage,
  type Me,
} from '../../src/api/contract';
import { AuditTab } from '../../src/features/settings/audit-tab';
import { SensorManagement } from '../../src/features/settings/sensor-management';
import { UsersTab } from '../../src/features/settings/users-tab';
import { toast } from '../../src/ui/toast';
import { renderWithApp } from '../render';

/**
 * A name of 100 characters without a space (the longest the server takes) made Settings up to
 * 1,461 px wide on a 390 px phone, out of reach of its buttons, and ran a toast off screen.
 * jsdom lays nothing out, so this checks the styling that lets such a name wrap: overflow-wrap
 * `anywhere` (Tailwind's wrap-anywhere) on the text or an ancestor (it is inherited), with no
 * nowrap in between. The page widths themselves were measured in Chromium at 320, 390 and
 * 1280 px (document.documentElement.scrollWidth equal to the viewport's width).
 */
const LONG = 'x'.repeat(100);

function wrapsAnywhere(element: HTMLElement): boolean {
  const wrapper = element.closest('.wrap-anywhere');
  // Text kept on one line (nowrap, truncate) does not wrap, whatever its overflow-wrap.
  const oneLine = element.closest('.whitespace-nowrap, .truncate');
  return wrapper !== null && (oneLine === null || !wrapper.contains(oneLine));
}

const adminMe: Me = { ...meFixture, demo: false, user: { ...meFixture.user, role: 'admin' } };

describe('a 100-character name without a space wraps', () => {
  it('in Settings → Integrations: the network server, and its delete dialog', async () => {
    server.use(
      http.get(ME_PATH, () => HttpResponse.json(adminMe)),
      http.get(SENSOR_ADMIN_PATHS.integrations, () =>
        HttpResponse.json([
          ...integrationsFixture,
          { ...integrationsFixture[0], id: 'tts-long', name: LONG },
        ]),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<SensorManagement />, { route: '/settings' });
    const list = await screen.findByRole('list', { name: 'Network servers' });
    expect(wrapsAnywhere(within(list).getByText(LONG))).toBe(true);

    await user.click(screen.getByRole('button', { name: `Delete: ${LONG}` }));
    const dialog = await screen.findByRole('dialog', { name: `Delete ${LONG}?` });
    expect(wrapsAnywhere(within(dialog).getByRole('heading', { name: `Delete ${LONG}?` }))).toBe(
      true,
    );
  });

  it('in Settings → Users: the name, its role label and the remove dialog', async () => {
    server.use(
      http.get(ME_PATH, () => HttpResponse.json(adminMe)),
      http.get(USERS_PATH, () =>
        HttpResponse.json([
          ...usersFixture,
          { id: 9, name: LONG, email: 'long@example.org', role: 'manager', totpEnabled: false },
        ]),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<UsersTab />, { route: '/settings' });
    const remove = await screen.findByRole('button', { name: `Remove: ${LONG}` });
    const row = remove.closest('li');
    if (!row) throw new Error('no row');
    expect(wrapsAnywhere(within(row).getByText(LONG))).toBe(true);
    // SelectField keeps its label on one line: here the row lets it wrap anywhere.
    let wrapper = within(row).getByText(`Role of ${LONG}`).parentElement;
    while (wrapper && !wrapper.classList.contains('[&_label]:whitespace-normal')) {
      wrapper = wrapper.parentElement;
    }
    expect(wrapper).toHaveClass('[&_label]:wrap-anywhere');

    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: `Remove ${LONG}?` });
    expect(wrapsAnywhere(within(dialog).getByRole('heading'))).toBe(true);
  });

  it('in Settings → Audit log: who made the change', async () => {
    const page: AuditPage = {
      entries: [
        {
          id: 1,
          at: '2026-11-20T12:00:00.000Z',
          actor: { id: 9, name: LONG, email: 'long@example.org' },
          action: 'sign-in',
          target: 'long@example.org',
          before: null,
          after: null,
        },
      ],
      nextBefore: null,
    };
    server.use(
      http.get(ME_PATH, () => HttpResponse.json(adminMe)),
      http.get(AUDIT_PATH, () => HttpResponse.json(page)),
    );
    renderWithApp(<AuditTab />, { route: '/settings' });
    const by = await screen.findByText(`by ${LONG} (long@example.org)`);
    expect(wrapsAnywhere(by)).toBe(true);
  });

  it('in a notification, inside its card', async () => {
    renderWithApp(<p>Settings</p>);
    act(() => {
      toast({ title: 'Network server deleted', description: LONG });
    });
    const words = await screen.findByText(LONG);
    expect(wrapsAnywhere(words)).toBe(true);
    // The card is a flex row: its text column may shrink below the name's width.
    await waitFor(() => expect(words.parentElement).toHaveClass('min-w-0'));
  });
});
