/**
 * Spec section 9, "Billing terms" and "Service terms": one source for every page that states
 * them (pricing, terms, privacy, security, help, contact).
 */
export const SUPPORT = {
  /** Contact page wording (issue 3). */
  hoursShort: 'Mon-Fri 9am-6pm PST',
  hours: '9am-6pm PST, Monday-Friday',
  replyWithin: '24 hours',
  emailResponse: '4-8 hours',
  phone: 'Phone support is available to Enterprise customers only.',
} as const;

export const RELIABILITY = {
  uptime: '99.9%',
  recoveryTime: 'under 4 hours',
  recoveryPoint: 'under 1 hour',
  backupRetention: '30 days',
  deletionOnRequest: 'within 30 days',
} as const;

export type IncidentStep = { step: string; target: string; description: string };

export const INCIDENT_STEPS: readonly IncidentStep[] = [
  {
    step: 'Detect',
    target: 'under 15 minutes',
    description:
      'Automated monitoring and alerting watch every service around the clock, so an incident is identified and an on-call engineer is engaged in under 15 minutes.',
  },
  {
    step: 'Contain',
    target: 'under 1 hour',
    description:
      'Affected systems are isolated, credentials are rotated where needed and the cause is stopped from spreading in under 1 hour.',
  },
  {
    step: 'Notify',
    target: 'under 2 hours',
    description:
      'Affected customers hear from us in under 2 hours with what happened, what data is involved and what we are doing about it.',
  },
  {
    step: 'Recover and review',
    target: 'under 4 hours',
    description:
      'Service is restored from clean backups within our 4-hour recovery time objective, and a written post-incident review with corrective actions is shared with affected customers.',
  },
];

export const BILLING = {
  annualDiscountPercent: 15,
  trialDays: 30,
  trialSummary: '30-day free trial with Professional features and no setup fee during the trial.',
  cancellationNotice: '30 days',
  exportWindow: '30 days',
  priceChangeNotice: '30 days',
  noRefunds: 'Setup fees and partial months are not refunded.',
} as const;

export const LEGAL = {
  lastUpdated: 'January 2025',
  governingLaw: 'California',
  liabilityCapMonths: 12,
  minimumAge: 13,
  hosting: 'the United States',
} as const;
