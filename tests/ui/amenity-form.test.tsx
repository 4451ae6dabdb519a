import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { amenitiesFixture, demoMeFixture, meFixture } from '../../mocks/fixtures';
import { amenitySetupFixture } from '../../mocks/amenity-setup-handlers';
import { communityFixture } from '../../mocks/community-handlers';
import {
  AMENITY_SETUP_PATH,
  API_PATHS,
  COMMUNITY_PATH,
  ME_PATH,
  type Me,
} from '../../src/api/contract';
import { AmenitiesPage } from '../../src/features/amenities/amenities-page';
import { OFFLINE_MESSAGE } from '../../src/api/amenity-setup';
import { NEEDS_CONNECTION } from '../../src/features/amenities/amenity-form';
import { everyDay } from '../../src/lib/weekly-hours';
import { todayIn } from '../../src/lib/zoned-time';
import { renderWithApp } from '../render';

function renderPage() {
  return renderWithApp(<AmenitiesPage />, { route: '/amenities' });
}

/** Records the bodies the page sends. */
function captureWrites() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET') return;
    void request
      .clone()
      .json()
      .then((body: unknown) => sent.push({ method: request.method, url: request.url, body }));
  });
  return sent;
}

/** How many times the page has read `path` so far. */
function countReads(path: string) {
  let count = 0;
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname === path) count += 1;
  });
  return () => count;
}

afterEach(() => {
  // Set by the test of a refused save (jsdom has none).
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  server.events.removeAllListeners();
  vi.restoreAllMocks();
  // The query library heard "offline" too: tell it the network is back.
  window.dispatchEvent(new Event('online'));
});

describe('Amenity forms (Managers and Admins)', () => {
  it('adds an amenity: checked, sent whole, dialog closed', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Amenity' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Amenity' });
    await user.type(within(dialog).getByLabelText('Name'), 'Clubhouse Pool');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Lake');
    // The colour follows the type until one is chosen: a lake is blue; this one is teal.
    const colour = within(dialog).getByLabelText('Colour');
    expect(colour).toHaveValue('#2563eb');
    await user.selectOptions(colour, 'Teal');
    await user.type(within(dialog).getByLabelText('Capacity (people)'), '40');
    await user.type(within(dialog).getByLabelText(/Monthly operating cost/), '3,100.50');
    await user.click(within(dialog).getByRole('button', { name: 'Add amenity' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent).toEqual([
      {
        method: 'POST',
        url: expect.stringContaining(AMENITY_SETUP_PATH) as string,
        body: {
          name: 'Clubhouse Pool',
          type: 'lake',
          description: '',
          capacity: 40,
          hours: everyDay(480, 1200),
          monthlyOperatingCost: 3100.5,
          visitValue: null,
          color: '#0d9488',
          closures: [],
        },
      },
    ]);
  });

  it('sets a value per visit, or leaves the type’s default, which it names', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Amenity' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Amenity' });
    await user.type(within(dialog).getByLabelText('Name'), 'Clubhouse Pool');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Lake');
    await user.type(within(dialog).getByLabelText('Capacity (people)'), '40');
    const value = within(dialog).getByLabelText(/^Value per visit \(\$\)/);
    // Empty counts the type's default: a lake's $1.25.
    expect(value).toHaveAccessibleDescription(/Empty: \$1\.25, the default for its type\./);
    await user.type(value, 'two');
    await user.click(within(dialog).getByRole('button', { name: 'Add amenity' }));
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(value).toHaveAccessibleDescription(/Enter an amount from 0 to 1,000/);
    expect(sent).toEqual([]);
    await user.clear(value);
    await user.type(value, '$4.50');
    await user.click(within(dialog).getByRole('button', { name: 'Add amenity' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent).toMatchObject([
      { method: 'POST', body: { name: 'Clubhouse Pool', visitValue: 4.5 } },
    ]);
  });

  it('shows a field error next to the field and sends nothing', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Amenity' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Amenity' });
    await user.type(within(dialog).getByLabelText('Name'), 'Pool');
    await user.type(within(dialog).getByLabelText('Capacity (people)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add amenity' }));
    const capacity = within(dialog).getByLabelText('Capacity (people)');
    expect(capacity).toHaveAttribute('aria-invalid', 'true');
    expect(capacity).toHaveAccessibleDescription('Enter at least 1 person');
    expect(sent).toEqual([]);
  });

  it('on a refused save, scrolls to and focuses the first field at fault, saying what is needed', async () => {
    // jsdom lays nothing out; the browser check covers the scrolling itself.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Amenity' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Amenity' });
    const name = within(dialog).getByLabelText('Name');
    const capacity = within(dialog).getByLabelText('Capacity (people)');
    await user.click(within(dialog).getByRole('button', { name: 'Add amenity' }));
    expect(name).toHaveAccessibleDescription('Enter a name for the amenity');
    expect(capacity).toHaveAccessibleDescription('Enter the capacity: how many people it holds');
    await waitFor(() => expect(name).toHaveFocus());
    expect(scrolled).toEqual([name]);

    await user.type(name, 'Tennis Court North');
    await user.type(capacity, '100001');
    await user.click(within(dialog).getByRole('button', { name: 'Add amenity' }));
    expect(capacity).toHaveAccessibleDescription('Enter at most 100,000 people');
    await waitFor(() => expect(capacity).toHaveFocus());
    expect(scrolled).toEqual([name, capacity]);
    expect(sent).toEqual([]);
  });

  it('keeps what was typed when a text selection ends outside the dialog, and asks before discarding it', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Amenity' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Amenity' });
    const name = within(dialog).getByLabelText('Name');
    await user.type(name, 'Tennis Court North');
    // Drag-select in Name, release over the backdrop: the click lands on the <dialog> box.
    fireEvent.pointerDown(name);
    fireEvent.click(dialog);
    expect(dialog).toBeVisible();
    expect(name).toHaveValue('Tennis Court North');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await user.keyboard('{Escape}');
    expect(dialog).toBeVisible();
    expect(within(dialog).getByRole('group', { name: 'Discard your changes?' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
  });

  it('labels the operating cost with the community’s currency', async () => {
    server.use(
      http.get(COMMUNITY_PATH, () => HttpResponse.json({ ...communityFixture, currency: 'EUR' })),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Amenity' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Amenity' });
    expect(await within(dialog).findByLabelText(/^Monthly operating cost \(€\)/)).toBeVisible();
    expect(within(dialog).queryByLabelText(/\(\$\)/)).toBeNull();
  });

  it('puts the server’s refusal next to the field it names', async () => {
    server.use(
      http.post(AMENITY_SETUP_PATH, () =>
        HttpResponse.json({ error: 'name: already taken' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Amenity' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Amenity' });
    await user.type(within(dialog).getByLabelText('Name'), 'Pool');
    await user.type(within(dialog).getByLabelText('Capacity (people)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add amenity' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Already taken'),
    );
    expect(dialog).toBeVisible();
  });

  it('offline, says plainly that changes need a connection and saves nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Amenity' }));
    const sent = captureWrites();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    const dialog = screen.getByRole('dialog', { name: 'Add Amenity' });
    expect(await within(dialog).findAllByText(NEEDS_CONNECTION)).toHaveLength(1);
    await user.type(within(dialog).getByLabelText('Name'), 'Pool');
    await user.type(within(dialog).getByLabelText('Capacity (people)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add amenity' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
    // Said once: the note became the alert.
    expect(within(dialog).getAllByText(NEEDS_CONNECTION)).toHaveLength(1);
    expect(sent).toEqual([]);
  });

  it('when the server does not answer, says only that, not that the browser is offline', async () => {
    server.use(http.post(AMENITY_SETUP_PATH, () => HttpResponse.error()));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Amenity' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Amenity' });
    await user.type(within(dialog).getByLabelText('Name'), 'Pool');
    await user.type(within(dialog).getByLabelText('Capacity (people)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add amenity' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(OFFLINE_MESSAGE);
    expect(within(dialog).getAllByText(/needs a connection/)).toHaveLength(1);
    expect(within(dialog).queryByText(NEEDS_CONNECTION)).toBeNull();
    expect(dialog).not.toHaveTextContent(/You are offline/);
  });

  it('offline, the alert after a press goes once the connection is back; what was typed stays', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Settings: Solis Hall' }));
    const dialog = screen.getByRole('dialog', { name: 'Solis Hall settings' });
    const capacity = await within(dialog).findByLabelText('Capacity (people)');
    await user.clear(capacity);
    await user.type(capacity, '150');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    expect(within(dialog).queryByText(/needs a connection/)).toBeNull();
    expect(capacity).toHaveValue('150');
    expect(sent).toEqual([]);
  });

  it('edits an amenity’s settings, sending only what changed', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Settings: Solis Hall' }));
    const dialog = screen.getByRole('dialog', { name: 'Solis Hall settings' });
    const capacity = await within(dialog).findByLabelText('Capacity (people)');
    expect(capacity).toHaveValue('120');
    await user.clear(capacity);
    await user.type(capacity, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: expect.stringContaining(`${AMENITY_SETUP_PATH}/solis-hall`) as string,
        body: { capacity: 150 },
      },
    ]);
  });
});

describe('A save answered 2xx with an answer that cannot be read', () => {
  it.each([
    ['empty', ''],
    ['cut off', '{"oops":[1,2,'],
  ])(
    'Settings (%s): says it is not known whether it was saved, and reads the amenities again',
    async (_, text) => {
      server.use(
        http.patch(`${AMENITY_SETUP_PATH}/:id`, () => new HttpResponse(text, { status: 200 })),
      );
      const reads = countReads(AMENITY_SETUP_PATH);
      const user = userEvent.setup();
      renderPage();
      await user.click(await screen.findByRole('button', { name: 'Settings: Solis Hall' }));
      const dialog = screen.getByRole('dialog', { name: 'Solis Hall settings' });
      const capacity = await within(dialog).findByLabelText('Capacity (people)');
      await user.clear(capacity);
      await user.type(capacity, '150');
      const before = reads();
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('it is not known whether the change was saved');
      expect(alert).not.toHaveTextContent(/answered 200|try again/);
      // The list behind the dialog is read again, so it shows what was stored.
      await waitFor(() => expect(reads()).toBeGreaterThan(before));
    },
  );

  it('Add Amenity: no invitation to add it again, and the amenities are read again', async () => {
    server.use(http.post(AMENITY_SETUP_PATH, () => new HttpResponse('', { status: 201 })));
    const reads = countReads(AMENITY_SETUP_PATH);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Amenity' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Amenity' });
    await user.type(within(dialog).getByLabelText('Name'), 'Pool');
    await user.type(within(dialog).getByLabelText('Capacity (people)'), '10');
    const before = reads();
    await user.click(within(dialog).getByRole('button', { name: 'Add amenity' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('it is not known whether the change was saved');
    expect(alert).not.toHaveTextContent(/answered 201|try again/);
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });
});

describe('Opening hours per weekday', () => {
  it('closes Sunday, copies Monday to all days, and sends the week', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Settings: Solis Hall' }));
    const dialog = screen.getByRole('dialog', { name: 'Solis Hall settings' });
    const editor = within(await within(dialog).findByRole('group', { name: 'Opening hours' }));
    // Monday first, each day open 06:00-22:00 as stored.
    expect(editor.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    );
    await user.click(editor.getByRole('checkbox', { name: 'Sunday' }));
    expect(editor.queryByLabelText('Sunday opens')).toBeNull();
    const mondayCloses = editor.getByLabelText('Monday closes');
    await user.clear(mondayCloses);
    await user.type(mondayCloses, '20:30');
    await user.click(editor.getByRole('button', { name: 'Copy Monday to all days' }));
    expect(editor.getByLabelText('Sunday closes')).toHaveValue('20:30');
    // Closed on Saturdays, by keyboard: Tab to the box, Space to toggle.
    editor.getByRole('checkbox', { name: 'Saturday' }).focus();
    await user.keyboard(' ');
    expect(editor.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    const open = { opensMinute: 360, closesMinute: 1230 };
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: expect.stringContaining(`${AMENITY_SETUP_PATH}/solis-hall`) as string,
        body: { hours: [open, open, open, open, open, open, null] },
      },
    ]);
  });

  it('gives each time its own full-width row, named in words, on a phone', async () => {
    // jsdom lays nothing out: this checks the structure that stacks the times below sm (the
    // 320 px screenshots check the look). Side by side, a time box at 320 px read "08:00 A".
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Amenity' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Amenity' });
    for (const [edge, word] of [
      ['opens', 'Opens'],
      ['closes', 'Closes'],
    ] as const) {
      const row = within(dialog).getByLabelText(`Monday ${edge}`).parentElement;
      expect(row).toHaveClass('grid', 'sm:contents');
      expect(row?.textContent).toBe(word);
    }
  });

  it('marks a day that closes before it opens and sends nothing', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Settings: Solis Hall' }));
    const dialog = screen.getByRole('dialog', { name: 'Solis Hall settings' });
    const closes = await within(dialog).findByLabelText('Wednesday closes');
    await user.clear(closes);
    await user.type(closes, '05:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(closes).toHaveAttribute('aria-invalid', 'true');
    expect(closes).toHaveAccessibleDescription('Wednesday: closing must be after opening');
    expect(within(dialog).getByText('Fix the opening hours marked below')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe('Closures', () => {
  it('adds a closure by keyboard, from today by default, and sends the list', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Settings: Solis Hall' }));
    const dialog = screen.getByRole('dialog', { name: 'Solis Hall settings' });
    const editor = within(await within(dialog).findByRole('group', { name: 'Closures' }));
    expect(editor.getByText('No closures.')).toBeInTheDocument();
    await user.click(editor.getByRole('button', { name: 'Add closure' }));
    const first = editor.getByLabelText('Closure 1: first day');
    // The community's today, as a one-day closure.
    expect(first).toHaveValue(todayIn(communityFixture.timeZone));
    expect(editor.getByLabelText('Closure 1: last day')).toHaveValue(
      todayIn(communityFixture.timeZone),
    );
    fireEvent.change(first, { target: { value: '2027-12-24' } });
    // The last day follows a first day moved past it.
    expect(editor.getByLabelText('Closure 1: last day')).toHaveValue('2027-12-24');
    fireEvent.change(editor.getByLabelText('Closure 1: last day'), {
      target: { value: '2027-12-26' },
    });
    await user.type(editor.getByLabelText('Closure 1: reason'), 'Holidays');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: expect.stringContaining(`${AMENITY_SETUP_PATH}/solis-hall`) as string,
        body: { closures: [{ firstDay: '2027-12-24', lastDay: '2027-12-26', reason: 'Holidays' }] },
      },
    ]);
  });

  it('marks a closure that ends before it starts, sends nothing, and clears once fixed', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Settings: Solis Hall' }));
    const dialog = screen.getByRole('dialog', { name: 'Solis Hall settings' });
    const editor = within(await within(dialog).findByRole('group', { name: 'Closures' }));
    await user.click(editor.getByRole('button', { name: 'Add closure' }));
    fireEvent.change(editor.getByLabelText('Closure 1: first day'), {
      target: { value: '2027-03-10' },
    });
    const last = editor.getByLabelText('Closure 1: last day');
    fireEvent.change(last, { target: { value: '2027-03-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(last).toHaveAttribute('aria-invalid', 'true');
    expect(last).toHaveAccessibleDescription('The last day is before the first day');
    expect(within(dialog).getByText('Fix the closures marked below')).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.change(last, { target: { value: '2027-03-12' } });
    expect(last).not.toHaveAttribute('aria-invalid');
    // Removed again: nothing to change, nothing refused.
    await user.click(editor.getByRole('button', { name: 'Remove closure 1' }));
    expect(editor.getByText('No closures.')).toBeInTheDocument();
  });

  it('puts the server’s refusal of one closure on its row', async () => {
    server.use(
      http.patch(`${AMENITY_SETUP_PATH}/:id`, () =>
        HttpResponse.json(
          {
            error:
              'closures.0.lastDay: a closure lasts at most 366 days (archive an amenity closed for longer)',
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Settings: Solis Hall' }));
    const dialog = screen.getByRole('dialog', { name: 'Solis Hall settings' });
    const editor = within(await within(dialog).findByRole('group', { name: 'Closures' }));
    await user.click(editor.getByRole('button', { name: 'Add closure' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await editor.findByText(
        'A closure lasts at most 366 days (archive an amenity closed for longer)',
      ),
    ).toBeInTheDocument();
    expect(editor.getByLabelText('Closure 1: first day')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe.each([
  ['a Board member', { ...meFixture, user: { ...meFixture.user, role: 'board' } } satisfies Me],
  ['the demo viewer', demoMeFixture],
])('Amenities page for %s', (_, me) => {
  it('shows no Add Amenity and no Settings', async () => {
    server.use(http.get(ME_PATH, () => HttpResponse.json(me)));
    renderPage();
    expect(await screen.findByRole('article', { name: 'Solis Hall' })).toBeInTheDocument();
    // Give /api/me its answer before judging what is hidden.
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: /^Analytics:/ })).toHaveLength(7),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Add Amenity' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Settings:/ })).toBeNull();
  });
});

describe('Archiving from Settings', () => {
  /** The server as it is: an archived amenity leaves the analytics (the cards). */
  function keepArchives() {
    const archived = new Set<string>();
    server.use(
      http.post(`${AMENITY_SETUP_PATH}/:id/archive`, ({ params }) => {
        const amenity = amenitySetupFixture.find((a) => a.id === params.id);
        archived.add(String(params.id));
        return HttpResponse.json({ ...amenity, archived: true });
      }),
      http.get(API_PATHS.amenityAnalytics, () =>
        HttpResponse.json(amenitiesFixture.filter((a) => !archived.has(a.id))),
      ),
    );
  }

  async function archive(user: ReturnType<typeof userEvent.setup>, name: string) {
    await user.click(await screen.findByRole('button', { name: `Settings: ${name}` }));
    const dialog = screen.getByRole('dialog', { name: `${name} settings` });
    await user.click(await within(dialog).findByRole('button', { name: 'Archive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm archive' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    await waitFor(() => expect(screen.queryByRole('article', { name })).toBeNull());
  }

  it('moves focus to the Settings of the card that took its place, not to the page', async () => {
    keepArchives();
    const user = userEvent.setup();
    renderPage();
    await archive(user, 'Grand Lake');
    // Grand Lake was the fourth card: the fourth now is Heritage Tree Area.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Settings: Heritage Tree Area' })).toHaveFocus(),
    );
    expect(document.activeElement).not.toBe(document.body);

    // The last card: focus goes to the new last card.
    await archive(user, 'Sunny Side Playground');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Settings: Market Street Promenade' }),
      ).toHaveFocus(),
    );
  });

  it('the only card archived: focus goes to Add Amenity', async () => {
    const lake = amenitiesFixture.filter((a) => a.name === 'Grand Lake');
    let archived = false;
    server.use(
      http.get(API_PATHS.amenityAnalytics, () => HttpResponse.json(archived ? [] : lake)),
      http.post(`${AMENITY_SETUP_PATH}/:id/archive`, () => {
        archived = true;
        const setup = amenitySetupFixture.find((a) => a.id === 'grand-lake');
        return HttpResponse.json({ ...setup, archived: true });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await archive(user, 'Grand Lake');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Amenity' })).toHaveFocus());
  });

  it('asks once more, saying it can be restored, then archives', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Settings: Grand Lake' }));
    const dialog = screen.getByRole('dialog', { name: 'Grand Lake settings' });
    await user.click(await within(dialog).findByRole('button', { name: 'Archive' }));
    expect(sent).toEqual([]);
    // The confirmation says what archiving does, and that it can be undone.
    const confirm = within(dialog).getByRole('button', { name: 'Confirm archive' });
    expect(confirm).toHaveAccessibleDescription(
      /^Archiving takes Grand Lake off the cards and every live view.*You can restore it later from Archived amenities on this page\.$/,
    );
    await user.click(confirm);
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent).toEqual([
      {
        method: 'POST',
        url: expect.stringContaining(`${AMENITY_SETUP_PATH}/grand-lake/archive`) as string,
        body: {},
      },
    ]);
  });
});
