import type { FaqItem } from './pricing';
import type { GlyphName } from './glyphs';
import { EMAILS, PHONES } from './company';
import { RELIABILITY, SUPPORT } from './service-terms';

/** Spec section 3: help category and popular article. */
export type HelpCategory = {
  name: string;
  icon: GlyphName;
  description: string;
  articleCount: number;
};

export const HELP_CATEGORIES: readonly HelpCategory[] = [
  {
    name: 'Getting Started',
    icon: 'rocket',
    description: 'Set up your community, amenities and team.',
    articleCount: 12,
  },
  {
    name: 'Dashboard & Analytics',
    icon: 'chart',
    description: 'Metrics, usage charts, popularity and capacity.',
    articleCount: 18,
  },
  {
    name: 'Amy AI Assistant',
    icon: 'sparkles',
    description: 'Event suggestions, analysis and planning tools.',
    articleCount: 9,
  },
  {
    name: 'Reports',
    icon: 'report',
    description: 'Generate, schedule, download and share reports.',
    articleCount: 11,
  },
  {
    name: 'Account & Billing',
    icon: 'dollar',
    description: 'Plans, invoices, users and roles.',
    articleCount: 8,
  },
  {
    name: 'Integrations & Sensors',
    icon: 'plug',
    description: 'Sensors, property management software and the API.',
    articleCount: 14,
  },
];

export type PopularArticle = { title: string; category: string; views: number; rating: number };

export const POPULAR_ARTICLES: readonly PopularArticle[] = [
  {
    title: 'How to read the Amenity Usage Over Time chart',
    category: 'Dashboard & Analytics',
    views: 2847,
    rating: 4.8,
  },
  {
    title: 'Creating your first fee justification report',
    category: 'Reports',
    views: 2156,
    rating: 4.9,
  },
  {
    title: 'Why Amy suggested this event: understanding confidence',
    category: 'Amy AI Assistant',
    views: 1893,
    rating: 4.7,
  },
  {
    title: 'Setting capacity alerts at 90%',
    category: 'Dashboard & Analytics',
    views: 1524,
    rating: 4.6,
  },
  {
    title: 'Adding users and choosing Admin or Manager roles',
    category: 'Account & Billing',
    views: 1302,
    rating: 4.8,
  },
  {
    title: 'Using the dashboard offline',
    category: 'Getting Started',
    views: 987,
    rating: 4.5,
  },
];

export const HELP_FAQ: readonly FaqItem[] = [
  {
    question: 'When is support available?',
    answer: `Our support team works ${SUPPORT.hours}. We reply to every request within ${SUPPORT.replyWithin}, and email requests usually get an answer in ${SUPPORT.emailResponse}.`,
  },
  {
    question: 'Can I call support?',
    answer: `${SUPPORT.phone} Everyone else can reach us by email, through the contact form or in the community forum.`,
  },
  {
    question: 'How often does the dashboard update?',
    answer:
      'Live metrics, the usage timeline, popularity and amenity status refresh every 30 seconds. Amy’s suggestions refresh every 5 minutes and her event analysis every 10 minutes.',
  },
  {
    question: 'Does CommonGround work without a connection?',
    answer:
      'Yes. The app keeps the last data it loaded on your device and shows it with its age and an offline marker until the connection returns.',
  },
  {
    question: 'What uptime can we expect?',
    answer: `We target ${RELIABILITY.uptime} uptime. In a disaster we restore service in ${RELIABILITY.recoveryTime} with at most the last hour of data at risk, and backups are kept for ${RELIABILITY.backupRetention}.`,
  },
  {
    question: 'How do I delete our community’s data?',
    answer: `Ask us in writing and we delete it from live systems and backups ${RELIABILITY.deletionOnRequest}. If you are cancelling, export your data first: you have 30 days after cancellation to do so.`,
  },
];

export type SupportChannel = {
  name: string;
  icon: GlyphName;
  description: string;
  detail: string;
  action: { label: string; href: string };
};

export const SUPPORT_CHANNELS: readonly SupportChannel[] = [
  {
    name: 'Email Support',
    icon: 'mail',
    description: `Replies in ${SUPPORT.emailResponse} during support hours.`,
    detail: SUPPORT.hours,
    action: { label: `Email ${EMAILS.support}`, href: `mailto:${EMAILS.support}` },
  },
  {
    name: 'Phone Support',
    icon: 'phone',
    description: 'For Enterprise customers, with your account number ready.',
    detail: PHONES.enterpriseSupport,
    action: {
      label: `Call ${PHONES.enterpriseSupport}`,
      href: `tel:+1${PHONES.enterpriseSupport.replace(/\D/g, '')}`,
    },
  },
  {
    name: 'Community Forum',
    icon: 'message',
    description: 'Ask other community managers and our team.',
    detail: '1,247 members',
    action: { label: 'Visit the Community Forum', href: '/community' },
  },
  {
    name: 'Documentation',
    icon: 'book',
    description: 'Guides, quick start and API reference.',
    detail: 'Quick start in four steps',
    action: { label: 'Read the Documentation', href: '/documentation' },
  },
];
