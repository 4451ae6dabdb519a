import { AMENITY_EXAMPLE, SUGGESTION_EXAMPLE, AUTH_EXAMPLE } from './api';
import type { GlyphName } from './glyphs';

export type QuickStartStep = { title: string; description: string };

/** Spec section 2, /documentation: a four-step quick start. */
export const QUICK_START: readonly QuickStartStep[] = [
  {
    title: 'Set up your community',
    description:
      'Enter your community’s name, code, address, timezone and currency in Settings, and invite your managers.',
  },
  {
    title: 'Add your amenities',
    description:
      'Create each amenity with its type and capacity: lawns, halls, yards, lakes, heritage areas, streets and playgrounds.',
  },
  {
    title: 'Connect sensors and integrations',
    description:
      'Pair the occupancy sensors installed during setup and connect your property management or HOA software.',
  },
  {
    title: 'Review insights with Amy',
    description:
      'Open the dashboard for live usage, then ask Amy for event suggestions and schedule your first monthly report.',
  },
];

export type DocCategory = {
  name: string;
  icon: GlyphName;
  description: string;
  articles: readonly string[];
};

export const DOC_CATEGORIES: readonly DocCategory[] = [
  {
    name: 'Getting Started',
    icon: 'rocket',
    description: 'Everything you need in your first week.',
    articles: [
      'Community settings explained',
      'Adding and configuring amenities',
      'Inviting managers and board members',
      'Installing occupancy sensors',
    ],
  },
  {
    name: 'Analytics & Reports',
    icon: 'chart',
    description: 'Read the dashboard and share the numbers.',
    articles: [
      'Understanding the dashboard metrics',
      'Usage over time: daily, weekly and monthly views',
      'Building a fee justification report',
      'Scheduling automatic reports',
    ],
  },
  {
    name: 'Amy AI Assistant',
    icon: 'sparkles',
    description: 'Plan events with data instead of guesswork.',
    articles: [
      'How Amy suggests events',
      'Reading confidence scores',
      'Filtering suggestions by month',
      'Event performance trends',
    ],
  },
  {
    name: 'API & Integrations',
    icon: 'code',
    description: 'Connect CommonGround to the rest of your stack.',
    articles: [
      'Authenticating with an API key',
      'Amenity and usage endpoints',
      'Requesting event suggestions',
      'Property management and HOA software connections',
    ],
  },
];

export type CodeExample = { title: string; description: string; language: string; code: string };

/** Two code examples built from the spec's documented amenity and event-suggestion shapes. */
export const CODE_EXAMPLES: readonly CodeExample[] = [
  {
    title: 'Get amenity data',
    description: 'Authenticate with your API key as a bearer token. Each amenity looks like this:',
    language: 'bash + json',
    code: `${AUTH_EXAMPLE}\n\n${AMENITY_EXAMPLE}`,
  },
  {
    title: 'Request event suggestions',
    description:
      'Send an amenity, a target date and your preferences; Amy answers with recommendations.',
    language: 'bash',
    code: SUGGESTION_EXAMPLE,
  },
];
