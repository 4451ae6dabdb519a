import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { demoMeFixture, meFixture } from '../../mocks/fixtures';
import { communityFixture } from '../../mocks/community-handlers';
import { eventsFixture } from '../../mocks/events-handlers';
import { API_PATHS, COMMUNITY_PATH, EVENTS_PATH, ME_PATH, type Me } from '../../src/api/contract';
import {
  CommunityManagementPage,
  DEMO_CREATE_EVENT_NOTE,
  EXAMPLE_EVENTS_NOTE,
} from '../../src/features/community/community-management-page';
import { EVENTS_NEED_CONNECTION } from '../../src/features/community/event-form';
import { NO_EVENTS_MANAGER, NO_EVENTS_YET } from '../../src/features/community/events-held';
import { analysisQuery } from '../../src/api/amy-analysis';
import { suggestionsQuery } from '../../src/api/amy-suggestions';
import { renderWithApp } from '../render';

/** A community of its own (not the demo's slug). */
const OWN = { ...communityFixture, slug: 'lakeside-commons', name: 'Lakeside Commons' };

function renderOwn(me: Me = meFixture) {
  server.use(
    http.get(COMMUNITY_PATH, () => HttpResponse.json(OWN)),
    http.get(ME_PATH, () => HttpResponse.json(me)),
  );
  return renderWithApp(<CommunityManagementPage />, { route: '/community-management' });
}

/** The JSON bodies of the writes the page sends to /api/events. */
function captureEventWrites() {
  const sent: { method: string; path: string; body: unknown }[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' || !url.pathname.startsWith(EVENTS_PATH)) return;
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

const eventsCard = () => screen.findByRole('region', { name: 'Events held' });

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Record an event' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record an event' });
  // The amenities arrive, and with them the form.
  await within(dialog).findByLabelText('Title');
  return { user, dialog };
}

/** Fills the form with a valid event (a date long past, today whatever the day the test runs). */
async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Title'), 'Spring Picnic');
  await user.selectOptions(within(dialog).getByLabelText('Amenity'), 'The Great Lawn');
  const date = within(dialog).getByLabelText('Held on');
  await user.clear(date);
  await user.type(date, '2026-03-14');
  await user.selectOptions(within(dialog).getByLabelText('Category'), 'Seasonal');
  await user.type(within(dialog).getByLabelText('People who came'), '42');
  await user.type(within(dialog).getByLabelText('People planned for'), '60');
  const cost = within(dialog).getByLabelText('Cost (USD)');
  await user.clear(cost);
  await user.type(cost, '350.50');
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

describe('Events held (a community of its own)', () => {
  it('lists the events recorded: date, title, amenity, category and attendance of plan', async () => {
    renderOwn();
    const card = await eventsCard();
    const items = await within(card).findAllByRole('listitem');
    expect(items).toHaveLength(eventsFixture.length);
    const [first] = items;
    if (!first) throw new Error('no event');
    expect(first).toHaveTextContent('Fall Picnic');
    expect(first).toHaveTextContent('Sat, Nov 14, 2026');
    expect(first).toHaveTextContent('The Great Lawn');
    expect(first).toHaveTextContent('Community');
    expect(first).toHaveTextContent('42 of 60 attended');
    expect(within(card).getByRole('link', { name: 'Open Amy Events' })).toHaveAttribute(
      'href',
      '/amy-events',
    );
    // The demo's examples and its dead-end Create Event are not here.
    expect(screen.queryByText(EXAMPLE_EVENTS_NOTE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Event' })).toBeNull();
    expect(
      within(first).getByRole('button', { name: 'Delete Fall Picnic on Sat, Nov 14, 2026' }),
    ).toBeInTheDocument();
  });

  it('says so when none is recorded yet', async () => {
    server.use(http.get(EVENTS_PATH, () => HttpResponse.json([])));
    renderOwn();
    const card = await eventsCard();
    expect(
      await within(card).findByText(`${NO_EVENTS_YET} ${NO_EVENTS_MANAGER}`),
    ).toBeInTheDocument();
  });

  it('records an event: sends the checked values, then reads the list and Amy again', async () => {
    const sent = captureEventWrites();
    const { client } = renderOwn();
    // Amy's answers are in the cache from an earlier visit to Amy Events.
    client.setQueryData(analysisQuery().queryKey, {
      monthlyTrends: [],
      popularCategories: [],
      bestPerformingAmenities: [],
      seasonalInsights: [],
    });
    client.setQueryData(suggestionsQuery().queryKey, []);
    const { user, dialog } = await openForm();
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Record event' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        method: 'POST',
        path: EVENTS_PATH,
        body: {
          amenityId: 'great-lawn',
          heldOn: '2026-03-14',
          title: 'Spring Picnic',
          category: 'seasonal',
          attendance: 42,
          plannedAttendance: 60,
          cost: 350.5,
        },
      },
    ]);
    expect(await screen.findByText('Event recorded')).toBeInTheDocument();
    expect(client.getQueryState(analysisQuery().queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(suggestionsQuery().queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState([API_PATHS.analysis])?.isInvalidated).toBe(true);
  });

  it('checks the form on the device first: each problem at its field, nothing sent', async () => {
    const sent = captureEventWrites();
    renderOwn();
    const { user, dialog } = await openForm();
    await fill(user, dialog);
    const date = within(dialog).getByLabelText('Held on');
    await user.clear(date);
    await user.type(date, '2099-01-01');
    const came = within(dialog).getByLabelText('People who came');
    await user.clear(came);
    await user.type(came, '-1');
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Record event' }));

    expect(title).toHaveAttribute('aria-invalid', 'true');
    // After its hint, the problem.
    expect(title).toHaveAccessibleDescription(
      /learn from it\. Enter a title of at most 120 characters, on one line$/,
    );
    expect(date).toHaveAccessibleDescription(/^Must not be after today \(\d{4}-\d{2}-\d{2}\)/);
    expect(came).toHaveAccessibleDescription(
      'Enter how many people came: a whole number from 0 to 100,000',
    );
    // Focus goes to the first field at fault.
    expect(title).toHaveFocus();
    expect(sent).toEqual([]);
    // What was typed stays.
    expect(within(dialog).getByLabelText('People planned for')).toHaveValue('60');
  });

  it('puts the server’s refusal of a duplicate (409) at the title', async () => {
    renderOwn();
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Title'), 'Fall Picnic');
    await user.selectOptions(within(dialog).getByLabelText('Amenity'), 'The Great Lawn');
    const date = within(dialog).getByLabelText('Held on');
    await user.clear(date);
    await user.type(date, '2026-11-14');
    await user.type(within(dialog).getByLabelText('People who came'), '10');
    await user.type(within(dialog).getByLabelText('People planned for'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Record event' }));

    const title = within(dialog).getByLabelText('Title');
    await waitFor(() =>
      expect(title).toHaveAccessibleDescription(
        /An event called Fall Picnic at The Great Lawn on 2026-11-14 is already recorded; give this one another title or date$/,
      ),
    );
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Record an event' })).toBeInTheDocument();
  });

  it('offline: says recording needs a connection, sends nothing and keeps what was typed', async () => {
    const sent = captureEventWrites();
    renderOwn();
    const { user, dialog } = await openForm();
    await fill(user, dialog);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await user.click(within(dialog).getByRole('button', { name: 'Record event' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(EVENTS_NEED_CONNECTION);
    expect(sent).toEqual([]);
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Spring Picnic');
  });

  it('deletes an event after asking, then reads the list again', async () => {
    const sent = captureEventWrites();
    renderOwn();
    const user = userEvent.setup();
    const card = await eventsCard();
    await user.click(
      await within(card).findByRole('button', {
        name: 'Delete Gardening Talk on Tue, Oct 20, 2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this event?' });
    expect(dialog).toHaveTextContent('Gardening Talk at Solis Hall on Tue, Oct 20, 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Delete event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ method: 'DELETE', path: `${EVENTS_PATH}/11`, body: null }]);
    expect(await screen.findByText('Event deleted')).toBeInTheDocument();
  });

  it('a Board member sees the events without the buttons', async () => {
    renderOwn({ ...meFixture, user: { ...meFixture.user, role: 'board' } });
    const card = await eventsCard();
    expect(await within(card).findByText('Fall Picnic')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem')[0]).toHaveTextContent(
      '42 of 60 attended · cost $350',
    );
    expect(screen.queryByRole('button', { name: 'Record an event' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});

describe('Events in the demo community', () => {
  it('still shows the spec’s example events, and no Events held card', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      asked.push(new URL(request.url).pathname);
    });
    server.use(http.get(ME_PATH, () => HttpResponse.json(demoMeFixture)));
    renderWithApp(<CommunityManagementPage />, { route: '/community-management' });
    const events = await screen.findByRole('region', { name: 'Upcoming Community Events' });
    expect(within(events).getByText(EXAMPLE_EVENTS_NOTE)).toBeInTheDocument();
    expect(within(events).getByText('Holiday Lights Walk')).toBeInTheDocument();
    expect(within(events).getByText('112 RSVPs (example)')).toBeInTheDocument();
    expect(within(events).getByRole('button', { name: 'Create Event' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Events held' })).toBeNull();
    expect(asked).not.toContain(EVENTS_PATH);
  });

  it('says what its Create Event can and cannot do, and offers Amy Events', async () => {
    server.use(http.get(ME_PATH, () => HttpResponse.json(demoMeFixture)));
    renderWithApp(<CommunityManagementPage />, { route: '/community-management' });
    const events = await screen.findByRole('region', { name: 'Upcoming Community Events' });
    await userEvent.click(within(events).getByRole('button', { name: 'Create Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Event' });
    expect(within(dialog).getByText(DEMO_CREATE_EVENT_NOTE)).toBeInTheDocument();
    // Nothing here says the server cannot store events: a community of its own plans them.
    expect(dialog).not.toHaveTextContent(/does not (accept|store)/);
    expect(within(dialog).getByRole('link', { name: 'Open Amy Events' })).toHaveAttribute(
      'href',
      '/amy-events',
    );
  });
});
