import { formatCalendarDate } from '../../lib/format';

/**
 * Content of the Amy Events planning tools: the event checklist, the vendor directory and the
 * marketing templates. Plain data and pure functions; the dialogs only show them.
 */

export type ChecklistItem = { id: string; text: string };
export type ChecklistPhase = { title: string; items: readonly ChecklistItem[] };

export const EVENT_CHECKLIST: readonly ChecklistPhase[] = [
  {
    title: '6-8 weeks before',
    items: [
      { id: 'pick-date', text: 'Pick the date and amenity (check live status and peak hours)' },
      { id: 'set-budget', text: 'Set the budget (use the budget calculator)' },
      { id: 'book-vendors', text: 'Book vendors, entertainment and equipment' },
      { id: 'permits', text: 'Check permits and insurance needs' },
    ],
  },
  {
    title: '3-4 weeks before',
    items: [
      { id: 'announce', text: 'Announce the event to residents (marketing templates)' },
      { id: 'rsvp', text: 'Open RSVPs or a sign-up sheet' },
      { id: 'volunteers', text: 'Confirm volunteers and staff roles' },
    ],
  },
  {
    title: 'The week of the event',
    items: [
      { id: 'reminder', text: 'Send a reminder with time, place and what to bring' },
      { id: 'confirm-vendors', text: "Confirm vendors' arrival and set-up times" },
      { id: 'site-plan', text: 'Plan set-up, signage, accessibility and parking' },
    ],
  },
  {
    title: 'On the day',
    items: [
      { id: 'walk-site', text: 'Set up early and walk the site for hazards' },
      { id: 'capacity', text: "Keep the head count within the amenity's capacity" },
      { id: 'photos', text: 'Take photos and note the attendance' },
    ],
  },
  {
    title: 'Afterwards',
    items: [
      { id: 'thanks', text: 'Thank volunteers and vendors' },
      { id: 'feedback', text: 'Ask residents for feedback' },
      { id: 'record', text: 'Record attendance and actual costs for next time' },
    ],
  },
];

export const CHECKLIST_IDS: readonly string[] = EVENT_CHECKLIST.flatMap((phase) =>
  phase.items.map((item) => item.id),
);

/** Stored checklist state: the ids of done items. Anything unreadable or unknown is ignored. */
export function parseChecklist(raw: string | null): Set<string> {
  if (!raw) return new Set();
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return new Set();
    return new Set(
      parsed.filter((id): id is string => typeof id === 'string' && CHECKLIST_IDS.includes(id)),
    );
  } catch {
    return new Set();
  }
}

export function toggleChecklistItem(done: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(done);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export type VendorCategory = {
  id: string;
  name: string;
  covers: string;
  askFor: readonly string[];
  bookAhead: string;
  /** Words in a required resource that this kind of vendor provides. */
  keywords: readonly string[];
};

export const VENDOR_CATEGORIES: readonly VendorCategory[] = [
  {
    id: 'av',
    name: 'Audio-visual',
    covers: 'Outdoor screens, projectors, sound systems, microphones',
    askFor: [
      'Power needs and cable runs',
      'Weather plan for outdoor gear',
      'Set-up and strike time',
    ],
    bookAhead: '4-6 weeks',
    keywords: ['screen', 'projector', 'sound', 'speaker', 'microphone', 'audio', 'av'],
  },
  {
    id: 'food',
    name: 'Food and drink',
    covers: 'Food trucks, caterers, coffee carts, water stations',
    askFor: ['Health permit and insurance certificate', 'Minimum sales or guarantee', 'Waste plan'],
    bookAhead: '4-8 weeks',
    keywords: ['food', 'truck', 'catering', 'snack', 'drink', 'water', 'coffee', 'refreshment'],
  },
  {
    id: 'rentals',
    name: 'Event rentals',
    covers: 'Tables, chairs, tents, canopies, lighting',
    askFor: ['Delivery and pick-up windows', 'Damage and weather policy', 'Lawn-safe anchoring'],
    bookAhead: '3-6 weeks',
    keywords: ['table', 'chair', 'tent', 'canopy', 'lighting', 'light', 'stage'],
  },
  {
    id: 'instructors',
    name: 'Instructors and entertainers',
    covers: 'Fitness trainers, workshop leaders, performers, DJs',
    askFor: ['Certification and liability cover', 'Group size limits', 'Equipment they bring'],
    bookAhead: '3-6 weeks',
    keywords: ['trainer', 'instructor', 'teacher', 'dj', 'band', 'performer', 'host', 'leader'],
  },
  {
    id: 'supplies',
    name: 'Supplies',
    covers: 'Craft materials, decorations, sports equipment, mats',
    askFor: ['Quantities per attendee', 'Returns of unused stock', 'Allergy-safe materials'],
    bookAhead: '2-3 weeks',
    keywords: ['material', 'craft', 'decoration', 'decor', 'mat', 'equipment', 'supplies', 'prize'],
  },
  {
    id: 'permits',
    name: 'Permits and insurance',
    covers: 'City event permits, food truck permits, event liability cover',
    askFor: ['Processing time', 'Certificates naming the association', 'Noise and hour limits'],
    bookAhead: '6-8 weeks',
    keywords: ['permit', 'insurance', 'license', 'licence'],
  },
];

/** The vendor categories that provide a suggestion's required resources. */
export function vendorsForResources(resources: readonly string[]): VendorCategory[] {
  const words = resources.map((resource) => resource.toLowerCase());
  return VENDOR_CATEGORIES.filter((category) =>
    words.some((resource) =>
      category.keywords.some((keyword) => new RegExp(`\\b${keyword}`).test(resource)),
    ),
  );
}

export type TemplateKind = 'email' | 'social' | 'newsletter' | 'reminder';

export const TEMPLATE_KINDS: readonly { kind: TemplateKind; label: string }[] = [
  { kind: 'email', label: 'Email announcement' },
  { kind: 'social', label: 'Social post' },
  { kind: 'newsletter', label: 'Newsletter blurb' },
  { kind: 'reminder', label: 'Text reminder' },
];

export type TemplateEvent = {
  title: string;
  description: string;
  suggestedAmenity: string;
  suggestedDate: string;
  suggestedTime: string;
  expectedAttendance: number;
};

/** A ready-to-copy announcement for an event, filled from one of Amy's suggestions. */
export function fillTemplate(
  kind: TemplateKind,
  event: TemplateEvent,
  communityName: string,
): string {
  const date = formatCalendarDate(event.suggestedDate);
  const when = `${date}, ${event.suggestedTime}`;
  switch (kind) {
    case 'email':
      return [
        `Subject: You're invited: ${event.title} at ${event.suggestedAmenity}`,
        '',
        'Hello neighbors,',
        '',
        `${event.description}`,
        '',
        `When: ${when}`,
        `Where: ${event.suggestedAmenity}`,
        '',
        `We are planning for about ${event.expectedAttendance} residents, so please let us know if you can come.`,
        '',
        'See you there,',
        communityName,
      ].join('\n');
    case 'social':
      return `${event.title} is coming to ${event.suggestedAmenity}! ${event.description} Join us ${when}. Bring a neighbor!`;
    case 'newsletter':
      return [
        event.title,
        `${when} · ${event.suggestedAmenity}`,
        '',
        `${event.description} All residents are welcome; we expect around ${event.expectedAttendance} neighbors.`,
      ].join('\n');
    case 'reminder':
      return `Reminder from ${communityName}: ${event.title} at ${event.suggestedAmenity}, ${when}. See you there!`;
  }
}
