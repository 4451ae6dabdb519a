import type { GlyphName } from './glyphs';

/** Landing page content (spec sections 1 and 2, "Landing page"). */
export const HERO = {
  badge: 'AI-Powered Community Intelligence',
  title: 'Know How Your Community Uses Every Amenity',
  intro:
    'CommonGround measures amenity usage with IoT sensors and mobile location data, plans events with Amy, our AI assistant, and produces the reports that justify community fees to residents and boards.',
  highlights: ['85%+ AI accuracy', '25% lower maintenance cost', '99.9% uptime target'],
} as const;

export type ContrastPoint = { title: string; description: string; icon: GlyphName };

export const PROBLEMS: readonly ContrastPoint[] = [
  {
    title: 'Wasted Resources',
    description:
      'Pools heated for empty afternoons and halls staffed for nobody: without usage data, budgets follow habit instead of residents.',
    icon: 'dollar',
  },
  {
    title: 'Fee Disputes',
    description:
      'Residents question what their dues pay for, and boards have no numbers to show the value of shared amenities.',
    icon: 'alert',
  },
  {
    title: 'Poor Event Planning',
    description:
      'Events are scheduled on guesswork, so attendance disappoints and volunteers burn out on programs nobody asked for.',
    icon: 'calendar',
  },
];

export const SOLUTIONS: readonly ContrastPoint[] = [
  {
    title: 'Data-Driven Decisions',
    description:
      'Live occupancy and usage trends for every amenity show where to spend, when to staff and what to maintain first.',
    icon: 'chart',
  },
  {
    title: 'Transparent Value',
    description:
      'Fee justification reports turn usage into dollars residents understand, ready for the next board meeting.',
    icon: 'report',
  },
  {
    title: 'AI-Optimized Events',
    description:
      'Amy suggests events, dates and venues from your own community data, with expected attendance and cost.',
    icon: 'sparkles',
  },
];

export type Benefit = {
  title: string;
  description: string;
  icon: GlyphName;
  /** The card's claim, as the spec words it: figure first, then what it measures. */
  figure: string;
  claim: string;
};

/** Spec section 1, "Marketing claims on the landing page cards", in order. */
export const BENEFITS: readonly Benefit[] = [
  {
    title: 'Usage Analytics',
    description:
      'Real-time occupancy, peak hours and trends for every amenity from IoT sensors and mobile location data.',
    icon: 'chart',
    figure: '+35%',
    claim: 'return on amenities',
  },
  {
    title: 'AI Event Planning',
    description:
      'Amy studies how residents use each space and suggests the events, dates and times they will actually attend.',
    icon: 'sparkles',
    figure: '+60%',
    claim: 'attendance',
  },
  {
    title: 'Fee Justification Reports',
    description:
      'Board-ready reports that connect community fees to measured amenity use and return on investment.',
    icon: 'report',
    figure: '-45%',
    claim: 'fee disputes',
  },
  {
    title: 'Community Engagement',
    description:
      'Surveys, event feedback and usage trends show what residents value, so every decision earns support.',
    icon: 'users',
    figure: '+25%',
    claim: 'satisfaction',
  },
  {
    title: 'Operational Efficiency',
    description:
      'Automated reports, maintenance scheduling and capacity alerts replace spreadsheets and walk-throughs.',
    icon: 'clock',
    figure: '15 hours',
    claim: 'saved a week',
  },
  {
    title: 'Risk Management',
    description:
      'Capacity monitoring, compliance checks and maintenance history keep amenities safe and documented.',
    icon: 'shield',
    figure: '-30%',
    claim: 'liability incidents',
  },
];

export const LANDING_CTA = {
  title: 'Ready to Show Residents the Value of Their Amenities?',
  intro:
    'See your community through its amenities: live usage, Amy’s event ideas and reports your board can stand behind.',
  terms: '30-day free trial • No setup fees • Cancel anytime',
} as const;
