import type { GlyphName } from './glyphs';

/** Public forum page (spec section 2 "Public forum" and section 3 forum entities). */
export const FORUM_HERO = {
  badge: 'Community Forum',
  title: 'Connect with Community Management Professionals',
  intro:
    'Share what works, ask what does not and learn from managers and board members running communities like yours.',
  searchPlaceholder: 'Search discussions, topics, or members...',
} as const;

export type ForumStat = { value: string; label: string };

export const FORUM_STATS: readonly ForumStat[] = [
  { value: '1,247', label: 'Members' },
  { value: '684', label: 'Discussions' },
  { value: '3,592', label: 'Posts & Replies' },
  { value: '156', label: 'Solutions Found' },
];

export type ForumTone = 'blue' | 'purple' | 'green' | 'amber' | 'red' | 'brand';

export type ForumCategory = {
  name: string;
  description: string;
  posts: number;
  members: number;
  icon: GlyphName;
  colour: ForumTone;
};

export const FORUM_CATEGORIES: readonly ForumCategory[] = [
  {
    name: 'General Discussion',
    description: 'Introductions, news and anything about running a community.',
    posts: 1243,
    members: 892,
    icon: 'message',
    colour: 'blue',
  },
  {
    name: 'Feature Requests',
    description: 'Ideas for CommonGround and votes on what comes next.',
    posts: 456,
    members: 324,
    icon: 'lightbulb',
    colour: 'purple',
  },
  {
    name: 'Best Practices',
    description: 'Amenity programs, fee reports and board communication that work.',
    posts: 789,
    members: 567,
    icon: 'award',
    colour: 'green',
  },
  {
    name: 'Technical Support',
    description: 'Sensors, integrations, reports and the dashboard.',
    posts: 634,
    members: 445,
    icon: 'wrench',
    colour: 'amber',
  },
  {
    name: 'Success Stories',
    description: 'Results from communities using data to make decisions.',
    posts: 234,
    members: 298,
    icon: 'trending',
    colour: 'brand',
  },
  {
    name: 'Events & Webinars',
    description: 'Roundtables, workshops and recordings.',
    posts: 236,
    members: 412,
    icon: 'calendar',
    colour: 'red',
  },
];

export type ForumThread = {
  title: string;
  category: string;
  author: string;
  community: string;
  replies: number;
  views: number;
  timeAgo: string;
  featured: boolean;
};

export const FORUM_THREADS: readonly ForumThread[] = [
  {
    title: 'How we cut pool heating costs 30% using usage data',
    category: 'Success Stories',
    author: 'Jennifer Walsh',
    community: 'Sunset Ridge HOA',
    replies: 24,
    views: 412,
    timeAgo: '2 hours ago',
    featured: true,
  },
  {
    title: 'Best way to present fee justification reports to a skeptical board?',
    category: 'Best Practices',
    author: 'Michael Torres',
    community: 'Oak Valley Community',
    replies: 18,
    views: 296,
    timeAgo: '5 hours ago',
    featured: false,
  },
  {
    title: 'Feature request: weather overlay on the usage timeline',
    category: 'Feature Requests',
    author: 'Lisa Park',
    community: 'Lakeside Estates',
    replies: 31,
    views: 538,
    timeAgo: '1 day ago',
    featured: true,
  },
  {
    title: 'Sensor readings dropping at The Yard after 9pm',
    category: 'Technical Support',
    author: 'Robert Kim',
    community: 'Meadowbrook Village',
    replies: 9,
    views: 147,
    timeAgo: '2 days ago',
    featured: false,
  },
  {
    title: 'Amy suggested a farmers market on The Great Lawn: 300+ residents came',
    category: 'Success Stories',
    author: 'Amanda Foster',
    community: 'Willow Creek Community Association',
    replies: 42,
    views: 871,
    timeAgo: '3 days ago',
    featured: false,
  },
];

export type Contributor = {
  name: string;
  posts: number;
  reputation: number;
  title: 'Community Champion' | 'Best Practices Expert' | 'Feature Pioneer' | 'Technical Helper';
};

export const TOP_CONTRIBUTORS: readonly Contributor[] = [
  { name: 'Jennifer Walsh', posts: 156, reputation: 2340, title: 'Community Champion' },
  { name: 'Michael Torres', posts: 134, reputation: 1980, title: 'Best Practices Expert' },
  { name: 'Lisa Park', posts: 98, reputation: 1654, title: 'Feature Pioneer' },
  { name: 'Robert Kim', posts: 87, reputation: 1432, title: 'Technical Helper' },
];

export const GUIDELINES: readonly string[] = [
  'Be respectful and constructive.',
  'Search before you post a new question.',
  'Keep residents’ personal information private.',
  'Mark the reply that solved your problem.',
];

/** The full text behind Read Full Guidelines. */
export const FULL_GUIDELINES: readonly { title: string; text: string }[] = [
  {
    title: 'Respect',
    text: 'Disagree with ideas, never with people. No harassment, personal attacks or discrimination of any kind.',
  },
  {
    title: 'Privacy',
    text: 'Never post residents’ names, units, contact details or photos. Share figures, not people.',
  },
  {
    title: 'Helpful posts',
    text: 'Use a clear title, pick the right category, include what you tried, and mark the answer that solved it so others find it.',
  },
  {
    title: 'No selling',
    text: 'Vendors are welcome to answer questions, but not to advertise. Share experience, not sales pitches.',
  },
  {
    title: 'Moderation',
    text: 'Moderators may edit or remove posts that break these guidelines. Repeated breaches close an account.',
  },
];

export type ForumEvent = { title: string; date: string; time: string };

/** Spec section 2: the two upcoming events, with their dates and times. */
export const UPCOMING_EVENTS: readonly ForumEvent[] = [
  { title: 'Monthly Community Roundtable', date: 'February 20, 2025', time: '2:00 PM PST' },
  { title: 'Amy AI Best Practices Workshop', date: 'March 5, 2025', time: '1:00 PM PST' },
];
