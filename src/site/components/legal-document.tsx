import { cx } from '../../lib/cx';
import type { PublicPath } from '../../lib/route-paths';
import type { LegalDocument } from '../content/legal';
import { CONTAINER } from './blocks';
import { SiteLayout } from './site-layout';

/** A legal page: title, date, table of contents and numbered sections of readable prose. */
export function LegalPage({ path, document }: { path: PublicPath; document: LegalDocument }) {
  return (
    <SiteLayout path={path}>
      <div className={cx(CONTAINER, 'py-10 sm:py-14')}>
        <div className="mx-auto max-w-3xl border-b border-slate-200 pb-6 dark:border-slate-800">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            {document.title}
          </h1>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Last updated {document.lastUpdated}
          </p>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{document.intro}</p>
        </div>
        <div className="mx-auto mt-8 grid max-w-5xl gap-10 lg:grid-cols-[16rem_1fr]">
          <nav
            aria-labelledby="toc-title"
            className="self-start rounded-xl border border-slate-200 bg-white p-4 lg:sticky lg:top-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 id="toc-title" className="text-sm font-semibold text-slate-900 dark:text-white">
              Contents
            </h2>
            <ol className="mt-2 grid gap-0.5 text-sm">
              {document.sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="flex min-h-11 items-center gap-2 rounded-md px-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900 lg:min-h-8 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                  >
                    <span className="w-5 shrink-0 text-right tabular-nums text-slate-500 dark:text-slate-400">
                      {index + 1}.
                    </span>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="max-w-3xl">
            {document.sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className="scroll-mt-4 border-b border-slate-200 py-6 first:pt-0 last:border-b-0 dark:border-slate-800"
              >
                <h2
                  id={`${section.id}-title`}
                  className="text-xl font-semibold text-slate-900 dark:text-white"
                >
                  {index + 1}. {section.title}
                </h2>
                <div className="mt-3 grid gap-3 leading-relaxed text-slate-700 dark:text-slate-300">
                  {section.paragraphs.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                  {section.list ? (
                    <ul className="grid list-disc gap-2 pl-6">
                      {section.list.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  ) : null}
                  {section.after?.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </div>
              </section>
            ))}
          </div>
        </div>
      </div>
    </SiteLayout>
  );
}
