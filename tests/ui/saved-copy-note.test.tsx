import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { SAVED_COPY_NOTE_DELAY_MS, SavedCopyNote } from '../../src/app/saved-copy-note';
import { newestDataTime, oldestSavedCopyRefreshing } from '../../src/api/newest-data';
import { SESSION_STARTED_AT } from '../../src/lib/session';
import { reportServerUnreachable, resetConnectivityForTests } from '../../src/lib/connectivity';

const MINUTE = 60_000;

type State = {
  data: unknown;
  dataUpdatedAt: number;
  fetchStatus: 'fetching' | 'paused' | 'idle';
};
const cached = (state: State) => ({ state });

describe('figures of the query cache', () => {
  const savedEarly = SESSION_STARTED_AT - 30 * MINUTE;
  const savedLate = SESSION_STARTED_AT - 5 * MINUTE;
  const loading = cached({ data: undefined, dataUpdatedAt: 0, fetchStatus: 'fetching' });
  const queries = [
    cached({ data: [1], dataUpdatedAt: savedEarly, fetchStatus: 'idle' }),
    cached({ data: [2], dataUpdatedAt: savedLate, fetchStatus: 'fetching' }),
    loading,
  ];

  it('newest data: the latest update among queries that hold data, or null', () => {
    expect(newestDataTime(queries)).toBe(savedLate);
    expect(newestDataTime([loading])).toBeNull();
    expect(newestDataTime([])).toBeNull();
  });

  it('oldest saved copy refreshing: only restored data with a request in flight counts', () => {
    // The older copy is not being fetched; the one without data has no copy to speak of.
    expect(oldestSavedCopyRefreshing(queries)).toBe(savedLate);
    const both = [
      ...queries,
      cached({ data: [3], dataUpdatedAt: savedEarly, fetchStatus: 'fetching' }),
    ];
    expect(oldestSavedCopyRefreshing(both)).toBe(savedEarly);
    // Data fetched in this session is not a saved copy, nor is a copy whose refresh is paused.
    expect(
      oldestSavedCopyRefreshing([
        cached({ data: [4], dataUpdatedAt: Date.now(), fetchStatus: 'fetching' }),
        cached({ data: [5], dataUpdatedAt: savedEarly, fetchStatus: 'paused' }),
      ]),
    ).toBeNull();
  });
});

describe('SavedCopyNote', () => {
  afterEach(() => {
    vi.useRealTimers();
    resetConnectivityForTests();
  });

  /** A widget whose saved copy, 12 minutes old, is being refreshed until `answer` is called. */
  function renderRefreshing() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['amenities'], ['Grand Lake'], {
      updatedAt: SESSION_STARTED_AT - 12 * MINUTE,
    });
    let answer: (value: string[]) => void = () => {};
    const pending = new Promise<string[]>((resolve) => {
      answer = resolve;
    });
    function Widget() {
      const query = useQuery({ queryKey: ['amenities'], queryFn: () => pending });
      return <p>{query.data?.join()}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <SavedCopyNote />
        <Widget />
      </QueryClientProvider>,
    );
    return {
      // TanStack Query tells its observers on a timer: let it run.
      answer: (value: string[]) =>
        act(async () => {
          answer(value);
          await vi.advanceTimersByTimeAsync(0);
        }),
    };
  }

  it('says nothing when the refresh answers within the delay', async () => {
    vi.useFakeTimers();
    const widget = renderRefreshing();
    expect(screen.getByText('Grand Lake')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SAVED_COPY_NOTE_DELAY_MS - 100));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await widget.answer(['Grand Lake', 'Solis Hall']);
    act(() => vi.advanceTimersByTime(SAVED_COPY_NOTE_DELAY_MS));
    expect(screen.getByText('Grand Lake,Solis Hall')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says once, with the age of the copy, that a slower refresh is under way, until it lands', async () => {
    vi.useFakeTimers();
    const widget = renderRefreshing();
    act(() => vi.advanceTimersByTime(SAVED_COPY_NOTE_DELAY_MS));
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Saved copy from 1[2-3] minutes ago · refreshing…$/,
    );
    await widget.answer(['Solis Hall']);
    expect(screen.getByText('Solis Hall')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('leaves it to the connection banner when the server cannot be reached', () => {
    vi.useFakeTimers();
    reportServerUnreachable();
    renderRefreshing();
    act(() => vi.advanceTimersByTime(SAVED_COPY_NOTE_DELAY_MS * 2));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
