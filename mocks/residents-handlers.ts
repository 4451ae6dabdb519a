import { http, HttpResponse } from 'msw';
import {
  RESIDENTS_EXPORT_PATH,
  RESIDENTS_IMPORT_PATH,
  RESIDENTS_PATH,
  ResidentInputSchema,
  ResidentPatchSchema,
  ResidentsQuerySchema,
  describeIssues,
  type Resident,
  type ResidentImport,
  type ResidentPage,
} from '../src/api/contract';
import { inDirectoryOrder, residentSearch } from '../src/lib/resident-search';
import { markExistingEmails, parseResidentsCsv, residentsCsv } from '../src/lib/residents-csv';

/** The demo community's directory as the server seeds it (issue 11). */
export const residentsFixture: Resident[] = [
  ['Aisha Mohammed', 'B-112', 'aisha.mohammed@example.com', 'active'],
  ['Daniel Kim', 'B-305', 'daniel.kim@example.com', 'inactive'],
  ['Emily Rodriguez', 'A-101', 'emily.rodriguez@example.com', 'active'],
  ['James Thompson', 'A-204', 'james.thompson@example.com', 'active'],
  ['Sofia Rossi', 'E-310', null, 'active'],
].map(([name, unit, email, status], index) => ({
  id: index + 1,
  name: name as string,
  unit: unit as string,
  email: email ?? null,
  phone: null,
  householdSize: 2,
  status: status as Resident['status'],
  joinedOn: '2021-03-14',
  notes: '',
}));

const badRequest = (message: string) => HttpResponse.json({ error: message }, { status: 400 });

/** List and search, add, edit, remove, import and export, checked like the server; nothing is kept. */
export const residentsHandlers = [
  http.get(RESIDENTS_PATH, ({ request }) => {
    const parsed = ResidentsQuerySchema.safeParse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    if (!parsed.success) return badRequest(`Invalid query: ${describeIssues(parsed.error)}`);
    const { q, limit, offset } = parsed.data;
    // The server's own search and order (server/residents/routes.ts).
    const matches = residentSearch(q);
    const found = inDirectoryOrder(matches ? residentsFixture.filter(matches) : residentsFixture);
    const page: ResidentPage = {
      residents: found.slice(offset, offset + limit),
      matching: found.length,
      limit,
      offset,
      total: residentsFixture.length,
      active: residentsFixture.filter((r) => r.status === 'active').length,
    };
    return HttpResponse.json(page);
  }),
  http.post(RESIDENTS_PATH, async ({ request }) => {
    const parsed = ResidentInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequest(describeIssues(parsed.error));
    const input = parsed.data;
    const created: Resident = {
      id: 100,
      name: input.name,
      unit: input.unit,
      email: input.email || null,
      phone: input.phone || null,
      householdSize: input.householdSize ?? null,
      status: input.status ?? 'active',
      joinedOn: input.joinedOn ?? null,
      notes: input.notes ?? '',
    };
    return HttpResponse.json(created, { status: 201 });
  }),
  http.patch(`${RESIDENTS_PATH}/:id`, async ({ params, request }) => {
    const current = residentsFixture.find((r) => String(r.id) === params.id);
    if (!current) return HttpResponse.json({ error: 'No such resident' }, { status: 404 });
    const parsed = ResidentPatchSchema.safeParse(await request.json());
    if (!parsed.success) return badRequest(describeIssues(parsed.error));
    return HttpResponse.json({ ...current, ...parsed.data });
  }),
  http.delete(`${RESIDENTS_PATH}/:id`, ({ params }) => {
    const current = residentsFixture.find((r) => String(r.id) === params.id);
    if (!current) return HttpResponse.json({ error: 'No such resident' }, { status: 404 });
    return HttpResponse.json(current);
  }),
  http.post(RESIDENTS_IMPORT_PATH, async ({ request }) => {
    const dryRun = new URL(request.url).searchParams.get('dryRun') === '1';
    const file = parseResidentsCsv(await request.text());
    if (!file.ok) return badRequest(file.error);
    const existing = new Map(
      residentsFixture.flatMap((r) => (r.email ? [[r.email.toLowerCase(), r.name] as const] : [])),
    );
    const rows = markExistingEmails(file.rows, existing);
    const invalid = rows.filter((row) => row.errors.length > 0).length;
    const result: ResidentImport = {
      dryRun,
      rows,
      invalid,
      imported: dryRun || invalid ? 0 : rows.length,
    };
    if (!dryRun && invalid) {
      const error = `Nothing was imported: ${invalid} of ${rows.length} rows have problems`;
      return HttpResponse.json({ error, ...result }, { status: 400 });
    }
    return HttpResponse.json(result);
  }),
  http.get(
    RESIDENTS_EXPORT_PATH,
    () =>
      new HttpResponse(`\uFEFF${residentsCsv(inDirectoryOrder(residentsFixture))}`, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="residents-willow-creek-2026-11-22.csv"',
        },
      }),
  ),
];
