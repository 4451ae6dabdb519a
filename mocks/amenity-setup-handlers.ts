import { http, HttpResponse } from 'msw';
import {
  AMENITY_SETUP_PATH,
  AmenityInputSchema,
  AmenityPatchSchema,
  amenityPhotoUrl,
  describeIssues,
  type AmenitySetup,
} from '../src/api/contract';
import { closuresProblem, sortClosures } from '../src/lib/amenity-closures';
import { checkPhoto } from '../src/lib/image-header';
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
  closures: [],
  color: amenity.color,
  monthlyOperatingCost: amenity.monthlyOperatingCost ?? null,
  archived: false,
  photoUrl: null,
}));

/**
 * An amenity archived earlier: listed with the others (the server lists archived ones too), so
 * the Amenities page shows its Archived amenities section; restoring it is answered, not kept.
 */
export const archivedAmenitySetupFixture: AmenitySetup[] = [
  {
    id: 'tennis-court',
    name: 'Tennis Court',
    type: 'yard',
    description: 'Two hard courts, closed while they are resurfaced',
    capacity: 16,
    hours: everyDay(7 * 60, 21 * 60),
    closures: [],
    color: '#d97706',
    monthlyOperatingCost: 900,
    archived: true,
    photoUrl: null,
  },
];

/** Every amenity GET /api/amenities answers with, archived ones included. */
const everyAmenity = () => [...amenitySetupFixture, ...archivedAmenitySetupFixture];

const badRequest = (message: string) => HttpResponse.json({ error: message }, { status: 400 });
const notFound = () => HttpResponse.json({ error: 'No such amenity' }, { status: 404 });
const conflict = (message: string) => HttpResponse.json({ error: message }, { status: 409 });

/** Photos uploaded in this session (`npm run dev`), by amenity id: served back until reload. */
const photos = new Map<string, { bytes: ArrayBuffer; type: string }>();

/** A version for the photo URL (the server uses SHA-256; any content hash does here). */
function versionOf(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0').repeat(2);
}

/** Create, edit, archive and restore, checked like the server checks them; nothing is kept. */
export const amenitySetupHandlers = [
  http.get(AMENITY_SETUP_PATH, () => HttpResponse.json(everyAmenity())),
  http.post(AMENITY_SETUP_PATH, async ({ request }) => {
    const parsed = AmenityInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequest(describeIssues(parsed.error));
    const input = parsed.data;
    const problem = weeklyHoursProblem(input.hours) ?? closuresProblem(input.closures ?? []);
    if (problem) return badRequest(problem);
    const created: AmenitySetup = {
      ...input,
      closures: sortClosures(input.closures ?? []),
      id: input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      description: input.description ?? '',
      color: input.color ?? '#9333ea',
      archived: false,
      photoUrl: null,
    };
    return HttpResponse.json(created, { status: 201 });
  }),
  http.patch(`${AMENITY_SETUP_PATH}/:id`, async ({ params, request }) => {
    const current = everyAmenity().find((a) => a.id === params.id);
    if (!current) return HttpResponse.json({ error: 'No such amenity' }, { status: 404 });
    if (current.archived) return conflict(`${current.name} is archived`);
    const parsed = AmenityPatchSchema.safeParse(await request.json());
    if (!parsed.success) return badRequest(describeIssues(parsed.error));
    const next = { ...current, ...parsed.data };
    const problem = weeklyHoursProblem(next.hours) ?? closuresProblem(next.closures ?? []);
    if (problem) return badRequest(problem);
    return HttpResponse.json({ ...next, closures: sortClosures(next.closures ?? []) });
  }),
  http.post(`${AMENITY_SETUP_PATH}/:id/archive`, ({ params }) => {
    const current = everyAmenity().find((a) => a.id === params.id);
    if (!current) return HttpResponse.json({ error: 'No such amenity' }, { status: 404 });
    if (current.archived) return conflict(`${current.name} is already archived`);
    return HttpResponse.json({ ...current, archived: true });
  }),
  http.post(`${AMENITY_SETUP_PATH}/:id/restore`, ({ params }) => {
    const current = everyAmenity().find((a) => a.id === params.id);
    if (!current) return notFound();
    if (!current.archived) return conflict(`${current.name} is not archived`);
    return HttpResponse.json({ ...current, archived: false });
  }),
  // The photo: checked from its bytes like the server does (size, magic number, header).
  http.put(`${AMENITY_SETUP_PATH}/:id/photo`, async ({ params, request }) => {
    const current = everyAmenity().find((a) => a.id === params.id);
    if (!current) return notFound();
    if (current.archived) return conflict(`${current.name} is archived`);
    const bytes = await request.arrayBuffer();
    const checked = checkPhoto(new Uint8Array(bytes));
    if (!checked.ok) {
      return HttpResponse.json({ error: checked.message }, { status: checked.status });
    }
    photos.set(current.id, { bytes, type: checked.image.type });
    const version = versionOf(new Uint8Array(bytes));
    return HttpResponse.json({ ...current, photoUrl: amenityPhotoUrl(current.id, version) });
  }),
  http.delete(`${AMENITY_SETUP_PATH}/:id/photo`, ({ params }) => {
    const current = everyAmenity().find((a) => a.id === params.id);
    if (!current) return notFound();
    if (current.archived) return conflict(`${current.name} is archived`);
    photos.delete(current.id);
    return HttpResponse.json({ ...current, photoUrl: null });
  }),
  http.get(`${AMENITY_SETUP_PATH}/:id/photo`, ({ params }) => {
    const photo = photos.get(String(params.id));
    if (!photo) return HttpResponse.json({ error: 'No photo' }, { status: 404 });
    return new HttpResponse(photo.bytes, {
      headers: { 'Content-Type': photo.type, 'X-Content-Type-Options': 'nosniff' },
    });
  }),
];
