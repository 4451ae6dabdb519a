import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reportServerUnreachable } from '../../src/lib/connectivity';
import { getSettings } from '../../src/lib/settings';
import { saveSettings } from '../../src/lib/save-settings';
import { LiveBadge } from '../../src/ui/live-badge';

describe('LiveBadge', () => {
  it('pings once per arrival of live figures, not before the first and not on other renders', () => {
    const { rerender } = render(<LiveBadge updatedAt={0} />);
    expect(screen.getByText('Live Data')).toBeInTheDocument();
    expect(screen.queryByTestId('live-ping')).not.toBeInTheDocument();

    rerender(<LiveBadge updatedAt={1_000} />);
    const first = screen.getByTestId('live-ping');
    rerender(<LiveBadge updatedAt={1_000} />);
    expect(screen.getByTestId('live-ping')).toBe(first);

    // A new element is a new CSS animation: the dot pings again for the new figures.
    rerender(<LiveBadge updatedAt={31_000} />);
    expect(screen.getByTestId('live-ping')).not.toBe(first);
  });

  it('does not ping when it is not live', () => {
    saveSettings({ ...getSettings(), autoRefresh: false });
    const { rerender } = render(<LiveBadge updatedAt={1_000} />);
    expect(screen.getByText('Auto-refresh off')).toBeInTheDocument();
    expect(screen.queryByTestId('live-ping')).not.toBeInTheDocument();

    act(() => saveSettings({ ...getSettings(), autoRefresh: true }));
    act(() => reportServerUnreachable());
    rerender(<LiveBadge updatedAt={2_000} />);
    expect(screen.getByText('Not live')).toBeInTheDocument();
    expect(screen.queryByTestId('live-ping')).not.toBeInTheDocument();
  });
});
