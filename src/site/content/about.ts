import type { GlyphName } from './glyphs';

export const ABOUT_HERO = {
  title: 'Helping Communities See the Value They Share',
  intro:
    'CommonGround gives homeowners associations and master-planned communities the data to run their amenities well and the reports to show residents what their fees buy.',
} as const;

export const STORY: readonly string[] = [
  'CommonGround began at a board meeting. Our founder, then managing a master-planned community in Irvine, California, was asked why residents paid for a lake, a hall and a lawn that “nobody uses”. She knew the answer was wrong, but she had no numbers to prove it.',
  'In 2022 she teamed up with an engineer who had built sensor networks for smart buildings. Together they installed the first occupancy counters at The Great Lawn and Solis Hall and put the figures in front of residents every month. Fee complaints fell, event attendance rose, and neighboring communities started asking for the same thing.',
  'Today CommonGround measures amenity usage across homeowners associations and master-planned communities, and Amy, our AI assistant, helps their managers plan events residents actually attend.',
];

export const MISSION =
  'To make every shared amenity measurable, every community decision explainable, and every resident confident that their fees are well spent.';

export type Value = { title: string; icon: GlyphName; description: string };

export const VALUES: readonly Value[] = [
  {
    title: 'Transparency',
    icon: 'eye',
    description: 'We show our numbers and how we got them, and help our customers do the same.',
  },
  {
    title: 'Community First',
    icon: 'users',
    description: 'Residents are the reason amenities exist; every feature has to serve them.',
  },
  {
    title: 'Privacy by Design',
    icon: 'lock',
    description: 'We count visits, not people. Personal data is collected only where it is needed.',
  },
  {
    title: 'Practical Innovation',
    icon: 'lightbulb',
    description: 'AI earns its place by saving managers time, not by sounding clever.',
  },
];
