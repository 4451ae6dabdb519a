import type { AmenityAnalytics, Sensor } from '../api/contract';

// Apart from sensor-health.ts: the dashboard's first load needs only this line, not the badges
// and labels of the Amenities page (a module shared with a lazy page lands whole in first load).

/**
 * The Data Freshness summary of amenities without a live reading ("Not reporting: Grand Lake.
 * …"): each amenity with a silent counter in /api/sensors or marked not live by the analytics
 * (a counter removed, moved or never fitted) is named once, in the amenities' order; null when
 * every amenity reports.
 */
export function silentSensorsLine(
  sensors: readonly Pick<Sensor, 'status' | 'amenityId'>[],
  amenities: readonly (Pick<AmenityAnalytics, 'id' | 'name'> & { live?: boolean })[],
): string | null {
  const silent = new Set(sensors.filter((s) => s.status === 'silent').map((s) => s.amenityId));
  const names = [
    ...amenities.filter((a) => silent.has(a.id) || a.live === false).map((a) => a.name),
    ...[...silent].filter((id) => !amenities.some((a) => a.id === id)),
  ];
  if (names.length === 0) return null;
  return `Not reporting: ${names.join(', ')}. No visits are counted there until ${
    names.length === 1 ? 'it reports' : 'they report'
  } again.`;
}
