import { http, HttpResponse } from 'msw';
import { amenitiesFixture, popularityFixture } from '../mocks/fixtures';
import { API_PATHS } from '../src/api/contract';

/**
 * QA Pool, an amenity that never reported, as the server sends it: no peak window and 0s by
 * rule, not live, no reading ever.
 */
export const neverReportedPool = {
  ...amenitiesFixture[0],
  id: 'qa-pool',
  name: 'QA Pool',
  color: '#0ea5e9',
  currentUsers: 0,
  usagePercentage: 0,
  status: 'low',
  peakTime: 'No data yet',
  peakUsage: 0,
  live: false,
  lastReadingAt: null,
};

/** Handlers that add QA Pool to the amenities, with a 0% popularity share. */
export function neverReportedPoolHandlers() {
  return [
    http.get(API_PATHS.amenityAnalytics, () =>
      HttpResponse.json([...amenitiesFixture, neverReportedPool]),
    ),
    http.get(API_PATHS.popularity, () =>
      HttpResponse.json([
        ...popularityFixture,
        { name: 'QA Pool', percentage: 0, color: '#0ea5e9' },
      ]),
    ),
  ];
}

/**
 * A handler for the amenities with one of them (by id) never reported, as the server sends it:
 * 0 people and 0% by rule, status computed from that 0, not live, no reading ever.
 */
export function neverReportedAmenityHandler(id: string) {
  return http.get(API_PATHS.amenityAnalytics, () =>
    HttpResponse.json(
      amenitiesFixture.map((a) =>
        a.id === id
          ? {
              ...a,
              currentUsers: 0,
              usagePercentage: 0,
              status: 'low',
              live: false,
              lastReadingAt: null,
            }
          : a,
      ),
    ),
  );
}
