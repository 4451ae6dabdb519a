import type { GlyphName } from './glyphs';

export type FeatureCategory = {
  name: string;
  icon: GlyphName;
  description: string;
  features: readonly { title: string; description: string }[];
};

/** Spec section 2, /features: six categories of three features each. */
export const FEATURE_CATEGORIES: readonly FeatureCategory[] = [
  {
    name: 'Real-Time Analytics',
    icon: 'activity',
    description: 'See every amenity as it is used, not as it was planned.',
    features: [
      {
        title: 'Live Usage Tracking',
        description:
          'Current users, capacity and status for each amenity, refreshed every 30 seconds from IoT sensors and mobile location data.',
      },
      {
        title: 'Peak Hours Analysis',
        description:
          'Daily, weekly and monthly usage curves show when each amenity is busiest and when it stands empty.',
      },
      {
        title: 'Capacity Planning',
        description:
          'Percentage bars and alerts at 90% capacity help you staff, schedule and expand ahead of demand.',
      },
    ],
  },
  {
    name: 'AI-Powered Intelligence',
    icon: 'sparkles',
    description: 'Amy, our AI assistant, turns usage into decisions.',
    features: [
      {
        title: 'Amy Event Suggestions',
        description:
          'Event ideas with a suggested amenity, date, time, expected attendance, cost and the reasoning behind them.',
      },
      {
        title: 'Event Performance Analysis',
        description:
          'Monthly trends, popular categories and best-performing amenities show which events residents love.',
      },
      {
        title: 'Predictive Insights',
        description:
          'Seasonal patterns and 85%+ AI accuracy help you plan programs and maintenance before problems appear.',
      },
    ],
  },
  {
    name: 'Community Engagement',
    icon: 'users',
    description: 'Know what residents value and show them you listened.',
    features: [
      {
        title: 'Resident Satisfaction',
        description:
          'Short surveys and event feedback measure satisfaction alongside usage, amenity by amenity.',
      },
      {
        title: 'Event Management',
        description:
          'Plan, announce and review community events with checklists, vendor contacts and budgets in one place.',
      },
      {
        title: 'Resident Directory',
        description:
          'Residents, units and favorite amenities, so communication reaches the people who care.',
      },
    ],
  },
  {
    name: 'Financial Transparency',
    icon: 'dollar',
    description: 'Connect community fees to the value residents receive.',
    features: [
      {
        title: 'Fee Justification Reports',
        description:
          'Board-ready reports that tie each amenity’s cost to its measured use and value per household.',
      },
      {
        title: 'ROI Tracking',
        description:
          'Monthly amenity value and revenue impact, tracked over time and across amenities.',
      },
      {
        title: 'Budget Planning',
        description:
          'Usage-based forecasts for staffing, utilities and maintenance budgets by season.',
      },
    ],
  },
  {
    name: 'Operational Efficiency',
    icon: 'clock',
    description: 'Spend less time counting and more time improving.',
    features: [
      {
        title: 'Maintenance Scheduling',
        description:
          'Schedule maintenance by actual wear and quiet hours, with reminders for your team.',
      },
      {
        title: 'Automated Reports',
        description:
          'Usage, financial impact, event performance and operations reports generated and shared on schedule.',
      },
      {
        title: 'Compliance Monitoring',
        description:
          'Capacity limits, inspections and safety checks tracked with a history you can show insurers.',
      },
    ],
  },
  {
    name: 'Integration & Security',
    icon: 'shield',
    description: 'Fits the tools you already use, protected like it should be.',
    features: [
      {
        title: 'Property Management Integration',
        description:
          'Connect property management and HOA software so residents, units and fees stay in sync.',
      },
      {
        title: 'Developer API',
        description:
          'Amenity, analytics, event and report data over a documented REST API with bearer key authentication.',
      },
      {
        title: 'Enterprise-Grade Security',
        description:
          'Encryption in transit and at rest, role-based access and required multi-factor authentication for administrators.',
      },
    ],
  },
];

export type Integration = { name: string; icon: GlyphName; description: string };

/** Spec section 1: property management, HOA software, IoT sensors, communication tools. */
export const INTEGRATIONS: readonly Integration[] = [
  {
    name: 'Property Management',
    icon: 'building',
    description: 'Residents, units and work orders from your property management system.',
  },
  {
    name: 'HOA Software',
    icon: 'home',
    description: 'Dues, accounts and board documents from the HOA platform you already run.',
  },
  {
    name: 'IoT Sensors',
    icon: 'activity',
    description: 'Occupancy counters, access control and environmental sensors at each amenity.',
  },
  {
    name: 'Communication Tools',
    icon: 'mail',
    description: 'Email, calendars and resident messaging for announcements and event invitations.',
  },
];
