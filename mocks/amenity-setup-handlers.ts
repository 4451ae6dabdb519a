import { http, HttpResponse } from 'msw';
import {
  AMENITY_SETUP_PATH,
  AmenityInputSchema,
  AmenityPatchSchema,
  describeIssues,
  type AmenitySetup,
} from '../src/api/contract';
import { everyDay, weeklyHoursProblem } from '../src/lib/weekly-hours';
import { amenitiesFixture } from './fixtures';

/** The amenity settings of the fixture amenities (issue 11). */
export const amenitySetupFixture: AmenitySetup[] = amenitiesFixture.map((amenity) => ({
  id: amenity.id,
  name: amenity.name,
  type: amenity.type,
  description: amenity.description,
  capacity: amenity.capacity,
  hours: everyDay(6 * 60, 22 * 60),
  color: amenity.color,
  monthlyOperatingCost: amenity.monthlyOperatingCost ?? null,
  archived: false,
}));

const badRequest = (message: string) => HttpResponse.json({ error: message }, { status: 400 });

/** Create, edit and archive, checked like the server checks them; nothing is kept. */
export const amenitySetupHandlers = [
  http.get(AMENITY_SETUP_PATH, () => HttpResponse.json(amenitySetupFixture)),
  http.post(AMENITY_SETUP_PATH, async ({ request }) => {
    const parsed = AmenityInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequest(describeIssues(parsed.error));
    const input = parsed.data;
    const hours = weeklyHoursProblem(input.hours);
    if (hours) return badRequest(hours);
    const created: AmenitySetup = {
      ...input,
      id: input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      description: input.description ?? '',
      color: input.color ?? '#9333ea',
      archived: false,
    };
    return HttpResponse.json(created, { status: 201 });
  }),
  http.patch(`${AMENITY_SETUP_PATH}/:id`, async ({ params, request }) => {
    const current = amenitySetupFixture.find((a) => a.id === params.id);
    if (!current) return HttpResponse.json({ error: 'No such amenity' }, { status: 404 });
    const parsed = AmenityPatchSchema.safeParse(await request.json());
    if (!parsed.success) return badRequest(describeIssues(parsed.error));
    const next = { ...current, ...parsed.data };
    const hours = weeklyHoursProblem(next.hours);
    return hours ? badRequest(hours) : HttpResponse.json(next);
  }),
  http.post(`${AMENITY_SETUP_PATH}/:id/archive`, ({ params }) => {
    const current = amenitySetupFixture.find((a) => a.id === params.id);
    if (!current) return HttpResponse.json({ error: 'No such amenity' }, { status: 404 });
    return HttpResponse.json({ ...current, archived: true });
  }),
];
