import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useSearchParams,
} from '../../src/lib/router';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{`${useNavigationType()} ${pathname}${search}`}</output>;
}

function Layout() {
  return (
    <div>
      <nav aria-label="Main">
        <NavLink to="/">Home</NavLink>
        <NavLink to="/reports">Reports</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}

function Reports() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <h1>Reports {params.get('report') ?? 'none'}</h1>
      <button onClick={() => setParams({ report: 'full' })}>Preview</button>
      <button onClick={() => navigate(-1)}>Back</button>
    </>
  );
}

function App({ at }: { at: string }) {
  return (
    <MemoryRouter initialEntries={[at]}>
      <Where />
      <Routes>
        <Route path="/start" element={<Navigate to="/reports" replace />} />
        <Route element={<Layout />}>
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/reports" element={<Reports />} />
        </Route>
        <Route path="*" element={<Link to="/">Not found, go home</Link>} />
      </Routes>
    </MemoryRouter>
  );
}

const where = () => screen.getByRole('status', { name: 'where' }).textContent;

describe('the app router', () => {
  it('renders the route of the path inside its layout, and marks the current section', () => {
    render(<App at="/Reports/" />);
    expect(screen.getByRole('heading', { name: 'Reports none' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('links push, search params keep the path, Back pops', async () => {
    render(<App at="/" />);
    await userEvent.click(screen.getByRole('link', { name: 'Reports' }));
    expect(where()).toBe('PUSH /reports');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(where()).toBe('PUSH /reports?report=full');
    expect(screen.getByRole('heading', { name: 'Reports full' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(where()).toBe('POP /reports');
  });

  it('redirects with Navigate and falls back to the catch-all route', async () => {
    render(<App at="/start" />);
    expect(await screen.findByRole('heading', { name: 'Reports none' })).toBeInTheDocument();
    expect(where()).toBe('REPLACE /reports');
  });

  it('an unknown path renders the catch-all route', () => {
    render(<App at="/nowhere" />);
    expect(screen.getByRole('link', { name: 'Not found, go home' })).toHaveAttribute('href', '/');
  });
});
