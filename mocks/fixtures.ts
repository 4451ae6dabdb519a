import type {
  Integration,
  Me,
  AmenityAnalytics,
  DashboardMetrics,
  EventAnalysis,
  PopularityEntry,
  Sensor,
  Sensors,
  Suggestion,
  UsagePeriod,
  UsagePoint,
  UsageGaps,
} from '../src/api/contract';

/**
 * Typed demo data for a plausible community (Willow Creek): the four sample amenities of the spec
 * plus a heritage, a street and a playground amenity. Deterministic, so tests can rely on it.
 */

export const metricsFixture: DashboardMetrics = {
  activeUsersToday: 1247,
  activeUsersChange: 12.5,
  peakUsage: 87,
  peakAmenity: 'The Great Lawn',
  avgSessionTime: '42m',
  sessionTimeChange: -3.2,
  revenueImpact: 123_400,
};

export const amenitiesFixture: AmenityAnalytics[] = [
  {
    id: 'great-lawn',
    monthlyOperatingCost: 4200,
    name: 'The Great Lawn',
    type: 'lawn',
    description: 'Open lawn for picnics, yoga and outdoor movie nights.',
    color: '#16a34a',
    icon: 'tree',
    status: 'high',
    currentUsers: 142,
    capacity: 200,
    usagePercentage: 71,
    peakTime: '5:00 PM - 7:00 PM',
    peakUsage: 186,
  },
  {
    id: 'solis-hall',
    monthlyOperatingCost: 6800,
    name: 'Solis Hall',
    type: 'hall',
    description: 'Event hall with kitchen, stage and seating for 120.',
    color: '#9333ea',
    icon: 'hall',
    status: 'medium',
    currentUsers: 58,
    capacity: 120,
    usagePercentage: 48,
    peakTime: '7:00 PM - 9:00 PM',
    peakUsage: 104,
  },
  {
    id: 'the-yard',
    monthlyOperatingCost: 2900,
    name: 'The Yard',
    type: 'yard',
    description: 'Outdoor fitness yard with courts and equipment.',
    color: '#d97706',
    icon: 'dumbbell',
    status: 'medium',
    currentUsers: 31,
    capacity: 60,
    usagePercentage: 52,
    peakTime: '6:00 AM - 8:00 AM',
    peakUsage: 49,
  },
  {
    id: 'grand-lake',
    monthlyOperatingCost: 5400,
    name: 'Grand Lake',
    type: 'lake',
    description: 'Lake with a walking loop, dock and kayak launch.',
    color: '#2563eb',
    icon: 'waves',
    status: 'low',
    currentUsers: 24,
    capacity: 150,
    usagePercentage: 16,
    peakTime: '8:00 AM - 10:00 AM',
    peakUsage: 97,
  },
  {
    id: 'heritage-tree',
    monthlyOperatingCost: 800,
    name: 'Heritage Tree Area',
    type: 'heritage',
    description: 'The 120-year-old oak and its shaded seating circle.',
    color: '#65a30d',
    icon: 'landmark',
    status: 'low',
    currentUsers: 6,
    capacity: 40,
    usagePercentage: 15,
    peakTime: '4:00 PM - 6:00 PM',
    peakUsage: 22,
  },
  {
    id: 'market-street',
    name: 'Market Street Promenade',
    type: 'street',
    description: 'Pedestrian street used for markets and festivals.',
    color: '#0891b2',
    icon: 'street',
    status: 'medium',
    currentUsers: 88,
    capacity: 250,
    usagePercentage: 35,
    peakTime: '10:00 AM - 1:00 PM',
    peakUsage: 173,
  },
  {
    id: 'sunny-playground',
    monthlyOperatingCost: 1500,
    name: 'Sunny Side Playground',
    type: 'playground',
    description: 'Playground with shade sails and a splash pad.',
    color: '#db2777',
    icon: 'playground',
    status: 'closed',
    currentUsers: 0,
    capacity: 50,
    usagePercentage: 0,
    peakTime: '3:00 PM - 5:00 PM',
    peakUsage: 41,
  },
];

export const popularityFixture: PopularityEntry[] = [
  { name: 'The Great Lawn', percentage: 34, color: '#16a34a' },
  { name: 'Solis Hall', percentage: 22, color: '#9333ea' },
  { name: 'The Yard', percentage: 16, color: '#d97706' },
  { name: 'Grand Lake', percentage: 12, color: '#2563eb' },
  { name: 'Market Street Promenade', percentage: 9, color: '#0891b2' },
  { name: 'Sunny Side Playground', percentage: 5, color: '#db2777' },
  { name: 'Heritage Tree Area', percentage: 2, color: '#65a30d' },
];

/** Occupancy shape over a day: quiet at night, morning and evening peaks. */
function hourlyShape(hour: number): number {
  const morning = Math.exp(-((hour - 8) ** 2) / 6);
  const evening = Math.exp(-((hour - 18) ** 2) / 8);
  return 0.05 + 0.6 * morning + evening;
}

const SERIES_SCALE = { lawn: 140, hall: 80, yard: 45, lake: 70 } as const;

function point(time: Date, factor: (series: keyof typeof SERIES_SCALE) => number): UsagePoint {
  const lawn = Math.round(SERIES_SCALE.lawn * factor('lawn'));
  const hall = Math.round(SERIES_SCALE.hall * factor('hall'));
  const yard = Math.round(SERIES_SCALE.yard * factor('yard'));
  const lake = Math.round(SERIES_SCALE.lake * factor('lake'));
  return {
    time: time.toISOString(),
    lawn,
    hall,
    yard,
    lake,
    // Every amenity's visits, as the server sends them (the three others follow the lawn).
    amenities: {
      'great-lawn': lawn,
      'solis-hall': hall,
      'the-yard': yard,
      'grand-lake': lake,
      'heritage-tree': Math.round(lawn / 10),
      'market-street': Math.round(lawn / 3),
      'sunny-playground': Math.round(lawn / 6),
    },
  };
}

/** Deterministic timeline ending at `now`: hourly for a day, daily for a week or `days`. */
export function timelineFixture(
  period: UsagePeriod,
  days?: number,
  now = new Date('2026-11-22T18:00:00Z'),
): UsagePoint[] {
  if (period === 'day') {
    const start = new Date(now);
    start.setUTCMinutes(0, 0, 0);
    start.setUTCHours(start.getUTCHours() - 23);
    return Array.from({ length: 24 }, (_, i) => {
      const time = new Date(start.getTime() + i * 3_600_000);
      const hour = (time.getUTCHours() + 16) % 24; // Pacific time shape
      return point(time, (series) => hourlyShape(hour) * (series === 'hall' ? 0.8 : 1));
    });
  }
  const count = period === 'week' ? 7 : (days ?? 30);
  const start = new Date(now);
  start.setUTCHours(8, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() - (count - 1));
  return Array.from({ length: count }, (_, i) => {
    const time = new Date(start.getTime() + i * 86_400_000);
    const weekend = [0, 6].includes(time.getUTCDay());
    const wave = 1 + 0.15 * Math.sin(i / 3);
    return point(time, (series) => 9 * wave * (weekend ? (series === 'hall' ? 0.8 : 1.4) : 1));
  });
}

const SUGGESTIONS: Suggestion[] = [
  {
    id: 'sugg-lawn-movie',
    title: 'Sunset Movie Night on the Lawn',
    description: 'A family movie under the stars with food trucks and blankets on The Great Lawn.',
    category: 'recreational',
    confidence: 92,
    suggestedAmenity: 'The Great Lawn',
    suggestedDate: '2026-12-05',
    suggestedTime: '6:00 PM - 9:00 PM',
    expectedAttendance: 145,
    reasoning:
      'Saturday evenings on The Great Lawn averaged 138 visitors over the last 8 weeks with 30% spare capacity; 4 past movie nights drew 121-152 people.',
    estimatedCost: 1850,
    // Each with its cost, as the server lists them: they add up to the estimate.
    requiredResources: [
      'Outdoor screen and projector: $900',
      'Sound system: $450',
      'Food truck permits: $200',
      'Lawn lighting: $300',
    ],
  },
  {
    id: 'sugg-hall-workshop',
    title: 'Holiday Wreath Workshop',
    description: 'A hands-on seasonal craft workshop in Solis Hall, materials included.',
    category: 'seasonal',
    confidence: 81,
    suggestedAmenity: 'Solis Hall',
    suggestedDate: '2026-12-12',
    suggestedTime: '10:00 AM - 12:00 PM',
    expectedAttendance: 48,
    reasoning:
      'Solis Hall sits at 22% occupancy on Saturday mornings in December; 3 seasonal workshops last year averaged 44 attendees.',
    estimatedCost: 620,
    requiredResources: ['Craft materials for 48: 48 × $10', 'Tables and chairs (2): 2 × $70'],
  },
  {
    id: 'sugg-yard-bootcamp',
    title: 'New Year Fitness Bootcamp',
    description: 'A four-week outdoor bootcamp series at The Yard with a certified trainer.',
    category: 'wellness',
    confidence: 68,
    suggestedAmenity: 'The Yard',
    suggestedDate: '2027-01-09',
    suggestedTime: '7:00 AM - 8:00 AM',
    expectedAttendance: 26,
    reasoning:
      'Early-morning use of The Yard rises 18% in January; only 2 past fitness events to compare, so confidence is moderate.',
    estimatedCost: 900,
    requiredResources: ['Certified trainer: $600', 'Mats (26): 26 × $10', 'Water station: $40'],
  },
];

export function suggestionsFixture(month?: number): Suggestion[] {
  // Month 7 (July) has no history yet: the empty state of the Amy page.
  if (month === 7) return [];
  if (month === undefined || month === 12) return SUGGESTIONS;
  return SUGGESTIONS.map((s) => ({ ...s, id: `${s.id}-${month}` })).slice(
    0,
    month % 3 === 0 ? 1 : 2,
  );
}

export const analysisFixture: EventAnalysis = {
  monthlyTrends: [
    { month: 'Jun', events: 6, avgAttendance: 88 },
    { month: 'Jul', events: 8, avgAttendance: 104 },
    { month: 'Aug', events: 7, avgAttendance: 97 },
    { month: 'Sep', events: 5, avgAttendance: 76 },
    { month: 'Oct', events: 9, avgAttendance: 112 },
    { month: 'Nov', events: 6, avgAttendance: 91 },
  ],
  popularCategories: [
    { category: 'recreational', count: 14, avgSuccess: 91 },
    { category: 'community', count: 11, avgSuccess: 87 },
    { category: 'seasonal', count: 8, avgSuccess: 84 },
    { category: 'wellness', count: 6, avgSuccess: 78 },
    { category: 'educational', count: 4, avgSuccess: 72 },
  ],
  bestPerformingAmenities: [
    { amenity: 'The Great Lawn', eventCount: 16, avgAttendance: 126 },
    { amenity: 'Solis Hall', eventCount: 12, avgAttendance: 74 },
    { amenity: 'Market Street Promenade', eventCount: 5, avgAttendance: 210 },
    { amenity: 'Grand Lake', eventCount: 6, avgAttendance: 58 },
  ],
  seasonalInsights: [
    'Outdoor events on The Great Lawn draw 42% more residents from May to September.',
    'Indoor workshops in Solis Hall peak in November and December.',
    'Early-morning fitness at The Yard grows 18% every January.',
  ],
};

const sensor = (
  n: number,
  amenityId: string,
  model: Sensor['model'],
  overrides: Partial<Sensor> = {},
): Sensor => ({
  devEui: `24E124C0DE00000${n}`,
  name: `${model.toUpperCase()} ${amenityId}`,
  amenityId,
  model,
  countingMode: model === 'vs133' ? 'line' : 'area',
  reportIntervalSeconds: 600,
  lastUplinkAt: '2025-03-14T18:52:00.000Z',
  uplinks24h: 143,
  expected24h: 144,
  battery: 87,
  rssi: -97,
  snr: 6.5,
  status: 'ok',
  warnings: [],
  ...overrides,
});

/**
 * The demo's people counters (the same dev EUIs as the server's demo), one per amenity as the
 * server allows: the hall's is late; the lake's counter went silent with a low battery; the
 * playground's has never reported; and one unknown device waits to be assigned.
 */
export const sensorsFixture: Sensors = {
  sensors: [
    sensor(1, 'great-lawn', 'vs121'),
    sensor(2, 'solis-hall', 'vs133', {
      lastUplinkAt: '2025-03-14T18:31:00.000Z',
      status: 'late',
      uplinks24h: 120,
    }),
    sensor(3, 'the-yard', 'vs121'),
    sensor(4, 'grand-lake', 'vs121', {
      lastUplinkAt: '2025-03-14T09:10:00.000Z',
      uplinks24h: 60,
      battery: 8,
      status: 'silent',
      warnings: ['few-uplinks', 'low-battery'],
    }),
    sensor(5, 'heritage-tree', 'vs121', { rssi: -118, snr: -12, warnings: ['weak-signal'] }),
    sensor(6, 'market-street', 'vs133'),
    sensor(7, 'sunny-playground', 'vs121', {
      lastUplinkAt: null,
      uplinks24h: 0,
      battery: null,
      rssi: null,
      snr: null,
      status: 'never-seen',
      warnings: ['few-uplinks'],
    }),
  ],
  discovered: [
    {
      devEui: 'A84041000181C0DE',
      deviceName: 'lobby-counter',
      integrationId: 'demo-tts',
      firstSeenAt: '2025-03-14T17:02:00.000Z',
      lastSeenAt: '2025-03-14T18:50:00.000Z',
      uplinks: 12,
      lastSummary: 'TTS uplink; fPort 85; raw Milesight payload; people 4; RSSI -101 dBm',
    },
  ],
};

/** The signed-in user of the mocked app (UI tests, `npm run dev`): the demo's manager. */
export const meFixture: Me = {
  demo: false,
  user: { name: 'Sarah Johnson', email: 'manager@willowcreek.example', role: 'manager' },
  community: { slug: 'willow-creek', name: 'Willow Creek Community Association' },
  totpEnrolmentRequired: false,
};

/** The anonymous read-only viewer of the demo community. */
export const demoMeFixture: Me = {
  demo: true,
  user: { name: 'Demo viewer', email: null, role: 'board' },
  community: meFixture.community,
  totpEnrolmentRequired: false,
};

/** The demo's two network-server integrations (GET /api/integrations, Admins only). */
export const integrationsFixture: Integration[] = [
  {
    id: 'demo-tts',
    kind: 'tts',
    name: 'The Things Stack (demo)',
    uplinkPath: '/api/integrations/demo-tts/uplink',
    createdAt: '2026-03-01T09:00:00.000Z',
  },
  {
    id: 'demo-chirpstack',
    kind: 'chirpstack',
    name: 'ChirpStack (demo)',
    uplinkPath: '/api/integrations/demo-chirpstack/uplink',
    createdAt: '2026-03-01T09:00:00.000Z',
  },
];

/**
 * Sensor silences over the last `days` days up to `now` (the moment of the request, so every
 * test's clock works): Grand Lake's counter silent 02:00-09:00 UTC three days ago.
 */
export function gapsFixture(days: number, now = Date.now()): UsageGaps {
  const day = 86_400_000;
  const from = Math.floor(now / day) * day - (days - 1) * day;
  const silentDay = Math.floor(now / day) * day - 3 * day;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    from: iso(from),
    to: iso(now),
    amenities: amenitiesFixture.map((amenity) => ({
      id: amenity.id,
      name: amenity.name,
      silent:
        amenity.id === 'grand-lake' && silentDay >= from
          ? [{ from: iso(silentDay + 2 * 3_600_000), to: iso(silentDay + 9 * 3_600_000) }]
          : [],
    })),
  };
}
