/**
 * Spec sections 2 and 3, Community Management: static sample content (never fetched). Names,
 * units and dates are invented for the demo community, Willow Creek.
 */

export type ResidentStatus = 'active' | 'inactive';

export type Resident = {
  id: string;
  name: string;
  unit: string;
  /** ISO calendar date, yyyy-mm-dd. */
  joinDate: string;
  status: ResidentStatus;
  favoriteAmenities: string[];
};

export const RESIDENTS: readonly Resident[] = [
  {
    id: 'res-01',
    name: 'Emily Rodriguez',
    unit: 'A-101',
    joinDate: '2021-03-14',
    status: 'active',
    favoriteAmenities: ['The Great Lawn', 'Grand Lake'],
  },
  {
    id: 'res-02',
    name: 'James Thompson',
    unit: 'A-204',
    joinDate: '2019-08-02',
    status: 'active',
    favoriteAmenities: ['The Yard'],
  },
  {
    id: 'res-03',
    name: 'Aisha Mohammed',
    unit: 'B-112',
    joinDate: '2022-01-20',
    status: 'active',
    favoriteAmenities: ['Solis Hall', 'Heritage Tree Area'],
  },
  {
    id: 'res-04',
    name: 'Daniel Kim',
    unit: 'B-305',
    joinDate: '2020-06-11',
    status: 'inactive',
    favoriteAmenities: ['Grand Lake'],
  },
  {
    id: 'res-05',
    name: 'Olivia Martinez',
    unit: 'C-018',
    joinDate: '2023-04-27',
    status: 'active',
    favoriteAmenities: ['Sunny Side Playground', 'The Great Lawn'],
  },
  {
    id: 'res-06',
    name: 'Robert Nguyen',
    unit: 'C-221',
    joinDate: '2018-11-05',
    status: 'active',
    favoriteAmenities: ['The Yard', 'Market Street Promenade'],
  },
  {
    id: 'res-07',
    name: 'Grace O’Connor',
    unit: 'D-007',
    joinDate: '2024-02-09',
    status: 'active',
    favoriteAmenities: ['Solis Hall'],
  },
  {
    id: 'res-08',
    name: 'Marcus Johnson',
    unit: 'D-143',
    joinDate: '2017-09-30',
    status: 'inactive',
    favoriteAmenities: [],
  },
  {
    id: 'res-09',
    name: 'Sofia Rossi',
    unit: 'E-310',
    joinDate: '2025-05-18',
    status: 'active',
    favoriteAmenities: ['Grand Lake', 'Heritage Tree Area'],
  },
  {
    id: 'res-10',
    name: 'Henry Walker',
    unit: 'E-402',
    joinDate: '2022-10-03',
    status: 'active',
    favoriteAmenities: ['The Great Lawn'],
  },
];

export type CommunityEvent = {
  id: string;
  title: string;
  /** ISO calendar date, yyyy-mm-dd. */
  date: string;
  time: string;
  location: string;
  rsvps: number;
};

export const UPCOMING_EVENTS: readonly CommunityEvent[] = [
  {
    id: 'evt-1',
    title: 'Holiday Lights Walk',
    date: '2026-12-05',
    time: '6:00 PM - 8:00 PM',
    location: 'Market Street Promenade',
    rsvps: 112,
  },
  {
    id: 'evt-2',
    title: 'Board Town Hall',
    date: '2026-12-10',
    time: '7:00 PM - 8:30 PM',
    location: 'Solis Hall',
    rsvps: 38,
  },
  {
    id: 'evt-3',
    title: 'New Year Fun Run',
    date: '2027-01-01',
    time: '9:00 AM - 11:00 AM',
    location: 'Grand Lake',
    rsvps: 64,
  },
];
