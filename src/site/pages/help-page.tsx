import { cx } from '../../lib/cx';
import { contactHref } from '../content/contact-links';
import { HELP_CATEGORIES, HELP_FAQ, POPULAR_ARTICLES, SUPPORT_CHANNELS } from '../content/help';
import { SUPPORT } from '../content/service-terms';
import {
  CtaBand,
  FaqList,
  IconTile,
  LinkButton,
  PANEL,
  Section,
  SearchHero,
} from '../components/blocks';
import { Glyph } from '../components/glyph';
import { EmptyResult, FILTER_LIST, FILTER_SCOPE, filterItem } from '../components/search';
import { SiteLayout } from '../components/site-layout';

export default function HelpPage() {
  return (
    <SiteLayout path="/help">
      <div {...FILTER_SCOPE}>
        <SearchHero
          title="How Can We Help?"
          intro={`Search our help articles and answers, or reach the support team (${SUPPORT.hours}).`}
          search={{ id: 'help-search', label: 'Search help', placeholder: 'Search for help...' }}
        />

        <Section id="help-categories" title="Browse Help Topics">
          <div {...FILTER_LIST}>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {HELP_CATEGORIES.map((category) => (
                <li
                  key={category.name}
                  className={cx(PANEL, 'flex gap-4')}
                  {...filterItem(`${category.name} ${category.description}`)}
                >
                  <IconTile name={category.icon} />
                  <div>
                    <h3 className="font-semibold text-slate-900 dark:text-white">
                      {category.name}
                    </h3>
                    <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                      {category.description}
                    </p>
                    <p className="mt-2 text-sm font-medium text-brand-800 dark:text-brand-100">
                      {category.articleCount} articles
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <EmptyResult>No help topics match your search.</EmptyResult>
          </div>
        </Section>

        <Section id="popular-articles" tone="white" title="Popular Articles">
          <div {...FILTER_LIST} className="mx-auto max-w-4xl">
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
              {POPULAR_ARTICLES.map((article) => (
                <li
                  key={article.title}
                  className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
                  {...filterItem(`${article.title} ${article.category}`)}
                >
                  <div>
                    <h3 className="font-medium text-slate-900 dark:text-white">{article.title}</h3>
                    <p className="text-sm text-slate-600 dark:text-slate-400">{article.category}</p>
                  </div>
                  <p className="flex shrink-0 gap-4 text-sm text-slate-700 dark:text-slate-300">
                    <span className="inline-flex items-center gap-1">
                      <Glyph name="eye" className="h-4 w-4" />
                      {article.views.toLocaleString('en-US')} views
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <Glyph name="star" className="h-4 w-4 text-amber-600 dark:text-amber-400" />
                      {article.rating.toFixed(1)} <span className="sr-only">out of 5</span>
                    </span>
                  </p>
                </li>
              ))}
            </ul>
            <EmptyResult>No popular articles match your search.</EmptyResult>
          </div>
        </Section>

        <Section id="faq" title="Frequently Asked Questions">
          <div {...FILTER_LIST} className="mx-auto grid max-w-3xl gap-3">
            <FaqList items={HELP_FAQ} filterable />
            <EmptyResult>No questions match your search.</EmptyResult>
          </div>
        </Section>
      </div>

      <Section
        id="support-channels"
        tone="white"
        title="Contact Support"
        intro={`We reply within ${SUPPORT.replyWithin}. ${SUPPORT.phone}`}
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SUPPORT_CHANNELS.map((channel) => (
            <li key={channel.name} className={cx(PANEL, 'flex flex-col')}>
              <IconTile name={channel.icon} />
              <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{channel.name}</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {channel.description}
              </p>
              <p className="mt-1 flex-1 text-sm font-medium text-slate-900 dark:text-white">
                {channel.detail}
              </p>
              <a
                href={channel.action.href}
                className="mt-3 inline-flex min-h-11 items-center text-sm font-medium break-all text-brand-800 underline dark:text-brand-100"
              >
                {channel.action.label}
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand title="Still Stuck?" intro="Tell us what is happening and we will get back to you.">
        <LinkButton href={contactHref({ topic: 'support' })} variant="inverse">
          Contact Support
        </LinkButton>
        <LinkButton href="/documentation" variant="inverse-outline">
          View Documentation
        </LinkButton>
      </CtaBand>
    </SiteLayout>
  );
}
