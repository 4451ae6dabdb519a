/**
 * Links into the contact form. Buttons that would need a back office that does not exist yet
 * (trials, registrations, API keys, downloads) open the contact form with the topic, plan and
 * subject filled in, so the visitor's next step is real. The contact page's island reads these
 * parameters (src/site/islands/contact-form.ts).
 */
export const CONTACT_TOPICS = {
  general: 'General question',
  demo: 'Schedule a demo',
  trial: 'Start a free trial',
  sales: 'Sales and plans',
  roi: 'ROI assessment',
  support: 'Customer support',
  partnerships: 'Partnerships and integrations',
  api: 'Developer API access',
  press: 'Press and media',
  careers: 'Careers',
  community: 'Community forum',
  events: 'Community events',
  newsletter: 'Newsletter',
} as const;
export type ContactTopic = keyof typeof CONTACT_TOPICS;

export const PLAN_IDS = ['starter', 'professional', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Query parameters the public pages read; the service worker ignores them when matching pages. */
export const SITE_QUERY_PARAMS = ['q', 'topic', 'plan', 'about', 'email'] as const;

export type ContactRequest = { topic: ContactTopic; plan?: PlanId; about?: string };

export const CONTACT_FORM_ID = 'contact-form';

export function contactHref({ topic, plan, about }: ContactRequest): string {
  const params = new URLSearchParams({ topic });
  if (plan) params.set('plan', plan);
  if (about) params.set('about', about);
  return `/contact?${params.toString()}#${CONTACT_FORM_ID}`;
}

/** Get Started and Start Free Trial: the trial runs on Professional features (spec section 9). */
export const TRIAL_HREF = contactHref({ topic: 'trial', plan: 'professional' });
export const DEMO_HREF = contactHref({ topic: 'demo' });
export const SALES_HREF = '/contact';
export const LIVE_DEMO_HREF = '/dashboard';
