import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { demoMeFixture, meFixture } from '../../mocks/fixtures';
import { communityFixture } from '../../mocks/community-handlers';
import { plannedEventsFixture } from '../../mocks/events-handlers';
import { COMMUNITY_PATH, ME_PATH, PLANNED_EVENTS_PATH, type Me } from '../../src/api/contract';
import { AmyEventsPage } from '../../src/features/amy/amy-events-page';
import { CommunityManagementPage } from '../../src/features/community/community-management-page';
import { PLANNED_NEEDS_CONNECTION } from '../../src/features/community/planned-event-form';
import {
  NO_PLANNED_EVENTS,
  NO_PLANNED_MANAGER,
  NO_PLANNED_READER,
} from '../../src/features/community/upcoming-events';
import { addDays } from '../../src/lib/calendar-date';
import { todayIn } from '../../src/lib/zoned-time';
import { renderWithApp } from '../render';
import { createQueryClient } from '../../src/api/query-client';
import { amenitySetupQuery } from '../../src/api/amenity-setup';

/** A community of its own (not the demo's slug). */
const OWN = { ...communityFixture, slug: 'lakeside-commons', name: 'Lakeside Commons' };

function renderOwn(me: Me = meFixture) {
  server.use(
    http.get(COMMUNITY_PATH, () => HttpResponse.json(OWN)),
    http.get(ME_PATH, () => HttpResponse.json(me)),
  );
  return renderWithApp(<CommunityManagementPage />, { route: '/community-management' });
}

/** How many times the list was read. */
let listReads = 0;

/** The JSON bodies of the writes the page sends to /api/events/planned. */
function capturePlannedWrites() {
  const sent: { method: string; path: string; body: unknown }[] = [];
  listReads = 0;
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === PLANNED_EVENTS_PATH) listReads += 1;
    if (request.method === 'GET' || !url.pathname.startsWith(PLANNED_EVENTS_PATH)) return;
    void request
      .clone()
      .text()
      .then((text) => {
        sent.push({
          method: request.method,
          path: url.pathname,
          body: text ? JSON.parse(text) : null,
        });
      });
  });
  return sent;
}

const upcomingCard = () => screen.findByRole('region', { name: 'Upcoming events' });
/** A week from today in the community's zone: always a date the form accepts. */
const nextWeek = () => addDays(todayIn(OWN.timeZone), 7);

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Plan an event' }));
  const dialog = await screen.findByRole('dialog', { name: 'Plan an event' });
  await within(dialog).findByLabelText('Title');
  return { user, dialog };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  { title = 'Pool Party', date = nextWeek() } = {},
) {
  await user.type(within(dialog).getByLabelText('Title'), title);
  await user.selectOptions(within(dialog).getByLabelText('Amenity'), 'The Great Lawn');
  await user.selectOptions(within(dialog).getByLabelText('Category'), 'Seasonal');
  const day = within(dialog).getByLabelText('Date');
  await user.clear(day);
  await user.type(day, date);
  const start = within(dialog).getByLabelText('Starts at');
  await user.clear(start);
  await user.type(start, '17:30');
  const end = within(dialog).getByLabelText('Ends at');
  await user.clear(end);
  await user.type(end, '20:00');
  await user.type(within(dialog).getByLabelText('People planned for'), '60');
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

describe('Upcoming events (a community of its own)', () => {
  it('lists each planned event: date, time window, title, amenity, category, planned for', async () => {
    renderOwn();
    const card = await upcomingCard();
    const upcoming = await within(card).findByRole('list', { name: 'Upcoming events' });
    const items = within(upcoming).getAllByRole('listitem');
    expect(items).toHaveLength(plannedEventsFixture.length);
    const [first] = items;
    if (!first) throw new Error('no event');
    expect(first).toHaveTextContent('Sunset Movie Night');
    expect(first).toHaveTextContent('Sat, Jun 12, 2027');
    expect(first).toHaveTextContent('6:00 PM – 9:00 PM');
    expect(first).toHaveTextContent('The Great Lawn');
    expect(first).toHaveTextContent('Recreational');
    expect(first).toHaveTextContent('planned for 60');
    expect(card).toHaveTextContent('America/Los_Angeles');
    // Above the events held.
    const held = await screen.findByRole('region', { name: 'Events held' });
    expect(card.compareDocumentPosition(held) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says so when none is planned', async () => {
    server.use(http.get(PLANNED_EVENTS_PATH, () => HttpResponse.json([])));
    renderOwn();
    const card = await upcomingCard();
    expect(
      await within(card).findByText(`${NO_PLANNED_EVENTS} ${NO_PLANNED_MANAGER}`),
    ).toBeInTheDocument();
  });

  it('plans an event: sends the checked values, then reads the list again', async () => {
    const sent = capturePlannedWrites();
    renderOwn();
    await within(await upcomingCard()).findAllByRole('listitem');
    expect(listReads).toBe(1);
    const { user, dialog } = await openForm();
    const date = nextWeek();
    await fill(user, dialog, { date });
    await user.click(within(dialog).getByRole('button', { name: 'Plan event' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        method: 'POST',
        path: PLANNED_EVENTS_PATH,
        body: {
          amenityId: 'great-lawn',
          startsOn: date,
          startMinute: 17 * 60 + 30,
          endMinute: 20 * 60,
          title: 'Pool Party',
          category: 'seasonal',
          plannedAttendance: 60,
        },
      },
    ]);
    expect(await screen.findByText('Event planned')).toBeInTheDocument();
    // The list is read again.
    await waitFor(() => expect(listReads).toBe(2));
  });

  it('changes a planned event: the form opens filled in from it, sends it whole, then reads the list again', async () => {
    const sent = capturePlannedWrites();
    renderOwn();
    const user = userEvent.setup();
    const card = await upcomingCard();
    await user.click(
      await within(card).findByRole('button', { name: 'Edit Gardening Talk on Sat, Jul 3, 2027' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change planned event' });
    const title = await within(dialog).findByLabelText('Title');
    expect(title).toHaveValue('Gardening Talk');
    expect(within(dialog).getByLabelText('Amenity')).toHaveValue('solis-hall');
    expect(within(dialog).getByLabelText('Category')).toHaveValue('educational');
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2027-07-03');
    expect(within(dialog).getByLabelText('Starts at')).toHaveValue('10:00');
    expect(within(dialog).getByLabelText('Ends at')).toHaveValue('11:30');
    expect(within(dialog).getByLabelText('People planned for')).toHaveValue('20');
    await user.clear(title);
    await user.type(title, 'Gardening Workshop');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: `${PLANNED_EVENTS_PATH}/22`,
        body: {
          amenityId: 'solis-hall',
          startsOn: '2027-07-03',
          startMinute: 10 * 60,
          endMinute: 11 * 60 + 30,
          title: 'Gardening Workshop',
          category: 'educational',
          plannedAttendance: 20,
        },
      },
    ]);
    expect(await screen.findByText('Planned event changed')).toBeInTheDocument();
    await waitFor(() => expect(listReads).toBe(2));
  });

  it('checks the form on the device first: each problem at its field, nothing sent', async () => {
    const sent = capturePlannedWrites();
    renderOwn();
    const { user, dialog } = await openForm();
    await fill(user, dialog);
    const date = within(dialog).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2020-01-01');
    const end = within(dialog).getByLabelText('Ends at');
    await user.clear(end);
    await user.type(end, '16:00');
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Plan event' }));

    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(
      'Enter a title of at most 120 characters, on one line',
    );
    expect(date).toHaveAccessibleDescription(/^Must not be before today \(\d{4}-\d{2}-\d{2}\)/);
    expect(end).toHaveAccessibleDescription(/Must be after the start \(5:30 PM\)$/);
    expect(title).toHaveFocus();
    expect(sent).toEqual([]);
    expect(within(dialog).getByLabelText('People planned for')).toHaveValue('60');
  });

  it('checks the amenity’s opening hours on the device too, as the server words them', async () => {
    const sent = capturePlannedWrites();
    renderOwn();
    const { user, dialog } = await openForm();
    await fill(user, dialog);
    const start = within(dialog).getByLabelText('Starts at');
    await user.clear(start);
    await user.type(start, '05:30');
    await user.click(within(dialog).getByRole('button', { name: 'Plan event' }));

    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(start).toHaveAccessibleDescription(
      /The Great Lawn opens at 6:00 AM on \w+days \(open 6:00 AM – 10:00 PM\)$/,
    );
    expect(start).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('puts the server’s refusal of a duplicate (409) at the title', async () => {
    server.use(
      http.post(PLANNED_EVENTS_PATH, () =>
        HttpResponse.json(
          {
            error: `title: an event called Pool Party at The Great Lawn on ${nextWeek()} is already planned; give this one another title or date`,
          },
          { status: 409 },
        ),
      ),
    );
    renderOwn();
    const { user, dialog } = await openForm();
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Plan event' }));
    const title = within(dialog).getByLabelText('Title');
    await waitFor(() =>
      expect(title).toHaveAccessibleDescription(
        /An event called Pool Party at The Great Lawn on .* is already planned; give this one another title or date$/,
      ),
    );
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Plan an event' })).toBeInTheDocument();
  });

  it('puts the server’s opening-hours refusal at the end time', async () => {
    server.use(
      http.post(PLANNED_EVENTS_PATH, () =>
        HttpResponse.json(
          {
            error:
              'endMinute: The Great Lawn closes at 7:00 PM on Saturdays (open 6:00 AM – 7:00 PM)',
          },
          { status: 400 },
        ),
      ),
    );
    renderOwn();
    const { user, dialog } = await openForm();
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Plan event' }));
    const end = within(dialog).getByLabelText('Ends at');
    await waitFor(() =>
      expect(end).toHaveAccessibleDescription(/The Great Lawn closes at 7:00 PM on Saturdays/),
    );
    expect(end).toHaveAttribute('aria-invalid', 'true');
  });

  it('offline: says planning needs a connection, sends nothing and keeps what was typed', async () => {
    const sent = capturePlannedWrites();
    renderOwn();
    const { user, dialog } = await openForm();
    await fill(user, dialog);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await user.click(within(dialog).getByRole('button', { name: 'Plan event' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PLANNED_NEEDS_CONNECTION);
    expect(sent).toEqual([]);
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Pool Party');
  });

  it('deletes a planned event after asking, then reads the list again', async () => {
    const sent = capturePlannedWrites();
    renderOwn();
    const user = userEvent.setup();
    const card = await upcomingCard();
    await user.click(
      await within(card).findByRole('button', {
        name: 'Delete Gardening Talk on Sat, Jul 3, 2027',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this planned event?' });
    expect(dialog).toHaveTextContent('Gardening Talk at Solis Hall on Sat, Jul 3, 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Delete planned event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ method: 'DELETE', path: `${PLANNED_EVENTS_PATH}/22`, body: null }]);
    expect(await screen.findByText('Planned event deleted')).toBeInTheDocument();
    await waitFor(() => expect(listReads).toBe(2));
  });

  it('after a delete, keyboard focus goes to the next planned event, then to Plan an event', async () => {
    let list = plannedEventsFixture.filter((event) => event.id === 21 || event.id === 22);
    server.use(
      http.get(PLANNED_EVENTS_PATH, () => HttpResponse.json(list)),
      http.delete(`${PLANNED_EVENTS_PATH}/:id`, ({ params }) => {
        list = list.filter((event) => String(event.id) !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderOwn();
    const user = userEvent.setup();
    const card = await upcomingCard();
    const remove = async (name: string) => {
      await user.click(await within(card).findByRole('button', { name }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete this planned event?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete planned event' }));
      await waitFor(() => expect(within(card).queryByRole('button', { name })).toBeNull());
    };

    await remove('Delete Sunset Movie Night on Sat, Jun 12, 2027');
    await waitFor(() =>
      expect(
        within(card).getByRole('button', { name: 'Delete Gardening Talk on Sat, Jul 3, 2027' }),
      ).toHaveFocus(),
    );

    await remove('Delete Gardening Talk on Sat, Jul 3, 2027');
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Plan an event' })).toHaveFocus(),
    );
  });

  it('a Board member sees the upcoming events without the buttons', async () => {
    renderOwn({ ...meFixture, user: { ...meFixture.user, role: 'board' } });
    const card = await upcomingCard();
    expect(await within(card).findByText('Sunset Movie Night')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Plan an event' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('a Board member with none planned reads who plans them', async () => {
    server.use(http.get(PLANNED_EVENTS_PATH, () => HttpResponse.json([])));
    renderOwn({ ...meFixture, user: { ...meFixture.user, role: 'board' } });
    const card = await upcomingCard();
    expect(
      await within(card).findByText(`${NO_PLANNED_EVENTS} ${NO_PLANNED_READER}`),
    ).toBeInTheDocument();
  });
});

describe('Upcoming events in the demo community', () => {
  it('keeps the spec’s example events and asks nothing of the planned events', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      asked.push(new URL(request.url).pathname);
    });
    server.use(http.get(ME_PATH, () => HttpResponse.json(demoMeFixture)));
    renderWithApp(<CommunityManagementPage />, { route: '/community-management' });
    const events = await screen.findByRole('region', { name: 'Upcoming Community Events' });
    expect(within(events).getByText('Holiday Lights Walk')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Upcoming events' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Plan an event' })).toBeNull();
    expect(asked).not.toContain(PLANNED_EVENTS_PATH);
  });
});

describe('Amy Events: Create Custom Event saves to the community’s events', () => {
  function renderAmy(me: Me = meFixture, client = createQueryClient()) {
    server.use(
      http.get(COMMUNITY_PATH, () => HttpResponse.json(OWN)),
      http.get(ME_PATH, () => HttpResponse.json(me)),
    );
    return renderWithApp(<AmyEventsPage />, { route: '/amy-events', client });
  }

  async function openDialog() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Custom Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Custom Event' });
    return { user, dialog };
  }

  async function fillCustom(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    await user.type(within(dialog).getByLabelText('Title'), 'Pool Party');
    await user.type(within(dialog).getByLabelText('Amenity or place'), 'The Great Lawn');
    await user.type(within(dialog).getByLabelText('Date'), nextWeek());
    await user.type(within(dialog).getByLabelText('Start time'), '17:30');
    await user.type(within(dialog).getByLabelText('End time'), '20:00');
    await user.type(within(dialog).getByLabelText(/^Expected attendance/), '60');
    await user.selectOptions(within(dialog).getByLabelText(/^Category/), 'Seasonal');
  }

  it('posts the dialog’s fields as a planned event, and says so once the server answered 201', async () => {
    const sent = capturePlannedWrites();
    renderAmy();
    const { user, dialog } = await openDialog();
    // The calendar file stays beside it.
    expect(
      within(dialog).getByRole('button', { name: 'Create calendar file' }),
    ).toBeInTheDocument();
    await fillCustom(user, dialog);
    await user.click(
      await within(dialog).findByRole('button', { name: 'Save to the community’s events' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        method: 'POST',
        path: PLANNED_EVENTS_PATH,
        body: {
          amenityId: 'great-lawn',
          startsOn: nextWeek(),
          startMinute: 17 * 60 + 30,
          endMinute: 20 * 60,
          title: 'Pool Party',
          category: 'seasonal',
          plannedAttendance: 60,
        },
      },
    ]);
    expect(await screen.findByText('Saved to the community’s events')).toBeInTheDocument();
  });

  it('checks the amenity’s opening hours before sending, as the server words them', async () => {
    const sent = capturePlannedWrites();
    const client = createQueryClient();
    renderAmy(meFixture, client);
    const { user, dialog } = await openDialog();
    await fillCustom(user, dialog);
    const end = within(dialog).getByLabelText('End time');
    await user.clear(end);
    await user.type(end, '23:00');
    // The hours come with the amenities' settings (GET /api/amenities).
    await waitFor(() => expect(client.getQueryData(amenitySetupQuery().queryKey)).toBeDefined());
    await user.click(
      await within(dialog).findByRole('button', { name: 'Save to the community’s events' }),
    );
    expect(end).toHaveAccessibleDescription(
      /The Great Lawn closes at 10:00 PM on \w+days \(open 6:00 AM – 10:00 PM\)/,
    );
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    expect(screen.queryByText('Saved to the community’s events')).toBeNull();
  });

  it('shows the server’s refusal at its field, and no success', async () => {
    server.use(
      http.post(PLANNED_EVENTS_PATH, () =>
        HttpResponse.json(
          {
            error:
              'endMinute: The Great Lawn closes at 7:00 PM on Saturdays (open 6:00 AM – 7:00 PM)',
          },
          { status: 400 },
        ),
      ),
    );
    renderAmy();
    const { user, dialog } = await openDialog();
    await fillCustom(user, dialog);
    await user.click(
      await within(dialog).findByRole('button', { name: 'Save to the community’s events' }),
    );
    const end = within(dialog).getByLabelText('End time');
    await waitFor(() =>
      expect(end).toHaveAccessibleDescription(/The Great Lawn closes at 7:00 PM on Saturdays/),
    );
    expect(screen.getByRole('dialog', { name: 'Create Custom Event' })).toBeInTheDocument();
    expect(screen.queryByText('Saved to the community’s events')).toBeNull();
  });

  it('asks for one of the community’s amenities and a planned attendance before sending', async () => {
    const sent = capturePlannedWrites();
    renderAmy();
    const { user, dialog } = await openDialog();
    await fillCustom(user, dialog);
    const place = within(dialog).getByLabelText('Amenity or place');
    await user.clear(place);
    await user.type(place, 'The beach');
    await user.clear(within(dialog).getByLabelText(/^Expected attendance/));
    await user.click(
      await within(dialog).findByRole('button', { name: 'Save to the community’s events' }),
    );
    expect(place).toHaveAccessibleDescription(/choose one of the community’s amenities\.$/);
    expect(within(dialog).getByLabelText(/^Expected attendance/)).toHaveAccessibleDescription(
      /how many people it is planned for/,
    );
    expect(sent).toEqual([]);
  });

  it('a Board member gets the calendar file only', async () => {
    renderAmy({ ...meFixture, user: { ...meFixture.user, role: 'board' } });
    const { dialog } = await openDialog();
    expect(
      within(dialog).getByRole('button', { name: 'Create calendar file' }),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Save to the community’s events' }),
    ).toBeNull();
  });

  it('the demo gets the calendar file only', async () => {
    server.use(http.get(ME_PATH, () => HttpResponse.json(demoMeFixture)));
    renderWithApp(<AmyEventsPage />, { route: '/amy-events' });
    const { dialog } = await openDialog();
    expect(
      within(dialog).getByRole('button', { name: 'Create calendar file' }),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Save to the community’s events' }),
    ).toBeNull();
  });
});
