import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { useNearViewport } from '../../src/ui/use-near-viewport';
import { stubIntersectionObserver } from '../intersection-observer';

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

afterEach(() => vi.unstubAllGlobals());

it('waits for the element to come near the viewport, then stays true', () => {
  const observer = stubIntersectionObserver();
  render(<Probe />);
  expect(screen.getByText('far')).toBeInTheDocument();
  act(() => observer.intersect(false));
  expect(screen.getByText('far')).toBeInTheDocument();
  act(() => observer.intersect(true));
  expect(screen.getByText('near')).toBeInTheDocument();
  expect(observer.disconnect).toHaveBeenCalled();
});

it('shows the content at once where IntersectionObserver does not exist', () => {
  vi.stubGlobal('IntersectionObserver', undefined);
  render(<Probe />);
  expect(screen.getByText('near')).toBeInTheDocument();
});
