import { useEffect, useRef, type ReactNode } from 'react';
import type { PublicPath } from '../../lib/route-paths';
import { DEFAULT_HEADER, PAGE_META, type HeaderConfig } from '../content/navigation';
import { initSite } from '../islands/init';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from '../../ui/skip-link';

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
      <SkipLink />
      <SiteHeader config={header} current={path} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
