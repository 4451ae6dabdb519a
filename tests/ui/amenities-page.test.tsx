import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import {
  amenitySetupFixture,
  archivedAmenitySetupFixture,
} from '../../mocks/amenity-setup-handlers';
import { amenitiesFixture, demoMeFixture, meFixture, sensorsFixture } from '../../mocks/fixtures';
import {
  AMENITY_SETUP_PATH,
  API_PATHS,
  AmenityAnalyticsListSchema,
  ME_PATH,
  type AmenitySetup,
  type Me,
} from '../../src/api/contract';
import { restoreAmenity } from '../../src/api/amenity-setup';
import {
  AmenitiesPage,
  amenitySummary,
  amenitySummaryText,
} from '../../src/features/amenities/amenities-page';
import { everyDay } from '../../src/lib/weekly-hours';
import { NEEDS_CONNECTION } from '../../src/features/amenities/amenity-form';
import { renderWithApp } from '../render';
import { neverReportedPool } from '../never-reported';

function renderPage() {
  return renderWithApp(<AmenitiesPage />, { route: '/amenities' });
}

describe('Amenities page', () => {
  it('shows a card per amenity from the amenity analytics data', async () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Amenities Management' }),
    ).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(
      amenitiesFixture.map((amenity) => amenity.name),
    );

    const lawn = screen.getByRole('article', { name: 'The Great Lawn' });
    expect(lawn).toHaveTextContent('High usage');
    expect(lawn).toHaveTextContent('142 / 200 (71%)');
    expect(lawn).toHaveTextContent('5:00 PM - 7:00 PM');
    expect(lawn).toHaveTextContent('Lawn');

    expect(screen.getByRole('article', { name: 'Solis Hall' })).toHaveTextContent('Medium usage');
    expect(screen.getByRole('article', { name: 'Grand Lake' })).toHaveTextContent('Low usage');
    expect(screen.getByRole('article', { name: 'Sunny Side Playground' })).toHaveTextContent(
      'Closed',
    );
    expect(
      screen.getByText('7 amenities · 6 open · 349 people using them now'),
    ).toBeInTheDocument();
  });

  it('says once that an amenity without 30 days of history has no peak yet, never 0 users', async () => {
    server.use(http.get(API_PATHS.amenityAnalytics, () => HttpResponse.json([neverReportedPool])));
    renderPage();
    const card = await screen.findByRole('article', { name: 'QA Pool' });
    expect(within(card).getAllByText('No data yet')).toHaveLength(1);
    expect(card).toHaveTextContent('Peak (30 days)No data yet');
    expect(card).not.toHaveTextContent('Peak users');
    expect(card).not.toHaveTextContent('Peak time');
  });

  it('shows an unknown status as closed', async () => {
    server.use(
      http.get(API_PATHS.amenityAnalytics, () =>
        HttpResponse.json([{ ...amenitiesFixture[1], status: 'renovating' }]),
      ),
    );
    renderPage();
    const card = await screen.findByRole('article', { name: 'Solis Hall' });
    expect(card).toHaveTextContent('Closed');
    expect(card).not.toHaveTextContent('Medium usage');
  });

  it('tells of a closure under way, and of one ahead, on the card', async () => {
    const holidays = { firstDay: '2026-12-24', lastDay: '2026-12-26', reason: 'Holidays' };
    server.use(
      http.get(API_PATHS.amenityAnalytics, () =>
        HttpResponse.json([
          { ...amenitiesFixture[0], status: 'closed', closure: { ...holidays, now: true } },
          { ...amenitiesFixture[1], closure: { ...holidays, reason: '', now: false } },
          amenitiesFixture[2],
        ]),
      ),
    );
    renderPage();
    const [lawn, hall, yard] = await screen.findAllByRole('article');
    expect(lawn).toHaveTextContent('Closed for Holidays through Sat, Dec 26, 2026');
    expect(hall).toHaveTextContent('Closed Thu, Dec 24, 2026 – Sat, Dec 26, 2026');
    expect(yard).not.toHaveTextContent(/Closed (for|through|\w{3}, )/);
  });

  it('links each card to Analytics focused on that amenity', async () => {
    renderPage();
    expect(
      await screen.findByRole('link', { name: 'Analytics: Market Street Promenade' }),
    ).toHaveAttribute('href', '/analytics?amenity=market-street');
  });

  it('shows the load error with a Retry that loads the cards', async () => {
    let fail = true;
    server.use(
      http.get(API_PATHS.amenityAnalytics, () =>
        fail
          ? new HttpResponse('sensor gateway down', { status: 500 })
          : HttpResponse.json(amenitiesFixture),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('500: sensor gateway down');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('article')).toHaveLength(amenitiesFixture.length);
  });

  it('says when there are no amenities yet', async () => {
    server.use(http.get(API_PATHS.amenityAnalytics, () => HttpResponse.json([])));
    renderPage();
    expect(await screen.findByText('No amenities yet')).toBeInTheDocument();
  });

  it('with every amenity archived, says so and points to Restore', async () => {
    server.use(
      http.get(API_PATHS.amenityAnalytics, () => HttpResponse.json([])),
      http.get(AMENITY_SETUP_PATH, () =>
        HttpResponse.json(amenitySetupFixture.map((a) => ({ ...a, archived: true }))),
      ),
    );
    renderPage();
    expect(
      await screen.findByText(
        'Every amenity is archived. Restore one under Archived amenities, or add one.',
      ),
    ).toBeInTheDocument();
  });
});

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
  // The query library heard "offline" too: tell it the network is back.
  window.dispatchEvent(new Event('online'));
});

/** Every write the page sends, by method and path. */
function captureWrites() {
  const writes: { method: string; path: string }[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'GET') {
      writes.push({ method: request.method, path: new URL(request.url).pathname });
    }
  });
  return writes;
}

const OLD_BOATHOUSE: AmenitySetup = {
  id: 'old-boathouse',
  name: 'Old Boathouse',
  type: 'lake',
  description: 'Rowing boats, replaced by the new dock',
  capacity: 12,
  hours: everyDay(8 * 60, 18 * 60),
  color: '#2563eb',
  monthlyOperatingCost: null,
  archived: true,
  photoUrl: null,
};

/** A server that keeps what is restored: GET lists these amenities, archived until restored. */
function keepRestores(archived: readonly AmenitySetup[]) {
  const restored = new Set<string>();
  server.use(
    http.get(AMENITY_SETUP_PATH, () =>
      HttpResponse.json([
        ...amenitySetupFixture,
        ...archived.map((a) => ({ ...a, archived: !restored.has(a.id) })),
      ]),
    ),
    http.post(`${AMENITY_SETUP_PATH}/:id/restore`, ({ params }) => {
      const amenity = archived.find((a) => a.id === params.id);
      if (!amenity) return HttpResponse.json({ error: 'No such amenity' }, { status: 404 });
      restored.add(amenity.id);
      return HttpResponse.json({ ...amenity, archived: false });
    }),
  );
}

const archivedSection = () => screen.findByRole('region', { name: 'Archived amenities' });

describe('Archived amenities', () => {
  it('an archived amenity’s sensors are named as archived', async () => {
    server.use(
      http.get(API_PATHS.sensors, () =>
        HttpResponse.json({
          ...sensorsFixture,
          sensors: [
            ...sensorsFixture.sensors,
            {
              ...sensorsFixture.sensors[0],
              devEui: 'A1B2C3D4E5F60718',
              name: 'Court counter',
              amenityId: archivedAmenitySetupFixture[0]?.id ?? '',
            },
          ],
        }),
      ),
    );
    renderPage();
    const sensors = await screen.findByRole('region', { name: 'Sensors' });
    expect(
      await within(sensors).findByText(`${archivedAmenitySetupFixture[0]?.name} (archived)`),
    ).toBeInTheDocument();
  });

  it('are listed by name, each with Restore, for Managers and Admins only', async () => {
    const people: [Me, boolean][] = [
      [meFixture, true],
      [{ ...meFixture, user: { ...meFixture.user, role: 'admin' } }, true],
      [{ ...meFixture, user: { ...meFixture.user, role: 'board' } }, false],
      [demoMeFixture, false],
    ];
    for (const [me, shown] of people) {
      server.use(http.get(ME_PATH, () => HttpResponse.json(me)));
      const { unmount } = renderPage();
      await screen.findByRole('article', { name: 'Solis Hall' });
      if (shown) {
        const section = await archivedSection();
        const rows = within(section).getAllByRole('listitem');
        expect(
          rows.map((row) => within(row).getByRole('button').getAttribute('aria-label')),
        ).toEqual(archivedAmenitySetupFixture.map((amenity) => `Restore: ${amenity.name}`));
        expect(rows[0]).toHaveTextContent('Tennis Court');
        // Live amenities are not listed there.
        expect(within(section).queryByText('Solis Hall')).toBeNull();
      } else {
        // Give /api/me its answer before judging what is hidden.
        await waitFor(() =>
          expect(screen.getAllByRole('link', { name: /^Analytics:/ })).toHaveLength(7),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(screen.queryByRole('region', { name: 'Archived amenities' })).toBeNull();
        expect(screen.queryByRole('button', { name: /^Restore/ })).toBeNull();
      }
      unmount();
    }
  });

  it('restores with one POST: the row goes, focus moves on, a toast says so', async () => {
    keepRestores([...archivedAmenitySetupFixture, OLD_BOATHOUSE]);
    const writes = captureWrites();
    const user = userEvent.setup();
    renderPage();
    const section = await archivedSection();
    await user.click(within(section).getByRole('button', { name: 'Restore: Tennis Court' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Restore: Tennis Court' })).toBeNull(),
    );
    expect(writes).toEqual([
      { method: 'POST', path: `${AMENITY_SETUP_PATH}/tennis-court/restore` },
    ]);
    // The row that took its place has the focus.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Restore: Old Boathouse' })).toHaveFocus(),
    );
    expect(await screen.findByText('Amenity restored')).toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toEqual([]);

    // The last one: the section goes, and focus goes to Add Amenity.
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Archived amenities' })).toBeNull(),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Amenity' })).toHaveFocus());
    expect(writes).toHaveLength(2);
  });

  it('is busy while the restore runs: a second press sends nothing more', async () => {
    let answer: () => void = () => undefined;
    server.use(
      http.post(`${AMENITY_SETUP_PATH}/:id/restore`, async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ ...archivedAmenitySetupFixture[0], archived: false });
      }),
    );
    const writes = captureWrites();
    const user = userEvent.setup();
    renderPage();
    const button = within(await archivedSection()).getByRole('button', {
      name: 'Restore: Tennis Court',
    });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toHaveTextContent('Restoring…');
    await user.click(button);
    answer();
    expect(await screen.findByText('Amenity restored')).toBeInTheDocument();
    expect(writes).toHaveLength(1);
  });

  it('says the server’s refusal once, and the row stays', async () => {
    server.use(
      http.post(`${AMENITY_SETUP_PATH}/:id/restore`, () =>
        HttpResponse.json({ error: 'The database is busy; try again' }, { status: 503 }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    const section = await archivedSection();
    const button = within(section).getByRole('button', { name: 'Restore: Tennis Court' });
    await user.click(button);
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('The database is busy; try again');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('Amenity restored')).toBeNull();
    expect(button).toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('restored elsewhere: says so, the row goes, focus goes to the section', async () => {
    let live = false;
    server.use(
      http.get(AMENITY_SETUP_PATH, () =>
        HttpResponse.json([
          ...amenitySetupFixture,
          ...archivedAmenitySetupFixture.map((a) => ({ ...a, archived: !live })),
        ]),
      ),
      http.post(`${AMENITY_SETUP_PATH}/:id/restore`, () => {
        live = true;
        return HttpResponse.json({ error: 'Tennis Court is not archived' }, { status: 409 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const section = await archivedSection();
    await user.click(within(section).getByRole('button', { name: 'Restore: Tennis Court' }));
    await waitFor(() => expect(within(section).queryAllByRole('listitem')).toEqual([]));
    expect(within(section).getByRole('alert')).toHaveTextContent('Tennis Court is not archived');
    await waitFor(() =>
      expect(within(section).getByRole('heading', { name: 'Archived amenities' })).toHaveFocus(),
    );
    expect(screen.queryByText('Amenity restored')).toBeNull();
  });

  it('offline, sends nothing and says a connection is needed', async () => {
    const user = userEvent.setup();
    renderPage();
    const section = await archivedSection();
    const writes = captureWrites();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await user.click(within(section).getByRole('button', { name: 'Restore: Tennis Court' }));
    expect(within(section).getByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(writes).toEqual([]);
  });
});

describe('restoreAmenity', () => {
  it('sends the restore; the mock answers like the server (404 unknown, 409 when live)', async () => {
    const writes = captureWrites();
    expect(await restoreAmenity('tennis-court')).toEqual({
      ok: true,
      amenity: { ...archivedAmenitySetupFixture[0], archived: false },
    });
    expect(writes).toEqual([
      { method: 'POST', path: `${AMENITY_SETUP_PATH}/tennis-court/restore` },
    ]);
    expect(await restoreAmenity('solis-hall')).toEqual({
      ok: false,
      error: 'Solis Hall is not archived',
      field: null,
    });
    expect(await restoreAmenity('nowhere')).toEqual({
      ok: false,
      error: 'No such amenity',
      field: null,
    });
  });
});

describe('amenitySummary', () => {
  it('counts amenities, the open ones and the people in them', () => {
    expect(amenitySummary(AmenityAnalyticsListSchema.parse(amenitiesFixture))).toEqual({
      total: 7,
      open: 6,
      currentUsers: 349,
      silent: 0,
    });
    expect(amenitySummary([])).toEqual({ total: 0, open: 0, currentUsers: 0, silent: 0 });
  });

  it('counts people only where a reading is live, and says how many have none', () => {
    const list = AmenityAnalyticsListSchema.parse(amenitiesFixture);
    // The lawn's 142 went stale: the server sends 0 by rule and live false.
    const stale = list.map((a) =>
      a.id === 'great-lawn' ? { ...a, currentUsers: 0, live: false, lastReadingAt: null } : a,
    );
    const summary = amenitySummary(stale);
    expect(summary).toMatchObject({ currentUsers: 349 - 142, silent: 1 });
    expect(amenitySummaryText(summary)).toBe(
      '7 amenities · 6 open · 207 people using them now (1 without a live reading)',
    );
    expect(amenitySummaryText(amenitySummary(list))).toBe(
      '7 amenities · 6 open · 349 people using them now',
    );
    // One person is a person.
    expect(amenitySummaryText({ total: 1, open: 1, currentUsers: 1, silent: 0 })).toBe(
      '1 amenity · 1 open · 1 person using them now',
    );
    const allSilent = amenitySummary(list.map((a) => ({ ...a, live: false, lastReadingAt: null })));
    expect(amenitySummaryText(allSilent)).toBe('7 amenities · 6 open · no live reading');
  });
});
