import {
  Children,
  createContext,
  isValidElement,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';

/**
 * The app's router: the part of react-router's declarative API the app uses (BrowserRouter,
 * MemoryRouter, Routes/Route with static paths and layout routes, Outlet, Link, NavLink,
 * Navigate and the location, navigate, search-params and navigation-type hooks), with the same
 * names and behaviour. Every route of the app is a static path (lib/app-pages.ts, site-routes),
 * so none of react-router's data APIs, loaders, path ranking or prefetching is needed, and they
 * were 13 KB gzip of the dashboard's first load (issue 15); this is under 2 KB.
 */

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export type Location = {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Unique per history entry (kept across reloads in history.state), 'default' for the first. */
  key: string;
};

export type NavigateOptions = { replace?: boolean; state?: unknown };

export type NavigateFunction = {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
};

type Snapshot = { location: Location; action: NavigationType };

type History = {
  snapshot: () => Snapshot;
  subscribe: (listener: () => void) => () => void;
  push: (href: string, state: unknown, replace: boolean) => void;
  go: (delta: number) => void;
};

type HistoryState = { key?: string; usr?: unknown } | null;

const newKey = () => Math.random().toString(36).slice(2, 10);

function parsePath(href: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(href, 'http://localhost');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** `to` against the current location: '?a=1' and '#x' keep the path, as react-router does. */
function resolveHref(to: string, from: Location): string {
  const url = new URL(to, `http://localhost${from.pathname}${from.search}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

function listeners() {
  const set = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      set.add(listener);
      return () => set.delete(listener);
    },
    notify: () => set.forEach((listener) => listener()),
  };
}

function createBrowserHistory(): History {
  const { subscribe, notify } = listeners();
  const read = (action: NavigationType): Snapshot => {
    const state = window.history.state as HistoryState;
    return {
      action,
      location: {
        pathname: window.location.pathname,
        search: window.location.search,
        hash: window.location.hash,
        state: state?.usr ?? null,
        key: state?.key ?? 'default',
      },
    };
  };
  let current = read('POP');
  window.addEventListener('popstate', () => {
    current = read('POP');
    notify();
  });
  return {
    snapshot: () => current,
    subscribe,
    push(href, state, replace) {
      const entry = { key: newKey(), usr: state };
      if (replace) window.history.replaceState(entry, '', href);
      else window.history.pushState(entry, '', href);
      current = read(replace ? 'REPLACE' : 'PUSH');
      notify();
    },
    go: (delta) => window.history.go(delta),
  };
}

function createMemoryHistory(initialEntries: readonly string[]): History {
  const { subscribe, notify } = listeners();
  const entries: Location[] = (initialEntries.length > 0 ? initialEntries : ['/']).map(
    (href, index) => ({ ...parsePath(href), state: null, key: index === 0 ? 'default' : newKey() }),
  );
  let index = entries.length - 1;
  let current: Snapshot = { action: 'POP', location: entries[index] as Location };
  return {
    snapshot: () => current,
    subscribe,
    push(href, state, replace) {
      const location = { ...parsePath(href), state, key: newKey() };
      if (replace) entries[index] = location;
      else {
        entries.splice(index + 1, entries.length, location);
        index += 1;
      }
      current = { action: replace ? 'REPLACE' : 'PUSH', location };
      notify();
    },
    go(delta) {
      const next = Math.min(entries.length - 1, Math.max(0, index + delta));
      if (next === index) return;
      index = next;
      current = { action: 'POP', location: entries[index] as Location };
      notify();
    },
  };
}

type RouterContextValue = Snapshot & { navigate: NavigateFunction };

const RouterContext = createContext<RouterContextValue | null>(null);
const OutletContext = createContext<ReactNode>(null);

function useRouter(): RouterContextValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links must be used inside a router');
  return router;
}

function Router({ history, children }: { history: History; children: ReactNode }) {
  const snapshot = useSyncExternalStore(history.subscribe, history.snapshot, history.snapshot);
  const value = useMemo<RouterContextValue>(() => {
    function navigate(to: string | number, options: NavigateOptions = {}) {
      if (typeof to === 'number') history.go(to);
      else {
        const href = resolveHref(to, history.snapshot().location);
        history.push(href, options.state ?? null, options.replace ?? false);
      }
    }
    return { ...snapshot, navigate: navigate as NavigateFunction };
  }, [history, snapshot]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** One per page: it listens to popstate from its creation, so no Back is missed. */
let browserHistory: History | undefined;

/** The address bar's history (the app). */
export function BrowserRouter({ children }: { children: ReactNode }) {
  browserHistory ??= createBrowserHistory();
  return <Router history={browserHistory}>{children}</Router>;
}

/** A history in memory (tests and the build's prerender of each route's first frame). */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: readonly string[];
  children?: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().action;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

type SearchParamsInit = Record<string, string> | URLSearchParams | string;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsInit, options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = (next: SearchParamsInit, options?: NavigateOptions) => {
    const search = new URLSearchParams(next).toString();
    navigate(`${location.pathname}${search ? `?${search}` : ''}`, options);
  };
  return [params, setParams];
}

/** One route: a static `path` ('*' for anything else), or a layout (no path) around child routes. */
export type RouteProps = { path?: string; element?: ReactNode; children?: ReactNode };

export function Route(props: RouteProps): ReactElement | null {
  // Routes reads the props of its Route children; a Route never renders by itself.
  void props;
  return null;
}

const normalize = (pathname: string) =>
  (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();

function routesOf(children: ReactNode): RouteProps[] {
  return Children.toArray(children)
    .filter(isValidElement)
    .map((child) => child.props as RouteProps);
}

/** The element for `pathname` among `routes`, a layout wrapping its matched child. */
function match(routes: RouteProps[], pathname: string, wildcard: boolean): ReactNode | undefined {
  for (const route of routes) {
    if (route.path === undefined) {
      const inner = match(routesOf(route.children), pathname, wildcard);
      if (inner !== undefined) {
        return <OutletContext value={inner}>{route.element ?? <Outlet />}</OutletContext>;
      }
    } else if (wildcard ? route.path === '*' : normalize(route.path) === pathname) {
      return route.element ?? null;
    }
  }
  return undefined;
}

/** Renders the first route whose path is the location's (case and trailing slash aside), else '*'. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const routes = routesOf(children);
  const path = normalize(pathname);
  return <>{match(routes, path, false) ?? match(routes, path, true) ?? null}</>;
}

/** Where a layout route renders its matched child. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/** A plain click (no modifier, this tab) navigates in the app; anything else is the browser's. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!target || target === '_self')
  );
}

export function Link({ to, replace, state, onClick, target, children, ...props }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = resolveHref(to, location);
  return (
    <a
      {...props}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event, target)) return;
        event.preventDefault();
        // A link to where the reader already is replaces the entry, as react-router does.
        const here = `${location.pathname}${location.search}${location.hash}`;
        navigate(href, { replace: replace ?? href === here, state });
      }}
    >
      {children}
    </a>
  );
}

/** A Link that says aria-current="page" while the location is its path or below it. */
export function NavLink(props: LinkProps) {
  const { pathname } = useLocation();
  const path = normalize(parsePath(props.to).pathname);
  const here = normalize(pathname);
  const active = here === path || (path !== '/' && here.startsWith(`${path}/`));
  return <Link aria-current={active ? 'page' : undefined} {...props} />;
}
