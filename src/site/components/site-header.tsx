import { cx } from '../../lib/cx';
import { buttonClasses } from '../../ui/button';
import type { HeaderConfig } from '../content/navigation';
import { COMPANY_NAME } from '../content/company';
import { ISLAND, NEEDS_SCRIPT_CLASS } from '../islands/dom-contract';
import { CONTAINER } from './blocks';
import { Glyph } from './glyph';

export function Logo() {
  return (
    <a
      href="/"
      className="flex min-h-11 shrink-0 items-center gap-2 rounded-md font-semibold text-slate-900 dark:text-white"
    >
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-700 text-white">
        <Glyph name="leaf" className="h-5 w-5" />
      </span>
      {COMPANY_NAME}
    </a>
  );
}

const NAV_LINK =
  'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:text-brand-800 aria-[current=page]:underline aria-[current=page]:underline-offset-4 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:aria-[current=page]:text-brand-100';

/** Only works with script (the island), so it is invisible, space kept, until the island runs. */
function ThemeToggle() {
  return (
    <button
      type="button"
      aria-pressed="false"
      aria-label="Dark theme"
      title="Dark theme"
      className={cx(
        'inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
        NEEDS_SCRIPT_CLASS,
      )}
      {...{ [ISLAND.themeToggle]: '', [ISLAND.needsScript]: '' }}
    >
      <Glyph name="moon" className="h-5 w-5 dark:hidden" />
      <Glyph name="sun" className="hidden h-5 w-5 dark:block" />
    </button>
  );
}

/**
 * Shared header: logo to /, the page's nav links and actions. On phones the links fold into a
 * <details> menu button (works without script; the island adds Escape and outside-click close).
 */
export function SiteHeader({ config, current }: { config: HeaderConfig; current: string }) {
  const { links, actions } = config;
  const linkItems = (className: string) =>
    links.map((link) => (
      <li key={link.href}>
        <a
          href={link.href}
          className={className}
          aria-current={link.href === current ? 'page' : undefined}
        >
          {link.label}
        </a>
      </li>
    ));
  return (
    <header className="relative z-40 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className={cx(CONTAINER, 'flex h-16 items-center justify-between gap-2')}>
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">{linkItems(NAV_LINK)}</ul>
        </nav>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden items-center gap-2 md:flex">
            {actions.map((action) => (
              <a key={action.href} href={action.href} className={buttonClasses(action.variant)}>
                {action.label}
              </a>
            ))}
          </div>
          <details className="group md:hidden" {...{ [ISLAND.menu]: '' }}>
            <summary className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
              <Glyph name="menu" className="h-6 w-6 group-open:hidden" />
              <Glyph name="close" className="hidden h-6 w-6 group-open:block" />
              <span className="sr-only">Menu</span>
            </summary>
            <div className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white shadow-lg dark:border-slate-800 dark:bg-slate-950">
              <nav aria-label="Main" className={cx(CONTAINER, 'py-3')}>
                <ul className="grid gap-1">{linkItems(cx(NAV_LINK, 'w-full text-base'))}</ul>
                <div className="mt-3 grid gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
                  {actions.map((action) => (
                    <a
                      key={action.href}
                      href={action.href}
                      className={buttonClasses(action.variant)}
                    >
                      {action.label}
                    </a>
                  ))}
                </div>
              </nav>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
