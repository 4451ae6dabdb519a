import { cx } from '../../lib/cx';
import { Badge } from '../../ui/badge';
import { EMAILS, PHONES } from '../content/company';
import { contactHref } from '../content/contact-links';
import { LEADERSHIP } from '../content/people';
import { AWARDS, MEDIA_KIT, PRESS_RELEASES } from '../content/press';
import { IconTile, LinkButton, PageHero, PANEL, Section } from '../components/blocks';
import { SiteLayout } from '../components/site-layout';

export default function PressPage() {
  return (
    <SiteLayout path="/press">
      <PageHero
        badge="Press & Media"
        title="CommonGround in the News"
        intro="Company news, awards and everything journalists need to write about amenity intelligence."
      >
        <LinkButton href={contactHref({ topic: 'press' })}>Contact Media Relations</LinkButton>
      </PageHero>

      <Section id="releases" title="Press Releases">
        <ul className="mx-auto grid max-w-4xl gap-4">
          {PRESS_RELEASES.map((release) => (
            <li key={release.title} className={PANEL}>
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                <Badge tone="brand">{release.category}</Badge>
                <time>{release.date}</time>
              </p>
              <h3 className="mt-2 text-lg font-semibold text-slate-900 dark:text-white">
                {release.title}
              </h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{release.excerpt}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="awards" tone="white" title="Awards & Recognition">
        <ul className="grid gap-6 md:grid-cols-3">
          {AWARDS.map((award) => (
            <li key={award.award} className={cx(PANEL, 'text-center')}>
              <IconTile name="award" className="mx-auto" />
              <p className="mt-3 text-sm font-medium text-brand-800 dark:text-brand-100">
                {award.year}
              </p>
              <h3 className="mt-1 text-lg font-semibold text-slate-900 dark:text-white">
                {award.award}
              </h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{award.category}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">{award.organization}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="media-kit"
        title="Media Kit"
        intro="Files are sent by our media team: Request opens the contact form with the file named."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {MEDIA_KIT.map((item) => (
            <li key={item.item} className={cx(PANEL, 'flex flex-col')}>
              <h3 className="font-semibold text-slate-900 dark:text-white">{item.item}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-700 dark:text-slate-300">
                {item.description}
              </p>
              <p className="mt-3 text-xs break-all text-slate-600 dark:text-slate-400">
                {item.file}
              </p>
              <LinkButton
                href={contactHref({ topic: 'press', about: item.file })}
                variant="secondary"
                className="mt-3"
              >
                Request<span className="sr-only">: {item.file}</span>
              </LinkButton>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="executives" tone="white" title="Executive Team">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {LEADERSHIP.map((leader) => (
            <li key={leader.name} className={cx(PANEL, 'text-center')}>
              <span
                aria-hidden="true"
                className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
              >
                {leader.initials}
              </span>
              <h3 className="mt-3 font-semibold text-slate-900 dark:text-white">{leader.name}</h3>
              <p className="text-sm text-slate-700 dark:text-slate-300">{leader.role}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="media-contact" title="Media Contact">
        <div className={cx(PANEL, 'mx-auto max-w-xl text-center')}>
          <p className="font-semibold text-slate-900 dark:text-white">Media Relations</p>
          <p className="mt-2">
            <a
              href={`mailto:${EMAILS.press}`}
              className="inline-flex min-h-11 items-center font-medium text-brand-800 underline dark:text-brand-100"
            >
              {EMAILS.press}
            </a>
          </p>
          <p>
            <a
              href={`tel:+1${PHONES.main.replace(/\D/g, '')}`}
              className="inline-flex min-h-11 items-center font-medium text-brand-800 underline dark:text-brand-100"
            >
              {PHONES.main}
            </a>
          </p>
        </div>
      </Section>
    </SiteLayout>
  );
}
