import { cx } from '../../lib/cx';
import { ABOUT_HERO, MISSION, STORY, VALUES } from '../content/about';
import { LIVE_DEMO_HREF } from '../content/contact-links';
import { LEADERSHIP } from '../content/people';
import { CtaBand, IconTile, LinkButton, PageHero, PANEL, Section } from '../components/blocks';
import { SiteLayout } from '../components/site-layout';

export default function AboutPage() {
  return (
    <SiteLayout path="/about">
      <PageHero title={ABOUT_HERO.title} intro={ABOUT_HERO.intro} />

      <Section id="story" title="Our Story">
        <div className="mx-auto grid max-w-3xl gap-4 text-lg leading-relaxed text-slate-700 dark:text-slate-300">
          {STORY.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>

      <Section id="mission" tone="white" title="Our Mission">
        <blockquote className="mx-auto max-w-3xl text-center text-xl font-medium text-pretty text-slate-900 sm:text-2xl dark:text-white">
          {MISSION}
        </blockquote>
      </Section>

      <Section id="values" title="Our Values">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li key={value.title} className={PANEL}>
              <IconTile name={value.icon} />
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                {value.title}
              </h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{value.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="leadership" tone="white" title="Leadership">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {LEADERSHIP.map((leader) => (
            <li key={leader.name} className={cx(PANEL, 'text-center')}>
              <span
                aria-hidden="true"
                className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-lg font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
              >
                {leader.initials}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                {leader.name}
              </h3>
              <p className="text-sm font-medium text-brand-800 dark:text-brand-100">
                {leader.role}
              </p>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{leader.bio}</p>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand title="Join Us" intro="We are hiring, and we would love to show you the product.">
        <LinkButton href="/careers" variant="inverse">
          See Open Positions
        </LinkButton>
        <LinkButton href={LIVE_DEMO_HREF} variant="inverse-outline">
          View Demo
        </LinkButton>
      </CtaBand>
    </SiteLayout>
  );
}
