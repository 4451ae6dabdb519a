import { SIGN_IN_PATH } from '../../lib/app-pages';
import type { PublicPath } from '../../lib/route-paths';
import { LIVE_DEMO_HREF, TRIAL_HREF, contactHref } from './contact-links';

export type NavLink = { label: string; href: string };
export type HeaderAction = NavLink & { variant: 'primary' | 'secondary' };
export type HeaderConfig = { links: readonly NavLink[]; actions: readonly HeaderAction[] };

const VIEW_DEMO: HeaderAction = { label: 'View Demo', href: LIVE_DEMO_HREF, variant: 'secondary' };
const GET_STARTED: HeaderAction = { label: 'Get Started', href: TRIAL_HREF, variant: 'primary' };

/** Legal and marketing pages: logo to /, a few nav links (spec section 2). */
export const DEFAULT_HEADER: HeaderConfig = {
  links: [
    { label: 'Features', href: '/features' },
    { label: 'Pricing', href: '/pricing' },
    { label: 'API', href: '/api' },
    { label: 'Community', href: '/community' },
    { label: 'Blog', href: '/blog' },
  ],
  actions: [VIEW_DEMO, GET_STARTED],
};

/** Landing page: anchors to #features and #pricing, View Demo and Get Started. */
export const LANDING_HEADER: HeaderConfig = {
  links: [
    { label: 'Features', href: '#features' },
    { label: 'Pricing', href: '#pricing' },
    { label: 'About', href: '/about' },
    { label: 'Blog', href: '/blog' },
  ],
  actions: [VIEW_DEMO, GET_STARTED],
};

/** Public forum: home, help, documentation, contact and Join Community. */
export const FORUM_HEADER: HeaderConfig = {
  links: [
    { label: 'Home', href: '/' },
    { label: 'Help', href: '/help' },
    { label: 'Documentation', href: '/documentation' },
    { label: 'Contact', href: '/contact' },
  ],
  actions: [
    {
      label: 'Join Community',
      href: contactHref({ topic: 'community', about: 'Join the community forum' }),
      variant: 'primary',
    },
  ],
};

export const STAY_UPDATED_ID = 'stay-updated';

/** Blog: community, help, contact and Subscribe (to the Stay Updated box on the page). */
export const BLOG_HEADER: HeaderConfig = {
  links: [
    { label: 'Community', href: '/community' },
    { label: 'Help', href: '/help' },
    { label: 'Contact', href: '/contact' },
  ],
  actions: [{ label: 'Subscribe', href: `#${STAY_UPDATED_ID}`, variant: 'primary' }],
};

export type FooterColumn = { title: string; links: readonly NavLink[] };

/** Spec section 2, public forum footer, used by every public page. */
export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: '/features' },
      { label: 'Pricing', href: '/pricing' },
      { label: 'API', href: '/api' },
      { label: 'Security', href: '/security' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', href: '/about' },
      { label: 'Careers', href: '/careers' },
      { label: 'Press', href: '/press' },
      { label: 'Contact', href: '/contact' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Documentation', href: '/documentation' },
      { label: 'Help Center', href: '/help' },
      { label: 'Community', href: '/community' },
      { label: 'Blog', href: '/blog' },
    ],
  },
];

export const LEGAL_LINKS: readonly NavLink[] = [
  { label: 'Privacy Policy', href: '/privacy' },
  { label: 'Terms of Service', href: '/terms' },
];

/**
 * A returning manager's way in from any public page. In the footer's bottom row, beside the
 * legal links: the spec lists each header's links and each footer column's, this row it does
 * not, so adding it changes none of the spec's lists.
 */
export const SIGN_IN_LINK: NavLink = { label: 'Sign in', href: SIGN_IN_PATH };

/** Title and meta description of each public page (prerendered <head> and the SPA title). */
export type PageMeta = { title: string; description: string };

export const PAGE_META: Record<PublicPath, PageMeta> = {
  '/': {
    title: 'CommonGround — AI-Powered Amenity Intelligence for HOAs',
    description:
      'CommonGround measures amenity usage, plans events with Amy, our AI assistant, and produces the reports that justify community fees for HOAs and planned communities.',
  },
  '/home': {
    title: 'CommonGround — AI-Powered Amenity Intelligence for HOAs',
    description:
      'CommonGround measures amenity usage, plans events with Amy, our AI assistant, and produces the reports that justify community fees for HOAs and planned communities.',
  },
  '/about': {
    title: 'About CommonGround — Our Story, Mission and Team',
    description:
      'Why we build CommonGround: data that shows residents the value of their shared amenities. Our story, mission, values and leadership team.',
  },
  '/careers': {
    title: 'Careers at CommonGround — Open Positions',
    description:
      'Join the team building amenity intelligence for homeowners associations. Our culture, benefits and four open positions.',
  },
  '/contact': {
    title: 'Contact CommonGround — Sales, Support and Partnerships',
    description:
      'Talk to CommonGround sales, support, partnerships or press. Replies within 24 hours, Mon-Fri 9am-6pm PST.',
  },
  '/privacy': {
    title: 'Privacy Policy — CommonGround',
    description:
      'How CommonGround collects, uses, shares, protects and retains information, and the rights you have over it. Last updated January 2025.',
  },
  '/terms': {
    title: 'Terms of Service — CommonGround',
    description:
      'The terms that govern the use of CommonGround: accounts, data ownership, billing and cancellation, availability, liability and California governing law.',
  },
  '/features': {
    title: 'Features — Amenity Analytics, Amy AI and Fee Reports | CommonGround',
    description:
      'Real-time amenity analytics, AI event planning with Amy, community engagement, financial transparency, operational efficiency, integrations and security.',
  },
  '/pricing': {
    title: 'Pricing — Starter, Professional and Enterprise Plans | CommonGround',
    description:
      'CommonGround plans from $299 a month: Starter, Professional and Enterprise, add-ons, 15% off annual plans and a 30-day free trial with no setup fee.',
  },
  '/api': {
    title: 'CommonGround API — Amenity Data for Developers',
    description:
      'Build on CommonGround amenity, analytics, event and report data: bearer key authentication, REST endpoints, SDKs and API tiers from free.',
  },
  '/security': {
    title: 'Security and Compliance — CommonGround',
    description:
      'Certifications, security architecture, data protection commitments, 99.9% uptime target and our incident response steps.',
  },
  '/press': {
    title: 'Press and Media — CommonGround',
    description:
      'CommonGround press releases, awards, media kit and executive team, with contacts for journalists and analysts.',
  },
  '/documentation': {
    title: 'Documentation — CommonGround',
    description:
      'Get started with CommonGround: a four-step quick start, guides for analytics, Amy and reports, and API code examples.',
  },
  '/help': {
    title: 'Help Center — CommonGround',
    description:
      'Answers to common questions, popular articles and every way to reach CommonGround support.',
  },
  '/community': {
    title: 'Community Forum — CommonGround',
    description:
      'Connect with community management professionals: discussions, best practices, feature requests and upcoming events.',
  },
  '/blog': {
    title: 'Blog — Insights for Modern Community Management | CommonGround',
    description:
      'Best practices, industry insights, technology and case studies for HOA and community managers.',
  },
};
