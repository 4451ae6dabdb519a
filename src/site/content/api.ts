import { COMPANY_DOMAIN } from './company';
import type { GlyphName } from './glyphs';

/** Spec section 3 "API endpoint doc" and section 7 "Documented only as marketing content". */
export type ApiEndpointDoc = {
  method: 'GET' | 'POST';
  endpoint: string;
  description: string;
  /** The spec describes response shapes only in prose. */
  response: string;
};

export const API_BASE_URL = `https://api.${COMPANY_DOMAIN}`;

export const API_ENDPOINTS: readonly ApiEndpointDoc[] = [
  {
    method: 'GET',
    endpoint: '/api/amenities',
    description: 'List every amenity in your community.',
    response:
      'An array of amenities with id, name, status, current occupancy and maximum capacity.',
  },
  {
    method: 'GET',
    endpoint: '/api/amenities/{id}/usage',
    description: 'Usage history of one amenity.',
    response: 'Time-stamped occupancy readings and peak hours for the requested period.',
  },
  {
    method: 'GET',
    endpoint: '/api/analytics/dashboard',
    description: 'The headline figures of your dashboard.',
    response: 'Active users today, peak usage, average session time and monthly amenity value.',
  },
  {
    method: 'POST',
    endpoint: '/api/events',
    description: 'Create an event or get AI suggestions.',
    response:
      'The created event, or Amy’s suggestions with confidence, date, time and expected attendance.',
  },
  {
    method: 'GET',
    endpoint: '/api/reports/utilization',
    description: 'The amenity utilization report.',
    response: 'Usage per amenity with trends and capacity percentages for the reporting period.',
  },
  {
    method: 'GET',
    endpoint: '/api/reports/financial',
    description: 'The financial impact report.',
    response: 'Amenity value, cost per use and the figures behind fee justification.',
  },
];

/** Spec section 7: authentication is a bearer API key in an Authorization header. */
export const AUTH_EXAMPLE = `curl ${API_BASE_URL}/api/amenities \\
  -H "Authorization: Bearer YOUR_API_KEY"`;

/** Spec section 3: the documented event-suggestion request (example POST /v1/events/suggestions). */
export const SUGGESTION_EXAMPLE = `curl -X POST ${API_BASE_URL}/v1/events/suggestions \\
  -H "Authorization: Bearer YOUR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "amenity_id": "great-lawn",
    "target_date": "2025-03-15",
    "preferences": { "category": "community", "budget": 500 }
  }'

# The response carries a "recommendations" list.`;

/** Spec section 3: the documented amenity example. */
export const AMENITY_EXAMPLE = `{
  "id": "great-lawn",
  "name": "The Great Lawn",
  "status": "open",
  "current_occupancy": 42,
  "max_capacity": 200
}`;

/** The request behind an endpoint's Try It: what to run with your own key. */
export function tryItCommand(endpoint: ApiEndpointDoc): string {
  const path = endpoint.endpoint.replace('{id}', 'great-lawn');
  const auth = '-H "Authorization: Bearer YOUR_API_KEY"';
  if (endpoint.method === 'GET') return `curl ${API_BASE_URL}${path} \\\n  ${auth}`;
  return [
    `curl -X ${endpoint.method} ${API_BASE_URL}${path} \\`,
    `  ${auth} \\`,
    '  -H "Content-Type: application/json" \\',
    `  -d '{ "amenity_id": "great-lawn", "target_date": "2025-03-15" }'`,
  ].join('\n');
}

export type Sdk = { language: string; install: string; description: string };

export const SDKS: readonly Sdk[] = [
  {
    language: 'JavaScript / TypeScript',
    install: 'npm install @commonground-hoa/sdk',
    description: 'Typed client for Node.js and the browser, with webhook signature helpers.',
  },
  {
    language: 'Python',
    install: 'pip install commonground-hoa',
    description: 'Client for scripts, notebooks and data pipelines, with pandas-friendly results.',
  },
  {
    language: 'Ruby',
    install: 'gem install commonground-hoa',
    description: 'Idiomatic client for Rails apps and background jobs.',
  },
  {
    language: 'PHP',
    install: 'composer require commonground-hoa/sdk',
    description: 'Client for PHP 8 applications and property management plug-ins.',
  },
];

export type UseCase = { title: string; icon: GlyphName; description: string };

export const API_USE_CASES: readonly UseCase[] = [
  {
    title: 'Resident Apps',
    icon: 'home',
    description: 'Show live amenity status and upcoming events in your community app or portal.',
  },
  {
    title: 'Board Reporting',
    icon: 'report',
    description: 'Pull utilization and financial reports into board packs and accounting tools.',
  },
  {
    title: 'Smart Operations',
    icon: 'wrench',
    description: 'Trigger cleaning, staffing or maintenance work orders from real occupancy.',
  },
  {
    title: 'Event Automation',
    icon: 'calendar',
    description: 'Ask Amy for event suggestions and publish them to your calendar automatically.',
  },
];

export type ApiTier = {
  name: string;
  price: string;
  calls: string;
  rate: string;
  features: readonly string[];
};

/** Spec section 9, "API tiers". */
export const API_TIERS: readonly ApiTier[] = [
  {
    name: 'Free',
    price: '$0',
    calls: '1,000 calls/month',
    rate: '100/hour',
    features: ['Read-only amenity data', 'Community support'],
  },
  {
    name: 'Professional',
    price: '$99/month',
    calls: '50,000 calls/month',
    rate: '1,000/hour',
    features: ['All endpoints', 'Webhooks', 'Email support'],
  },
  {
    name: 'Enterprise',
    price: 'Custom',
    calls: 'Custom volume',
    rate: 'Custom limits',
    features: ['Dedicated capacity', 'Custom endpoints', 'Phone support'],
  },
];
