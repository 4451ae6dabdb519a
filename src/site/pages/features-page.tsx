import { cx } from '../../lib/cx';
import { DEMO_HREF, LIVE_DEMO_HREF, TRIAL_HREF } from '../content/contact-links';
import { FEATURE_CATEGORIES, INTEGRATIONS } from '../content/features';
import { LANDING_CTA } from '../content/landing';
import { CtaBand, IconTile, LinkButton, PageHero, PANEL, Section } from '../components/blocks';
import { Glyph } from '../components/glyph';
import { SiteLayout } from '../components/site-layout';

export default function FeaturesPage() {
  return (
    <SiteLayout path="/features">
      <PageHero
        badge="Platform Features"
        title="Everything You Need to Run Amenities on Data"
        intro="Real-time analytics, an AI assistant that plans events, and the reports that show residents what their fees buy."
      >
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <LinkButton href={LIVE_DEMO_HREF}>View Demo</LinkButton>
          <LinkButton href="/pricing" variant="secondary">
            View Pricing
          </LinkButton>
        </div>
      </PageHero>

      {FEATURE_CATEGORIES.map((category, index) => (
        <Section
          key={category.name}
          id={category.name.toLowerCase().replace(/[^a-z]+/g, '-')}
          tone={index % 2 === 1 ? 'white' : 'plain'}
          title={category.name}
          intro={category.description}
        >
          <ul className="grid gap-6 md:grid-cols-3">
            {category.features.map((feature) => (
              <li key={feature.title} className={PANEL}>
                <IconTile name={category.icon} />
                <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                  {feature.title}
                </h3>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                  {feature.description}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      ))}

      <Section
        id="integrations"
        tone="white"
        title="Integrations"
        intro="CommonGround connects to the systems your community already runs."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {INTEGRATIONS.map((integration) => (
            <li key={integration.name} className={cx(PANEL, 'text-center')}>
              <IconTile name={integration.icon} className="mx-auto" />
              <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">
                {integration.name}
              </h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                {integration.description}
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <a
            href="/api"
            className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 underline hover:no-underline dark:text-brand-100"
          >
            Build your own with the CommonGround API
            <Glyph name="arrowRight" className="h-4 w-4" />
          </a>
        </p>
      </Section>

      <Section id="see-it" title="See It with Your Own Data">
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <LinkButton href={LIVE_DEMO_HREF} variant="secondary">
            See Live Demo
          </LinkButton>
          <LinkButton href={DEMO_HREF} variant="secondary">
            Schedule Demo
          </LinkButton>
        </div>
      </Section>

      <CtaBand
        title="Ready to Get Started?"
        intro="Every Professional feature, free for 30 days."
        note={LANDING_CTA.terms}
      >
        <LinkButton href={TRIAL_HREF} variant="inverse">
          Start Free Trial
        </LinkButton>
        <LinkButton href={TRIAL_HREF} variant="inverse-outline">
          Get Started
        </LinkButton>
      </CtaBand>
    </SiteLayout>
  );
}
