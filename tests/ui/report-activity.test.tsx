import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useReportActivity } from '../../src/features/reports/report-activity';
import { REPORTS_ACTIVITY_KEY } from '../../src/lib/storage-keys';

function Tiles() {
  const [activity, count] = useReportActivity();
  return (
    <button type="button" onClick={() => count('generated')}>
      {activity.generated} generated, {activity.downloads} downloads
    </button>
  );
}

afterEach(() => localStorage.clear());

describe('the Reports tiles counted on this device', () => {
  it('adopt the prerendered frame, then show the stored counts, and count on', async () => {
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    // The build prerenders /reports with nothing counted; this device counted 3 and 1 before.
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Tiles />);
    document.body.append(container);
    expect(container.textContent).toBe('0 generated, 0 downloads');
    localStorage.setItem(REPORTS_ACTIVITY_KEY, JSON.stringify({ generated: 3, downloads: 1 }));

    const recoverable: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = await act(async () =>
      hydrateRoot(container, <Tiles />, {
        onRecoverableError: (error) => recoverable.push(error),
      }),
    );
    consoleError.mockRestore();
    // No mismatch: React kept the frame, then showed what the device counted.
    expect(recoverable).toEqual([]);
    expect(container.textContent).toBe('3 generated, 1 downloads');

    await act(async () => container.querySelector('button')?.click());
    expect(container.textContent).toBe('4 generated, 1 downloads');
    expect(JSON.parse(localStorage.getItem(REPORTS_ACTIVITY_KEY) ?? 'null')).toEqual({
      generated: 4,
      downloads: 1,
    });
    act(() => root.unmount());
    container.remove();
  });
});
