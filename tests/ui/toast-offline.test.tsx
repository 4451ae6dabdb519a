import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

// The card's code cannot be fetched: offline before the service worker saved the build.
vi.mock('../../src/ui/toast-card', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const { Toaster, toast } = await import('../../src/ui/toast');

describe('a notification whose card cannot load', () => {
  it('still says its words, and the page around it stays', async () => {
    render(
      <main>
        <h1>Settings</h1>
        <Toaster />
      </main>,
    );
    act(() => {
      toast({
        title: 'Download failed',
        description: "Can't reach CommonGround. Downloading the audit log needs a connection.",
        tone: 'error',
      });
    });
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
    expect(
      screen.getByText("Can't reach CommonGround. Downloading the audit log needs a connection."),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    // It can be closed before its time, by keyboard too.
    screen.getByRole('button', { name: 'Dismiss' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByText('Download failed')).toBeNull();
  });
});
