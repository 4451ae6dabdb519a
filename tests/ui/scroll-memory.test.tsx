import { afterEach, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useNavigate, useSearchParams } from 'react-router-dom';
import { ScrollMemory } from '../../src/app/scroll-memory';

/** A page that keeps a search in its URL, as the residents directory does. */
function SearchPage() {
  const [, setParams] = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => setParams({ q: 'emma' }, { replace: true })}>Search</button>
      <Link to="/analytics">Analytics</Link>
      <button onClick={() => void navigate(-1)}>Back</button>
    </>
  );
}

/** jsdom lays nothing out: where the window is scrolled, and how tall the page is. */
function layOut(scrollY: number) {
  Object.defineProperty(window, 'scrollY', { value: scrollY, configurable: true });
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    value: 5000,
    configurable: true,
  });
}

afterEach(() => {
  Reflect.deleteProperty(window, 'scrollY');
  Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  vi.restoreAllMocks();
});

it('a page that replaces its own URL stays where it is; Back returns there', async () => {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const user = userEvent.setup();
  layOut(800);
  render(
    <MemoryRouter initialEntries={['/community-management']}>
      <ScrollMemory />
      <SearchPage />
    </MemoryRouter>,
  );
  // Opening the page leaves the window where it is.
  expect(scrollTo).not.toHaveBeenCalled();

  // A search written into the URL: no jump to the top (the box being typed in stays in view).
  await user.click(screen.getByRole('button', { name: 'Search' }));
  expect(scrollTo).not.toHaveBeenCalled();

  // Another section starts at its top.
  await user.click(screen.getByRole('link', { name: 'Analytics' }));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

  // Back to the searched page: where the reader was when the search replaced the URL.
  layOut(0);
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 800);
});

it('the page a visit opens on stays where the reader scrolled its first frame; Back returns there', async () => {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const user = userEvent.setup();
  // Scrolled down the prerendered frame before the app started.
  layOut(1200);
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <ScrollMemory />
      <SearchPage />
    </MemoryRouter>,
  );
  expect(scrollTo).not.toHaveBeenCalled();

  await user.click(screen.getByRole('link', { name: 'Analytics' }));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

  layOut(0);
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
});
