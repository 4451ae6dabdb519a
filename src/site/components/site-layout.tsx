import { useEffect, useRef, type ReactNode } from 'react';
import type { PublicPath } from '../../lib/route-paths';
import { DEFAULT_HEADER, PAGE_META, type HeaderConfig } from '../content/navigation';
import { initSite } from '../islands/init';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The frame of every public page: skip link, header, main, footer. Prerendered, it is static
 * HTML wired by the island script; in the SPA (dev and in-app navigation) this effect runs the
 * same island code, so each behaviour has one implementation.
 */
export function SiteLayout({
  path,
  header = DEFAULT_HEADER,
  children,
}: {
  path: PublicPath;
  header?: HeaderConfig;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const meta = PAGE_META[path];
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
    return root.current ? initSite(root.current) : undefined;
  }, [path]);
  return (
    <div ref={root} className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 text-sm font-medium text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:inline-flex focus:min-h-11 focus:items-center"
      >
        Skip to content
      </a>
      <SiteHeader config={header} current={path} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
