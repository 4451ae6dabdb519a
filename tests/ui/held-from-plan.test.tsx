import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { meFixture } from '../../mocks/fixtures';
import { communityFixture } from '../../mocks/community-handlers';
import { awaitingEventsFixture, eventsFixture } from '../../mocks/events-handlers';
import {
  COMMUNITY_PATH,
  EVENTS_PATH,
  ME_PATH,
  PLANNED_AWAITING_PATH,
  PLANNED_EVENTS_PATH,
  plannedHeldPath,
  type HeldEvent,
  type Me,
} from '../../src/api/contract';
import { CommunityManagementPage } from '../../src/features/community/community-management-page';
import {
  HELD_FROM_PLAN_NEEDS_CONNECTION,
  HELD_FROM_PLAN_NOTE,
} from '../../src/features/community/held-from-plan-form';
import {
  AWAITING_MANAGER,
  AWAITING_READER,
  AWAITING_TITLE,
} from '../../src/features/community/upcoming-events';
import { renderWithApp } from '../render';

/** A community of its own (not the demo's slug). */
const OWN = { ...communityFixture, slug: 'lakeside-commons', name: 'Lakeside Commons' };
const BOARD: Me = { ...meFixture, user: { ...meFixture.user, role: 'board' } };

/** The pumpkin carving (Sat, Nov 28, 2026 at Solis Hall, planned for 30), first in the list. */
const [PUMPKIN] = awaitingEventsFixture;
if (!PUMPKIN) throw new Error('no awaiting fixture');
const PUMPKIN_BUTTON = 'Record as held: Pumpkin Carving on Sat, Nov 28, 2026';

function renderOwn(me: Me = meFixture) {
  server.use(
    http.get(COMMUNITY_PATH, () => HttpResponse.json(OWN)),
    http.get(ME_PATH, () => HttpResponse.json(me)),
  );
  return renderWithApp(<CommunityManagementPage />, { route: '/community-management' });
}

/** The requests the page makes, reads counted per path and writes with their JSON bodies. */
function captureRequests() {
  const reads: Record<string, number> = {};
  const writes: { method: string; path: string; body: unknown }[] = [];
  server.events.on('request:start', ({ request }) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET') {
      reads[pathname] = (reads[pathname] ?? 0) + 1;
      return;
    }
    if (!pathname.startsWith(EVENTS_PATH)) return;
    void request
      .clone()
      .text()
      .then((text) => {
        writes.push({
          method: request.method,
          path: pathname,
          body: text ? JSON.parse(text) : null,
        });
      });
  });
  return { reads, writes };
}

/**
 * A server that keeps what it is told: recording the pumpkin carving takes it out of the awaiting
 * list and puts an event held at the top of the events held.
 */
function recordingServer() {
  let recorded: HeldEvent | null = null;
  server.use(
    http.get(PLANNED_AWAITING_PATH, () =>
      HttpResponse.json(awaitingEventsFixture.filter((e) => !recorded || e.id !== PUMPKIN?.id)),
    ),
    http.get(EVENTS_PATH, () =>
      HttpResponse.json(recorded ? [recorded, ...eventsFixture] : eventsFixture),
    ),
    http.post(`${PLANNED_EVENTS_PATH}/:id/held`, async ({ request }) => {
      const body = (await request.json()) as { attendance: number; cost?: number };
      recorded = {
        id: 101,
        amenityId: PUMPKIN?.amenityId ?? '',
        amenityName: PUMPKIN?.amenityName ?? '',
        heldOn: PUMPKIN?.startsOn ?? '',
        title: PUMPKIN?.title ?? '',
        category: PUMPKIN?.category ?? 'seasonal',
        kind: null,
        attendance: body.attendance,
        plannedAttendance: PUMPKIN?.plannedAttendance ?? 1,
        cost: body.cost ?? 0,
      };
      return HttpResponse.json(recorded, { status: 201 });
    }),
  );
}

const awaitingSection = () => screen.findByRole('region', { name: AWAITING_TITLE });

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: PUMPKIN_BUTTON }));
  const dialog = await screen.findByRole('dialog', { name: 'Record as held' });
  return { user, dialog };
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

describe('Held? Record the attendance (planned events that have ended)', () => {
  it('lists them in the Upcoming events card, apart from the upcoming ones, for 60 days', async () => {
    renderOwn();
    const card = await screen.findByRole('region', { name: 'Upcoming events' });
    const section = await awaitingSection();
    expect(card).toContainElement(section);
    expect(section).toHaveTextContent(AWAITING_MANAGER);
    expect(AWAITING_MANAGER).toMatch(/from the last 60 days/);
    const list = within(section).getByRole('list', { name: 'Awaiting their attendance' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(awaitingEventsFixture.length);
    const [first] = items;
    if (!first) throw new Error('no item');
    expect(first).toHaveTextContent('Pumpkin Carving');
    expect(first).toHaveTextContent('Sat, Nov 28, 2026');
    expect(first).toHaveTextContent('2:00 PM – 4:00 PM');
    expect(first).toHaveTextContent('Solis Hall');
    expect(first).toHaveTextContent('Seasonal');
    expect(first).toHaveTextContent('planned for 30');
    expect(within(first).getByRole('button', { name: PUMPKIN_BUTTON })).toHaveTextContent(
      'Record as held',
    );
    expect(
      within(first).getByRole('button', { name: 'Delete Pumpkin Carving on Sat, Nov 28, 2026' }),
    ).toBeInTheDocument();
    // The upcoming list does not hold them.
    const upcoming = within(card).getByRole('list', { name: 'Upcoming events' });
    expect(upcoming).not.toHaveTextContent('Pumpkin Carving');
  });

  it('records one as held: a dialog prefilled from the plan asks how many came, then both lists are read again', async () => {
    recordingServer();
    const { reads, writes } = captureRequests();
    renderOwn();
    const section = await awaitingSection();
    await within(section).findByText('Pumpkin Carving');
    const before = { ...reads };
    const { user, dialog } = await openDialog();
    // The plan, as planned.
    expect(dialog).toHaveTextContent('Pumpkin Carving');
    expect(dialog).toHaveTextContent('Sat, Nov 28, 2026');
    expect(dialog).toHaveTextContent('Solis Hall');
    expect(dialog).toHaveTextContent('Seasonal');
    expect(dialog).toHaveTextContent('planned for 30');
    expect(dialog).toHaveTextContent(HELD_FROM_PLAN_NOTE);
    const attendance = within(dialog).getByLabelText('People who came');
    expect(attendance).toHaveValue('');
    expect(within(dialog).getByLabelText('Cost (USD)')).toHaveValue('0');
    await user.type(attendance, '27');
    await user.click(within(dialog).getByRole('button', { name: 'Record as held' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([
      { method: 'POST', path: plannedHeldPath(PUMPKIN.id), body: { attendance: 27, cost: 0 } },
    ]);
    expect(await screen.findByText('Recorded as held')).toBeInTheDocument();
    expect(
      screen.getByText('Pumpkin Carving: 27 of 30 attended. It is now in Events held.'),
    ).toBeInTheDocument();
    // Both lists (and the upcoming one) are read again: the plan has left the awaiting list and
    // the event is among the events held.
    await waitFor(() => expect(within(section).queryByText('Pumpkin Carving')).toBeNull());
    // Keyboard focus is not lost with the row: it moves to the next one awaiting.
    await waitFor(() =>
      expect(
        within(section).getByRole('button', { name: /^Record as held: Morning Yoga/ }),
      ).toHaveFocus(),
    );
    const held = await screen.findByRole('region', { name: 'Events held' });
    const first = (await within(held).findAllByRole('listitem'))[0];
    expect(first).toHaveTextContent('Pumpkin Carving');
    expect(first).toHaveTextContent('27 of 30 attended');
    expect(reads[PLANNED_AWAITING_PATH]).toBeGreaterThan(before[PLANNED_AWAITING_PATH] ?? 0);
    expect(reads[PLANNED_EVENTS_PATH]).toBeGreaterThan(before[PLANNED_EVENTS_PATH] ?? 0);
    expect(reads[EVENTS_PATH]).toBeGreaterThan(before[EVENTS_PATH] ?? 0);
  });

  it('checks the attendance on the device first: the error at its field, nothing sent', async () => {
    const { writes } = captureRequests();
    renderOwn();
    const { user, dialog } = await openDialog();
    const cost = within(dialog).getByLabelText('Cost (USD)');
    await user.clear(cost);
    await user.type(cost, '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Record as held' }));
    const attendance = within(dialog).getByLabelText('People who came');
    expect(attendance).toHaveAttribute('aria-invalid', 'true');
    expect(attendance).toHaveAccessibleDescription(
      'Enter how many people came: a whole number from 0 to 100,000',
    );
    expect(cost).toHaveAttribute('aria-invalid', 'true');
    expect(attendance).toHaveFocus();
    expect(writes).toEqual([]);
  });

  it('says the server’s refusal when the plan is gone meanwhile, with no success, and reads the lists again', async () => {
    server.use(
      http.post(`${PLANNED_EVENTS_PATH}/:id/held`, ({ params }) =>
        HttpResponse.json(
          {
            error: `No planned event ${String(params.id)}: it may have been recorded as held or deleted meanwhile`,
          },
          { status: 404 },
        ),
      ),
    );
    const { reads } = captureRequests();
    renderOwn();
    await within(await awaitingSection()).findByText('Pumpkin Carving');
    const awaitingReads = reads[PLANNED_AWAITING_PATH] ?? 0;
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('People who came'), '27');
    await user.click(within(dialog).getByRole('button', { name: 'Record as held' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `No planned event ${PUMPKIN.id}: it may have been recorded as held or deleted meanwhile`,
    );
    expect(screen.getByRole('dialog', { name: 'Record as held' })).toBeInTheDocument();
    expect(screen.queryByText('Recorded as held')).toBeNull();
    await waitFor(() => expect(reads[PLANNED_AWAITING_PATH]).toBeGreaterThan(awaitingReads));
  });

  it('puts the server’s refusal of the attendance at its field', async () => {
    server.use(
      http.post(`${PLANNED_EVENTS_PATH}/:id/held`, () =>
        HttpResponse.json({ error: 'attendance: must be at most 100000' }, { status: 400 }),
      ),
    );
    renderOwn();
    const { user, dialog } = await openDialog();
    const attendance = within(dialog).getByLabelText('People who came');
    await user.type(attendance, '27');
    await user.click(within(dialog).getByRole('button', { name: 'Record as held' }));
    await waitFor(() => expect(attendance).toHaveAccessibleDescription('Must be at most 100000'));
    expect(attendance).toHaveAttribute('aria-invalid', 'true');
  });

  it('offline: says recording needs a connection, sends nothing and keeps what was typed', async () => {
    const { writes } = captureRequests();
    renderOwn();
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('People who came'), '27');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await user.click(within(dialog).getByRole('button', { name: 'Record as held' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      HELD_FROM_PLAN_NEEDS_CONNECTION,
    );
    expect(writes).toEqual([]);
    expect(within(dialog).getByLabelText('People who came')).toHaveValue('27');
  });

  it('a Board member sees them, who records them, and no buttons', async () => {
    renderOwn(BOARD);
    const section = await awaitingSection();
    expect(await within(section).findByText('Pumpkin Carving')).toBeInTheDocument();
    expect(section).toHaveTextContent(AWAITING_READER);
    expect(within(section).queryAllByRole('button')).toEqual([]);
  });

  it('shows nothing of it while none awaits its attendance', async () => {
    server.use(http.get(PLANNED_AWAITING_PATH, () => HttpResponse.json([])));
    const { reads } = captureRequests();
    renderOwn();
    const card = await screen.findByRole('region', { name: 'Upcoming events' });
    await within(card).findByText('Sunset Movie Night');
    await waitFor(() => expect(reads[PLANNED_AWAITING_PATH]).toBe(1));
    expect(screen.queryByRole('region', { name: AWAITING_TITLE })).toBeNull();
  });
});
