import { zoneOffsetMs } from '../../src/lib/zoned-time';
import { isOpenAt, type Amenity } from '../community';
import { DAY, HOUR, MINUTE } from '../time';
import { unit } from './random';

/**
 * The usage model behind the simulator: how many people an amenity holds at a local time, given
 * its daily rhythm, weekday, season and the day's weather, plus a little per-reading noise.
 * Pure and deterministic (seeded), so a fresh database always gets the same history.
 */
export type UsageProfile = {
  /** Mean visit length in minutes. */
  dwellMinutes: number;
  /** Share of capacity in use at the daily peak on a weekday in the peak season, fair weather. */
  load: number;
  /** Daily rhythm: bumps centred on local hours (weight 1 is the main peak). */
  peaks: readonly { hour: number; width: number; weight: number }[];
  /** Weekend multiplier. */
  weekend: number;
  /** Month (1-12) of the seasonal high, and how far the season swings (0.3 = ±30 %). */
  seasonPeakMonth: number;
  seasonAmplitude: number;
  /** 0 = indoors, 1 = fully exposed to the weather. */
  outdoor: number;
};

/** A local moment in the community's zone. */
export type LocalMoment = {
  /** Days since 1970-01-01 in local time. */
  dayNumber: number;
  /** The local day, yyyy-mm-dd. */
  date: string;
  minuteOfDay: number;
  /** 0 = Sunday. */
  weekday: number;
  /** 1-12, with a fraction through the month (1.5 = mid-January). */
  monthFraction: number;
  month: number;
};

export type SimulatedReading = { occupancy: number; entries: number; dwellMinutes: number };

/** Converts instants to local moments, caching the zone offset per hour. */
export function localMomentFn(timeZone: string): (ms: number) => LocalMoment {
  const offsets = new Map<number, number>();
  return (ms) => {
    const hourKey = Math.floor(ms / HOUR);
    let offset = offsets.get(hourKey);
    if (offset === undefined) {
      if (offsets.size > 20_000) offsets.clear();
      offset = zoneOffsetMs(hourKey * HOUR, timeZone);
      offsets.set(hourKey, offset);
    }
    const local = ms + offset;
    const dayNumber = Math.floor(local / DAY);
    const date = new Date(dayNumber * DAY);
    const month = date.getUTCMonth() + 1;
    const daysInMonth = new Date(Date.UTC(date.getUTCFullYear(), month, 0)).getUTCDate();
    return {
      dayNumber,
      date: date.toISOString().slice(0, 10),
      minuteOfDay: Math.floor((local - dayNumber * DAY) / MINUTE),
      weekday: (dayNumber + 4) % 7, // 1970-01-01 was a Thursday
      month,
      monthFraction: month + (date.getUTCDate() - 1) / daysInMonth,
    };
  };
}

/** Weather of a local day, 0.35 (rain) to 1.05 (fine), wetter from November to March. */
export function dayWeather(seed: number, dayNumber: number, month: number): number {
  const rainChance = month >= 11 || month <= 3 ? 0.25 : 0.07;
  const u = unit(seed, 7919, dayNumber);
  if (u < rainChance) return 0.35;
  if (u < rainChance + 0.2) return 0.85;
  return 1 + 0.05 * unit(seed, 7927, dayNumber);
}

/** Seasonal multiplier: 1 ± amplitude, highest in the profile's peak month. */
export function seasonFactor(profile: UsageProfile, monthFraction: number): number {
  const phase = ((monthFraction - profile.seasonPeakMonth - 0.5) / 12) * 2 * Math.PI;
  return 1 + profile.seasonAmplitude * Math.cos(phase);
}

/** Daily rhythm at a local minute: a small floor plus the profile's peaks (about 0-1). */
export function dailyShape(profile: UsageProfile, minuteOfDay: number): number {
  const hour = minuteOfDay / 60;
  let value = 0.04;
  for (const peak of profile.peaks) {
    value += peak.weight * Math.exp(-((hour - peak.hour) ** 2) / (2 * peak.width ** 2));
  }
  return value;
}

/** A stable number for an amenity (its slug), so noise does not depend on database ids. */
export function amenityKey(slug: string): number {
  let h = 2166136261;
  for (let i = 0; i < slug.length; i++) h = Math.imul(h ^ slug.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The reading an amenity reports at instant `ms`, covering the `stepMs` before it: people present,
 * people who came in (occupancy x step / mean visit length: Little's law) and their mean visit
 * length. Zero outside opening hours.
 */
export function simulateReading(
  amenity: Amenity,
  profile: UsageProfile,
  moment: LocalMoment,
  ms: number,
  stepMs: number,
  seed: number,
): SimulatedReading {
  const today = amenity.hours[moment.weekday];
  if (!today || !isOpenAt(amenity, moment)) {
    return { occupancy: 0, entries: 0, dwellMinutes: 0 };
  }
  const key = amenityKey(amenity.slug);
  const sinceOpen = moment.minuteOfDay - today.opensMinute;
  const untilClose = today.closesMinute - moment.minuteOfDay;
  const allDay = today.opensMinute === 0 && today.closesMinute === 1440;
  const ramp = allDay ? 1 : Math.min(1, sinceOpen / 30, untilClose / 30);
  const weekend = moment.weekday === 0 || moment.weekday === 6 ? profile.weekend : 1;
  const weather = 1 - profile.outdoor * (1 - dayWeather(seed, moment.dayNumber, moment.month));
  const season = seasonFactor(profile, moment.monthFraction);
  const hourNoise = unit(seed, key, Math.floor(ms / HOUR), 1);
  const readingNoise = unit(seed, key, Math.floor(ms / 30_000), 2);
  const noise = 0.88 + 0.12 * hourNoise + 0.12 * readingNoise;
  const expected =
    amenity.capacity *
    profile.load *
    dailyShape(profile, moment.minuteOfDay) *
    ramp *
    weekend *
    season *
    weather *
    noise;
  const occupancy = Math.max(0, Math.min(amenity.capacity, Math.round(expected)));
  const stepMinutes = stepMs / MINUTE;
  const entries = Math.floor(
    (occupancy * stepMinutes) / profile.dwellMinutes + unit(seed, key, Math.floor(ms / 30_000), 3),
  );
  if (entries === 0) return { occupancy, entries, dwellMinutes: 0 };
  const dwell =
    profile.dwellMinutes *
    (1 + 0.5 * (season - 1)) *
    (weekend > 1 ? 1.1 : 1) *
    (0.9 + 0.2 * unit(seed, key, Math.floor(ms / 30_000), 4));
  return { occupancy, entries, dwellMinutes: Math.round(dwell * 10) / 10 };
}
