import { cx } from '../../lib/cx';
import { contactHref } from '../content/contact-links';
import { CODE_EXAMPLES, DOC_CATEGORIES, QUICK_START } from '../content/documentation';
import { CodeBlock, IconTile, LinkButton, PANEL, Section, SearchHero } from '../components/blocks';
import { Glyph } from '../components/glyph';
import { EmptyResult, FILTER_LIST, FILTER_SCOPE, filterItem } from '../components/search';
import { SiteLayout } from '../components/site-layout';

const RELATED = [
  { title: 'Help Center', href: '/help', icon: 'info', text: 'Answers to common questions.' },
  { title: 'Community Forum', href: '/community', icon: 'message', text: 'Ask other managers.' },
  {
    title: 'Contact Support',
    href: contactHref({ topic: 'support' }),
    icon: 'mail',
    text: 'Talk to our team.',
  },
] as const;

export default function DocumentationPage() {
  return (
    <SiteLayout path="/documentation">
      <div {...FILTER_SCOPE}>
        <SearchHero
          title="Documentation"
          intro="Guides and references for setting up CommonGround, reading your data, working with Amy and building on the API."
          search={{
            id: 'docs-search',
            label: 'Search documentation',
            placeholder: 'Search documentation...',
          }}
        />

        <Section
          id="quick-start"
          title="Quick Start"
          intro="From sign-up to your first insight in four steps."
        >
          <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {QUICK_START.map((step, index) => (
              <li key={step.title} className={PANEL}>
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                  {step.description}
                </p>
              </li>
            ))}
          </ol>
        </Section>

        <Section id="categories" tone="white" title="Browse by Topic">
          <div {...FILTER_LIST}>
            <ul className="grid gap-6 md:grid-cols-2">
              {DOC_CATEGORIES.map((category) => (
                <li
                  key={category.name}
                  className={PANEL}
                  {...filterItem(
                    [category.name, category.description, ...category.articles].join(' '),
                  )}
                >
                  <div className="flex items-center gap-3">
                    <IconTile name={category.icon} />
                    <div>
                      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                        {category.name}
                      </h3>
                      <p className="text-sm text-slate-700 dark:text-slate-300">
                        {category.description}
                      </p>
                    </div>
                  </div>
                  <ul className="mt-4 grid gap-2 text-sm text-slate-800 dark:text-slate-200">
                    {category.articles.map((article) => (
                      <li key={article} className="flex gap-2">
                        <Glyph
                          name="book"
                          className="mt-0.5 h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400"
                        />
                        {article}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            <EmptyResult>No documentation topics match your search.</EmptyResult>
          </div>
        </Section>

        <Section id="code-examples" title="Code Examples">
          <div {...FILTER_LIST}>
            <ul className="grid gap-6 lg:grid-cols-2">
              {CODE_EXAMPLES.map((example) => (
                <li
                  key={example.title}
                  className={cx(PANEL, 'min-w-0')}
                  {...filterItem(`${example.title} ${example.description} api code example`)}
                >
                  <h3 className="font-semibold text-slate-900 dark:text-white">{example.title}</h3>
                  <p className="mt-1 mb-3 text-sm text-slate-700 dark:text-slate-300">
                    {example.description}
                  </p>
                  <CodeBlock code={example.code} />
                </li>
              ))}
            </ul>
            <EmptyResult>No code examples match your search.</EmptyResult>
          </div>
          <p className="mt-8 text-center">
            <LinkButton href="/api" variant="secondary">
              API overview and tiers
            </LinkButton>
          </p>
        </Section>
      </div>

      <Section id="more-help" tone="white" title="Need More Help?">
        <ul className="grid gap-6 md:grid-cols-3">
          {RELATED.map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                className={cx(
                  PANEL,
                  'flex h-full items-center gap-4 hover:border-brand-600 dark:hover:border-brand-500',
                )}
              >
                <IconTile name={item.icon} />
                <span>
                  <span className="block font-semibold text-slate-900 dark:text-white">
                    {item.title}
                  </span>
                  <span className="text-sm text-slate-700 dark:text-slate-300">{item.text}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Section>
    </SiteLayout>
  );
}
