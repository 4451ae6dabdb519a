import { cx } from '../../lib/cx';
import type { PublicPath } from '../../lib/route-paths';
import { DEMO_HREF, LIVE_DEMO_HREF, TRIAL_HREF } from '../content/contact-links';
import {
  BENEFITS,
  HERO,
  LANDING_CTA,
  PROBLEMS,
  SOLUTIONS,
  type ContrastPoint,
} from '../content/landing';
import { LANDING_HEADER } from '../content/navigation';
import { PLANS } from '../content/pricing';
import { BILLING } from '../content/service-terms';
import { CONTAINER, CtaBand, IconTile, LinkButton, PANEL, Section } from '../components/blocks';
import { Glyph } from '../components/glyph';
import { PlanCard } from '../components/plan-card';
import { SiteLayout } from '../components/site-layout';

function ContrastColumn({
  title,
  points,
  tone,
}: {
  title: string;
  points: readonly ContrastPoint[];
  tone: 'problem' | 'solution';
}) {
  return (
    <div
      className={cx(
        'rounded-2xl border p-6',
        tone === 'problem'
          ? 'border-red-200 bg-red-50 dark:border-red-900/60 dark:bg-red-950/30'
          : 'border-green-200 bg-green-50 dark:border-green-900/60 dark:bg-green-950/30',
      )}
    >
      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
      <ul className="mt-4 grid gap-5">
        {points.map((point) => (
          <li key={point.title} className="flex gap-4">
            <span
              className={cx(
                'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg',
                tone === 'problem'
                  ? 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200'
                  : 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200',
              )}
            >
              <Glyph name={point.icon} />
            </span>
            <div>
              <h4 className="font-semibold text-slate-900 dark:text-white">{point.title}</h4>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{point.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function LandingPage({ path }: { path: PublicPath }) {
  return (
    <SiteLayout path={path} header={LANDING_HEADER}>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
        <div className={cx(CONTAINER, 'py-14 text-center sm:py-20 lg:py-24')}>
          <p className="mb-5 inline-flex items-center gap-2 rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900 dark:bg-brand-900/60 dark:text-brand-100">
            <Glyph name="sparkles" className="h-4 w-4" />
            {HERO.badge}
          </p>
          <h1 className="mx-auto max-w-4xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-6xl dark:text-white">
            {HERO.title}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-slate-700 dark:text-slate-300">
            {HERO.intro}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <LinkButton href={TRIAL_HREF} className="px-6 text-base">
              Start Free Trial
            </LinkButton>
            <LinkButton href={LIVE_DEMO_HREF} variant="secondary" className="px-6 text-base">
              View Live Demo
            </LinkButton>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
            {HERO.highlights.map((highlight) => (
              <li key={highlight} className="inline-flex items-center gap-1.5">
                <Glyph name="check" className="h-4 w-4 text-green-700 dark:text-green-400" />
                {highlight}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section
        id="problem-solution"
        title="From Guesswork to Measured Value"
        intro="Most communities run their amenities on habit and anecdote. CommonGround replaces both with data."
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <ContrastColumn title="The Problem" points={PROBLEMS} tone="problem" />
          <ContrastColumn title="The CommonGround Solution" points={SOLUTIONS} tone="solution" />
        </div>
      </Section>

      <Section
        id="features"
        tone="white"
        title="Everything You Need to Prove Amenity Value"
        intro="Six capabilities, measured results from communities already using CommonGround."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className={cx(PANEL, 'flex flex-col')}>
              <div className="flex items-start justify-between gap-4">
                <IconTile name={benefit.icon} />
                <p className="text-right">
                  <span className="block text-2xl font-bold text-brand-800 dark:text-brand-100">
                    {benefit.figure}
                  </span>
                  <span className="text-sm text-slate-700 dark:text-slate-300">
                    {benefit.claim}
                  </span>
                </p>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                {benefit.title}
              </h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                {benefit.description}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="pricing"
        title="Simple, Transparent Pricing"
        intro={`Every plan starts with a ${BILLING.trialDays}-day free trial. Annual plans save ${BILLING.annualDiscountPercent}%.`}
      >
        <div className="grid gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
        <p className="mt-8 text-center">
          <a
            href="/pricing"
            className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 underline hover:no-underline dark:text-brand-100"
          >
            Compare plans, add-ons and billing terms
            <Glyph name="arrowRight" className="h-4 w-4" />
          </a>
        </p>
      </Section>

      <CtaBand title={LANDING_CTA.title} intro={LANDING_CTA.intro} note={LANDING_CTA.terms}>
        <LinkButton href={DEMO_HREF} variant="inverse">
          Schedule Demo
        </LinkButton>
        <LinkButton href={LIVE_DEMO_HREF} variant="inverse-outline">
          Explore Platform
        </LinkButton>
      </CtaBand>
    </SiteLayout>
  );
}

export default function HomePage() {
  return <LandingPage path="/" />;
}
