import type { AmenityType, SuggestionCategory } from '../../src/api/contract';

/**
 * The events Amy knows how to plan. The simulator uses the same list for the history of events
 * held, so Amy compares a suggestion with the events of the same kind that really took place.
 */

/** A resource an event needs: `cost` dollars per unit, one unit per `per` attendees (or one). */
export type Resource = { name: string; cost: number; per?: number };

export type EventTemplate = {
  kind: string;
  title: string;
  description: string;
  category: SuggestionCategory;
  amenityType: AmenityType;
  /** Months (1-12) it fits. */
  months: readonly number[];
  /** The weekday it is held on (0 = Sunday), unless it has a fixed day of the month. */
  weekday: number;
  fixedDay?: number;
  startHour: number;
  endHour: number;
  /** Typical turnout as a share of the amenity's capacity (what organisers plan for). */
  draw: number;
  /** How many times a month, in season, the demo community held it. */
  perMonth: number;
  resources: readonly Resource[];
};

const ALL_YEAR = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const SAT = 6;
const SUN = 0;

export const EVENT_TEMPLATES: readonly EventTemplate[] = [
  {
    kind: 'movie-night',
    title: 'Sunset Movie Night',
    description: 'A family movie under the stars with food trucks and blankets on the lawn.',
    category: 'recreational',
    amenityType: 'lawn',
    months: [5, 6, 7, 8, 9, 10],
    weekday: SAT,
    startHour: 18,
    endHour: 21,
    draw: 0.7,
    perMonth: 2,
    resources: [
      { name: 'Outdoor screen and projector', cost: 650 },
      { name: 'Sound system', cost: 250 },
      { name: 'Lawn lighting', cost: 180 },
      { name: 'Food truck permits', cost: 120 },
      { name: 'Blankets and low chairs', cost: 60, per: 50 },
    ],
  },
  {
    kind: 'lawn-yoga',
    title: 'Sunrise Yoga on the Lawn',
    description: 'An all-levels yoga class on the grass, mats provided.',
    category: 'wellness',
    amenityType: 'lawn',
    months: [4, 5, 6, 7, 8, 9],
    weekday: SUN,
    startHour: 8,
    endHour: 9,
    draw: 0.22,
    perMonth: 2,
    resources: [
      { name: 'Certified yoga instructor', cost: 150 },
      { name: 'Yoga mats', cost: 45, per: 20 },
      { name: 'Water station', cost: 60 },
    ],
  },
  {
    kind: 'spring-picnic',
    title: 'Spring Picnic and Lawn Games',
    description: 'Bring a blanket: lawn games, music and snacks for every age.',
    category: 'community',
    amenityType: 'lawn',
    months: [3, 4, 5],
    weekday: SAT,
    startHour: 11,
    endHour: 14,
    draw: 0.5,
    perMonth: 1,
    resources: [
      { name: 'Lawn games kit', cost: 90 },
      { name: 'Picnic tables', cost: 75, per: 30 },
      { name: 'Shade canopies', cost: 200 },
      { name: 'Snacks and lemonade', cost: 3, per: 1 },
    ],
  },
  {
    kind: 'independence-day',
    title: 'Independence Day Picnic',
    description: 'A Fourth of July picnic with a grill, a live band and lawn games.',
    category: 'seasonal',
    amenityType: 'lawn',
    months: [7],
    weekday: SAT,
    fixedDay: 4,
    startHour: 12,
    endHour: 16,
    draw: 0.85,
    perMonth: 1,
    resources: [
      { name: 'Live band', cost: 900 },
      { name: 'Grill catering', cost: 8, per: 1 },
      { name: 'Flags and decorations', cost: 150 },
      { name: 'First aid station', cost: 120 },
    ],
  },
  {
    kind: 'potluck',
    title: 'Neighborhood Potluck',
    description: 'Everyone brings a dish; the hall kitchen and tables are ready.',
    category: 'community',
    amenityType: 'hall',
    months: ALL_YEAR,
    weekday: SAT,
    startHour: 17,
    endHour: 20,
    draw: 0.55,
    perMonth: 1,
    resources: [
      { name: 'Tables and chairs', cost: 120, per: 40 },
      { name: 'Kitchen cleaning', cost: 150 },
      { name: 'Compostable tableware', cost: 1.5, per: 1 },
    ],
  },
  {
    kind: 'wreath-workshop',
    title: 'Holiday Wreath Workshop',
    description: 'A hands-on seasonal craft workshop, materials included.',
    category: 'seasonal',
    amenityType: 'hall',
    months: [11, 12],
    weekday: SAT,
    startHour: 10,
    endHour: 12,
    draw: 0.35,
    perMonth: 2,
    resources: [
      { name: 'Craft materials', cost: 12, per: 1 },
      { name: 'Workshop instructor', cost: 200 },
      { name: 'Tables and chairs', cost: 120, per: 40 },
    ],
  },
  {
    kind: 'energy-talk',
    title: 'Home Energy Savings Talk',
    description: 'A local expert on cutting energy bills: insulation, solar and rebates.',
    category: 'educational',
    amenityType: 'hall',
    months: [1, 2, 3, 9, 10, 11],
    weekday: 3,
    startHour: 19,
    endHour: 21,
    draw: 0.3,
    perMonth: 1,
    resources: [
      { name: 'Guest speaker', cost: 300 },
      { name: 'Projector and screen', cost: 80 },
      { name: 'Refreshments', cost: 2, per: 1 },
    ],
  },
  {
    kind: 'game-night',
    title: 'Winter Game Night',
    description: 'Board games, card tables and snacks on a cold evening.',
    category: 'recreational',
    amenityType: 'hall',
    months: [12, 1, 2],
    weekday: 5,
    startHour: 18,
    endHour: 21,
    draw: 0.4,
    perMonth: 2,
    resources: [
      { name: 'Board game library', cost: 100 },
      { name: 'Snacks', cost: 3, per: 1 },
      { name: 'Tables and chairs', cost: 120, per: 40 },
    ],
  },
  {
    kind: 'kids-science',
    title: "Kids' Summer Science Workshop",
    description: 'Hands-on experiments for ages 6-12, kits included.',
    category: 'educational',
    amenityType: 'hall',
    months: [6, 7, 8],
    weekday: 2,
    startHour: 10,
    endHour: 12,
    draw: 0.3,
    perMonth: 1,
    resources: [
      { name: 'Science kits', cost: 10, per: 1 },
      { name: 'Workshop instructor', cost: 200 },
    ],
  },
  {
    kind: 'bootcamp',
    title: 'Fitness Bootcamp in The Yard',
    description: 'A coached outdoor workout for every level, early in the day.',
    category: 'wellness',
    amenityType: 'yard',
    months: [1, 2, 3, 9, 10],
    weekday: SAT,
    startHour: 7,
    endHour: 8,
    draw: 0.45,
    perMonth: 3,
    resources: [
      { name: 'Certified trainer', cost: 180 },
      { name: 'Exercise mats', cost: 40, per: 15 },
      { name: 'Water station', cost: 60 },
    ],
  },
  {
    kind: 'pickleball',
    title: 'Pickleball Round Robin',
    description: 'A friendly round robin on the courts; paddles to borrow.',
    category: 'recreational',
    amenityType: 'yard',
    months: [4, 5, 6, 7, 8, 9, 10],
    weekday: SUN,
    startHour: 9,
    endHour: 12,
    draw: 0.55,
    perMonth: 2,
    resources: [
      { name: 'Paddles and balls', cost: 120 },
      { name: 'Scoreboards', cost: 40 },
      { name: 'First aid kit', cost: 30 },
      { name: 'Refreshments', cost: 2, per: 1 },
    ],
  },
  {
    kind: 'kayak-clinic',
    title: 'Kayak Clinic at Grand Lake',
    description: 'Paddling basics and water safety with a certified instructor.',
    category: 'educational',
    amenityType: 'lake',
    months: [6, 7, 8, 9],
    weekday: SAT,
    startHour: 9,
    endHour: 11,
    draw: 0.2,
    perMonth: 2,
    resources: [
      { name: 'Certified paddling instructor', cost: 250 },
      { name: 'Kayak rental', cost: 300, per: 10 },
      { name: 'Life jackets', cost: 60, per: 10 },
    ],
  },
  {
    kind: 'fishing-derby',
    title: 'Family Fishing Derby',
    description: 'Catch and release for all ages, with prizes for the biggest fish.',
    category: 'recreational',
    amenityType: 'lake',
    months: [4, 5, 6, 9],
    weekday: SUN,
    startHour: 7,
    endHour: 10,
    draw: 0.45,
    perMonth: 1,
    resources: [
      { name: 'Bait and tackle', cost: 4, per: 1 },
      { name: 'Prizes', cost: 150 },
      { name: 'Lifeguard', cost: 200 },
    ],
  },
  {
    kind: 'polar-plunge',
    title: 'New Year Polar Plunge',
    description: 'A brisk dip to start the year, with a warming tent and hot drinks.',
    category: 'seasonal',
    amenityType: 'lake',
    months: [1],
    weekday: SAT,
    startHour: 10,
    endHour: 12,
    draw: 0.35,
    perMonth: 1,
    resources: [
      { name: 'Lifeguards', cost: 400 },
      { name: 'Warming tent', cost: 250 },
      { name: 'Hot drinks', cost: 2, per: 1 },
    ],
  },
  {
    kind: 'walking-club',
    title: 'Lakeside Walking Club',
    description: 'A brisk morning loop around the lake with a volunteer leader.',
    category: 'wellness',
    amenityType: 'lake',
    months: [10, 11, 12, 1, 2, 3],
    weekday: 3,
    startHour: 8,
    endHour: 9,
    draw: 0.15,
    perMonth: 2,
    resources: [
      { name: 'Route maps', cost: 20 },
      { name: 'Water station', cost: 60 },
    ],
  },
  {
    kind: 'history-walk',
    title: 'Heritage Tree History Walk',
    description: "A guided walk through the community's history, ending under the old oak.",
    category: 'educational',
    amenityType: 'heritage',
    months: [3, 4, 5, 9, 10],
    weekday: SUN,
    startHour: 10,
    endHour: 11,
    draw: 0.6,
    perMonth: 2,
    resources: [
      { name: 'Local historian guide', cost: 120 },
      { name: 'Printed trail maps', cost: 1, per: 1 },
      { name: 'Portable PA system', cost: 60 },
    ],
  },
  {
    kind: 'arbor-day',
    title: 'Arbor Day Tree Care Morning',
    description: 'An arborist shows how to care for the heritage oak; volunteers mulch and tidy.',
    category: 'community',
    amenityType: 'heritage',
    months: [4],
    weekday: SAT,
    startHour: 9,
    endHour: 12,
    draw: 0.7,
    perMonth: 1,
    resources: [
      { name: 'Arborist talk', cost: 250 },
      { name: 'Gloves and tools', cost: 45, per: 10 },
      { name: 'Mulch delivery', cost: 180 },
    ],
  },
  {
    kind: 'lantern-walk',
    title: 'Winter Solstice Lantern Walk',
    description: 'Paper lanterns, hot cider and stories under the heritage oak.',
    category: 'seasonal',
    amenityType: 'heritage',
    months: [12],
    weekday: 5,
    startHour: 17,
    endHour: 19,
    draw: 0.7,
    perMonth: 1,
    resources: [
      { name: 'Paper lanterns', cost: 3, per: 1 },
      { name: 'Hot cider', cost: 1.5, per: 1 },
      { name: 'Storyteller', cost: 150 },
    ],
  },
  {
    kind: 'farmers-market',
    title: "Farmers' Market",
    description: 'Local growers and makers along the promenade.',
    category: 'community',
    amenityType: 'street',
    months: [5, 6, 7, 8, 9, 10],
    weekday: SAT,
    startHour: 9,
    endHour: 13,
    draw: 0.6,
    perMonth: 2,
    resources: [
      { name: 'Street closure permit', cost: 250 },
      { name: 'Vendor tents', cost: 150, per: 50 },
      { name: 'Waste stations', cost: 90 },
      { name: 'Security staff', cost: 300 },
    ],
  },
  {
    kind: 'halloween',
    title: 'Halloween Trick-or-Treat Street',
    description: 'A safe, car-free trick-or-treat route with decorated stalls.',
    category: 'seasonal',
    amenityType: 'street',
    months: [10],
    weekday: SAT,
    fixedDay: 31,
    startHour: 17,
    endHour: 20,
    draw: 0.8,
    perMonth: 1,
    resources: [
      { name: 'Street closure permit', cost: 250 },
      { name: 'Decorations', cost: 300 },
      { name: 'Safety marshals', cost: 240 },
      { name: 'Candy', cost: 1, per: 1 },
    ],
  },
  {
    kind: 'winter-market',
    title: 'Winter Craft Market',
    description: 'Local makers, warm drinks and holiday gifts on the promenade.',
    category: 'community',
    amenityType: 'street',
    months: [11, 12],
    weekday: SUN,
    startHour: 10,
    endHour: 15,
    draw: 0.5,
    perMonth: 1,
    resources: [
      { name: 'Street closure permit', cost: 250 },
      { name: 'Vendor tents', cost: 150, per: 50 },
      { name: 'Heaters', cost: 220 },
    ],
  },
  {
    kind: 'lights-stroll',
    title: 'Holiday Lights Stroll',
    description: 'The promenade lit up, with carolers and hot cocoa.',
    category: 'seasonal',
    amenityType: 'street',
    months: [12],
    weekday: SAT,
    startHour: 18,
    endHour: 21,
    draw: 0.55,
    perMonth: 2,
    resources: [
      { name: 'Light installation', cost: 900 },
      { name: 'Hot cocoa', cost: 1.5, per: 1 },
      { name: 'Carolers', cost: 200 },
    ],
  },
  {
    kind: 'family-day',
    title: 'Family Fun Day',
    description: 'A bounce house, face painting and snacks for the little ones.',
    category: 'community',
    amenityType: 'playground',
    months: [3, 4, 5, 6, 9],
    weekday: SAT,
    startHour: 10,
    endHour: 13,
    draw: 0.8,
    perMonth: 1,
    resources: [
      { name: 'Bounce house', cost: 350 },
      { name: 'Face painter', cost: 180 },
      { name: 'Snacks', cost: 3, per: 1 },
    ],
  },
  {
    kind: 'story-time',
    title: 'Story Time Under the Shade Sails',
    description: 'Volunteer readers and picture books for toddlers and preschoolers.',
    category: 'educational',
    amenityType: 'playground',
    months: ALL_YEAR,
    weekday: 3,
    startHour: 10,
    endHour: 11,
    draw: 0.4,
    perMonth: 2,
    resources: [
      { name: 'Picnic blankets', cost: 50 },
      { name: 'Picture books', cost: 80 },
    ],
  },
  {
    kind: 'egg-hunt',
    title: 'Spring Egg Hunt',
    description: 'An egg hunt in age groups, with prizes and a photo corner.',
    category: 'seasonal',
    amenityType: 'playground',
    months: [3, 4],
    weekday: SAT,
    startHour: 10,
    endHour: 12,
    draw: 0.9,
    perMonth: 1,
    resources: [
      { name: 'Eggs and prizes', cost: 4, per: 1 },
      { name: 'Signage', cost: 40 },
      { name: 'Photo corner', cost: 90 },
    ],
  },
  {
    kind: 'splash-party',
    title: 'Splash Pad Party',
    description: 'A summer afternoon at the splash pad with a DJ and ice pops.',
    category: 'recreational',
    amenityType: 'playground',
    months: [6, 7, 8],
    weekday: SUN,
    startHour: 13,
    endHour: 16,
    draw: 0.85,
    perMonth: 1,
    resources: [
      { name: 'DJ', cost: 250 },
      { name: 'Ice pops', cost: 1, per: 1 },
      { name: 'Lifeguard', cost: 200 },
    ],
  },
];

/** Units of a resource for `attendance` people (at least one). */
function units(resource: Resource, attendance: number): number {
  return resource.per ? Math.max(1, Math.ceil(attendance / resource.per)) : 1;
}

/** What the event costs for `attendance` people: every resource, per unit. */
export function eventCost(template: EventTemplate, attendance: number): number {
  const total = template.resources.reduce((sum, r) => sum + r.cost * units(r, attendance), 0);
  return Math.round(total);
}

/**
 * The resources to book, with quantities where they scale with attendance, each with what it
 * costs ("Sound system: $250", "Blankets and low chairs (3): 3 × $60"), so the estimate
 * (`eventCost`, their sum) can be added up by hand from the card.
 */
export function resourceList(
  template: EventTemplate,
  attendance: number,
  currency = 'USD',
): string[] {
  // Whole amounts without cents ($250), others with them ($1.50).
  const money = (amount: number) =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount);
  return template.resources.map((r) => {
    if (!r.per) return `${r.name}: ${money(r.cost)}`;
    const n = units(r, attendance);
    const each = `${n} × ${money(r.cost)}`;
    return r.per === 1 ? `${r.name} for ${n}: ${each}` : `${r.name} (${n}): ${each}`;
  });
}

/** Meteorological season of a month. */
export function seasonOf(month: number): { name: string; months: number[] } {
  if (month === 12 || month <= 2) return { name: 'winter', months: [12, 1, 2] };
  if (month <= 5) return { name: 'spring', months: [3, 4, 5] };
  if (month <= 8) return { name: 'summer', months: [6, 7, 8] };
  return { name: 'fall', months: [9, 10, 11] };
}
