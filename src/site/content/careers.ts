import type { GlyphName } from './glyphs';

export const CAREERS_HERO = {
  title: 'Build the Future of Community Living',
  intro:
    'We are a small team of engineers, designers and former community managers making shared spaces work better for the people who pay for them.',
} as const;

export const CULTURE: readonly { title: string; description: string; icon: GlyphName }[] = [
  {
    title: 'Close to customers',
    icon: 'handshake',
    description:
      'Everyone spends time with community managers, on calls and on site, so we build what they need.',
  },
  {
    title: 'Remote-friendly',
    icon: 'globe',
    description:
      'Work from our Irvine or Austin office or from home anywhere in US time zones, with a week together every quarter.',
  },
  {
    title: 'Ownership',
    icon: 'target',
    description:
      'Small teams own their problems end to end, from the first sketch to the support ticket.',
  },
];

export const BENEFITS: readonly { title: string; description: string; icon: GlyphName }[] = [
  {
    title: 'Health coverage',
    icon: 'heart',
    description:
      'Medical, dental and vision insurance for you and your family, fully paid for you.',
  },
  {
    title: 'Equity',
    icon: 'trending',
    description: 'Stock options for every employee, because everyone builds the company.',
  },
  {
    title: 'Time off',
    icon: 'calendar',
    description: 'Four weeks of paid time off, company holidays and paid parental leave.',
  },
  {
    title: 'Learning budget',
    icon: 'graduation',
    description: '$1,500 a year for courses, books and conferences.',
  },
  {
    title: 'Home office',
    icon: 'home',
    description: 'A laptop of your choice and a budget to set up a comfortable workspace.',
  },
  {
    title: 'Retirement',
    icon: 'dollar',
    description: '401(k) plan with a 4% company match from your first day.',
  },
];

export type Position = {
  title: string;
  department: string;
  location: string;
  type: string;
  description: string;
};

/** Spec section 2: four open positions with Apply Now. */
export const POSITIONS: readonly Position[] = [
  {
    title: 'Senior Full-Stack Engineer',
    department: 'Engineering',
    location: 'Irvine, CA or Remote (US)',
    type: 'Full-time',
    description:
      'Build the dashboard, reports and APIs that community managers rely on every day, from database to browser.',
  },
  {
    title: 'Machine Learning Engineer',
    department: 'Engineering',
    location: 'Remote (US)',
    type: 'Full-time',
    description:
      'Improve Amy’s event suggestions and forecasts with usage data from hundreds of amenities.',
  },
  {
    title: 'Customer Success Manager',
    department: 'Customer Success',
    location: 'Austin, TX',
    type: 'Full-time',
    description:
      'Guide new communities from setup to their first board report, and keep them getting value every month.',
  },
  {
    title: 'Product Designer',
    department: 'Design',
    location: 'Irvine, CA or Remote (US)',
    type: 'Full-time',
    description:
      'Design clear, accessible experiences for managers on phones outdoors and board members at meetings.',
  },
];
