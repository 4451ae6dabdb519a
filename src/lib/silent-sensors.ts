import type { AmenityAnalytics, Sensor } from '../api/contract';
import { formatCalendarDate } from './format';

// Apart from sensor-health.ts: the dashboard's first load needs only this line, not the badges
// and labels of the Amenities page (a module shared with a lazy page lands whole in first load).

/**
 * The Data Freshness summary of amenities without a live reading ("Not reporting: Grand Lake.
 * …"): each amenity with a silent counter in /api/sensors or marked not live by the analytics
 * (a counter removed, moved or never fitted) is named once, in the amenities' order, with the
 * last day of a closure under way; null when every amenity reports.
 */
export function silentSensorsLine(
  sensors: readonly Pick<Sensor, 'status' | 'amenityId'>[],
  amenities: readonly (Pick<AmenityAnalytics, 'id' | 'name'> & {
    live?: boolean;
    closure?: Pick<NonNullable<AmenityAnalytics['closure']>, 'lastDay' | 'now'>;
  })[],
): string | null {
  const silent = new Set(sensors.filter((s) => s.status === 'silent').map((s) => s.amenityId));
  // A closed amenity's counter may be off with it: said, so its silence does not read as a fault.
  const named = (amenity: (typeof amenities)[number]) =>
    amenity.closure?.now
      ? `${amenity.name} (closed through ${formatCalendarDate(amenity.closure.lastDay)})`
      : amenity.name;
  const names = [
    ...amenities.filter((a) => silent.has(a.id) || a.live === false).map(named),
    ...[...silent].filter((id) => !amenities.some((a) => a.id === id)),
  ];
  if (names.length === 0) return null;
  return `Not reporting: ${names.join(', ')}. No visits are counted there until ${
    names.length === 1 ? 'it reports' : 'they report'
  } again.`;
}
