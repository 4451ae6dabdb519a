import { cx } from '../../lib/cx';
import { COMPANY_NAME, COPYRIGHT_YEAR, SOCIAL_LINKS } from '../content/company';
import { FOOTER_COLUMNS, LEGAL_LINKS, SIGN_IN_LINK } from '../content/navigation';
import { CONTAINER } from './blocks';
import { Glyph } from './glyph';
import { Logo } from './site-header';

const FOOTER_LINK =
  'flex min-h-11 min-w-11 items-center text-sm text-slate-700 hover:text-brand-800 hover:underline md:min-h-8 dark:text-slate-300 dark:hover:text-brand-100';

/** Spec section 2: Product, Company and Resources columns, social icons, copyright 2024. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className={cx(CONTAINER, 'grid gap-10 py-12 md:grid-cols-[2fr_1fr_1fr_1fr]')}>
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-slate-700 dark:text-slate-300">
            Amenity intelligence for homeowners associations and master-planned communities.
          </p>
          <ul className="mt-4 flex gap-1" aria-label="Social media">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.network}>
                <a
                  href={link.href}
                  aria-label={link.label}
                  rel="noopener"
                  className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  <Glyph name={link.network} className="h-5 w-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
            <h2
              id={`footer-${column.title.toLowerCase()}`}
              className="text-sm font-semibold text-slate-900 dark:text-white"
            >
              {column.title}
            </h2>
            <ul className="mt-2 grid grid-cols-2 gap-x-4 sm:grid-cols-1">
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className={FOOTER_LINK}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div
          className={cx(
            CONTAINER,
            'flex flex-col gap-2 py-6 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between dark:text-slate-300',
          )}
        >
          <p>
            © {COPYRIGHT_YEAR} {COMPANY_NAME}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-4">
            {[...LEGAL_LINKS, SIGN_IN_LINK].map((link) => (
              <li key={link.href}>
                <a href={link.href} className={cx(FOOTER_LINK, 'whitespace-nowrap')}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
