import { displayTime } from '../time';
import type { AlertKind } from '../../src/api/contract';
import { describeClosure, type AmenityClosure } from '../../src/lib/amenity-closures';
import type { DayHours } from '../../src/lib/weekly-hours';

const WEEKDAYS = [
  'Sundays',
  'Mondays',
  'Tuesdays',
  'Wednesdays',
  'Thursdays',
  'Fridays',
  'Saturdays',
];

export type AlertFacts =
  | { kind: 'occupancy'; occupancy: number; capacity: number; percent: number }
  | { kind: 'silent'; minutes: number; intervals: number }
  | { kind: 'unusual'; occupancy: number; usual: number; weekday: number; hour: number }
  | {
      kind: 'after_hours';
      occupancy: number;
      /** The local weekday of the reading (0 = Sunday) and that day's hours, null closed. */
      weekday: number;
      hours: DayHours | null;
      /** The closure that day falls in (absent in alerts from before closures existed). */
      closure?: AmenityClosure;
    };

/** The inbox text of an alert: what happened, with the figures that made it fire. */
export function alertMessage(amenity: string, facts: AlertFacts): string {
  switch (facts.kind) {
    case 'occupancy':
      return `${amenity} is at ${Math.round(facts.percent)}% of capacity (${facts.occupancy} of ${facts.capacity} people)`;
    case 'silent': {
      // A counter that reports every few seconds falls silent in under a minute: not "0 minutes".
      return `No readings from ${amenity} for ${silenceLength(facts.minutes)} (${facts.intervals.toFixed(1)} reporting intervals)`;
    }
    case 'unusual':
      return `${amenity} has ${facts.occupancy} people, ${facts.occupancy > facts.usual ? 'far above' : 'far below'} its usual ${Math.round(facts.usual)} on ${WEEKDAYS[facts.weekday] ?? 'this day'} at ${displayTime(facts.hour * 60)}`;
    case 'after_hours':
      return `${facts.occupancy} ${facts.occupancy === 1 ? 'person' : 'people'} at ${amenity} after hours (${facts.closure ? describeClosure(facts.closure) : afterHoursNote(facts.weekday, facts.hours)})`;
  }
}

/**
 * "45 seconds", "15 minutes", "5 hours", "3 days": a counter that reports every few seconds falls
 * silent in under a minute (not "0 minutes"), and one switched off over a closure for weeks
 * (not "40320 minutes"). Rounded down past the hour, so the words never claim more silence than
 * there was.
 */
export function silenceLength(minutes: number): string {
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const seconds = Math.round(minutes * 60);
  if (seconds < 60) return count(seconds, 'second');
  if (minutes < 120) return count(Math.round(minutes), 'minute');
  if (minutes < 48 * 60) return count(Math.floor(minutes / 60), 'hour');
  return count(Math.floor(minutes / (24 * 60)), 'day');
}

/** "open 6:00 AM - 10:00 PM on Mondays", "closed on Mondays". */
function afterHoursNote(weekday: number, hours: DayHours | null): string {
  const day = WEEKDAYS[weekday] ?? 'this day';
  return hours
    ? `open ${displayTime(hours.opensMinute)} - ${displayTime(hours.closesMinute)} on ${day}`
    : `closed on ${day}`;
}

export const KIND_LABELS: Record<AlertKind, string> = {
  occupancy: 'Occupancy above threshold',
  silent: 'Sensor silent',
  unusual: 'Unusual usage',
  after_hours: 'After-hours use',
};
