import { BILLING } from './service-terms';
import type { PlanId } from './contact-links';

/** Spec section 3 "Plan" and section 9 "Pricing". Prices in whole US dollars. */
export type Plan = {
  id: PlanId;
  name: string;
  price: number;
  period: 'month';
  description: string;
  amenityLimit: string;
  features: readonly string[];
  limitations: readonly string[];
  popular: boolean;
  setupFee: number;
};

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: 299,
    period: 'month',
    description: 'For single communities starting to measure how their amenities are used.',
    amenityLimit: 'Up to 5 amenities',
    features: [
      'Up to 5 amenities',
      'Real-time usage dashboard',
      'Monthly usage and fee justification reports',
      'Amy event suggestions',
      'Email support',
    ],
    limitations: ['No custom integrations', 'No API access', 'Standard report templates only'],
    popular: false,
    setupFee: 2500,
  },
  {
    id: 'professional',
    name: 'Professional',
    price: 599,
    period: 'month',
    description: 'For active communities that plan events and report to their board every month.',
    amenityLimit: 'Up to 15 amenities',
    features: [
      'Up to 15 amenities',
      'Everything in Starter',
      'Advanced analytics and capacity planning',
      'Amy event analysis and performance trends',
      'Scheduled and custom reports',
      'Property management and HOA software integrations',
      'Priority email support',
    ],
    limitations: ['No phone support', 'No dedicated success manager'],
    popular: true,
    setupFee: 5000,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 1299,
    period: 'month',
    description: 'For master-planned communities and management companies with many sites.',
    amenityLimit: 'Unlimited amenities',
    features: [
      'Unlimited amenities',
      'Everything in Professional',
      'Multi-community portfolio reporting',
      'Custom integrations and full API access',
      'Single sign-on and role-based access',
      'Dedicated success manager',
      'Phone support',
    ],
    limitations: [],
    popular: false,
    setupFee: 7500,
  },
];

export type AddOn = { id: string; name: string; price: string; description: string };

export const ADD_ONS: readonly AddOn[] = [
  {
    id: 'advanced-ai-insights',
    name: 'Advanced AI Insights',
    price: '$199/month',
    description:
      'Deeper Amy analysis: demand forecasts, seasonal program planning and attendance predictions per event.',
  },
  {
    id: 'custom-mobile-app',
    name: 'Custom Mobile App',
    price: '$399/month',
    description:
      'Your community’s own branded app for residents, with live amenity status, events and announcements.',
  },
  {
    id: 'advanced-integrations',
    name: 'Advanced Integrations',
    price: '$299/month',
    description:
      'Two-way connections to access control, booking, accounting and communication tools beyond the standard set.',
  },
  {
    id: 'additional-training',
    name: 'Additional Training',
    price: '$150/hour',
    description:
      'Live sessions for managers, staff and board members on dashboards, reports and working with Amy.',
  },
];

/** US dollars with thousands separators and cents only when there are any: $1,299 or $254.15. */
export function formatUsd(amount: number): string {
  const cents = Math.round(amount * 100) % 100 !== 0;
  return amount.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: 2,
  });
}

/** The monthly equivalent of a plan billed annually with the spec's annual discount. */
export function annualMonthlyPrice(monthly: number): number {
  return Math.round(monthly * (100 - BILLING.annualDiscountPercent)) / 100;
}

export const TRIAL_TERMS: readonly string[] = [
  'Free for 30 days, with every Professional feature.',
  'No setup fee during the trial.',
  'Choose your plan when the trial ends; its setup fee is due then.',
  'Cancel at any time during the trial and pay nothing.',
];

export const BILLING_TERMS: readonly string[] = [
  `Annual plans save ${BILLING.annualDiscountPercent}% against monthly billing.`,
  `Cancellation needs ${BILLING.cancellationNotice} notice; you then have ${BILLING.exportWindow} to export your data.`,
  `Price changes are announced at least ${BILLING.priceChangeNotice} in advance.`,
  BILLING.noRefunds,
];

export type RoiFigure = { figure: string; label: string; detail: string };

/** The spec's outcome claims (sections 1 and 9), as the pricing page's ROI figures. */
export const ROI_FIGURES: readonly RoiFigure[] = [
  {
    figure: '+35%',
    label: 'return on amenities',
    detail: 'Spend follows measured use, so every amenity dollar works harder.',
  },
  {
    figure: '25%',
    label: 'lower maintenance cost',
    detail: 'Maintenance is scheduled by wear and usage instead of by the calendar.',
  },
  {
    figure: '15 hours',
    label: 'saved a week',
    detail: 'Reports, counts and walk-throughs your team no longer does by hand.',
  },
  {
    figure: '-45%',
    label: 'fee disputes',
    detail: 'Residents see what their fees pay for, in numbers they can check.',
  },
];

export type FaqItem = { question: string; answer: string };

export const PRICING_FAQ: readonly FaqItem[] = [
  {
    question: 'How does the free trial work?',
    answer:
      'The trial lasts 30 days and includes every Professional feature. There is no setup fee during the trial, and if you do not continue you pay nothing.',
  },
  {
    question: 'What does the setup fee cover?',
    answer:
      'Sensor planning for your amenities, configuration of your community, data import, integrations included in your plan and onboarding sessions for your team. Setup fees are not refunded.',
  },
  {
    question: 'Is there a discount for paying annually?',
    answer:
      'Yes. Annual plans are 15% cheaper than paying month by month. The discount applies to the plan price; setup fees and add-ons are billed as listed.',
  },
  {
    question: 'Can I change plans later?',
    answer:
      'You can move up at any time and the new price applies from your next billing date. Moving down takes effect at the end of the current billing period; partial months are not refunded.',
  },
  {
    question: 'How do I cancel?',
    answer:
      'Give 30 days notice in writing. After the cancellation takes effect you have 30 more days to export your data before it is deleted.',
  },
  {
    question: 'What counts as an amenity?',
    answer:
      'Any shared space you want to measure: a lawn, a clubhouse or hall, a fitness yard, a lake or pool, a heritage area, a street or a playground.',
  },
];
