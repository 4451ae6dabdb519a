import { afterEach, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { NavigateFunction } from 'react-router-dom';
import { openSection } from '../../src/features/dashboard/quick-actions';

// The app's router writes the browser's history: so does this stand-in.
const navigate = ((to: string) => window.history.pushState(null, '', to)) as NavigateFunction;
const frames = (count: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) =>
      left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1));
    step(count);
  });

afterEach(() => {
  document.body.replaceChildren();
  window.history.pushState(null, '', '/');
});

function section(id: string) {
  const element = document.createElement('h2');
  element.id = id;
  element.textContent = 'Scheduled Reports';
  document.body.append(element);
  return element;
}

it('focuses the section once its page renders it, its code loading first', async () => {
  openSection(navigate, '/reports', 'scheduled-reports');
  expect(window.location.hash).toBe('#scheduled-reports');
  await frames(5);
  const heading = section('scheduled-reports');
  await waitFor(() => expect(heading).toHaveFocus());
});

it('leaves the focus alone once the reader has gone elsewhere before the section rendered', async () => {
  openSection(navigate, '/reports', 'scheduled-reports');
  await frames(2);
  window.history.back();
  await waitFor(() => expect(window.location.pathname).toBe('/'));
  // Later the reader opens Reports another way, and its page renders the section.
  navigate('/reports?report=full');
  const heading = section('scheduled-reports');
  await frames(10);
  expect(heading).not.toHaveFocus();
});
