import { EVENT_TEMPLATES, eventCost, type EventTemplate } from '../amy/templates';
import type { Amenity, Community } from '../community';
import { addDays, daysBetween, DAY } from '../time';
import { dayWeather, seasonFactor, type UsageProfile } from './model';
import { unit } from './random';

export type SimulatedEvent = {
  amenityId: number;
  heldOn: string;
  kind: string;
  title: string;
  category: EventTemplate['category'];
  attendance: number;
  plannedAttendance: number;
  cost: number;
};

/** Weeks in a month, to turn "times a month" into a chance per matching weekday. */
const WEEKS_PER_MONTH = 4.35;

/**
 * The events the demo community held on local dates `from`..`to` (inclusive): each template, in
 * its months, on its weekday (or fixed day), about `perMonth` times a month. Turnout follows the
 * amenity's season and the day's weather. Deterministic for a seed.
 */
export function simulateEvents(
  community: Community,
  profiles: ReadonlyMap<string, UsageProfile>,
  from: string,
  to: string,
  seed: number,
): SimulatedEvent[] {
  const byType = new Map<string, Amenity>();
  for (const amenity of community.amenities) {
    if (profiles.has(amenity.slug) && !byType.has(amenity.type)) byType.set(amenity.type, amenity);
  }
  const events: SimulatedEvent[] = [];
  const days = daysBetween(from, to);
  for (let offset = 0; offset <= days; offset++) {
    const date = addDays(from, offset);
    const dayNumber = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY);
    const month = Number(date.slice(5, 7));
    const dayOfMonth = Number(date.slice(8, 10));
    const weekday = (dayNumber + 4) % 7;
    EVENT_TEMPLATES.forEach((template, index) => {
      const amenity = byType.get(template.amenityType);
      const profile = amenity && profiles.get(amenity.slug);
      if (!amenity || !profile || !template.months.includes(month)) return;
      const held =
        template.fixedDay !== undefined
          ? dayOfMonth === template.fixedDay
          : weekday === template.weekday &&
            unit(seed, 31, dayNumber, index) < template.perMonth / WEEKS_PER_MONTH;
      if (!held) return;
      const planned = Math.max(1, Math.round(amenity.capacity * template.draw));
      const weather = 1 - profile.outdoor * (1 - dayWeather(seed, dayNumber, month));
      const season = seasonFactor(profile, month + 0.5);
      const luck = 0.8 + 0.35 * unit(seed, 37, dayNumber, index);
      const attendance = Math.min(
        amenity.capacity,
        Math.max(1, Math.round(planned * season * weather * luck)),
      );
      const cost = Math.round(
        eventCost(template, attendance) * (0.95 + 0.1 * unit(seed, 41, dayNumber, index)),
      );
      events.push({
        amenityId: amenity.id,
        heldOn: date,
        kind: template.kind,
        title: template.title,
        category: template.category,
        attendance,
        plannedAttendance: planned,
        cost,
      });
    });
  }
  return events;
}
