import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { communityFixture } from '../../mocks/community-handlers';
import { meFixture } from '../../mocks/fixtures';
import {
  AUDIT_EXPORT_PATH,
  AUDIT_PATH,
  COMMUNITY_PATH,
  ME_PATH,
  type AuditEntry,
  type AuditPage,
  type Me,
} from '../../src/api/contract';
import { AUDIT_PERIOD_BACKWARDS, AuditTab } from '../../src/features/settings/audit-tab';
import { captureDownloads } from '../downloads';
import { renderWithApp } from '../render';

const adminMe: Me = { ...meFixture, user: { ...meFixture.user, role: 'admin' } };

const entry = (id: number, action: string, extra: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: new Date(Date.UTC(2026, 10, 20, 12, id)).toISOString(),
  actor: { id: 1, name: 'Alex Admin', email: 'admin@willowcreek.example' },
  action,
  target: null,
  before: null,
  after: null,
  ...extra,
});

/**
 * The audit tab showing `log`, as an Admin, once `ready` (an action's words, or any text of the
 * page, e.g. an amount in the community's currency once its profile has loaded) is on the page.
 */
async function showLog(log: AuditEntry[], ready = 'Alert rule changed', currency = 'USD') {
  const page: AuditPage = { entries: log, nextBefore: null };
  server.use(
    http.get(ME_PATH, () => HttpResponse.json(adminMe)),
    http.get(AUDIT_PATH, () => HttpResponse.json(page)),
    http.get(COMMUNITY_PATH, () => HttpResponse.json({ ...communityFixture, currency })),
  );
  renderWithApp(<AuditTab />, { route: '/settings' });
  await waitFor(() => expect(document.body.textContent).toContain(ready));
  const list = screen
    .getAllByRole('list')
    .find((candidate) => candidate.textContent.includes(ready));
  if (!list) throw new Error('no list');
  return within(list)
    .getAllByRole('listitem')
    .map((item) => ({
      title: item.querySelector('p')?.textContent,
      fields: [...item.querySelectorAll('dl > div')].map((field) => [
        field.querySelector('dt')?.textContent ?? '',
        field.querySelector('dd')?.textContent ?? '',
      ]),
    }));
}

describe('Audit log', () => {
  it('says which alert rule or report schedule an entry is about, in words', async () => {
    // As the server records them (server/alerts/routes.ts, server/schedules/routes.ts), with the
    // keys in the database's order; the last two as rows stored before names were recorded.
    const rule = {
      kind: 'occupancy',
      enabled: true,
      amenityId: 'grand-lake',
      threshold: 90,
      rearmBelow: 80,
      amenityName: 'Grand Lake',
      cooldownMinutes: 30,
    };
    const schedule = {
      kind: 'usage',
      cadence: 'weekly',
      weekday: 1,
      enabled: true,
      timeOfDay: '08:00',
      dayOfMonth: null,
      recipients: [2, 51],
      recipientNames: ['Dana Reyes', 'Lee Park'],
    };
    const rows = await showLog([
      entry(4, 'alert-rule.update', {
        target: '12',
        before: rule,
        after: { ...rule, threshold: 85 },
      }),
      entry(3, 'report-schedule.create', { target: '3', after: schedule }),
      entry(2, 'alert-rule.delete', {
        target: '7',
        before: { kind: 'after_hours', amenityId: 'the-yard', threshold: 2 },
      }),
      entry(1, 'report-schedule.update', {
        target: '4',
        before: { kind: 'usage', cadence: 'monthly', dayOfMonth: 1, timeOfDay: '07:00' },
        after: { kind: 'usage', cadence: 'monthly', dayOfMonth: 1, timeOfDay: '07:30' },
      }),
    ]);
    expect(rows).toEqual([
      {
        title: 'Alert rule changed · Occupancy alert for Grand Lake (85% of capacity)',
        fields: [['Threshold', 'from 90 → to 85']],
      },
      {
        title: 'Report schedule added · Weekly usage report (Mondays at 8:00 AM)',
        fields: [
          ['Kind', 'Usage report'],
          ['Cadence', 'Weekly'],
          ['Weekday', 'Monday'],
          ['Time of day', '8:00 AM'],
          ['Recipients', 'Dana Reyes, Lee Park'],
          ['Enabled', 'yes'],
        ],
      },
      {
        title: 'Alert rule deleted · After hours alert for the-yard (2 people present)',
        fields: [
          ['Amenity', 'from the-yard → to —'],
          ['Kind', 'from After hours → to —'],
          ['Threshold', 'from 2 → to —'],
        ],
      },
      {
        title: 'Report schedule changed · Monthly usage report (day 1 of each month at 7:30 AM)',
        fields: [['Time of day', 'from 7:00 AM → to 7:30 AM']],
      },
    ]);
  });

  it('names amenities and sensors, and gives amounts in the community’s currency', async () => {
    // As the server records them (server/amenities/routes.ts toSetup, server/integrations/
    // manage-routes.ts auditedDevice); the sensor removed as rows stored before amenity names were.
    const court = {
      id: 'qa-court',
      name: 'QA Court',
      type: 'court',
      capacity: 20,
      monthlyOperatingCost: 500,
    };
    const sensor = {
      devEui: '24E124C0DE000007',
      name: 'Court gate',
      amenityId: 'sunny-playground',
      amenityName: 'Sunny Side Playground',
      model: 'vs121',
    };
    const rows = await showLog(
      [
        entry(4, 'amenity.create', { target: 'qa-court', after: court }),
        entry(3, 'amenity.update', {
          target: 'qa-court',
          before: court,
          after: { ...court, monthlyOperatingCost: 650.5 },
        }),
        entry(2, 'device.update', {
          target: '24E124C0DE000007',
          before: sensor,
          after: { ...sensor, amenityId: 'qa-court', amenityName: 'QA Court' },
        }),
        entry(1, 'device.delete', {
          target: '24E124C0DE000008',
          before: { devEui: '24E124C0DE000008', name: 'Lawn gate', amenityId: 'great-lawn' },
        }),
      ],
      '€650.50',
      'EUR',
    );
    expect(rows).toEqual([
      {
        title: 'Amenity added · QA Court',
        fields: [
          ['Name', 'QA Court'],
          ['Type', 'court'],
          ['Capacity', '20'],
          ['Monthly operating cost', '€500'],
        ],
      },
      {
        title: 'Amenity changed · QA Court',
        fields: [['Monthly operating cost', 'from €500 → to €650.50']],
      },
      {
        title: 'Sensor changed · Court gate',
        fields: [['Amenity', 'from Sunny Side Playground → to QA Court']],
      },
      {
        title: 'Sensor removed · Lawn gate',
        fields: [
          ['Dev EUI', 'from 24E124C0DE000008 → to —'],
          ['Name', 'from Lawn gate → to —'],
          ['Amenity', 'from great-lawn → to —'],
        ],
      },
    ]);
  });

  it('keeps to a period of the community’s days, asked of the server, and refuses one that runs backwards', async () => {
    const asked: URLSearchParams[] = [];
    const log = [
      entry(1, 'amenity.update', { target: 'great-lawn', at: '2026-11-02T18:00:00.000Z' }),
      entry(2, 'amenity.update', { target: 'solis-hall', at: '2026-11-20T18:00:00.000Z' }),
    ];
    server.use(
      http.get(ME_PATH, () => HttpResponse.json(adminMe)),
      http.get(COMMUNITY_PATH, () => HttpResponse.json(communityFixture)),
      http.get(AUDIT_PATH, ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        // As the server does, by day (the fixture's times are midday in the community's zone).
        const from = params.get('from') ?? '0000';
        const to = params.get('to') ?? '9999';
        const entries = log.filter((e) => e.at.slice(0, 10) >= from && e.at.slice(0, 10) <= to);
        return HttpResponse.json({ entries, nextBefore: null } satisfies AuditPage);
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<AuditTab />, { route: '/settings' });
    await screen.findByText('solis-hall');
    expect(screen.getByText('great-lawn')).toBeInTheDocument();
    const fromField = screen.getByLabelText(/^From/);
    const toField = screen.getByLabelText(/^To/);
    expect(screen.getByText('A day in Pacific Time (PT)')).toBeInTheDocument();

    await user.type(fromField, '2026-11-01');
    await user.type(toField, '2026-11-10');
    // The list of the period once it has come (while it loads, neither entry is shown).
    await waitFor(() => {
      expect(screen.getByText('great-lawn')).toBeInTheDocument();
      expect(screen.queryByText('solis-hall')).not.toBeInTheDocument();
    });
    expect(asked.at(-1)?.get('from')).toBe('2026-11-01');
    expect(asked.at(-1)?.get('to')).toBe('2026-11-10');

    await user.clear(fromField);
    await user.type(fromField, '2026-11-03');
    expect(await screen.findByText('Nothing recorded in this period.')).toBeInTheDocument();

    // Backwards: said at the field, and nothing asked of the server for it.
    const before = asked.length;
    await user.clear(toField);
    await user.type(toField, '2026-11-02');
    expect(await screen.findByText(AUDIT_PERIOD_BACKWARDS)).toBeInTheDocument();
    expect(toField).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Nothing recorded in this period.')).not.toBeInTheDocument();
    expect(
      asked
        .slice(before)
        .some((params) => params.get('from') === '2026-11-03' && params.get('to') === '2026-11-02'),
    ).toBe(false);
  });

  it('downloads the entries of its choice as the server’s CSV file, and says why when it cannot', async () => {
    const files = captureDownloads();
    const asked: URLSearchParams[] = [];
    let refuse = false;
    server.use(
      http.get(ME_PATH, () => HttpResponse.json(adminMe)),
      http.get(COMMUNITY_PATH, () => HttpResponse.json(communityFixture)),
      http.get(AUDIT_PATH, () =>
        HttpResponse.json({
          entries: [entry(1, 'amenity.update', { target: 'great-lawn' })],
          nextBefore: null,
        } satisfies AuditPage),
      ),
      http.get(AUDIT_EXPORT_PATH, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        if (refuse) {
          return HttpResponse.json(
            {
              error:
                'More than 10,000 entries match: choose a shorter period, or one kind of entry under Show',
            },
            { status: 400 },
          );
        }
        return new HttpResponse('\uFEFFReport,Audit log\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="audit-log-willow-creek-2026-12-07.csv"',
          },
        });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<AuditTab />, { route: '/settings' });
    await screen.findByText('great-lawn');
    await user.selectOptions(screen.getByLabelText('Show'), 'Amenities');
    await user.type(screen.getByLabelText(/^From/), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Download started')).toBeInTheDocument();
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]).toEqual({
      name: 'audit-log-willow-creek-2026-12-07.csv',
      text: '\uFEFFReport,Audit log\r\n',
    });
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ action: 'amenity.', from: '2026-11-01' });

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
    expect(
      screen.getByText(
        'More than 10,000 entries match: choose a shorter period, or one kind of entry under Show',
      ),
    ).toBeInTheDocument();
    expect(files).toHaveLength(1);
  });
});
