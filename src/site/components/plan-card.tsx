import { cx } from '../../lib/cx';
import { Badge } from '../../ui/badge';
import { contactHref } from '../content/contact-links';
import { annualMonthlyPrice, formatUsd, type Plan } from '../content/pricing';
import { CheckList, LinkButton } from './blocks';

/** The plan's button: Enterprise talks to sales, the others start with their plan preselected. */
export function planAction(plan: Plan): { label: string; href: string } {
  return plan.id === 'enterprise'
    ? { label: 'Talk to Sales', href: contactHref({ topic: 'sales', plan: plan.id }) }
    : { label: 'Get Started', href: contactHref({ topic: 'trial', plan: plan.id }) };
}

export function PlanCard({ plan, headingLevel = 3 }: { plan: Plan; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const action = planAction(plan);
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className={cx(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900',
        plan.popular
          ? 'border-brand-600 ring-2 ring-brand-600 dark:border-brand-500 dark:ring-brand-500'
          : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <Heading
          id={`plan-${plan.id}`}
          className="text-xl font-bold text-slate-900 dark:text-white"
        >
          {plan.name}
        </Heading>
        {plan.popular ? <Badge tone="brand">Most Popular</Badge> : null}
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1 text-slate-900 dark:text-white">
        <span className="text-4xl font-bold tracking-tight">{formatUsd(plan.price)}</span>
        <span className="text-slate-600 dark:text-slate-400">/{plan.period}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        or {formatUsd(annualMonthlyPrice(plan.price))}/month billed annually
      </p>
      <dl className="mt-4 grid gap-1 text-sm">
        <div className="flex justify-between gap-2 border-t border-slate-200 pt-2 dark:border-slate-800">
          <dt className="text-slate-600 dark:text-slate-400">Setup fee</dt>
          <dd className="font-medium text-slate-900 dark:text-white">{formatUsd(plan.setupFee)}</dd>
        </div>
        <div className="flex justify-between gap-2 border-t border-slate-200 pt-2 dark:border-slate-800">
          <dt className="text-slate-600 dark:text-slate-400">Amenities</dt>
          <dd className="font-medium text-slate-900 dark:text-white">{plan.amenityLimit}</dd>
        </div>
      </dl>
      <div className="mt-5 flex-1">
        <CheckList items={plan.features} />
        {plan.limitations.length > 0 ? (
          <div className="mt-3">
            <CheckList items={plan.limitations} tone="cross" />
          </div>
        ) : null}
      </div>
      <LinkButton
        href={action.href}
        variant={plan.popular ? 'primary' : 'secondary'}
        className="mt-6 w-full"
      >
        {action.label}
        <span className="sr-only">: {plan.name}</span>
      </LinkButton>
    </article>
  );
}
