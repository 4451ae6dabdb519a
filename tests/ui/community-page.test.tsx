import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommunityManagementPage } from '../../src/features/community/community-management-page';
import { RESIDENTS } from '../../src/features/community/community-content';
import { renderWithApp } from '../render';

function renderPage() {
  return renderWithApp(<CommunityManagementPage />, { route: '/community-management' });
}

function residentNames() {
  const list = screen.queryByRole('list', { name: 'Residents' });
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);
}

describe('Community Management page', () => {
  it('shows the buttons, the four tiles and the lists of the spec', () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Community Management' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Resident' })).toBeInTheDocument();
    const tiles = screen.getByLabelText('Community statistics');
    expect(within(tiles).getByText('Total Residents').nextElementSibling).toHaveTextContent(
      String(RESIDENTS.length),
    );
    expect(within(tiles).getAllByRole('term')).toHaveLength(3);
    expect(residentNames()).toEqual(RESIDENTS.map((resident) => resident.name));

    // No fixed activity feed presented as fact.
    expect(screen.queryByRole('region', { name: 'Recent Activity' })).not.toBeInTheDocument();
    const events = screen.getByRole('region', { name: 'Upcoming Community Events' });
    expect(within(events).getByRole('button', { name: 'Create Event' })).toBeInTheDocument();
    expect(within(events).getByText('Holiday Lights Walk')).toBeInTheDocument();
  });

  it('searches the directory by name and by unit', async () => {
    const user = userEvent.setup();
    renderPage();
    const search = screen.getByRole('searchbox', { name: 'Search residents' });

    await user.type(search, 'sofia');
    expect(residentNames()).toEqual(['Sofia Rossi']);
    expect(screen.getByText('1 of 10 residents match.')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'b-112');
    expect(residentNames()).toEqual(['Aisha Mohammed']);
  });

  it('says when no resident matches and clears the search', async () => {
    const user = userEvent.setup();
    renderPage();
    const search = screen.getByRole('searchbox', { name: 'Search residents' });
    await user.type(search, 'Zebediah');
    expect(screen.getByText('No residents match “Zebediah”.')).toBeInTheDocument();
    expect(residentNames()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(search).toHaveValue('');
    expect(residentNames()).toHaveLength(RESIDENTS.length);
  });

  it('exports the residents directory as a CSV file', async () => {
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
    await user.click(screen.getByRole('button', { name: 'Export Data' }));

    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^residents-directory-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    const text = await blobs[0]?.text();
    const lines = text?.trimEnd().split('\r\n') ?? [];
    expect(lines[0]).toBe('Name,Unit,Join date,Status,Favorite amenities');
    expect(lines).toHaveLength(RESIDENTS.length + 1);
    expect(lines).toContain('Emily Rodriguez,A-101,2021-03-14,active,The Great Lawn; Grand Lake');
    await waitFor(() => expect(screen.getByText('Download started')).toBeInTheDocument());
  });

  it('is honest that adding residents and creating events needs the server', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Add Resident' }));
    expect(screen.getByRole('dialog', { name: 'Add Resident' })).toHaveTextContent(
      'Nothing was added.',
    );
    const closers = within(screen.getByRole('dialog', { name: 'Add Resident' })).getAllByRole(
      'button',
      { name: 'Close' },
    );
    await user.click(closers.at(-1) as HTMLElement);

    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Event' });
    expect(dialog).toHaveTextContent('Nothing was created.');
    expect(within(dialog).getByRole('link', { name: 'Open Amy Events' })).toHaveAttribute(
      'href',
      '/amy-events',
    );
  });
});
