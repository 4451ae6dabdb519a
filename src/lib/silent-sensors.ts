import type { Sensor } from '../api/contract';

// Apart from sensor-health.ts: the dashboard's first load needs only this line, not the badges
// and labels of the Amenities page (a module shared with a lazy page lands whole in first load).

/**
 * The Data Freshness line about silent sensors ("Sensor silent: Grand Lake. …"), naming each
 * amenity with a silent counter once, in the amenities' order; null when none is silent.
 */
export function silentSensorsLine(
  sensors: readonly Pick<Sensor, 'status' | 'amenityId'>[],
  amenityNames: readonly { id: string; name: string }[],
): string | null {
  const silent = new Set(sensors.filter((s) => s.status === 'silent').map((s) => s.amenityId));
  if (silent.size === 0) return null;
  const known = amenityNames.filter((a) => silent.has(a.id));
  const unknown = [...silent].filter((id) => !amenityNames.some((a) => a.id === id));
  const names = [...known.map((a) => a.name), ...unknown];
  return names.length === 1
    ? `Sensor silent: ${names.join(', ')}. No visits are counted there until it reports again.`
    : `Sensors silent: ${names.join(', ')}. No visits are counted there until they report again.`;
}
