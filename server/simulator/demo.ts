import type { ResidentInput, ResidentStatus } from '../../src/api/contract';
import { DEMO_COMMUNITY_SLUG } from '../../src/lib/demo-community';
import { everyDay } from '../../src/lib/weekly-hours';
import type { AmenityDefinition } from '../community';
import type { UsageProfile } from './model';

/**
 * The demo community (the same amenities the UI's MSW fixtures show): the spec's four sample
 * amenities plus a heritage, a street and a playground amenity, each with a usage profile that
 * drives the simulator.
 */
export const DEMO_COMMUNITY = {
  slug: DEMO_COMMUNITY_SLUG,
  name: 'Willow Creek',
  timeZone: 'America/Los_Angeles',
  code: 'WCCA-2024',
  address: '1200 Willow Creek Parkway, Irvine, CA 92618',
} as const;

export type DemoAmenity = AmenityDefinition & { profile: UsageProfile };

const h = (hour: number) => hour * 60;

export const DEMO_AMENITIES: readonly DemoAmenity[] = [
  {
    slug: 'great-lawn',
    name: 'The Great Lawn',
    type: 'lawn',
    description: 'Open lawn for picnics, yoga and outdoor movie nights.',
    capacity: 200,
    hours: everyDay(h(6), h(22)),
    color: '#16a34a',
    profile: {
      dwellMinutes: 48,
      load: 0.5,
      peaks: [
        { hour: 8, width: 1.5, weight: 0.45 },
        { hour: 18, width: 2.2, weight: 1 },
      ],
      weekend: 1.35,
      seasonPeakMonth: 7,
      seasonAmplitude: 0.3,
      outdoor: 1,
    },
  },
  {
    slug: 'solis-hall',
    name: 'Solis Hall',
    type: 'hall',
    description: 'Event hall with kitchen, stage and seating for 120.',
    capacity: 120,
    hours: everyDay(h(8), h(22)),
    color: '#9333ea',
    profile: {
      dwellMinutes: 85,
      load: 0.5,
      peaks: [
        { hour: 11, width: 2, weight: 0.4 },
        { hour: 19, width: 1.8, weight: 1 },
      ],
      weekend: 1.2,
      seasonPeakMonth: 12,
      seasonAmplitude: 0.2,
      outdoor: 0,
    },
  },
  {
    slug: 'the-yard',
    name: 'The Yard',
    type: 'yard',
    description: 'Outdoor fitness yard with courts and equipment.',
    capacity: 60,
    hours: everyDay(h(5), h(22)),
    color: '#d97706',
    profile: {
      dwellMinutes: 42,
      load: 0.65,
      peaks: [
        { hour: 7, width: 1.3, weight: 1 },
        { hour: 18, width: 1.8, weight: 0.85 },
      ],
      weekend: 0.9,
      seasonPeakMonth: 2,
      seasonAmplitude: 0.12,
      outdoor: 0.7,
    },
  },
  {
    slug: 'grand-lake',
    name: 'Grand Lake',
    type: 'lake',
    description: 'Lake with a walking loop, dock and kayak launch.',
    capacity: 150,
    hours: everyDay(h(6), h(21)),
    color: '#2563eb',
    profile: {
      dwellMinutes: 55,
      load: 0.4,
      peaks: [
        { hour: 8.5, width: 1.8, weight: 1 },
        { hour: 17.5, width: 2, weight: 0.8 },
      ],
      weekend: 1.5,
      seasonPeakMonth: 7,
      seasonAmplitude: 0.35,
      outdoor: 1,
    },
  },
  {
    slug: 'heritage-tree',
    name: 'Heritage Tree Area',
    type: 'heritage',
    description: 'The 120-year-old oak and its shaded seating circle.',
    capacity: 40,
    hours: everyDay(h(7), h(20)),
    color: '#65a30d',
    profile: {
      dwellMinutes: 22,
      load: 0.18,
      peaks: [
        { hour: 10, width: 2, weight: 0.5 },
        { hour: 16, width: 2.5, weight: 1 },
      ],
      weekend: 1.3,
      seasonPeakMonth: 10,
      seasonAmplitude: 0.2,
      outdoor: 0.8,
    },
  },
  {
    slug: 'market-street',
    name: 'Market Street Promenade',
    type: 'street',
    description: 'Pedestrian street used for markets and festivals.',
    capacity: 250,
    hours: everyDay(0, h(24)),
    color: '#0891b2',
    profile: {
      dwellMinutes: 40,
      load: 0.2,
      peaks: [
        { hour: 12, width: 2.5, weight: 1 },
        { hour: 19, width: 2, weight: 0.8 },
      ],
      weekend: 1.35,
      seasonPeakMonth: 8,
      seasonAmplitude: 0.15,
      outdoor: 0.6,
    },
  },
  {
    slug: 'sunny-playground',
    name: 'Sunny Side Playground',
    type: 'playground',
    description: 'Playground with shade sails and a splash pad.',
    capacity: 50,
    hours: everyDay(h(8), h(20)),
    color: '#db2777',
    profile: {
      dwellMinutes: 50,
      load: 0.5,
      peaks: [
        { hour: 10.5, width: 1.5, weight: 0.8 },
        { hour: 16, width: 1.8, weight: 1 },
      ],
      weekend: 1.4,
      seasonPeakMonth: 6,
      seasonAmplitude: 0.3,
      outdoor: 1,
    },
  },
];

/**
 * The demo amenities' monthly operating costs in dollars (staff, upkeep, utilities), seeded into
 * the amenities table (managers change them in the Amenities page's Settings). Market Street has
 * none entered, so the reports show how an amenity without a cost reads. Migration 011 holds the
 * same figures for databases seeded before the column existed.
 */
export const DEMO_MONTHLY_OPERATING_COSTS: Readonly<Record<string, number>> = {
  'great-lawn': 4200,
  'solis-hall': 6800,
  'the-yard': 2900,
  'grand-lake': 5400,
  'heritage-tree': 800,
  'sunny-playground': 1500,
};

/** The demo amenities as seeded: definitions with their operating costs. */
export const DEMO_AMENITY_SETUP = DEMO_AMENITIES.map((amenity) => ({
  ...amenity,
  monthlyOperatingCost: DEMO_MONTHLY_OPERATING_COSTS[amenity.slug] ?? null,
}));

/**
 * The demo community's residents directory (invented people; the addresses are example.com).
 * Migration 012 writes the same list into databases seeded before the directory existed.
 */
export const DEMO_RESIDENTS: readonly ResidentInput[] = [
  [
    'Emily Rodriguez',
    'A-101',
    'emily.rodriguez@example.com',
    '(555) 010-4101',
    3,
    'active',
    '2021-03-14',
  ],
  [
    'James Thompson',
    'A-204',
    'james.thompson@example.com',
    '(555) 010-4204',
    2,
    'active',
    '2019-08-02',
  ],
  [
    'Aisha Mohammed',
    'B-112',
    'aisha.mohammed@example.com',
    '(555) 010-5112',
    4,
    'active',
    '2022-01-20',
  ],
  ['Daniel Kim', 'B-305', 'daniel.kim@example.com', null, 1, 'inactive', '2020-06-11'],
  [
    'Olivia Martinez',
    'C-018',
    'olivia.martinez@example.com',
    '(555) 010-6018',
    5,
    'active',
    '2023-04-27',
  ],
  [
    'Robert Nguyen',
    'C-221',
    'robert.nguyen@example.com',
    '(555) 010-6221',
    2,
    'active',
    '2018-11-05',
  ],
  [
    'Grace O’Connor',
    'D-007',
    'grace.oconnor@example.com',
    '(555) 010-7007',
    1,
    'active',
    '2024-02-09',
  ],
  ['Marcus Johnson', 'D-143', null, null, null, 'inactive', '2017-09-30'],
  ['Sofia Rossi', 'E-310', 'sofia.rossi@example.com', '(555) 010-8310', 2, 'active', '2025-05-18'],
  [
    'Henry Walker',
    'E-402',
    'henry.walker@example.com',
    '(555) 010-8402',
    3,
    'active',
    '2022-10-03',
  ],
].map(([name, unit, email, phone, householdSize, status, joinedOn]) => ({
  name: name as string,
  unit: unit as string,
  email: email as string | null,
  phone: phone as string | null,
  householdSize: householdSize as number | null,
  status: status as ResidentStatus,
  joinedOn: joinedOn as string,
  notes: '',
}));
