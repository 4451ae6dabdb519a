import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryState, type QueryLike } from '../../src/ui/query-state';
import { SESSION_STARTED_AT } from '../../src/lib/session';
import { NetworkError, TimeoutError } from '../../src/api/query-fn';
import { reportServerUnreachable } from '../../src/lib/connectivity';
import { stateDataTime } from '../../src/lib/stated-data-time';

function query(overrides: Partial<QueryLike<string[] | null>>): QueryLike<string[] | null> {
  return {
    data: undefined,
    error: null,
    status: 'pending',
    fetchStatus: 'fetching',
    dataUpdatedAt: 0,
    refetch: vi.fn(),
    ...overrides,
  };
}

function renderState(q: QueryLike<string[] | null>) {
  return render(
    <QueryState
      query={q}
      label="amenities"
      skeleton={<div data-testid="skeleton" />}
      isEmpty={(data) => data.length === 0}
      empty={<p>Nothing here</p>}
    >
      {(data) => (
        <ul>
          {data.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('shows the skeleton and a loading label while there is nothing to show', () => {
    renderState(query({}));
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
    expect(screen.getByText('Loading amenities…')).toBeInTheDocument();
  });

  it('shows the error with a Retry button that refetches', async () => {
    const refetch = vi.fn();
    renderState(
      query({ status: 'error', fetchStatus: 'idle', error: new Error('500: boom'), refetch }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('500: boom');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('says so when offline with no saved copy', () => {
    renderState(query({ fetchStatus: 'paused' }));
    expect(
      screen.getByText('No saved copy of this yet: it will load when the connection returns.'),
    ).toBeInTheDocument();
  });

  it('shows live data without a marker', () => {
    renderState(
      query({
        status: 'success',
        fetchStatus: 'idle',
        data: ['Solis Hall'],
        dataUpdatedAt: Date.now(),
      }),
    );
    expect(screen.getByText('Solis Hall')).toBeInTheDocument();
    expect(screen.queryByText(/saved copy/i)).not.toBeInTheDocument();
  });

  /** Grand Lake, restored from a snapshot saved 12 minutes before this session. */
  const savedCopy = (fetchStatus: QueryLike<string[]>['fetchStatus']) =>
    query({
      status: 'success',
      fetchStatus,
      data: ['Grand Lake'],
      dataUpdatedAt: SESSION_STARTED_AT - 12 * 60_000,
    });

  it('marks data from the snapshot with its age; "offline" is the banner’s to say, once', () => {
    renderState(savedCopy('paused'));
    expect(screen.getByText('Grand Lake')).toBeInTheDocument();
    expect(screen.getByText(/^Saved copy from 1[2-3] minutes ago$/)).toBeInTheDocument();
    expect(screen.queryByText(/offline/i)).not.toBeInTheDocument();
  });

  it('offline, leaves the age to the banner when its copy is the one the banner speaks of', () => {
    stateDataTime(SESSION_STARTED_AT - 12 * 60_000 + 30_000);
    try {
      renderState(savedCopy('paused'));
      expect(screen.getByText('Grand Lake')).toBeInTheDocument();
      expect(screen.queryByText(/saved copy/i)).not.toBeInTheDocument();
    } finally {
      stateDataTime(null);
    }
  });

  it('offline, states its own age when its copy is older than the banner says', () => {
    stateDataTime(SESSION_STARTED_AT - 2 * 60_000);
    try {
      renderState(savedCopy('paused'));
      expect(screen.getByText(/^Saved copy from 1[2-3] minutes ago$/)).toBeInTheDocument();
    } finally {
      stateDataTime(null);
    }
  });

  it('online, puts no note of its own under a saved copy being refreshed (the app says it once)', () => {
    renderState(savedCopy('fetching'));
    expect(screen.getByText('Grand Lake')).toBeInTheDocument();
    expect(screen.queryByText(/saved copy/i)).not.toBeInTheDocument();
  });

  it('keeps the last data on screen when a refresh fails, and says why', () => {
    renderState(
      query({
        status: 'error',
        fetchStatus: 'idle',
        data: ['The Yard'],
        error: new Error('503: maintenance'),
        dataUpdatedAt: Date.now() - 5 * 60_000,
      }),
    );
    expect(screen.getByText('The Yard')).toBeInTheDocument();
    expect(screen.getByText(/Could not refresh \(503: maintenance\)/)).toBeInTheDocument();
  });

  it('shows the empty state for empty data and for null', () => {
    const { unmount } = renderState(query({ status: 'success', fetchStatus: 'idle', data: [] }));
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    unmount();
    renderState(query({ status: 'success', fetchStatus: 'idle', data: null }));
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
  });

  it('leaves "cannot reach the server" to the app banner: no error panel and no Retry', () => {
    reportServerUnreachable();
    renderState(query({ status: 'error', fetchStatus: 'idle', error: new NetworkError() }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    // What the widget lacks, not why again: the banner says the server is out of reach.
    expect(
      screen.getByText('Not loaded yet: it will load when CommonGround answers.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/cannot be reached/)).not.toBeInTheDocument();
  });

  it('marks data it could not refresh for want of the server as not live, quietly', () => {
    reportServerUnreachable();
    renderState(
      query({
        status: 'error',
        fetchStatus: 'idle',
        error: new TimeoutError(10_000),
        data: ['Solis Hall'],
        dataUpdatedAt: Date.now() - 5 * 60_000,
      }),
    );
    expect(screen.getByText('Solis Hall')).toBeInTheDocument();
    expect(screen.getByText(/^Saved copy from 5 minutes ago$/)).toBeInTheDocument();
    expect(screen.queryByText(/not live/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/Could not refresh/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
