import { http, HttpResponse } from 'msw';
import {
  EVENTS_PATH,
  EventInputSchema,
  EventsQuerySchema,
  PLANNED_AWAITING_PATH,
  PLANNED_EVENTS_PATH,
  PlannedEventInputSchema,
  PlannedHeldInputSchema,
  describeIssues,
  plannedWindowProblem,
  type HeldEvent,
  type PlannedEvent,
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

/** A plan's body checked as the server checks it (schema, window, amenity), or the 400. */
async function checkedPlan(request: Request) {
  const parsed = PlannedEventInputSchema.safeParse(await request.json());
  if (!parsed.success) return badRequest(describeIssues(parsed.error));
  const input = parsed.data;
  const window = plannedWindowProblem(input.startMinute, input.endMinute);
  if (window) return badRequest(window);
  const amenity = amenitySetupFixture.find((a) => a.id === input.amenityId);
  if (!amenity) return badRequest(`amenityId: the community has no amenity ${input.amenityId}`);
  return { input, amenity };
}

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

/** Events a community plans to hold, soonest first. */
export const plannedEventsFixture: PlannedEvent[] = [
  {
    id: 21,
    amenityId: 'great-lawn',
    amenityName: 'The Great Lawn',
    startsOn: '2027-06-12',
    startMinute: 18 * 60,
    endMinute: 21 * 60,
    title: 'Sunset Movie Night',
    category: 'recreational',
    plannedAttendance: 60,
  },
  {
    id: 22,
    amenityId: 'solis-hall',
    amenityName: 'Solis Hall',
    startsOn: '2027-07-03',
    startMinute: 10 * 60,
    endMinute: 11 * 60 + 30,
    title: 'Gardening Talk',
    category: 'educational',
    plannedAttendance: 20,
  },
];

/** Planned events whose day has passed, most recent first, awaiting their attendance. */
export const awaitingEventsFixture: PlannedEvent[] = [
  {
    id: 24,
    amenityId: 'solis-hall',
    amenityName: 'Solis Hall',
    startsOn: '2026-11-28',
    startMinute: 14 * 60,
    endMinute: 16 * 60,
    title: 'Pumpkin Carving',
    category: 'seasonal',
    plannedAttendance: 30,
  },
  {
    id: 23,
    amenityId: 'great-lawn',
    amenityName: 'The Great Lawn',
    startsOn: '2026-11-21',
    startMinute: 8 * 60,
    endMinute: 9 * 60,
    title: 'Morning Yoga',
    category: 'wellness',
    plannedAttendance: 15,
  },
];

/**
 * List, plan and remove upcoming events, and record a past one as held, checked like the server
 * (server/events/planned-routes.ts) but for dates and opening hours; nothing is kept.
 */
export const plannedEventsHandlers = [
  http.get(PLANNED_EVENTS_PATH, () => HttpResponse.json(plannedEventsFixture)),
  http.get(PLANNED_AWAITING_PATH, () => HttpResponse.json(awaitingEventsFixture)),
  http.post(`${PLANNED_EVENTS_PATH}/:id/held`, async ({ params, request }) => {
    const parsed = PlannedHeldInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequest(describeIssues(parsed.error));
    const id = String(params.id);
    const upcoming = plannedEventsFixture.find((e) => String(e.id) === id);
    if (upcoming) {
      return badRequest(
        `${upcoming.title} cannot be recorded as held: its day (${upcoming.startsOn}) has not passed yet`,
      );
    }
    const plan = awaitingEventsFixture.find((e) => String(e.id) === id);
    if (!plan) {
      return HttpResponse.json(
        { error: `No planned event ${id}: it may have been recorded as held or deleted meanwhile` },
        { status: 404 },
      );
    }
    const held: HeldEvent = {
      id: 101,
      amenityId: plan.amenityId,
      amenityName: plan.amenityName,
      heldOn: plan.startsOn,
      title: plan.title,
      category: plan.category,
      kind: null,
      attendance: parsed.data.attendance,
      plannedAttendance: plan.plannedAttendance,
      cost: parsed.data.cost ?? 0,
    };
    return HttpResponse.json(held, { status: 201 });
  }),
  http.post(PLANNED_EVENTS_PATH, async ({ request }) => {
    const checked = await checkedPlan(request);
    if (checked instanceof Response) return checked;
    const { input, amenity } = checked;
    const taken = plannedEventsFixture.some(
      (e) =>
        e.startsOn === input.startsOn && e.amenityId === input.amenityId && e.title === input.title,
    );
    if (taken) {
      return HttpResponse.json(
        {
          error: `title: an event called ${input.title} at ${amenity.name} on ${input.startsOn} is already planned; give this one another title or date`,
        },
        { status: 409 },
      );
    }
    const created: PlannedEvent = { id: 200, ...input, amenityName: amenity.name };
    return HttpResponse.json(created, { status: 201 });
  }),
  http.put(`${PLANNED_EVENTS_PATH}/:id`, async ({ params, request }) => {
    const before = plannedEventsFixture.find((e) => String(e.id) === params.id);
    if (!before) {
      return HttpResponse.json({ error: `No planned event ${String(params.id)}` }, { status: 404 });
    }
    const checked = await checkedPlan(request);
    if (checked instanceof Response) return checked;
    const { input, amenity } = checked;
    const changed: PlannedEvent = { id: before.id, ...input, amenityName: amenity.name };
    return HttpResponse.json(changed);
  }),
  http.delete(`${PLANNED_EVENTS_PATH}/:id`, ({ params }) => {
    if (!plannedEventsFixture.some((e) => String(e.id) === params.id)) {
      return HttpResponse.json({ error: `No planned event ${String(params.id)}` }, { status: 404 });
    }
    return new HttpResponse(null, { status: 204 });
  }),
];
