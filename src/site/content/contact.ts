import { EMAILS, HEADQUARTERS, PHONES } from './company';
import { CONTACT_TOPICS, type ContactTopic, type PlanId } from './contact-links';
import type { GlyphName } from './glyphs';
import { SUPPORT } from './service-terms';

export const CONTACT_HERO = {
  title: 'Get in Touch',
  intro: `Questions about CommonGround, a demo for your board or help with your account: we reply within ${SUPPORT.replyWithin}.`,
} as const;

export type ContactCategory = {
  title: string;
  icon: GlyphName;
  description: string;
  email: string;
  topic: ContactTopic;
};

/** Spec section 2: four contact categories. */
export const CONTACT_CATEGORIES: readonly ContactCategory[] = [
  {
    title: 'Sales & Demos',
    icon: 'dollar',
    description: 'Plans, pricing, a live demo or a proposal for your board.',
    email: EMAILS.sales,
    topic: 'sales',
  },
  {
    title: 'Customer Support',
    icon: 'info',
    description: 'Help with your dashboard, sensors, reports or account.',
    email: EMAILS.support,
    topic: 'support',
  },
  {
    title: 'Partnerships',
    icon: 'handshake',
    description: 'Property management companies, HOA software and sensor vendors.',
    email: EMAILS.partners,
    topic: 'partnerships',
  },
  {
    title: 'Press & Media',
    icon: 'newspaper',
    description: 'Interviews, media kit and company information.',
    email: EMAILS.press,
    topic: 'press',
  },
];

/** Where the form's message goes, by topic. */
export const TOPIC_EMAIL: Record<ContactTopic, string> = {
  general: EMAILS.hello,
  demo: EMAILS.sales,
  trial: EMAILS.sales,
  sales: EMAILS.sales,
  roi: EMAILS.sales,
  support: EMAILS.support,
  partnerships: EMAILS.partners,
  api: EMAILS.developers,
  press: EMAILS.press,
  careers: EMAILS.careers,
  community: EMAILS.community,
  events: EMAILS.community,
  newsletter: EMAILS.hello,
};

export const TOPIC_OPTIONS = (Object.keys(CONTACT_TOPICS) as ContactTopic[]).map((id) => ({
  id,
  label: CONTACT_TOPICS[id],
}));

export const PLAN_OPTIONS: readonly { id: PlanId | ''; label: string }[] = [
  { id: '', label: 'Not sure yet' },
  { id: 'starter', label: 'Starter — $299/month' },
  { id: 'professional', label: 'Professional — $599/month' },
  { id: 'enterprise', label: 'Enterprise — $1,299/month' },
];

export const ROLE_OPTIONS: readonly string[] = [
  'Community Manager',
  'HOA Manager',
  'Board Member',
  'Administrator',
  'Resident',
  'Developer',
  'Other',
];

export type Office = { city: string; label: string; address: string; phone?: string };

export const OFFICES: readonly Office[] = [
  { city: 'Irvine, CA', label: 'Headquarters', address: HEADQUARTERS, phone: PHONES.main },
  {
    city: 'Austin, TX',
    label: 'Customer Success',
    address: '600 Congress Avenue, Floor 14, Austin, TX 78701',
  },
  {
    city: 'Denver, CO',
    label: 'Engineering',
    address: '1600 Wynkoop Street, Suite 300, Denver, CO 80202',
  },
];
