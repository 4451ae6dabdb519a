import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAmenityAnalytics } from '../../api/amenity-analytics';
import { useNotificationsStatus } from '../../api/notifications-status';
import { cx } from '../../lib/cx';
import { useBilling } from '../../api/billing';
import type { Billing, BillingPlan } from '../../api/contract/billing';
import { formatCalendarDate, formatCount } from '../../lib/format';
import { formatPlanPrice, maskedCard } from '../../lib/plan';
import { Badge } from '../../ui/badge';
import { buttonClasses } from '../../ui/button';
import { PageIcon, type PageIconName } from '../../ui/page-icons';
import { InfoNote } from '../../ui/info-note';
import { Group } from '../../ui/group';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryState } from '../../ui/query-state';

/**
 * The Integrations and Billing tabs. Anything that would need the server (connecting, adding,
 * editing, paying) says so instead of pretending; the plan shown is the one on file on the server.
 */

function isInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  const standalone =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || iosStandalone;
}

function IntegrationRow({
  icon,
  name,
  description,
  status,
  action,
}: {
  icon: PageIconName;
  name: string;
  description: ReactNode;
  status: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-start gap-3 py-4 first:pt-0 last:pb-0">
      <span
        aria-hidden="true"
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-900/50 dark:text-brand-100"
      >
        <PageIcon name={icon} />
      </span>
      <div className="min-w-0 flex-1 basis-52">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium">{name}</h3>
          {status}
        </div>
        <div className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{description}</div>
      </div>
      {action}
    </li>
  );
}

/** What the server says about email: never "connected" unless it can really send. */
function EmailServiceRow() {
  const status = useNotificationsStatus();
  const configured = status.data?.email.configured;
  return (
    <IntegrationRow
      icon="mail"
      name="Email Service"
      status={
        configured === undefined ? (
          <Badge tone="gray">{status.isError ? 'Unknown' : 'Checking…'}</Badge>
        ) : configured ? (
          <Badge tone="green">Sending</Badge>
        ) : (
          <Badge tone="yellow">Not configured</Badge>
        )
      }
      description={
        configured === undefined
          ? status.isError
            ? 'Could not ask the server whether it sends email. Try again with a connection.'
            : 'Asking the server whether it sends email…'
          : configured
            ? 'The server emails alerts and scheduled reports (with the CSV attached) to the people who receive them.'
            : 'This server sends no email: alerts and reports reach the app only. An administrator turns email on by setting SMTP_URL on the server.'
      }
    />
  );
}

export function IntegrationsTab() {
  const [installed] = useState(isInstalled);
  return (
    <Group title="Integrations" description="Services CommonGround works with.">
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        <EmailServiceRow />
        {/* No calendar sync on the server, so no Connect button that could only say so: what
            does work, a calendar file from Amy Events, is pointed to instead. */}
        <IntegrationRow
          icon="calendar"
          name="Calendar Integration"
          status={<Badge tone="yellow">Not connected</Badge>}
          description="CommonGround does not sync with a calendar. Events go into yours as a calendar file, which any calendar app opens."
          action={
            <Link
              to="/amy-events"
              aria-label="Calendar files: Amy Events"
              className={buttonClasses('secondary', 'sm')}
            >
              Amy Events
            </Link>
          }
        />
        <IntegrationRow
          icon="home"
          name="Mobile App"
          status={
            installed ? (
              <Badge tone="green">Installed on this device</Badge>
            ) : (
              <Badge tone="gray">Not installed on this device</Badge>
            )
          }
          description={
            installed
              ? 'CommonGround runs as an app here and keeps its last data for offline use.'
              : 'CommonGround installs from the browser: on iPhone use Share > Add to Home Screen; on Android or a computer use Install app in the browser menu.'
          }
        />
      </ul>
    </Group>
  );
}

/** The plan's amenity allowance against the amenities the community really has. */
function PlanAmenityUse({ limit }: { limit: number | null }) {
  const { data } = useAmenityAnalytics();
  if (!data) {
    return (
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {limit === null ? 'No limit on amenities.' : `Up to ${formatCount(limit)} amenities.`}
      </p>
    );
  }
  if (limit === null) {
    return (
      <p data-tone="normal" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {formatCount(data.length)} amenities in use · no limit on this plan.
      </p>
    );
  }
  const over = data.length > limit;
  return (
    <p
      data-tone={over ? 'warning' : 'normal'}
      className={cx(
        'mt-1 text-sm',
        over
          ? 'font-medium text-amber-900 dark:text-amber-200'
          : 'text-slate-600 dark:text-slate-400',
      )}
    >
      {formatCount(data.length)} of {formatCount(limit)} amenities in use
      {over ? ` · ${formatCount(data.length - limit)} more than this plan includes.` : '.'}
    </p>
  );
}

/**
 * A plain link: the pricing page is a prerendered public page, not an app route. Only an Admin
 * chooses the plan; the others are told so instead of offered a step they cannot take.
 */
function UpgradePlanLink({ canManagePlan }: { canManagePlan: boolean }) {
  if (!canManagePlan) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">Only Admins manage the plan.</p>
    );
  }
  return (
    <a href="/pricing" className={buttonClasses('primary')}>
      Upgrade Plan
    </a>
  );
}

function PlanSummary({
  plan,
  nextBillingDate,
  paymentMethod,
  canManagePlan,
}: {
  plan: BillingPlan;
  nextBillingDate: string;
  paymentMethod: Billing['paymentMethod'];
  canManagePlan: boolean;
}) {
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <p className="text-lg font-semibold break-words">
            {plan.name} <Badge tone="brand">Current plan</Badge>
          </p>
          <p className="mt-1 text-2xl font-bold tabular-nums">
            {formatPlanPrice(plan.monthlyPrice, plan.currency)}
            <span className="text-base font-normal text-slate-600 dark:text-slate-400">
              {' '}
              per month ({plan.currency})
            </span>
          </p>
          <PlanAmenityUse limit={plan.amenityLimit} />
        </div>
        <UpgradePlanLink canManagePlan={canManagePlan} />
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Next billing date</dt>
          <dd className="mt-0.5 font-medium">{formatCalendarDate(nextBillingDate)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Payment method</dt>
          <dd className="mt-0.5 font-medium break-words">
            {paymentMethod ? (
              <>
                <span aria-hidden="true">
                  {paymentMethod.brand} {maskedCard(paymentMethod.last4)}
                </span>
                <span className="sr-only">
                  {paymentMethod.brand} card ending in {paymentMethod.last4}
                </span>
              </>
            ) : (
              'No card on file'
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function NoPlan({ canManagePlan }: { canManagePlan: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div className="min-w-0">
        <p className="text-lg font-semibold">No plan on file for this community.</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Compare the plans on the pricing page, then ask CommonGround to set one up for you.
        </p>
      </div>
      <UpgradePlanLink canManagePlan={canManagePlan} />
    </div>
  );
}

/**
 * Settings → Billing: the plan CommonGround has on file for the community (GET /api/billing),
 * or that there is none. Read only: payments are not handled in the app.
 */
export function BillingTab({ canManagePlan }: { canManagePlan: boolean }) {
  const query = useBilling();
  return (
    <Group title="Current plan">
      <QueryState query={query} label="the plan" skeleton={<ListSkeleton rows={3} />}>
        {(billing: Billing) =>
          billing.plan === null || billing.nextBillingDate === undefined ? (
            <NoPlan canManagePlan={canManagePlan} />
          ) : (
            <PlanSummary
              plan={billing.plan}
              nextBillingDate={billing.nextBillingDate}
              paymentMethod={billing.paymentMethod}
              canManagePlan={canManagePlan}
            />
          )
        }
      </QueryState>
      <div className="mt-4 grid gap-3">
        <InfoNote>
          CommonGround sets this community&apos;s plan. Changing the card, invoices and receipts are
          not handled in this app: contact CommonGround for them.
        </InfoNote>
        <a href="/contact" className={cx(buttonClasses('secondary'), 'justify-self-start')}>
          Contact CommonGround
        </a>
      </div>
    </Group>
  );
}
