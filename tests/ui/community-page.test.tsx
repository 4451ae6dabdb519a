import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { server } from '../../mocks/node';
import { demoMeFixture, meFixture } from '../../mocks/fixtures';
import { residentsFixture } from '../../mocks/residents-handlers';
import { communityFixture } from '../../mocks/community-handlers';
import {
  COMMUNITY_PATH,
  ME_PATH,
  RESIDENTS_IMPORT_PATH,
  RESIDENTS_PATH,
  type Me,
  type Resident,
  type ResidentPage,
} from '../../src/api/contract';
import {
  CommunityManagementPage,
  EXAMPLE_EVENTS_NOTE,
} from '../../src/features/community/community-management-page';
import { RESIDENTS_NEED_CONNECTION } from '../../src/features/community/resident-form';
import { meQuery } from '../../src/api/me';
import { RESIDENTS_OFFLINE_MESSAGE, residentsQuery } from '../../src/api/residents';
import { createQueryClient } from '../../src/api/query-client';
import { SESSION_STARTED_AT } from '../../src/lib/session';
import { ScrollMemory } from '../../src/app/scroll-memory';
import { renderWithApp } from '../render';

function renderPage(route = '/community-management') {
  return renderWithApp(<CommunityManagementPage />, { route });
}

/** The browser around the page: its address, how it was reached, and Back and Forward. */
function HistoryProbe() {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  return (
    <div>
      <p data-testid="address" data-navigation={navigationType}>
        {pathname + search}
      </p>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser Back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Browser Forward
      </button>
    </div>
  );
}

/** The page with the browser's history (and, as in the app, ScrollMemory before it). */
function renderWithHistory(
  route = '/community-management',
  { scrollMemory = false }: { scrollMemory?: boolean } = {},
) {
  return renderWithApp(
    <>
      {scrollMemory ? <ScrollMemory /> : null}
      <CommunityManagementPage />
      <HistoryProbe />
    </>,
    { route },
  );
}

/** The address shown, e.g. `/community-management?page=2`. */
const address = () => screen.getByTestId('address').textContent;
/** How the address was last reached: PUSH (a new entry), REPLACE or POP (Back, Forward). */
const navigation = () => screen.getByTestId('address').dataset.navigation;

function residentNames() {
  const list = screen.queryByRole('list', { name: 'Residents' });
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);
}

/** Records the writes the page sends: method, path and query, body. */
function captureWrites() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET') return;
    const url = new URL(request.url);
    void request
      .clone()
      .text()
      .then((text) => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // CSV
        }
        sent.push({ method: request.method, url: url.pathname + url.search, body });
      });
  });
  return sent;
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

const allNames = residentsFixture.map((r) => r.name);

describe('Community Management: events in a community of its own', () => {
  it('shows the events it held instead of examples, and no Create Event', async () => {
    server.use(
      http.get(COMMUNITY_PATH, () =>
        HttpResponse.json({ ...communityFixture, slug: 'lakeside-commons', name: 'Lakeside' }),
      ),
    );
    renderPage();
    const events = await screen.findByRole('region', { name: 'Events held' });
    expect(await within(events).findByText('Fall Picnic')).toBeInTheDocument();
    expect(within(events).getByRole('link', { name: 'Open Amy Events' })).toHaveAttribute(
      'href',
      '/amy-events',
    );
    expect(screen.queryByRole('region', { name: 'Upcoming Community Events' })).toBeNull();
    expect(screen.queryByText('Holiday Lights Walk')).toBeNull();
    expect(screen.queryByText(EXAMPLE_EVENTS_NOTE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Event' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Record an event' })).toBeInTheDocument();
  });
});

describe('Community Management: the residents directory (Managers)', () => {
  it('lists the server’s directory with its counts, and the events', async () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Community Management' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(residentNames()).toEqual(allNames));
    const tiles = screen.getByLabelText('Community statistics');
    expect(within(tiles).getByText('Total Residents').nextElementSibling).toHaveTextContent('5');
    expect(within(tiles).getByText('Active Residents').nextElementSibling).toHaveTextContent('4');
    expect(screen.getByText('5 residents.')).toBeInTheDocument();
    const events = screen.getByRole('region', { name: 'Upcoming Community Events' });
    // The demo's samples, stored nowhere: said to be examples, and counted in no statistic.
    expect(within(events).getByText(EXAMPLE_EVENTS_NOTE)).toBeInTheDocument();
    expect(within(events).getByText('Holiday Lights Walk')).toBeInTheDocument();
    expect(within(events).getByText('112 RSVPs (example)')).toBeInTheDocument();
    expect(within(tiles).queryByText('Upcoming Events')).toBeNull();
    for (const name of ['Export CSV', 'Import CSV', 'Add Resident']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Edit Emily Rodriguez' })).toBeInTheDocument();
  });

  it('searches on the server after a pause, and keeps the search in the URL', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === RESIDENTS_PATH) asked.push(url.searchParams.get('q') ?? '');
    });
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(residentNames()).toHaveLength(5));
    await user.type(screen.getByRole('searchbox', { name: 'Search residents' }), 'a-204');
    await waitFor(() => expect(residentNames()).toEqual(['James Thompson']));
    expect(screen.getByText('1 of 5 residents matches.')).toBeInTheDocument();
    // One request for the whole word, not one per letter.
    expect(asked).toEqual(['', 'a-204']);
  });

  it('opens with the search of the URL, and clears it', async () => {
    const user = userEvent.setup();
    renderPage('/community-management?q=Zebediah');
    expect(await screen.findByRole('searchbox', { name: 'Search residents' })).toHaveValue(
      'Zebediah',
    );
    expect(await screen.findByText('No residents match “Zebediah”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(residentNames()).toHaveLength(5));
  });

  it('counts one resident as one, not "1 residents"', async () => {
    const removed = residentsFixture.splice(1);
    try {
      renderPage();
      expect(await screen.findByText('1 resident.')).toBeInTheDocument();
    } finally {
      residentsFixture.push(...removed);
    }
  });

  it('the mock server lists in the server’s order: Élodie with the Es, not after z', async () => {
    const like = (id: number, name: string): Resident => ({
      id,
      name,
      unit: `F-${id}`,
      email: null,
      phone: null,
      householdSize: null,
      status: 'active',
      joinedOn: null,
      notes: '',
    });
    const extra = [like(20, 'Zoe Walsh'), like(21, 'Élodie Martin')];
    residentsFixture.push(...extra);
    try {
      renderPage();
      await waitFor(() =>
        expect(residentNames()).toEqual([
          'Aisha Mohammed',
          'Daniel Kim',
          'Élodie Martin',
          'Emily Rodriguez',
          'James Thompson',
          'Sofia Rossi',
          'Zoe Walsh',
        ]),
      );
    } finally {
      residentsFixture.splice(-extra.length);
    }
  });

  it('Cancel on a filled-in resident form asks before throwing it away', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Resident' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Resident' });
    await user.type(within(dialog).getByLabelText('Name'), 'Ana Souza');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('group', { name: 'Discard your changes?' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Ana Souza');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent).toEqual([]);
  });

  it('adds a resident: checked first, sent once, empty optional fields as none', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Resident' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Resident' });
    await user.type(within(dialog).getByLabelText('Name'), 'Ana Souza');
    await user.type(within(dialog).getByLabelText(/^Email/), 'ana@');
    await user.click(within(dialog).getByRole('button', { name: 'Add resident' }));
    expect(within(dialog).getByLabelText('Unit or address')).toHaveAccessibleDescription(
      /Enter the unit or address/,
    );
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText('Unit or address'), 'B-2');
    await user.type(within(dialog).getByLabelText(/^Email/), 'example.org');
    await user.type(within(dialog).getByLabelText(/^Household size/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add resident' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent).toEqual([
      {
        method: 'POST',
        url: RESIDENTS_PATH,
        body: {
          name: 'Ana Souza',
          unit: 'B-2',
          email: 'ana@example.org',
          phone: null,
          householdSize: 3,
          status: 'active',
          joinedOn: null,
          notes: '',
        },
      },
    ]);
    expect(await screen.findByText('Resident added')).toBeInTheDocument();
  });

  it('a refused add puts focus on the first field at fault', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Resident' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Resident' });
    const name = within(dialog).getByLabelText('Name');
    const email = within(dialog).getByLabelText(/^Email/);
    // Nothing typed: the name is the first field at fault.
    await user.click(within(dialog).getByRole('button', { name: 'Add resident' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());

    // Name and unit right, the email not: focus goes to the email, from the button pressed.
    await user.type(name, 'Ana Souza');
    await user.type(within(dialog).getByLabelText('Unit or address'), 'B-2');
    await user.type(email, 'ana@');
    await user.click(within(dialog).getByRole('button', { name: 'Add resident' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(email).toHaveFocus());
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal next to the field it names', async () => {
    server.use(
      http.post(RESIDENTS_PATH, () =>
        HttpResponse.json(
          { error: 'email: another resident already has this email address (Emily Rodriguez)' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Resident' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Resident' });
    await user.type(within(dialog).getByLabelText('Name'), 'Em');
    await user.type(within(dialog).getByLabelText('Unit or address'), 'A-1');
    await user.type(within(dialog).getByLabelText(/^Email/), 'emily.rodriguez@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add resident' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Email/)).toHaveAccessibleDescription(
        'Another resident already has this email address (Emily Rodriguez)',
      ),
    );
    expect(dialog).toBeVisible();
  });

  it('edits a resident, sending only what changed', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit James Thompson' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit James Thompson' });
    const unit = within(dialog).getByLabelText('Unit or address');
    expect(unit).toHaveValue('A-204');
    await user.clear(unit);
    await user.type(unit, 'A-205');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Inactive');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent).toEqual([
      { method: 'PATCH', url: `${RESIDENTS_PATH}/4`, body: { unit: 'A-205', status: 'inactive' } },
    ]);
  });

  it('removes a resident only after asking', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove Daniel Kim' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Daniel Kim?' });
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove resident' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent).toEqual([{ method: 'DELETE', url: `${RESIDENTS_PATH}/2`, body: '' }]);
  });

  it('offline, says that changes need a connection and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Resident' }));
    const sent = captureWrites();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    const dialog = screen.getByRole('dialog', { name: 'Add Resident' });
    await user.type(within(dialog).getByLabelText('Name'), 'Ana');
    await user.type(within(dialog).getByLabelText('Unit or address'), 'B-2');
    await user.click(within(dialog).getByRole('button', { name: 'Add resident' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(RESIDENTS_NEED_CONNECTION);
    expect(sent).toEqual([]);
  });

  it('offline, says once and plainly that nothing was saved, and not once the connection is back', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Resident' }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    const dialog = screen.getByRole('dialog', { name: 'Add Resident' });
    const said = () => within(dialog).queryAllByText(/needs a connection/);
    await waitFor(() => expect(said()).toHaveLength(1));
    await user.type(within(dialog).getByLabelText('Name'), 'Ana');
    await user.type(within(dialog).getByLabelText('Unit or address'), 'B-2');
    await user.click(within(dialog).getByRole('button', { name: 'Add resident' }));
    // Once, as the alert; and it does not promise a later save.
    expect(said()).toHaveLength(1);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Changing the residents directory needs a connection to CommonGround. You are offline: nothing was saved. Try again once you are back online.',
    );
    expect(dialog).not.toHaveTextContent(/until it returns/);

    // Back online: no longer true, so no longer said; what was typed stays.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(said()).toEqual([]));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Ana');
    expect(within(dialog).getByLabelText('Unit or address')).toHaveValue('B-2');
  });

  it('an add answered 201 with an answer that cannot be read: perhaps added, the list read again', async () => {
    server.use(http.post(RESIDENTS_PATH, () => new HttpResponse('', { status: 201 })));
    let reads = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'GET' && new URL(request.url).pathname === RESIDENTS_PATH) reads += 1;
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Resident' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Resident' });
    await user.type(within(dialog).getByLabelText('Name'), 'Ana');
    await user.type(within(dialog).getByLabelText('Unit or address'), 'B-2');
    const before = reads;
    await user.click(within(dialog).getByRole('button', { name: 'Add resident' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('it is not known whether the change was saved');
    expect(alert).not.toHaveTextContent(/answered 201|try again/);
    await waitFor(() => expect(reads).toBeGreaterThan(before));
  });

  it('when the server does not answer, says that, not that the browser is offline', async () => {
    server.use(http.post(RESIDENTS_PATH, () => HttpResponse.error()));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Resident' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Resident' });
    await user.type(within(dialog).getByLabelText('Name'), 'Ana');
    await user.type(within(dialog).getByLabelText('Unit or address'), 'B-2');
    await user.click(within(dialog).getByRole('button', { name: 'Add resident' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(RESIDENTS_OFFLINE_MESSAGE);
    expect(within(dialog).queryAllByText(/needs a connection/)).toHaveLength(1);
    expect(dialog).not.toHaveTextContent(/You are offline/);
  });
});

describe('Paging the directory', () => {
  // 66 residents: page 1 holds 50 (Aisha … Neighbour 45), page 2 the other 16 (51–66).
  const extra: Resident[] = [
    'Emma Walsh',
    ...Array.from({ length: 60 }, (_, i) => `Neighbour ${String(i + 1).padStart(2, '0')}`),
  ].map((name, i) => ({
    id: 100 + i,
    name,
    unit: `N-${i}`,
    email: null,
    phone: null,
    householdSize: null,
    status: 'active',
    joinedOn: null,
    notes: '',
  }));
  const PAGE_1 = '66 residents. Showing 1–50.';
  const PAGE_2 = '66 residents. Showing 51–66.';
  // jsdom lays nothing out: what was scrolled into view, in order.
  let scrolled: Element[] = [];
  beforeEach(() => {
    residentsFixture.push(...extra);
    scrolled = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
  });
  afterEach(() => {
    residentsFixture.splice(-extra.length);
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  async function nextPage(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(residentNames()[0]).toBe('Neighbour 46'));
    expect(screen.getByText(PAGE_2)).toBeInTheDocument();
  }

  it('Next and Previous bring the new page’s start into view and put focus on its status', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(residentNames()).toHaveLength(50));
    // Arriving moves nothing: a position restored by Back or Forward stands.
    expect(scrolled).toEqual([]);
    expect(document.body).toHaveFocus();

    await nextPage(user);
    expect(residentNames()).toHaveLength(16);
    // Next is disabled on the last page: focus is not left on it (or on <body>).
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    const status = screen.getByText(PAGE_2);
    await waitFor(() => expect(status).toHaveFocus());
    expect(scrolled).toEqual([status]);
    expect(status).toHaveAttribute('tabindex', '-1');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(residentNames()[0]).toBe('Aisha Mohammed'));
    await waitFor(() => expect(screen.getByText(PAGE_1)).toHaveFocus());
    expect(scrolled).toEqual([status, screen.getByText(PAGE_1)]);
  });

  it('any change of the search starts at page 1, also a return to the search paged before', async () => {
    const user = userEvent.setup();
    renderPage();
    await nextPage(user);
    const search = screen.getByRole('searchbox', { name: 'Search residents' });
    await user.type(search, 'emma');
    await waitFor(() => expect(residentNames()).toEqual(['Emma Walsh']));
    expect(screen.getByText('1 of 66 residents matches.')).toBeInTheDocument();
    await user.clear(search);
    await waitFor(() => expect(residentNames()[0]).toBe('Aisha Mohammed'));
    expect(screen.getByText(PAGE_1)).toBeInTheDocument();
    // Only a page turn moves focus and the view: the search box keeps them.
    expect(search).toHaveFocus();
    expect(scrolled).toHaveLength(1);
  });

  it('opens on the page of the URL, as after a reload or from a shared link', async () => {
    renderWithHistory('/community-management?page=2');
    await waitFor(() => expect(residentNames()[0]).toBe('Neighbour 46'));
    expect(residentNames()).toHaveLength(16);
    expect(screen.getByText(PAGE_2)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(address()).toBe('/community-management?page=2');
    // Arriving moves nothing: a position restored by Back or Forward stands.
    expect(scrolled).toEqual([]);
    expect(document.body).toHaveFocus();
  });

  it('opens on the page of the URL within the search of the URL', async () => {
    // "Neighbour" matches 60: page 2 holds Neighbour 51–60.
    renderWithHistory('/community-management?q=neighbour&page=2');
    await waitFor(() => expect(residentNames()[0]).toBe('Neighbour 51'));
    expect(residentNames()).toHaveLength(10);
    expect(screen.getByText('60 of 66 residents match. Showing 51–60.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search residents' })).toHaveValue('neighbour');
  });

  it('Next writes ?page=2 as a new history entry: Back returns to page 1, Forward to page 2', async () => {
    const user = userEvent.setup();
    renderWithHistory();
    await waitFor(() => expect(residentNames()).toHaveLength(50));
    expect(address()).toBe('/community-management');

    await nextPage(user);
    expect(address()).toBe('/community-management?page=2');
    expect(navigation()).toBe('PUSH');
    const status = screen.getByText(PAGE_2);
    await waitFor(() => expect(status).toHaveFocus());
    expect(scrolled).toEqual([status]);

    await user.click(screen.getByRole('button', { name: 'Browser Back' }));
    await waitFor(() => expect(residentNames()[0]).toBe('Aisha Mohammed'));
    expect(screen.getByText(PAGE_1)).toBeInTheDocument();
    expect(address()).toBe('/community-management');
    expect(navigation()).toBe('POP');
    // Back is not a page turn: the view and focus are the browser's (ScrollMemory's) to set.
    expect(scrolled).toEqual([status]);

    await user.click(screen.getByRole('button', { name: 'Browser Forward' }));
    await waitFor(() => expect(residentNames()[0]).toBe('Neighbour 46'));
    expect(address()).toBe('/community-management?page=2');
    expect(scrolled).toEqual([status]);

    // Previous is a page turn too: a new entry, page 1 written as no page at all.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(residentNames()[0]).toBe('Aisha Mohammed'));
    expect(address()).toBe('/community-management');
    expect(navigation()).toBe('PUSH');
    await waitFor(() => expect(screen.getByText(PAGE_1)).toHaveFocus());
  });

  it('a search typed or cleared drops the page from the URL, in place of the entry', async () => {
    const user = userEvent.setup();
    renderWithHistory();
    await nextPage(user);
    expect(address()).toBe('/community-management?page=2');
    const search = screen.getByRole('searchbox', { name: 'Search residents' });
    await user.type(search, 'emma');
    await waitFor(() => expect(residentNames()).toEqual(['Emma Walsh']));
    expect(address()).toBe('/community-management?q=emma');
    expect(navigation()).toBe('REPLACE');
    await user.clear(search);
    await waitFor(() => expect(residentNames()[0]).toBe('Aisha Mohammed'));
    expect(address()).toBe('/community-management');
    expect(navigation()).toBe('REPLACE');
    // Typing added no entries: one Back goes to the entry before Next.
    await user.click(screen.getByRole('button', { name: 'Browser Back' }));
    expect(address()).toBe('/community-management');
    expect(navigation()).toBe('POP');
    expect(screen.getByText(PAGE_1)).toBeInTheDocument();
  });

  it('a search typed on a page opened from the URL starts at page 1', async () => {
    const user = userEvent.setup();
    renderWithHistory('/community-management?page=2');
    await waitFor(() => expect(residentNames()[0]).toBe('Neighbour 46'));
    await user.type(screen.getByRole('searchbox', { name: 'Search residents' }), 'neighbour');
    await waitFor(() => expect(residentNames()[0]).toBe('Neighbour 01'));
    expect(screen.getByText('60 of 66 residents match. Showing 1–50.')).toBeInTheDocument();
    expect(address()).toBe('/community-management?q=neighbour');
  });

  it('an invalid page in the URL is page 1, without an error, and the URL says page 1', async () => {
    for (const value of ['abc', '0', '-1', '1.5', '']) {
      const { unmount } = renderWithHistory(`/community-management?page=${value}`);
      await waitFor(() => expect(residentNames()).toHaveLength(50));
      expect(residentNames()[0], value).toBe('Aisha Mohammed');
      expect(screen.getByText(PAGE_1)).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
      // The address no longer holds what it cannot show: page 1 has none, in place of the entry.
      await waitFor(() => expect(address(), value).toBe('/community-management'));
      expect(navigation()).toBe('REPLACE');
      unmount();
    }
    // Within a search, only the page goes; a leading zero is the page it names.
    const { unmount } = renderWithHistory('/community-management?q=neighbour&page=02');
    await waitFor(() => expect(residentNames()[0]).toBe('Neighbour 51'));
    await waitFor(() => expect(address()).toBe('/community-management?q=neighbour&page=2'));
    unmount();
    // And the pages go on from page 1.
    const user = userEvent.setup();
    renderWithHistory('/community-management?page=abc');
    await nextPage(user);
    expect(address()).toBe('/community-management?page=2');
  });

  it('a page past the last (an old link) shows the last page, in place of its entry', async () => {
    const offsets: number[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === RESIDENTS_PATH) offsets.push(Number(url.searchParams.get('offset')));
    });
    renderWithHistory('/community-management?page=99');
    await waitFor(() => expect(residentNames()[0]).toBe('Neighbour 46'));
    expect(screen.getByText(PAGE_2)).toBeInTheDocument();
    expect(address()).toBe('/community-management?page=2');
    expect(navigation()).toBe('REPLACE');
    expect(screen.queryByText('No residents yet')).toBeNull();
    expect(scrolled).toEqual([]);
    expect(document.body).toHaveFocus();
    expect(offsets).toEqual([4900, 50]);
  });

  it('a page number past what the server takes still ends on the last page, without an error', async () => {
    const offsets: number[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === RESIDENTS_PATH) offsets.push(Number(url.searchParams.get('offset')));
    });
    renderWithHistory('/community-management?q=neighbour&page=99999999999999999999');
    await waitFor(() => expect(residentNames()[0]).toBe('Neighbour 51'));
    expect(address()).toBe('/community-management?q=neighbour&page=2');
    expect(screen.queryByRole('alert')).toBeNull();
    // The server takes offsets up to MAX_RESIDENTS (20,000): the URL is held to that.
    expect(offsets).toEqual([20_000, 50]);
  });

  it('with ScrollMemory, Next still brings the new page’s status into view after the push', async () => {
    const order: string[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation((x?: unknown, y?: unknown) => {
      order.push(`scrollTo ${String(x)},${String(y)}`);
    });
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      order.push(`into view: ${this.textContent}`);
    };
    const user = userEvent.setup();
    renderWithHistory('/community-management', { scrollMemory: true });
    await waitFor(() => expect(residentNames()).toHaveLength(50));
    order.length = 0;
    await nextPage(user);
    await waitFor(() => expect(screen.getByText(PAGE_2)).toHaveFocus());
    // The pushed entry starts at the top (ScrollMemory), then the directory's page comes into
    // view, in the same commit: not left at the top of the screen.
    expect(order).toEqual(['scrollTo 0,0', `into view: ${PAGE_1}`]);
    order.length = 0;
    // Typing a search replaces the entry: ScrollMemory keeps the scroll, nothing moves.
    await user.type(screen.getByRole('searchbox', { name: 'Search residents' }), 'emma');
    await waitFor(() => expect(residentNames()).toEqual(['Emma Walsh']));
    expect(order).toEqual([]);
  });

  it('Clear search goes back to page 1 with focus in the search box', async () => {
    const user = userEvent.setup();
    renderPage();
    await nextPage(user);
    const search = screen.getByRole('searchbox', { name: 'Search residents' });
    await user.type(search, 'nobody-xyz');
    expect(await screen.findByText('No residents match “nobody-xyz”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
    await waitFor(() => expect(residentNames()[0]).toBe('Aisha Mohammed'));
    expect(screen.getByText(PAGE_1)).toBeInTheDocument();
    expect(search).toHaveFocus();
  });
});

describe('Removing a resident: where focus goes next', () => {
  /** The directory as a server that really removes: a DELETE shrinks what the next GET lists. */
  function removableDirectory(residents: Resident[]) {
    let list = [...residents];
    server.use(
      http.get(RESIDENTS_PATH, ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0);
        const page: ResidentPage = {
          residents: list.slice(offset, offset + 50),
          matching: list.length,
          limit: 50,
          offset,
          total: list.length,
          active: list.filter((r) => r.status === 'active').length,
        };
        return HttpResponse.json(page);
      }),
      http.delete(`${RESIDENTS_PATH}/:id`, ({ params }) => {
        const removed = list.find((r) => String(r.id) === params.id);
        list = list.filter((r) => r !== removed);
        return HttpResponse.json(removed);
      }),
    );
  }

  async function remove(user: ReturnType<typeof userEvent.setup>, name: string) {
    await user.click(await screen.findByRole('button', { name: `Remove ${name}` }));
    const dialog = screen.getByRole('dialog', { name: `Remove ${name}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Remove resident' }));
    await waitFor(() => expect(residentNames()).not.toContain(name));
    expect(await screen.findByText('Resident removed')).toBeInTheDocument();
  }

  it('goes to the Remove of the row that took its place', async () => {
    removableDirectory(residentsFixture);
    const user = userEvent.setup();
    renderPage();
    await remove(user, 'Daniel Kim');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Emily Rodriguez' })).toHaveFocus(),
    );
  });

  it('goes to the new last row when the last row went', async () => {
    removableDirectory(residentsFixture);
    const user = userEvent.setup();
    renderPage();
    await remove(user, 'Sofia Rossi');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove James Thompson' })).toHaveFocus(),
    );
  });

  it('the last page emptied: back to the page before, not "No residents yet"', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({
      ...residentsFixture[0],
      id: 500 + i,
      name: `Neighbour ${String(i + 1).padStart(2, '0')}`,
      email: null,
    })) as Resident[];
    removableDirectory(many);
    const user = userEvent.setup();
    renderWithHistory();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(residentNames()).toEqual(['Neighbour 51']));
    expect(address()).toBe('/community-management?page=2');
    await user.click(screen.getByRole('button', { name: 'Remove Neighbour 51' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Neighbour 51?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove resident' }));
    await waitFor(() => expect(residentNames()).toHaveLength(50));
    // Page 1 as saved before the removal may show while its refetch runs: then the new count.
    expect(await screen.findByText('50 residents.')).toBeInTheDocument();
    expect(screen.queryByText('No residents yet')).toBeNull();
    // The page that is gone leaves the address, in place (Back does not return to it).
    expect(address()).toBe('/community-management');
    expect(navigation()).toBe('REPLACE');
  });

  it('goes to the search when no resident is left', async () => {
    removableDirectory(residentsFixture.slice(0, 1));
    const user = userEvent.setup();
    renderPage();
    await remove(user, 'Aisha Mohammed');
    expect(await screen.findByText('No residents yet')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search residents' })).toHaveFocus(),
    );
  });
});

describe('Offline', () => {
  it('shows the saved copy of the directory with its age', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    const client = createQueryClient();
    // Twelve minutes before now (not before the session began, which may be minutes back on a
    // slow run), and still before the session began: a copy saved by an earlier visit.
    const savedAt = Date.now() - 12 * 60_000;
    expect(savedAt).toBeLessThan(SESSION_STARTED_AT);
    client.setQueryData(meQuery().queryKey, meFixture, { updatedAt: savedAt });
    client.setQueryData(
      residentsQuery('').queryKey,
      {
        residents: residentsFixture.slice(0, 2),
        matching: 2,
        limit: 50,
        offset: 0,
        total: 2,
        active: 1,
      },
      { updatedAt: savedAt },
    );
    renderWithApp(<CommunityManagementPage />, { route: '/community-management', client });
    await waitFor(() => expect(residentNames()).toEqual(allNames.slice(0, 2)));
    expect(screen.getByText(/Saved copy from 1[2-3] minutes ago/)).toBeInTheDocument();
  });
});

describe('Import CSV', () => {
  const file = (text: string) => new File([text], 'residents.csv', { type: 'text/csv' });

  it('previews each row with its problems and will not import while any row has one', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import residents from CSV' });
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      file('Name,Unit,Email\nAna Souza,B-2,ana@example.org\n,B-3,emily.rodriguez@example.com\n'),
    );
    const preview = await within(dialog).findByRole('region', { name: 'Import preview' });
    expect(preview).toHaveTextContent('residents.csv: 2 rows, 1 with problems.');
    const rows = [...within(preview).getByRole('list', { name: 'Rows' }).children];
    expect(rows[0]).toHaveTextContent('Line 3');
    expect(rows[0]).toHaveTextContent('Name: is required');
    expect(rows[0]).toHaveTextContent(
      'Email: emily.rodriguez@example.com is already in the directory (Emily Rodriguez)',
    );
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(sent).toEqual([
      { method: 'POST', url: `${RESIDENTS_IMPORT_PATH}?dryRun=1`, body: expect.any(String) },
    ]);
  });

  it('imports a clean file after the preview', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import residents from CSV' });
    const csv = 'Name,Unit\r\nAna Souza,B-2\r\n"Lee, Sam",B-3\r\n';
    await user.upload(within(dialog).getByLabelText('CSV file'), file(csv));
    expect(await within(dialog).findByText(/2 residents, no problems/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 residents' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent.map((s) => s.url)).toEqual([
      `${RESIDENTS_IMPORT_PATH}?dryRun=1`,
      RESIDENTS_IMPORT_PATH,
    ]);
    expect(sent[1]?.body).toBe(csv);
    expect(await screen.findByText('Import complete')).toBeInTheDocument();
  });

  it('says why a whole file is refused', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import residents from CSV' });
    await user.upload(within(dialog).getByLabelText('CSV file'), file('Who,Where\nA,1\n'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Line 1 (the header): unknown column "Who"',
    );
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});

describe('Export CSV', () => {
  it('saves the server’s file under the server’s name', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:test/residents';
    };
    URL.revokeObjectURL = () => undefined;
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toEqual(['residents-willow-creek-2026-11-22.csv']));
    const text = await blobs[0]?.text();
    expect(text?.split('\r\n')[0]).toBe('Name,Unit,Email,Phone,Household size,Status,Joined,Notes');
    expect(text?.trimEnd().split('\r\n')).toHaveLength(residentsFixture.length + 1);
    expect(await screen.findByText('Download started')).toBeInTheDocument();
  });
});

describe('Community Management when the account cannot be checked (offline)', () => {
  it('shows the directory saved on this device, read as it was', async () => {
    const client = createQueryClient();
    await client.fetchQuery(residentsQuery(''));
    server.use(http.all('/api/*', () => HttpResponse.error()));
    renderWithApp(<CommunityManagementPage />, { route: '/community-management', client });
    const first = residentsFixture[0]?.name ?? '';
    expect(await screen.findByText(first)).toBeInTheDocument();
    expect(screen.getByLabelText('Community statistics')).toBeInTheDocument();
    expect(screen.queryByText(/only HOA Managers and Administrators/)).toBeNull();
  });

  it('with no saved copy, says the account cannot be checked, not that the role may not', async () => {
    server.use(http.all('/api/*', () => HttpResponse.error()));
    renderPage();
    expect(
      await screen.findByText(
        'Who is signed in cannot be checked until CommonGround answers, and no saved copy of the directory is on this device: it loads when the connection returns.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/only HOA Managers and Administrators/)).toBeNull();
  });
});

describe.each([
  ['a Board member', { ...meFixture, user: { ...meFixture.user, role: 'board' } } satisfies Me],
  ['the demo viewer', demoMeFixture],
])('Community Management for %s', (_, me) => {
  it('shows no directory and no write controls, and says who can open it', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      asked.push(new URL(request.url).pathname);
    });
    server.use(http.get(ME_PATH, () => HttpResponse.json(me)));
    renderPage();
    expect(await screen.findByText(/only HOA Managers and Administrators/)).toBeInTheDocument();
    for (const name of ['Export CSV', 'Import CSV', 'Add Resident']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByText('Total Residents')).toBeNull();
    // No statistic at all: the events are examples.
    expect(screen.queryByLabelText('Community statistics')).toBeNull();
    expect(screen.getByText(EXAMPLE_EVENTS_NOTE)).toBeInTheDocument();
    expect(asked).not.toContain(RESIDENTS_PATH);
  });
});
