/**
 * Spec sections 2 and 3, Community Management: the upcoming events are static sample content
 * (never fetched), invented for the demo community, Willow Creek, and shown only there. The
 * residents directory is stored on the server (server/residents).
 */

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
