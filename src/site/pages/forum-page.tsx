import { cx } from '../../lib/cx';
import { Badge, type BadgeTone } from '../../ui/badge';
import { contactHref } from '../content/contact-links';
import {
  FORUM_CATEGORIES,
  FORUM_HERO,
  FORUM_STATS,
  FORUM_THREADS,
  FULL_GUIDELINES,
  GUIDELINES,
  TOP_CONTRIBUTORS,
  UPCOMING_EVENTS,
  type ForumTone,
} from '../content/forum';
import { FORUM_HEADER } from '../content/navigation';
import { CONTAINER, LinkButton, PANEL, SidePanel, SearchHero } from '../components/blocks';
import { Glyph } from '../components/glyph';
import { EmptyResult, FILTER_LIST, FILTER_SCOPE, filterItem } from '../components/search';
import { SiteLayout } from '../components/site-layout';

const TONE_CLASSES: Record<ForumTone, string> = {
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200',
  purple: 'bg-purple-100 text-purple-800 dark:bg-purple-900/50 dark:text-purple-200',
  green: 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  red: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  brand: 'bg-brand-100 text-brand-900 dark:bg-brand-900/60 dark:text-brand-100',
};

const CATEGORY_BADGE: Record<string, BadgeTone> = Object.fromEntries(
  FORUM_CATEGORIES.map((category) => [category.name, category.colour]),
);

const JOIN_HREF = contactHref({ topic: 'community', about: 'Join the community forum' });
const START_DISCUSSION_HREF = contactHref({ topic: 'community', about: 'Start a discussion' });

export default function ForumPage() {
  return (
    <SiteLayout path="/community" header={FORUM_HEADER}>
      <div {...FILTER_SCOPE}>
        <SearchHero
          title={FORUM_HERO.title}
          intro={FORUM_HERO.intro}
          search={{
            id: 'forum-search',
            label: 'Search the forum',
            placeholder: FORUM_HERO.searchPlaceholder,
            wide: true,
          }}
          before={
            <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900 dark:bg-brand-900/60 dark:text-brand-100">
              <Glyph name="users" className="h-4 w-4" />
              {FORUM_HERO.badge}
            </p>
          }
          after={
            <>
              <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
                <LinkButton href={START_DISCUSSION_HREF}>
                  <Glyph name="plus" className="h-4 w-4" />
                  Start Discussion
                </LinkButton>
                <LinkButton href={JOIN_HREF} variant="secondary">
                  Join Community
                </LinkButton>
              </div>
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
                Posting needs a member account: both buttons open our contact form to set one up.
              </p>
            </>
          }
        />

        <section
          aria-label="Forum statistics"
          className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
        >
          <dl className={cx(CONTAINER, 'grid grid-cols-2 gap-6 py-8 text-center md:grid-cols-4')}>
            {FORUM_STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse">
                <dt className="text-sm text-slate-700 dark:text-slate-300">{stat.label}</dt>
                <dd className="text-3xl font-bold text-brand-800 dark:text-brand-100">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <div className={cx(CONTAINER, 'grid gap-10 py-12 lg:grid-cols-[1fr_20rem]')}>
          <div className="grid min-w-0 content-start gap-12">
            <section aria-labelledby="categories-title">
              <h2
                id="categories-title"
                className="text-2xl font-bold text-slate-900 dark:text-white"
              >
                Forum Categories
              </h2>
              <div {...FILTER_LIST} className="mt-6">
                <ul className="grid gap-4 sm:grid-cols-2">
                  {FORUM_CATEGORIES.map((category) => (
                    <li
                      key={category.name}
                      className={cx(PANEL, 'flex gap-4')}
                      {...filterItem(`${category.name} ${category.description}`)}
                    >
                      <span
                        className={cx(
                          'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg',
                          TONE_CLASSES[category.colour],
                        )}
                      >
                        <Glyph name={category.icon} className="h-6 w-6" />
                      </span>
                      <div>
                        <h3 className="font-semibold text-slate-900 dark:text-white">
                          {category.name}
                        </h3>
                        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                          {category.description}
                        </p>
                        <p className="mt-2 flex gap-4 text-sm text-slate-600 dark:text-slate-400">
                          <span>{category.posts.toLocaleString('en-US')} posts</span>
                          <span>{category.members.toLocaleString('en-US')} members</span>
                        </p>
                      </div>
                    </li>
                  ))}
                </ul>
                <EmptyResult>No categories match your search.</EmptyResult>
              </div>
            </section>

            <section aria-labelledby="discussions-title">
              <h2
                id="discussions-title"
                className="text-2xl font-bold text-slate-900 dark:text-white"
              >
                Recent Discussions
              </h2>
              <div {...FILTER_LIST} className="mt-6">
                <ul className="grid gap-4">
                  {FORUM_THREADS.map((thread) => (
                    <li
                      key={thread.title}
                      className={PANEL}
                      {...filterItem(
                        `${thread.title} ${thread.category} ${thread.author} ${thread.community}`,
                      )}
                    >
                      <p className="flex flex-wrap items-center gap-2">
                        {thread.featured ? (
                          <Badge tone="amber">
                            <Glyph name="star" className="h-3 w-3" />
                            Featured
                          </Badge>
                        ) : null}
                        <Badge tone={CATEGORY_BADGE[thread.category] ?? 'gray'}>
                          {thread.category}
                        </Badge>
                        <span className="text-sm text-slate-600 dark:text-slate-400">
                          {thread.timeAgo}
                        </span>
                      </p>
                      <h3 className="mt-2 text-lg font-semibold text-slate-900 dark:text-white">
                        {thread.title}
                      </h3>
                      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                        by <span className="font-medium">{thread.author}</span> · {thread.community}
                      </p>
                      <p className="mt-2 flex gap-4 text-sm text-slate-600 dark:text-slate-400">
                        <span className="inline-flex items-center gap-1">
                          <Glyph name="message" className="h-4 w-4" />
                          {thread.replies} replies
                        </span>
                        <span className="inline-flex items-center gap-1">
                          <Glyph name="eye" className="h-4 w-4" />
                          {thread.views} views
                        </span>
                      </p>
                    </li>
                  ))}
                </ul>
                <EmptyResult>No discussions match your search.</EmptyResult>
              </div>
              <p className="mt-6 text-center">
                <LinkButton
                  href={contactHref({ topic: 'community', about: 'Access to all forum posts' })}
                  variant="secondary"
                >
                  View All Posts
                </LinkButton>
              </p>
              <p className="mt-2 text-center text-sm text-slate-600 dark:text-slate-400">
                The full archive is open to members.
              </p>
            </section>
          </div>

          <aside aria-label="Forum sidebar" className="grid content-start gap-6">
            <SidePanel id="contributors" title="Top Contributors">
              <ol className="mt-4 grid gap-4">
                {TOP_CONTRIBUTORS.map((contributor) => (
                  <li key={contributor.name} className="flex items-center gap-3">
                    <span
                      aria-hidden="true"
                      className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
                    >
                      {contributor.name
                        .split(' ')
                        .map((part) => part[0])
                        .join('')}
                    </span>
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900 dark:text-white">
                        {contributor.name}
                      </p>
                      <p className="text-sm text-brand-800 dark:text-brand-100">
                        {contributor.title}
                      </p>
                      <p className="text-xs text-slate-600 dark:text-slate-400">
                        {contributor.posts} posts · {contributor.reputation.toLocaleString('en-US')}{' '}
                        reputation
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            </SidePanel>

            <SidePanel id="guidelines" title="Community Guidelines">
              <ul className="mt-3 grid gap-2 text-sm text-slate-700 dark:text-slate-300">
                {GUIDELINES.map((guideline) => (
                  <li key={guideline} className="flex gap-2">
                    <Glyph
                      name="check"
                      className="mt-0.5 h-4 w-4 shrink-0 text-green-700 dark:text-green-400"
                    />
                    {guideline}
                  </li>
                ))}
              </ul>
              <details className="mt-3">
                <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-800 underline dark:text-brand-100">
                  Read Full Guidelines
                </summary>
                <dl className="mt-2 grid gap-3 text-sm">
                  {FULL_GUIDELINES.map((guideline) => (
                    <div key={guideline.title}>
                      <dt className="font-semibold text-slate-900 dark:text-white">
                        {guideline.title}
                      </dt>
                      <dd className="text-slate-700 dark:text-slate-300">{guideline.text}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            </SidePanel>

            <SidePanel id="events" title="Upcoming Events">
              <ul className="mt-4 grid gap-4">
                {UPCOMING_EVENTS.map((event) => (
                  <li key={event.title} className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800/60">
                    <h3 className="font-semibold text-slate-900 dark:text-white">{event.title}</h3>
                    <p className="mt-1 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                      <Glyph name="calendar" className="h-4 w-4" />
                      {event.date}
                    </p>
                    <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                      <Glyph name="clock" className="h-4 w-4" />
                      {event.time}
                    </p>
                    <LinkButton
                      href={contactHref({
                        topic: 'events',
                        about: `${event.title}, ${event.date}`,
                      })}
                      className="mt-3 w-full"
                    >
                      Register<span className="sr-only">: {event.title}</span>
                    </LinkButton>
                  </li>
                ))}
              </ul>
            </SidePanel>
          </aside>
        </div>
      </div>
    </SiteLayout>
  );
}
