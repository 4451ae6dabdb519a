import { http, HttpResponse } from 'msw';
import {
  EVENTS_PATH,
  EventInputSchema,
  EventsQuerySchema,
  describeIssues,
  type HeldEvent,
} from '../src/api/contract';
import { amenitySetupFixture } from './amenity-setup-handlers';

/** Events a community recorded, newest first (the demo's own come from its simulator). */
export const eventsFixture: HeldEvent[] = [
  {
    id: 12,
    amenityId: 'great-lawn',
    amenityName: 'The Great Lawn',
    heldOn: '2026-11-14',
    title: 'Fall Picnic',
    category: 'community',
    kind: null,
    attendance: 42,
    plannedAttendance: 60,
    cost: 350,
  },
  {
    id: 11,
    amenityId: 'solis-hall',
    amenityName: 'Solis Hall',
    heldOn: '2026-10-20',
    title: 'Gardening Talk',
    category: 'educational',
    kind: null,
    attendance: 18,
    plannedAttendance: 20,
    cost: 0,
  },
];

const badRequest = (message: string) => HttpResponse.json({ error: message }, { status: 400 });

/** List, record and remove events, checked like the server (server/events/routes.ts); nothing is kept. */
export const eventsHandlers = [
  http.get(EVENTS_PATH, ({ request }) => {
    const parsed = EventsQuerySchema.safeParse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    if (!parsed.success) return badRequest(`Invalid query: ${describeIssues(parsed.error)}`);
    const { before, limit } = parsed.data;
    return HttpResponse.json(
      eventsFixture.filter((e) => before === undefined || e.heldOn < before).slice(0, limit),
    );
  }),
  http.post(EVENTS_PATH, async ({ request }) => {
    const parsed = EventInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequest(describeIssues(parsed.error));
    const input = parsed.data;
    const amenity = amenitySetupFixture.find((a) => a.id === input.amenityId);
    if (!amenity) return badRequest(`amenityId: the community has no amenity ${input.amenityId}`);
    const taken = eventsFixture.some(
      (e) =>
        e.heldOn === input.heldOn && e.amenityId === input.amenityId && e.title === input.title,
    );
    if (taken) {
      return HttpResponse.json(
        {
          error: `title: an event called ${input.title} at ${amenity.name} on ${input.heldOn} is already recorded; give this one another title or date`,
        },
        { status: 409 },
      );
    }
    const created: HeldEvent = { id: 100, ...input, amenityName: amenity.name, kind: null };
    return HttpResponse.json(created, { status: 201 });
  }),
  http.delete(`${EVENTS_PATH}/:id`, ({ params }) => {
    if (!eventsFixture.some((e) => String(e.id) === params.id)) {
      return HttpResponse.json({ error: `No event ${String(params.id)}` }, { status: 404 });
    }
    return new HttpResponse(null, { status: 204 });
  }),
];
