import { cx } from '../../lib/cx';
import { CONTACT_FORM_ID, DEMO_HREF, TRIAL_HREF } from '../content/contact-links';
import {
  BLOG_ARTICLES,
  BLOG_CATEGORIES,
  BLOG_HERO,
  FEATURED_ARTICLE,
  POPULAR_TAGS,
  articleSearchText,
  type BlogArticle,
} from '../content/blog';
import { BLOG_HEADER, STAY_UPDATED_ID } from '../content/navigation';
import { ISLAND } from '../islands/dom-contract';
import { buttonClasses } from '../../ui/button';
import { Badge } from '../../ui/badge';
import { CONTAINER, CtaBand, LinkButton, PANEL, SidePanel, SearchHero } from '../components/blocks';
import { Glyph } from '../components/glyph';
import { EmptyResult, FILTER_LIST, FILTER_SCOPE, filterItem } from '../components/search';
import { SiteLayout } from '../components/site-layout';

function ArticleMeta({ article }: { article: BlogArticle }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
      <span className="font-medium text-slate-800 dark:text-slate-200">{article.author}</span>
      <time>{article.date}</time>
      <span>{article.readTime}</span>
    </p>
  );
}

/** The article is read in place: Read Article opens its text (no script needed). */
function ReadArticle({ article }: { article: BlogArticle }) {
  return (
    <details className="group mt-4">
      <summary
        className={cx(
          buttonClasses('secondary'),
          'cursor-pointer list-none [&::-webkit-details-marker]:hidden',
        )}
      >
        <span className="group-open:hidden">Read Article</span>
        <span className="hidden group-open:inline">Close Article</span>
        <span className="sr-only">: {article.title}</span>
      </summary>
      <div className="mt-4 grid gap-3 leading-relaxed text-slate-700 dark:text-slate-300">
        {article.body.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </details>
  );
}

function ImagePlaceholder({ className }: { className?: string }) {
  return (
    <div
      className={cx(
        'flex items-center justify-center rounded-lg bg-gradient-to-br from-brand-100 to-slate-100 text-brand-800 dark:from-brand-900/60 dark:to-slate-800 dark:text-brand-100',
        className,
      )}
    >
      <Glyph name="image" className="h-10 w-10" />
    </div>
  );
}

export default function BlogPage() {
  return (
    <SiteLayout path="/blog" header={BLOG_HEADER}>
      <div {...FILTER_SCOPE}>
        <SearchHero
          title={BLOG_HERO.title}
          intro={BLOG_HERO.intro}
          search={{
            id: 'blog-search',
            label: 'Search articles',
            placeholder: BLOG_HERO.searchPlaceholder,
          }}
        />

        <div className={cx(CONTAINER, 'py-12')}>
          <section aria-labelledby="featured-title" {...FILTER_LIST}>
            <h2 id="featured-title" className="sr-only">
              Featured Article
            </h2>
            <article
              className={cx(PANEL, 'grid gap-6 p-6 md:grid-cols-[2fr_3fr]')}
              {...filterItem(articleSearchText(FEATURED_ARTICLE), FEATURED_ARTICLE.category)}
            >
              <ImagePlaceholder className="min-h-40 md:min-h-full" />
              <div>
                <p className="flex flex-wrap gap-2">
                  <Badge tone="amber">Featured Article</Badge>
                  <Badge tone="brand">{FEATURED_ARTICLE.category}</Badge>
                </p>
                <h3 className="mt-3 text-2xl font-bold text-slate-900 dark:text-white">
                  {FEATURED_ARTICLE.title}
                </h3>
                <p className="mt-2 text-slate-700 dark:text-slate-300">
                  {FEATURED_ARTICLE.excerpt}
                </p>
                <div className="mt-3">
                  <ArticleMeta article={FEATURED_ARTICLE} />
                </div>
                <ReadArticle article={FEATURED_ARTICLE} />
              </div>
            </article>
          </section>

          <div className="mt-12 grid gap-10 lg:grid-cols-[16rem_1fr]">
            <aside aria-label="Blog sidebar" className="grid content-start gap-6">
              <SidePanel id="blog-categories" title="Categories">
                <ul className="mt-3 grid gap-1">
                  {BLOG_CATEGORIES.map((category) => (
                    <li key={category.name}>
                      <button
                        type="button"
                        aria-pressed={category.name === 'All'}
                        className="flex min-h-11 w-full items-center justify-between rounded-lg px-3 text-left text-sm text-slate-700 hover:bg-slate-100 aria-pressed:bg-brand-50 aria-pressed:font-semibold aria-pressed:text-brand-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-pressed:bg-brand-900/50 dark:aria-pressed:text-brand-100"
                        {...{ [ISLAND.filterFacet]: category.name === 'All' ? '' : category.name }}
                      >
                        {category.name}
                        <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                          {category.count}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </SidePanel>

              <SidePanel id="tags" title="Popular Tags">
                <ul className="mt-3 flex flex-wrap gap-2">
                  {POPULAR_TAGS.map((tag) => (
                    <li key={tag}>
                      <button
                        type="button"
                        className="inline-flex min-h-11 items-center rounded-full bg-slate-100 px-3 text-sm text-slate-800 hover:bg-brand-100 hover:text-brand-900 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-brand-900/60 dark:hover:text-brand-100"
                        {...{ [ISLAND.filterQuery]: tag }}
                      >
                        {tag}
                      </button>
                    </li>
                  ))}
                </ul>
              </SidePanel>

              <SidePanel id="stay-updated" title="Stay Updated" anchor={STAY_UPDATED_ID}>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  New articles on community management, once a month.
                </p>
                <form
                  action={`/contact#${CONTACT_FORM_ID}`}
                  method="get"
                  className="mt-3 grid gap-2"
                >
                  <input type="hidden" name="topic" value="newsletter" />
                  <input type="hidden" name="about" value="the CommonGround blog newsletter" />
                  <label
                    htmlFor="newsletter-email"
                    className="text-sm font-medium text-slate-900 dark:text-white"
                  >
                    Email address
                  </label>
                  <input
                    id="newsletter-email"
                    name="email"
                    type="email"
                    required
                    autoComplete="email"
                    aria-describedby="newsletter-how"
                    className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-white"
                  />
                  <button type="submit" className={buttonClasses('primary')}>
                    Subscribe
                  </button>
                  <p id="newsletter-how" className="text-xs text-slate-600 dark:text-slate-400">
                    Subscribe takes you to our contact form to confirm by email; nothing is sent
                    until you do.
                  </p>
                </form>
              </SidePanel>
            </aside>

            <section aria-labelledby="latest-title" className="min-w-0">
              <h2 id="latest-title" className="text-2xl font-bold text-slate-900 dark:text-white">
                Latest Articles
              </h2>
              <div {...FILTER_LIST} className="mt-6">
                <ul className="grid gap-6 md:grid-cols-2">
                  {BLOG_ARTICLES.map((article) => (
                    <li
                      key={article.title}
                      className={cx(PANEL, 'flex flex-col')}
                      {...filterItem(articleSearchText(article), article.category)}
                    >
                      <ImagePlaceholder className="h-36" />
                      <p className="mt-4">
                        <Badge tone="brand">{article.category}</Badge>
                      </p>
                      <h3 className="mt-2 text-lg font-semibold text-slate-900 dark:text-white">
                        {article.title}
                      </h3>
                      <p className="mt-2 flex-1 text-sm text-slate-700 dark:text-slate-300">
                        {article.excerpt}
                      </p>
                      <div className="mt-3">
                        <ArticleMeta article={article} />
                      </div>
                      <ReadArticle article={article} />
                    </li>
                  ))}
                </ul>
                <EmptyResult>No articles match. Try another word, tag or category.</EmptyResult>
              </div>
              <div className="mt-8 text-center">
                <button
                  type="button"
                  disabled
                  aria-describedby="load-more-note"
                  className={buttonClasses('secondary')}
                >
                  Load More Articles
                </button>
                <p id="load-more-note" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                  You have reached the end: every article published on this site is shown above.
                </p>
              </div>
            </section>
          </div>
        </div>
      </div>

      <CtaBand
        title="See What CommonGround Can Do for Your Community"
        intro="Put these ideas to work with live amenity data."
      >
        <LinkButton href={TRIAL_HREF} variant="inverse">
          Start Free Trial
        </LinkButton>
        <LinkButton href={DEMO_HREF} variant="inverse-outline">
          Schedule Demo
        </LinkButton>
      </CtaBand>
    </SiteLayout>
  );
}
