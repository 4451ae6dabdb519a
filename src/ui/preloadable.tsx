import { lazy, type ComponentType } from 'react';

/** A component whose code is loaded apart, which can also be loaded ahead of its first render. */
export type Preloadable<P extends object> = ComponentType<P> & {
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
};

/**
 * A lazily loaded component (React.lazy) that can be loaded ahead of time: the app's pages (the
 * prerender loads them, and the browser before it hydrates a prerendered page) and the reports'
 * bodies (loaded with the report document). Once loaded it renders at once, without suspending:
 * a hydration that suspended there would leave the page to be built again, and a report whose
 * body suspended as its data arrived was hidden for a moment, and lost the focus it had.
 */
export function preloadable<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = pick(module);
      return { default: loaded };
    }));
  const Lazy = lazy(preload);
  const Preloaded = (props: P) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
  return Object.assign(Preloaded, { preload, isLoaded: () => loaded !== undefined });
}
