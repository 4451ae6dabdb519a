import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from '../../src/ui/toast';
import { announceStorageUnavailable } from '../../src/app/storage-notice';

describe('notifications', () => {
  it('shows at most one at a time: a new one replaces the old', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Report Generation Started', description: 'first' });
      toast({ title: 'Data Export Started', description: 'second' });
    });
    // The card's code arrives with the first notification.
    expect(await screen.findByText('Data Export Started')).toBeInTheDocument();
    expect(screen.queryByText('Report Generation Started')).not.toBeInTheDocument();
  });

  it('can be dismissed with its close button', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Alert Management' });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Alert Management')).not.toBeInTheDocument();
  });

  it('lives in a region announced as notifications that F8 focuses', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Report Scheduling' });
    });
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(region.contains(document.activeElement)).toBe(true);
  });

  it('says why offline copies are unavailable, its words loaded only then', async () => {
    render(<Toaster />);
    announceStorageUnavailable(new DOMException('quota', 'QuotaExceededError'));
    expect(await screen.findByText('Offline copies are unavailable')).toBeInTheDocument();
    expect(
      screen.getByText(/Data cannot be saved on this device \(the device storage is full\)/),
    ).toBeInTheDocument();
  });
});
