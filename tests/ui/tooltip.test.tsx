import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  TOOLTIP_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
  TooltipProvider,
  useTooltip,
} from '../../src/ui/tooltip';

function Tipped({ label, tip }: { label: string; tip: string }) {
  const { triggerProps, tip: tipElement } = useTooltip<HTMLButtonElement>(tip);
  return (
    <>
      <button type="button" {...triggerProps}>
        {label}
      </button>
      {tipElement}
    </>
  );
}

function renderTwo() {
  return render(
    <TooltipProvider>
      <Tipped label="Peak" tip="Highest occupancy today" />
      <Tipped label="Revenue" tip="Visits times value per visit" />
    </TooltipProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('tooltip', () => {
  it('opens on keyboard focus after 700 ms and describes its trigger', () => {
    renderTwo();
    const peak = screen.getByRole('button', { name: 'Peak' });
    act(() => peak.focus());
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Highest occupancy today');
    expect(peak).toHaveAccessibleDescription('Highest occupancy today');
  });

  it('opens on hover and closes on pointer leave, press and Escape', () => {
    renderTwo();
    const peak = screen.getByRole('button', { name: 'Peak' });
    fireEvent.pointerEnter(peak, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.pointerLeave(peak);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    fireEvent.pointerEnter(peak, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    fireEvent.pointerEnter(peak, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    fireEvent.pointerDown(peak);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('opens a neighbour at once within the 300 ms skip window, not after it', () => {
    renderTwo();
    const peak = screen.getByRole('button', { name: 'Peak' });
    const revenue = screen.getByRole('button', { name: 'Revenue' });
    fireEvent.pointerEnter(peak, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    fireEvent.pointerLeave(peak);
    fireEvent.pointerEnter(revenue, { pointerType: 'mouse' });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Visits times value per visit');
    fireEvent.pointerLeave(revenue);

    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS + 1));
    fireEvent.pointerEnter(peak, { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('does not open on touch (a press is the phone path)', () => {
    renderTwo();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Peak' }), { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
