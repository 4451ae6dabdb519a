import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import {
  pausedByRemovalScheduleFixture,
  reportArchiveCsvFixture,
  reportArchiveFixture,
  reportSchedulesFixture,
} from '../../mocks/alerts-fixtures';
import { demoMeFixture } from '../../mocks/fixtures';
import {
  ALERTS_API_PATHS,
  ME_PATH,
  READINGS_FILE_PATH,
  type ReportSchedule,
  type ReportScheduleInput,
} from '../../src/api/contract';
import { ReportsPage } from '../../src/features/reports/reports-page';
import { captureDownloads } from '../downloads';
import { stubIntersectionObserver } from '../intersection-observer';
import { LAZY_LOAD, renderWithApp } from '../render';

function region(name: string) {
  return screen.findByRole('region', { name });
}

describe('scheduled reports and the report archive', () => {
  it("lists the server's schedules and creates a weekly one", async () => {
    const sent: ReportScheduleInput[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith(ALERTS_API_PATHS.reportSchedules)) {
        void request
          .clone()
          .json()
          .then((body: ReportScheduleInput) => sent.push(body));
      }
    });
    renderWithApp(<ReportsPage />, { route: '/reports' });
    const card = within(await region('Scheduled Reports'));
    expect(await card.findByText('Day 1 of each month at 08:00 · Bob Board')).toBeInTheDocument();
    // The next run with its zone, as every report time states it.
    expect(card.getByText(/^Next:/)).toHaveTextContent(/^Next: Dec 1, 2026, 8:00 AM PST$/);
    // The old device-only sample schedules are gone.
    expect(screen.queryByText('Weekly Usage Summary')).not.toBeInTheDocument();

    await userEvent.click(card.getByRole('button', { name: 'New schedule' }));
    const form = within(card.getByRole('form', { name: 'New schedule' }));
    await userEvent.selectOptions(form.getByLabelText('Frequency'), 'Weekly');
    await userEvent.selectOptions(form.getByLabelText('Day of the week'), 'Monday');
    const time = form.getByLabelText('Time of day');
    await userEvent.clear(time);
    await userEvent.type(time, '7:00');
    await userEvent.click(form.getByRole('button', { name: 'Save schedule' }));
    expect(time).toHaveAccessibleDescription(/Enter a time as HH:MM/);
    // Focus goes to the field to fix, not left on Save.
    await waitFor(() => expect(time).toHaveFocus());
    expect(sent).toEqual([]);

    await userEvent.clear(time);
    await userEvent.type(time, '07:00');
    // Recipients are the community's users, ticked by name.
    const recipients = within(form.getByRole('group', { name: 'Recipients' }));
    await userEvent.click(await recipients.findByRole('checkbox', { name: /Bob Board/ }));
    await userEvent.click(form.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() =>
      expect(card.queryByRole('form', { name: 'New schedule' })).not.toBeInTheDocument(),
    );
    expect(sent).toEqual([
      {
        kind: 'usage',
        cadence: 'weekly',
        weekday: 1,
        timeOfDay: '07:00',
        recipients: [3],
        enabled: true,
      },
    ]);
  });

  it('edits a schedule in place with focus in the form; Delete asks to confirm, then focus returns to the list', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete(`${ALERTS_API_PATHS.reportSchedules}/:id`, ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithApp(<ReportsPage />, { route: '/reports' });
    const card = within(await region('Scheduled Reports'));
    const edit = await card.findByRole('button', { name: 'Edit: Day 1 of each month at 08:00' });
    await userEvent.click(edit);
    const row = within(edit.closest('li') as HTMLElement);
    const form = within(row.getByRole('form', { name: 'Edit schedule' }));
    expect(form.getByLabelText('Report')).toHaveFocus();
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(card.getByRole('button', { name: 'Edit: Day 1 of each month at 08:00' })).toHaveFocus();

    await userEvent.click(card.getByRole('button', { name: 'Edit: Day 1 of each month at 08:00' }));
    const again = within(card.getByRole('form', { name: 'Edit schedule' }));
    await userEvent.click(again.getByRole('button', { name: 'Delete schedule' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this schedule?' }));
    expect(deleted).toEqual([]);
    // Cancel keeps it: nothing sent, the form still open.
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleted).toEqual([]);
    await userEvent.click(again.getByRole('button', { name: 'Delete schedule' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this schedule?' })).getByRole('button', {
        name: 'Delete schedule',
      }),
    );
    await waitFor(() => expect(deleted).toEqual(['1']));
    await waitFor(() => expect(card.getByRole('button', { name: 'New schedule' })).toHaveFocus());
  });

  it('says the same thing about delivery in the card and at Recipients: push, and email when sent', async () => {
    renderWithApp(<ReportsPage />, { route: '/reports' });
    const section = await region('Scheduled Reports');
    expect(section).not.toHaveTextContent(/not emailed/);
    expect(section).toHaveTextContent(
      /Its recipients are told as each chose in Settings → Notifications: by push, and by email with the CSV attached when this server sends email\./,
    );
    const card = within(section);
    await userEvent.click(await card.findByRole('button', { name: 'New schedule' }));
    const recipients = card.getByRole('group', { name: 'Recipients' });
    expect(recipients).toHaveTextContent(
      /by push, and by email with the CSV attached when this server sends email\. None ticked: everyone who turned report notifications on\./,
    );
  });

  it('a schedule whose only recipient was removed says so, not "everyone who chose report notifications"', async () => {
    const forEveryone: ReportSchedule = {
      ...pausedByRemovalScheduleFixture,
      id: 3,
      weekday: 5,
      enabled: true,
      pausedNote: null,
    };
    server.use(
      http.get(ALERTS_API_PATHS.reportSchedules, () =>
        HttpResponse.json([...reportSchedulesFixture, pausedByRemovalScheduleFixture, forEveryone]),
      ),
    );
    renderWithApp(<ReportsPage />, { route: '/reports' });
    const card = within(await region('Scheduled Reports'));
    const paused = (
      await card.findByText(
        'Mondays at 07:00 · Paused: its only recipient, Dana Reyes, was removed.',
      )
    ).closest('li') as HTMLElement;
    expect(within(paused).getByText('Paused')).toBeInTheDocument();
    expect(paused).not.toHaveTextContent(/everyone/);
    // A schedule saved with no one ticked still reads as what it is.
    expect(
      card.getByText('Fridays at 07:00 · everyone who chose report notifications'),
    ).toBeInTheDocument();
  });

  it('the editor of such a schedule says why it is paused, and what switching it on with no one ticked does', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(ALERTS_API_PATHS.reportSchedules, () =>
        HttpResponse.json([pausedByRemovalScheduleFixture]),
      ),
      http.patch(`${ALERTS_API_PATHS.reportSchedules}/:id`, async ({ request }) => {
        const body = (await request.json()) as ReportScheduleInput;
        sent.push(body);
        return HttpResponse.json({
          ...pausedByRemovalScheduleFixture,
          enabled: body.enabled ?? false,
          pausedNote: null,
        });
      }),
    );
    renderWithApp(<ReportsPage />, { route: '/reports' });
    const card = within(await region('Scheduled Reports'));
    await userEvent.click(await card.findByRole('button', { name: 'Edit: Mondays at 07:00' }));
    const formElement = card.getByRole('form', { name: 'Edit schedule' });
    const form = within(formElement);
    expect(formElement).toHaveAccessibleDescription(
      'Paused: its only recipient, Dana Reyes, was removed. Tick who should receive it. Switched on with no one ticked, it would go to everyone who chose report notifications.',
    );
    const recipients = within(form.getByRole('group', { name: 'Recipients' }));
    await recipients.findByRole('checkbox', { name: /Bob Board/ });
    expect(recipients.queryAllByRole('checkbox', { checked: true })).toEqual([]);
    const enabled = form.getByRole('switch', { name: 'Enabled' });
    expect(enabled).not.toBeChecked();
    expect(enabled).not.toHaveAccessibleDescription(/everyone/);

    // On with no one ticked: said at the switch, where the choice is made.
    await userEvent.click(enabled);
    expect(enabled).toHaveAccessibleDescription(
      'On with no one ticked: each report goes to everyone who chose report notifications.',
    );
    // Someone ticked: the line goes; untick them, and it is back.
    const bob = recipients.getByRole('checkbox', { name: /Bob Board/ });
    await userEvent.click(bob);
    expect(enabled).not.toHaveAccessibleDescription(/everyone/);
    await userEvent.click(bob);
    expect(enabled).toHaveAccessibleDescription(/goes to everyone who chose report notifications/);

    await userEvent.click(form.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ recipients: [], enabled: true });
  });

  it('a new schedule says at the switch that no one ticked means everyone', async () => {
    renderWithApp(<ReportsPage />, { route: '/reports' });
    const card = within(await region('Scheduled Reports'));
    await userEvent.click(await card.findByRole('button', { name: 'New schedule' }));
    const form = within(card.getByRole('form', { name: 'New schedule' }));
    const enabled = form.getByRole('switch', { name: 'Enabled' });
    expect(enabled).toHaveAccessibleDescription(
      'On with no one ticked: each report goes to everyone who chose report notifications.',
    );
    await userEvent.click(enabled);
    expect(enabled).not.toHaveAccessibleDescription(/everyone/);
  });

  it('tells the demo viewer that schedules need a manager', async () => {
    server.use(http.get(ME_PATH, () => HttpResponse.json(demoMeFixture)));
    renderWithApp(<ReportsPage />, { route: '/reports' });
    const card = within(await region('Scheduled Reports'));
    expect(await card.findByText(/The demo is read-only/)).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'New schedule' })).not.toBeInTheDocument();
  });

  it('a report-ready notification opens its entry (/reports?archive=<id>)', async () => {
    renderWithApp(<ReportsPage />, { route: '/reports?archive=3' });
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'October 2026 usage report' },
      LAZY_LOAD,
    );
    expect(within(dialog).getByText('38,412')).toBeInTheDocument();
  });

  it('an archived report whose period had no day of data says its daily average is not known', async () => {
    const [entry] = reportArchiveFixture;
    if (!entry) throw new Error('the fixture has an archived report');
    // Built when no amenity had a day of data in October: the server wrote null.
    server.use(
      http.get(ALERTS_API_PATHS.reportArchive, () =>
        HttpResponse.json([{ ...entry, summary: { ...entry.summary, dailyAverage: null } }]),
      ),
    );
    renderWithApp(<ReportsPage />, { route: '/reports?archive=3' });
    const dialog = within(
      await screen.findByRole('dialog', { name: 'October 2026 usage report' }, LAZY_LOAD),
    );
    expect(dialog.getByText('Daily average').nextElementSibling).toHaveTextContent(
      /^— \(no amenity had a day of data in this period\)$/,
    );
    expect(dialog.queryByText('0')).not.toBeInTheDocument();
  });

  it('an archived report says which amenities were added during its period, or after it', async () => {
    const [entry] = reportArchiveFixture;
    if (!entry) throw new Error('the fixture has an archived report');
    const perAmenity = [
      ...entry.summary.perAmenity,
      // Midnight of Sat 17 Oct, and half past midnight of 1 Nov, in the community's Pacific time.
      {
        id: 'market-street',
        name: 'Market Street',
        visits: 812,
        share: 2.1,
        addedAt: '2026-10-17T07:00:00.000Z',
      },
      { id: 'pergola', name: 'Pergola', visits: 0, share: 0, addedAt: '2026-11-01T07:30:00.000Z' },
    ];
    server.use(
      http.get(ALERTS_API_PATHS.reportArchive, () =>
        HttpResponse.json([{ ...entry, summary: { ...entry.summary, perAmenity } }]),
      ),
    );
    renderWithApp(<ReportsPage />, { route: '/reports?archive=3' });
    const dialog = within(
      await screen.findByRole('dialog', { name: 'October 2026 usage report' }, LAZY_LOAD),
    );
    const names = dialog.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(names).toEqual([
      'The Great Lawn',
      'Grand Lake',
      'Market Street (added Sat 17 Oct 00:00)',
      'Pergola (added after this period)',
    ]);
  });

  it('opens an archived report and downloads its CSV, also once the server is gone', async () => {
    const files = captureDownloads();
    const { client } = renderWithApp(<ReportsPage />, { route: '/reports' });
    const archive = within(await region('Report archive'));
    await userEvent.click(
      await archive.findByRole('button', { name: 'Open: October 2026 usage report' }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'October 2026 usage report' }, LAZY_LOAD),
    );
    expect(dialog.getByText('38,412')).toBeInTheDocument();
    // Calendar days are the community's; the build time carries its zone.
    expect(
      screen.getByText('Thu, Oct 1, 2026 to Sat, Oct 31, 2026, days in Pacific Time (PT)'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Nov 1, 2026, 7:00 AM PST')).toBeInTheDocument();
    // The coverage the server stated when it built the report, from the sensors' gaps.
    expect(
      dialog.getByText(
        'Data for 30 d 22 h of 31 d; Grand Lake sensor silent Tue 13 Oct 02:00–04:00',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('row', { name: /The Great Lawn 12,904 33.6%/ })).toBeInTheDocument();

    // The CSV was saved while online: it downloads with the server unreachable.
    await waitFor(() =>
      expect(client.getQueryData([ALERTS_API_PATHS.reportArchive, 3])).toBe(
        reportArchiveCsvFixture,
      ),
    );
    server.use(http.get(`${ALERTS_API_PATHS.reportArchive}/:id`, () => HttpResponse.error()));
    await userEvent.click(
      dialog.getByRole('button', { name: 'Download CSV: October 2026 usage report' }),
    );
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.name).toBe('usage-2026-10-01-to-2026-10-31.csv');
    expect(files[0]?.text).toBe(`\uFEFF${reportArchiveCsvFixture}`);

    // The readings of its period come from the server only: with it gone, the dialog says so.
    server.use(http.get(READINGS_FILE_PATH, () => HttpResponse.error()));
    const readings = dialog.getByRole('button', {
      name: 'Download readings: October 2026 usage report',
    });
    await userEvent.click(readings);
    expect(
      await dialog.findByText(
        "Can't reach CommonGround. The readings file comes from the server: connect to download it.",
      ),
    ).toHaveAttribute('role', 'alert');
    expect(files).toHaveLength(1);
    // Back, it downloads them: the report's own days.
    server.resetHandlers();
    await userEvent.click(readings);
    await waitFor(() => expect(files).toHaveLength(2));
    expect(files[1]?.name).toBe('readings-all-2026-10-01-to-2026-10-31-2026-11-22.csv');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('below the report list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders the scheduled reports and the archive as the reader nears them, their data kept on the device before', async () => {
    const observer = stubIntersectionObserver();
    const { client } = renderWithApp(<ReportsPage />, { route: '/reports' });
    await region('Available Reports');
    // Saved for the offline snapshot while the cards are still far below: the archive with its
    // CSVs, and the manager's schedules.
    await waitFor(() => {
      expect(client.getQueryData([ALERTS_API_PATHS.reportArchive])).toEqual(reportArchiveFixture);
      expect(client.getQueryData([ALERTS_API_PATHS.reportArchive, 3])).toBe(
        reportArchiveCsvFixture,
      );
      expect(client.getQueryData([ALERTS_API_PATHS.reportSchedules])).toEqual(
        reportSchedulesFixture,
      );
    });
    expect(screen.queryByRole('region', { name: 'Scheduled Reports' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Report archive' })).not.toBeInTheDocument();

    act(() => observer.intersect(true));
    const schedules = within(await region('Scheduled Reports'));
    expect(
      await schedules.findByText('Day 1 of each month at 08:00 · Bob Board'),
    ).toBeInTheDocument();
    const archive = within(await region('Report archive'));
    expect(
      await archive.findByRole('button', { name: 'Open: October 2026 usage report' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['/reports#scheduled-reports', 'Scheduled Reports'],
    ['/reports?archive=3', 'Report archive'],
  ])('%s renders the cards at once, far below as they are', async (route, name) => {
    stubIntersectionObserver();
    renderWithApp(<ReportsPage />, { route });
    expect(await region(name)).toBeInTheDocument();
  });
});
