import { http, HttpResponse } from 'msw';
import {
  API_PATHS,
  AUTH_PATHS,
  GapsQuerySchema,
  HEALTH_PATH,
  ME_PATH,
  NOTIFICATIONS_STATUS_PATH,
  SENSOR_ADMIN_PATHS,
  RangeQuerySchema,
  SuggestionsQuerySchema,
  TimelineQuerySchema,
} from '../src/api/contract';
import {
  amenitiesFixture,
  analysisFixture,
  gapsFixture,
  integrationsFixture,
  meFixture,
  metricsFixture,
  popularityFixture,
  sensorsFixture,
  suggestionsFixture,
  timelineFixture,
} from './fixtures';
import { alertsHandlers } from './alerts-handlers'; // issue 14
import { amenitySetupHandlers } from './amenity-setup-handlers'; // issue 11
import { usersHandlers } from './users-handlers'; // issue 11
import { accountHandlers } from './account-handlers';
import { residentsHandlers } from './residents-handlers'; // issue 11
import { eventsHandlers, plannedEventsHandlers } from './events-handlers';
import { notificationsHandlers } from './notifications-handlers'; // issue 14
import { communityHandlers } from './community-handlers'; // issue 11
import { billingHandlers } from './billing-handlers';
import { readingsHandlers } from './readings-handlers';

/** Query parameters as a plain object (the same validation the server applies). */
function params(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

const badRequest = (message: string) => HttpResponse.json({ error: message }, { status: 400 });

/** One handler set, shared by the component tests, `npm run dev` and the Node demo. */
export const handlers = [
  http.get(API_PATHS.metrics, () => HttpResponse.json(metricsFixture)),
  http.get(API_PATHS.timeline, ({ request }) => {
    const query = TimelineQuerySchema.safeParse(params(request));
    if (!query.success) return badRequest('period must be day, week or month; days 1-366');
    return HttpResponse.json(timelineFixture(query.data.period, query.data.days));
  }),
  http.get(API_PATHS.popularity, ({ request }) => {
    if (!RangeQuerySchema.safeParse(params(request)).success)
      return badRequest('days must be 1-366');
    return HttpResponse.json(popularityFixture);
  }),
  http.get(API_PATHS.amenityAnalytics, () => HttpResponse.json(amenitiesFixture)),
  http.get(API_PATHS.suggestions, ({ request }) => {
    const query = SuggestionsQuerySchema.safeParse(params(request));
    if (!query.success) return badRequest('month must be a whole number from 1 to 12');
    return HttpResponse.json(suggestionsFixture(query.data.month));
  }),
  http.get(API_PATHS.analysis, () => HttpResponse.json(analysisFixture)),
  http.get(API_PATHS.sensors, () => HttpResponse.json(sensorsFixture)),
  http.get(API_PATHS.gaps, ({ request }) => {
    const query = GapsQuerySchema.safeParse(params(request));
    if (!query.success) return badRequest('days must be 1-400');
    return HttpResponse.json(gapsFixture(query.data.days));
  }),
  http.get(SENSOR_ADMIN_PATHS.integrations, () => HttpResponse.json(integrationsFixture)),
  http.get(HEALTH_PATH, () => HttpResponse.json({ ok: true })),
  http.get(ME_PATH, () => HttpResponse.json(meFixture)),
  // The mock sends nothing, so it says email is off.
  http.get(NOTIFICATIONS_STATUS_PATH, () => HttpResponse.json({ email: { configured: false } })),
  http.post(AUTH_PATHS.signOut, () => HttpResponse.json({ ok: true })),
  ...alertsHandlers, // issue 14
  ...amenitySetupHandlers, // issue 11
  ...usersHandlers, // issue 11
  ...accountHandlers,
  ...residentsHandlers, // issue 11
  ...readingsHandlers,
  ...plannedEventsHandlers,
  ...eventsHandlers,
  ...notificationsHandlers, // issue 14
  ...communityHandlers, // issue 11
  ...billingHandlers,
];
