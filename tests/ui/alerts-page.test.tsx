import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { server } from '../../mocks/node';
import { alertRulesFixture } from '../../mocks/alerts-fixtures';
import { demoMeFixture, meFixture } from '../../mocks/fixtures';
import { ALERTS_API_PATHS, ME_PATH, type AlertRuleInput } from '../../src/api/contract';
import { AlertsPage } from '../../src/features/alerts/alerts-page';
import { DashboardPage } from '../../src/features/dashboard/dashboard-page';
import { LAZY_LOAD, renderWithApp } from '../render';

function Location() {
  const location = useLocation();
  return (
    <output aria-label="location">{location.pathname + location.search + location.hash}</output>
  );
}

function renderAlerts() {
  return renderWithApp(
    <>
      <Routes>
        <Route path="/alerts" element={<AlertsPage />} />
        <Route path="/analytics" element={<p>Analytics</p>} />
      </Routes>
      <Location />
    </>,
    { route: '/alerts' },
  );
}

async function inbox() {
  return within(await screen.findByRole('region', { name: 'Inbox' }));
}

describe('alerts page', () => {
  it('lists the alerts newest first with amenity, kind, value and time, and opens the amenity', async () => {
    renderAlerts();
    const list = await inbox();
    const items = await list.findAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByRole('link')[0]?.textContent)).toEqual([
      'Grand Lake',
      'The Yard',
    ]);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Occupancy')).toBeInTheDocument();
    expect(first.getByText('Unread')).toBeInTheDocument();
    // 19:05 UTC is 11:05 AM in the Settings default zone (Pacific).
    expect(items[0]).toHaveTextContent(/91\.3% of capacity · Nov 21, 11:05 AM/);
    // How its push went: sent to one device, given up on two.
    expect(items[0]).toHaveTextContent(/Pushed to 1 device · Push failed to 2 devices/);
    expect(items[1]).not.toHaveTextContent(/Push/);
    await userEvent.click(first.getByRole('link', { name: 'Grand Lake' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/analytics?amenity=grand-lake',
    );
  });

  it('marks an alert read and updates the unread count from the server', async () => {
    const read: string[] = [];
    server.use(
      http.post(`${ALERTS_API_PATHS.alerts}/:id/read`, ({ params }) => {
        read.push(String(params.id));
        return HttpResponse.json({ id: Number(params.id), read: true, unread: 0 });
      }),
    );
    renderAlerts();
    const list = await inbox();
    expect(await list.findByText('1 unread')).toBeInTheDocument();
    await userEvent.click(list.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(list.queryByText('Unread')).not.toBeInTheDocument());
    expect(read).toEqual(['12']);
    expect(list.queryByRole('button', { name: /Mark read/ })).not.toBeInTheDocument();
    expect(list.getByText('Newest first')).toBeInTheDocument();
  });

  it('lets the demo viewer read alerts but not mark them or edit rules', async () => {
    server.use(http.get(ME_PATH, () => HttpResponse.json(demoMeFixture)));
    renderAlerts();
    const list = await inbox();
    await list.findAllByRole('listitem');
    expect(list.queryByRole('button', { name: /Mark/ })).not.toBeInTheDocument();
    const rules = within(screen.getByRole('region', { name: 'Alert rules' }));
    expect(await rules.findByText(/The demo is read-only/)).toBeInTheDocument();
    expect(rules.queryByRole('button', { name: 'New rule' })).not.toBeInTheDocument();
  });

  it('tells a board member who manages the rules', async () => {
    server.use(
      http.get(ME_PATH, () =>
        HttpResponse.json({ ...meFixture, user: { ...meFixture.user, role: 'board' } }),
      ),
    );
    renderAlerts();
    const rules = within(await screen.findByRole('region', { name: 'Alert rules' }));
    expect(
      await rules.findByText(/managed by HOA Managers and Administrators/),
    ).toBeInTheDocument();
  });

  it('offline, where the account cannot be checked, says so rather than that the role may not', async () => {
    server.use(http.get(ME_PATH, () => HttpResponse.error()));
    renderAlerts();
    const rules = within(await screen.findByRole('region', { name: 'Alert rules' }));
    expect(
      await rules.findByText(
        'Who is signed in cannot be checked until CommonGround answers, and alert rules are not saved on this device: they load when the connection returns.',
      ),
    ).toBeInTheDocument();
    expect(rules.queryByText(/managed by HOA Managers/)).not.toBeInTheDocument();
  });

  it('creates an occupancy rule with the defaults and shows errors next to the field', async () => {
    const sent: AlertRuleInput[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith(ALERTS_API_PATHS.alertRules)) {
        void request
          .clone()
          .json()
          .then((body: AlertRuleInput) => sent.push(body));
      }
    });
    renderAlerts();
    const rules = within(await screen.findByRole('region', { name: 'Alert rules' }));
    expect(await rules.findByText(/Grand Lake · Occupancy/)).toBeInTheDocument();
    const create = await rules.findByRole('button', { name: 'New rule' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    const form = within(rules.getByRole('form', { name: 'New rule' }));
    expect(form.getByLabelText('Threshold')).toHaveValue('90');
    expect(form.getByLabelText('Re-arm below')).toHaveValue('80');
    expect(form.getByLabelText('Cool-down (minutes)')).toHaveValue('30');

    await userEvent.clear(form.getByLabelText('Threshold'));
    await userEvent.type(form.getByLabelText('Threshold'), '75');
    await userEvent.click(form.getByRole('button', { name: 'Save rule' }));
    expect(form.getByLabelText('Re-arm below')).toHaveAccessibleDescription(
      /The re-arm level must be at or below the threshold\./,
    );
    expect(sent).toEqual([]);

    await userEvent.clear(form.getByLabelText('Re-arm below'));
    await userEvent.type(form.getByLabelText('Re-arm below'), '65');
    await userEvent.click(form.getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(rules.queryByRole('form', { name: 'New rule' })).not.toBeInTheDocument(),
    );
    expect(sent).toEqual([
      expect.objectContaining({ kind: 'occupancy', threshold: 75, rearmBelow: 65 }),
    ]);
  });

  it('shows a server refusal of a field at that field, in a sentence, and focuses it', async () => {
    server.use(
      http.patch(`${ALERTS_API_PATHS.alertRules}/:id`, () =>
        HttpResponse.json({ error: 'threshold: too high' }, { status: 400 }),
      ),
    );
    renderAlerts();
    const rules = within(await screen.findByRole('region', { name: 'Alert rules' }));
    await rules.findByText(/Grand Lake · Occupancy/);
    await userEvent.click(
      await rules.findByRole('button', { name: 'Edit Grand Lake Occupancy at 90% of capacity' }),
    );
    await userEvent.click(rules.getByRole('button', { name: 'Save rule' }));
    const threshold = rules.getByLabelText('Threshold');
    await waitFor(() => expect(threshold).toHaveAccessibleDescription(/Too high\./));
    expect(threshold).toHaveFocus();
  });

  it('refuses a duplicate rule: the 409 naming the existing rule is shown at the form', async () => {
    const existing =
      'The Great Lawn already has this rule: Occupancy at 90% of capacity. Edit that rule, or choose another threshold.';
    server.use(
      http.post(ALERTS_API_PATHS.alertRules, () =>
        HttpResponse.json({ error: existing }, { status: 409 }),
      ),
    );
    renderAlerts();
    const rules = within(await screen.findByRole('region', { name: 'Alert rules' }));
    const create = await rules.findByRole('button', { name: 'New rule' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    const form = within(rules.getByRole('form', { name: 'New rule' }));
    await userEvent.click(form.getByRole('button', { name: 'Save rule' }));
    expect(await form.findByRole('alert')).toHaveTextContent(existing);
    expect(rules.getByRole('form', { name: 'New rule' })).toBeInTheDocument();
  });

  it('names each Edit button by amenity, kind and threshold, so two rules of a kind differ', async () => {
    server.use(
      http.get(ALERTS_API_PATHS.alertRules, () =>
        HttpResponse.json([
          ...alertRulesFixture,
          { ...alertRulesFixture[1], id: 9, threshold: 75, rearmBelow: 65, phase: 'armed' },
        ]),
      ),
    );
    renderAlerts();
    const rules = within(await screen.findByRole('region', { name: 'Alert rules' }));
    expect(
      await rules.findByRole('button', { name: 'Edit Grand Lake Occupancy at 90% of capacity' }),
    ).toBeInTheDocument();
    expect(
      rules.getByRole('button', { name: 'Edit Grand Lake Occupancy at 75% of capacity' }),
    ).toBeInTheDocument();
  });

  it("checks each kind's bounds at the field before sending", async () => {
    let posts = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith(ALERTS_API_PATHS.alertRules)) posts++;
    });
    renderAlerts();
    const rules = within(await screen.findByRole('region', { name: 'Alert rules' }));
    const create = await rules.findByRole('button', { name: 'New rule' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    const form = within(rules.getByRole('form', { name: 'New rule' }));
    const threshold = form.getByLabelText('Threshold');
    for (const value of ['0', '10000', '151']) {
      await userEvent.clear(threshold);
      await userEvent.type(threshold, value);
      await userEvent.click(form.getByRole('button', { name: 'Save rule' }));
      expect(threshold).toHaveAccessibleDescription(
        /Enter a number from 1 to 150 \(% of capacity\)\./,
      );
      expect(threshold).toHaveFocus();
    }
    // A silent-sensor rule that re-arms at 0 would never re-arm.
    await userEvent.selectOptions(form.getByLabelText('Kind'), 'Sensor silent');
    const rearm = form.getByLabelText('Re-arm below');
    await userEvent.clear(rearm);
    await userEvent.type(rearm, '0');
    await userEvent.click(form.getByRole('button', { name: 'Save rule' }));
    expect(rearm).toHaveAccessibleDescription(
      /Enter a number above 0, or the rule never re-arms\./,
    );
    expect(posts).toBe(0);
  });

  it('edits a rule in place under its row, with focus in the form, and returns focus after', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete(`${ALERTS_API_PATHS.alertRules}/:id`, ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderAlerts();
    const rules = within(await screen.findByRole('region', { name: 'Alert rules' }));
    const edit = await rules.findByRole('button', {
      name: 'Edit Grand Lake Occupancy at 90% of capacity',
    });
    await userEvent.click(edit);
    const row = edit.closest('li') as HTMLElement;
    const form = within(within(row).getByRole('form', { name: 'Edit rule' }));
    expect(form.getByLabelText('Threshold')).toHaveFocus();
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(rules.getByRole('button', { name: /^Edit Grand Lake Occupancy/ })).toHaveFocus();

    // Delete asks in a dialog before it sends anything; Escape keeps the rule.
    await userEvent.click(rules.getByRole('button', { name: /^Edit Grand Lake Occupancy/ }));
    const again = within(rules.getByRole('form', { name: 'Edit rule' }));
    await userEvent.click(again.getByRole('button', { name: 'Delete rule' }));
    const question = 'Delete this rule?';
    expect(screen.getByRole('dialog', { name: question })).toHaveTextContent(
      /Grand Lake · Occupancy at 90% of capacity: its alerts stop, and the alerts it raised stay in the inbox\. This cannot be undone\./,
    );
    // (jsdom's showModal moves no focus; Chromium's puts it in the dialog.)
    within(screen.getByRole('dialog', { name: question }))
      .getByRole('button', { name: 'Cancel' })
      .focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleted).toEqual([]);
    await userEvent.click(again.getByRole('button', { name: 'Delete rule' }));
    const dialog = within(screen.getByRole('dialog', { name: question }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete rule' }));
    await waitFor(() => expect(deleted).toEqual(['4']));
    await waitFor(() => expect(rules.getByRole('button', { name: 'New rule' })).toHaveFocus());
  });

  it("shows an archived amenity's rule by name, says it does not fire, and offers only Delete", async () => {
    const deleted: string[] = [];
    server.use(
      http.get(ALERTS_API_PATHS.alertRules, () =>
        HttpResponse.json([
          ...alertRulesFixture,
          {
            ...alertRulesFixture[0],
            id: 7,
            amenityId: 'old-pool',
            amenityName: 'Old Pool',
            amenityArchived: true,
          },
        ]),
      ),
      http.delete(`${ALERTS_API_PATHS.alertRules}/:id`, ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderAlerts();
    const rules = within(await screen.findByRole('region', { name: 'Alert rules' }));
    const row = (await rules.findByText('Old Pool (archived) · Occupancy')).closest(
      'li',
    ) as HTMLElement;
    expect(row).toHaveTextContent(/Does not fire: Old Pool is archived\./);
    expect(within(row).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    await userEvent.click(
      within(row).getByRole('button', { name: 'Delete: Old Pool Occupancy at 90% of capacity' }),
    );
    expect(deleted).toEqual([]);
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this rule?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete rule' }));
    await waitFor(() => expect(deleted).toEqual(['7']));
    await waitFor(() => expect(rules.getByRole('button', { name: 'New rule' })).toHaveFocus());
  });

  it('Manage Alerts on the dashboard opens the rules', async () => {
    renderWithApp(
      <>
        <Routes>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/alerts" element={<AlertsPage />} />
        </Routes>
        <Location />
      </>,
      { route: '/dashboard' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Alerts' }, LAZY_LOAD));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/alerts#alert-rules',
    );
  });
});
