import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { demoMeFixture, meFixture, suggestionsFixture } from '../../mocks/fixtures';
import { communityFixture } from '../../mocks/community-handlers';
import {
  API_PATHS,
  COMMUNITY_PATH,
  ME_PATH,
  PLANNED_EVENTS_PATH,
  type Me,
  type Suggestion,
} from '../../src/api/contract';
import { AmyEventsPage } from '../../src/features/amy/amy-events-page';
import { addDays } from '../../src/lib/calendar-date';
import { todayIn } from '../../src/lib/zoned-time';
import { renderWithApp } from '../render';

/** A community of its own (not the demo's slug), where a Manager may save events. */
const OWN = { ...communityFixture, slug: 'lakeside-commons', name: 'Lakeside Commons' };

/** Amy's first suggestion, a week from today: a date the form accepts. */
function suggestion(): Suggestion {
  const [first] = suggestionsFixture();
  if (!first) throw new Error('no suggestion in the fixture');
  return {
    ...first,
    title: 'Sunset Movie Night',
    category: 'recreational',
    suggestedAmenity: 'The Great Lawn',
    suggestedDate: addDays(todayIn(OWN.timeZone), 7),
    suggestedTime: '6:30 PM - 9:00 PM',
    expectedAttendance: 120,
  };
}

function renderAmy(me: Me = meFixture) {
  server.use(
    http.get(COMMUNITY_PATH, () => HttpResponse.json(OWN)),
    http.get(ME_PATH, () => HttpResponse.json(me)),
    http.get(API_PATHS.suggestions, () => HttpResponse.json([suggestion()])),
  );
  return renderWithApp(<AmyEventsPage />, { route: '/amy-events' });
}

/** The JSON bodies POSTed to /api/events/planned. */
function capturePlans() {
  const sent: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'POST' || new URL(request.url).pathname !== PLANNED_EVENTS_PATH) return;
    void request
      .clone()
      .json()
      .then((body: unknown) => sent.push(body));
  });
  return sent;
}

describe("Amy Events: planning one of Amy's suggestions", () => {
  it('opens the plan form filled in from the suggestion, and saves it as the community’s event', async () => {
    const sent = capturePlans();
    renderAmy();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Sunset Movie Night' });
    await user.click(within(card).getByRole('button', { name: 'Plan this event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan this event' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Sunset Movie Night');
    expect(within(dialog).getByLabelText('Amenity or place')).toHaveValue('The Great Lawn');
    expect(within(dialog).getByLabelText('Date')).toHaveValue(suggestion().suggestedDate);
    expect(within(dialog).getByLabelText('Start time')).toHaveValue('18:30');
    expect(within(dialog).getByLabelText('End time')).toHaveValue('21:00');
    expect(within(dialog).getByLabelText(/^Expected attendance/)).toHaveValue('120');
    expect(within(dialog).getByLabelText(/^Category/)).toHaveValue('recreational');

    await user.click(
      await within(dialog).findByRole('button', { name: 'Save to the community’s events' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        amenityId: 'great-lawn',
        startsOn: suggestion().suggestedDate,
        startMinute: 18 * 60 + 30,
        endMinute: 21 * 60,
        title: 'Sunset Movie Night',
        category: 'recreational',
        plannedAttendance: 120,
      },
    ]);
    expect(await screen.findByText('Saved to the community’s events')).toBeInTheDocument();
  });

  it('Create Custom Event still opens empty after a suggestion was planned', async () => {
    renderAmy();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Sunset Movie Night' });
    await user.click(within(card).getByRole('button', { name: 'Plan this event' }));
    const planned = await screen.findByRole('dialog', { name: 'Plan this event' });
    await user.click(within(planned).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Create Custom Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Custom Event' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('');
  });

  it.each([
    ['a Board member', { ...meFixture, user: { ...meFixture.user, role: 'board' as const } }],
    ['the demo', demoMeFixture],
  ])('%s is not offered to plan it (only the calendar file)', async (_, me) => {
    renderAmy(me);
    const card = await screen.findByRole('article', { name: 'Sunset Movie Night' });
    expect(within(card).getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Plan this event' })).toBeNull();
  });
});
