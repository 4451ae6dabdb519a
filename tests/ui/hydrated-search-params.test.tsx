import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useSearchParams } from 'react-router-dom';
import { useHydratedSearchParams } from '../../src/lib/hydration';

/** A page whose content depends on its query, as Reports' `?report=` and Analytics' `?amenity=`. */
function ReportLink({ read }: { read: 'hydrated' | 'raw' }) {
  const [url] = useSearchParams();
  const hydrated = useHydratedSearchParams(url);
  const params = read === 'hydrated' ? hydrated : url;
  return <p>{params.get('report') ? `Report: ${params.get('report')}` : 'Choose a report'}</p>;
}

/** The build prerenders `/reports` (no query); the browser then hydrates `/reports?report=…`. */
async function prerenderThenHydrate(read: 'hydrated' | 'raw') {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  const page = (entry: string) => (
    <MemoryRouter initialEntries={[entry]}>
      <ReportLink read={read} />
    </MemoryRouter>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page('/reports'));
  document.body.append(container);
  const recoverable: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const root = await act(async () =>
    hydrateRoot(container, page('/reports?report=financial'), {
      onRecoverableError: (error) => recoverable.push(error),
    }),
  );
  consoleError.mockRestore();
  const text = container.textContent;
  act(() => root.unmount());
  container.remove();
  return { recoverable, text };
}

describe('a page opened with a query adopts its prerendered frame', () => {
  it('reads the query right after the frame is adopted, without a mismatch', async () => {
    const { recoverable, text } = await prerenderThenHydrate('hydrated');
    expect(recoverable).toEqual([]);
    expect(text).toBe('Report: financial');
  });

  it('(what it prevents: reading the query at once makes React throw the frame away)', async () => {
    const { recoverable, text } = await prerenderThenHydrate('raw');
    expect(recoverable).toHaveLength(1);
    expect(text).toBe('Report: financial');
  });
});
