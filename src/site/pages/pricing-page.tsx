import { cx } from '../../lib/cx';
import { SALES_HREF, TRIAL_HREF, contactHref } from '../content/contact-links';
import {
  ADD_ONS,
  BILLING_TERMS,
  PLANS,
  PRICING_FAQ,
  ROI_FIGURES,
  TRIAL_TERMS,
} from '../content/pricing';
import { BILLING } from '../content/service-terms';
import { LANDING_CTA } from '../content/landing';
import {
  CheckList,
  CtaBand,
  FaqList,
  LinkButton,
  PageHero,
  PANEL,
  Section,
} from '../components/blocks';
import { PlanCard } from '../components/plan-card';
import { SiteLayout } from '../components/site-layout';

export default function PricingPage() {
  return (
    <SiteLayout path="/pricing">
      <PageHero
        title="Simple, Transparent Pricing"
        intro={`Choose the plan that fits your community. Every plan starts with a ${BILLING.trialDays}-day free trial, and annual plans save ${BILLING.annualDiscountPercent}%.`}
      />

      <Section
        id="plans"
        title="Plans"
        intro="Monthly prices in US dollars, plus a one-time setup fee."
      >
        <div className="grid gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      </Section>

      <Section
        id="add-ons"
        tone="white"
        title="Add-ons"
        intro="Extend any plan with the capabilities your community needs."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ADD_ONS.map((addOn) => (
            <li key={addOn.id} className={cx(PANEL, 'flex flex-col')}>
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{addOn.name}</h3>
              <p className="mt-1 text-xl font-bold text-brand-800 dark:text-brand-100">
                {addOn.price}
              </p>
              <p className="mt-2 flex-1 text-sm text-slate-700 dark:text-slate-300">
                {addOn.description}
              </p>
              <LinkButton
                href={contactHref({
                  topic: 'sales',
                  about: `the ${addOn.name} add-on (${addOn.price})`,
                })}
                variant="secondary"
                className="mt-4"
              >
                Add to Plan<span className="sr-only">: {addOn.name}</span>
              </LinkButton>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="billing" title="Free Trial and Billing Terms">
        <div className="grid gap-6 lg:grid-cols-2">
          <div className={PANEL}>
            <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
              {BILLING.trialDays}-Day Free Trial
            </h3>
            <div className="mt-4">
              <CheckList items={TRIAL_TERMS} />
            </div>
          </div>
          <div className={PANEL}>
            <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
              Annual Billing and Cancellation
            </h3>
            <div className="mt-4">
              <CheckList items={BILLING_TERMS} />
            </div>
          </div>
        </div>
      </Section>

      <Section
        id="roi"
        tone="white"
        title="The Return on Your Investment"
        intro="What communities using CommonGround measure in their first year."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ROI_FIGURES.map((figure) => (
            <li key={figure.label} className={cx(PANEL, 'text-center')}>
              <p className="text-3xl font-bold text-brand-800 dark:text-brand-100">
                {figure.figure}
              </p>
              <p className="mt-1 font-medium text-slate-900 dark:text-white">{figure.label}</p>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{figure.detail}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <LinkButton
            href={contactHref({ topic: 'roi', about: 'an ROI estimate for our community' })}
            variant="secondary"
          >
            Calculate ROI
          </LinkButton>
        </p>
      </Section>

      <Section id="faq" title="Frequently Asked Questions">
        <div className="mx-auto grid max-w-3xl gap-3">
          <FaqList items={PRICING_FAQ} />
        </div>
      </Section>

      <CtaBand
        title="Start Measuring Your Amenities Today"
        intro="Try every Professional feature free for 30 days, or talk to us about a plan for your portfolio."
        note={LANDING_CTA.terms}
      >
        <LinkButton href={TRIAL_HREF} variant="inverse">
          Start Free Trial
        </LinkButton>
        <LinkButton href={SALES_HREF} variant="inverse-outline">
          Talk to Sales
        </LinkButton>
      </CtaBand>
    </SiteLayout>
  );
}
