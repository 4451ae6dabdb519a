import { cx } from '../../lib/cx';
import { Badge } from '../../ui/badge';
import { BENEFITS, CAREERS_HERO, CULTURE, POSITIONS } from '../content/careers';
import { EMAILS } from '../content/company';
import { contactHref } from '../content/contact-links';
import { IconTile, LinkButton, PageHero, PANEL, Section } from '../components/blocks';
import { Glyph } from '../components/glyph';
import { SiteLayout } from '../components/site-layout';

export default function CareersPage() {
  return (
    <SiteLayout path="/careers">
      <PageHero title={CAREERS_HERO.title} intro={CAREERS_HERO.intro}>
        <LinkButton href="#positions">View Open Positions</LinkButton>
      </PageHero>

      <Section id="culture" title="Our Culture">
        <ul className="grid gap-6 md:grid-cols-3">
          {CULTURE.map((item) => (
            <li key={item.title} className={PANEL}>
              <IconTile name={item.icon} />
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                {item.title}
              </h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{item.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="benefits" tone="white" title="Benefits">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="flex gap-4">
              <IconTile name={benefit.icon} />
              <div>
                <h3 className="font-semibold text-slate-900 dark:text-white">{benefit.title}</h3>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  {benefit.description}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="positions"
        title="Open Positions"
        intro={`${POSITIONS.length} roles open now. Apply Now opens our contact form with the position filled in.`}
      >
        <ul className="mx-auto grid max-w-4xl gap-4">
          {POSITIONS.map((position) => (
            <li
              key={position.title}
              className={cx(
                PANEL,
                'flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between',
              )}
            >
              <div>
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                  {position.title}
                </h3>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  {position.description}
                </p>
                <p className="mt-2 flex flex-wrap gap-2">
                  <Badge tone="brand">{position.department}</Badge>
                  <Badge>
                    <Glyph name="mapPin" className="h-3 w-3" />
                    {position.location}
                  </Badge>
                  <Badge>{position.type}</Badge>
                </p>
              </div>
              <LinkButton
                href={contactHref({ topic: 'careers', about: position.title })}
                className="shrink-0"
              >
                Apply Now<span className="sr-only">: {position.title}</span>
              </LinkButton>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-slate-700 dark:text-slate-300">
          Don’t see your role? Write to{' '}
          <a
            href={`mailto:${EMAILS.careers}`}
            className="font-medium text-brand-800 underline dark:text-brand-100"
          >
            {EMAILS.careers}
          </a>
          .
        </p>
      </Section>
    </SiteLayout>
  );
}
