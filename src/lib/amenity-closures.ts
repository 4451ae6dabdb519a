import { addDays, isRealDate } from './calendar-date';
import { formatCalendarDate, titleCase } from './format';

/**
 * Days an amenity is closed whatever its weekly hours say (a pool closed for the winter, a hall
 * over the holidays, a lawn being reseeded), shared by the server, the contract and the amenity
 * form. Whole days of the community's time zone, `firstDay` to `lastDay` both included
 * (yyyy-mm-dd). On those days the amenity reads Closed, anyone counted there is after hours, and
 * no event can be planned there.
 */
export type AmenityClosure = { firstDay: string; lastDay: string; reason: string };

/** Closures one amenity may have, past ones included (remove old ones to add more). */
export const MAX_CLOSURES = 30;
/** The longest closure: a season, up to a year. Longer is archiving the amenity. */
export const MAX_CLOSURE_DAYS = 366;
/** A reason is a few words: "Winter season", "Floor refinishing". */
export const MAX_CLOSURE_REASON = 80;
/** The days a closure may name: as far back as the audit log, two years ahead of any plan. */
export const CLOSURE_FIRST_DAY = '2000-01-01';
export const CLOSURE_LAST_DAY = '2999-12-31';

/** The closure covering local day `day` (yyyy-mm-dd), if any. */
export function closureOn(
  closures: readonly AmenityClosure[] | undefined,
  day: string,
): AmenityClosure | null {
  return closures?.find((c) => c.firstDay <= day && day <= c.lastDay) ?? null;
}

/** Days from `firstDay` to `lastDay`, both included. */
export function closureDays(closure: Pick<AmenityClosure, 'firstDay' | 'lastDay'>): number {
  const ms =
    Date.parse(`${closure.lastDay}T00:00:00Z`) - Date.parse(`${closure.firstDay}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/**
 * Why a list of closures cannot be saved, naming the field (`closures.2.lastDay`), or null:
 * real days in bounds, the last not before the first, at most MAX_CLOSURE_DAYS long, a reason
 * of at most MAX_CLOSURE_REASON characters, no two overlapping, at most MAX_CLOSURES.
 */
export function closuresProblem(closures: readonly AmenityClosure[]): string | null {
  if (closures.length > MAX_CLOSURES) {
    return `closures: at most ${MAX_CLOSURES} per amenity; remove past ones first`;
  }
  const inBounds = (day: string) =>
    isRealDate(day) && day >= CLOSURE_FIRST_DAY && day <= CLOSURE_LAST_DAY;
  for (const [i, closure] of closures.entries()) {
    if (!inBounds(closure.firstDay))
      return `closures.${i}.firstDay: enter the first day as a date such as 2026-12-24`;
    if (!inBounds(closure.lastDay))
      return `closures.${i}.lastDay: enter the last day as a date such as 2026-12-26`;
    if (closure.lastDay < closure.firstDay) {
      return `closures.${i}.lastDay: the last day is before the first day`;
    }
    if (closureDays(closure) > MAX_CLOSURE_DAYS) {
      return `closures.${i}.lastDay: a closure lasts at most ${MAX_CLOSURE_DAYS} days (archive an amenity closed for longer)`;
    }
    if (closure.reason.length > MAX_CLOSURE_REASON) {
      return `closures.${i}.reason: keep the reason to at most ${MAX_CLOSURE_REASON} characters`;
    }
  }
  const sorted = closures
    .map((closure, index) => ({ closure, index }))
    .sort((a, b) => byFirstDay(a.closure, b.closure));
  for (let k = 1; k < sorted.length; k++) {
    const before = sorted[k - 1];
    const next = sorted[k];
    if (before && next && next.closure.firstDay <= before.closure.lastDay) {
      return `closures.${next.index}.firstDay: overlaps the closure ${formatClosureDays(before.closure)}; make them one, or change its days`;
    }
  }
  return null;
}

const byFirstDay = (a: AmenityClosure, b: AmenityClosure) =>
  a.firstDay < b.firstDay ? -1 : a.firstDay > b.firstDay ? 1 : 0;

/** Soonest first, as the form and the API list them. */
export function sortClosures<T extends AmenityClosure>(closures: readonly T[]): T[] {
  return [...closures].sort(byFirstDay);
}

/** "Thu, Dec 24, 2026 – Sat, Dec 26, 2026", or one day. */
export function formatClosureDays(closure: Pick<AmenityClosure, 'firstDay' | 'lastDay'>): string {
  const first = formatCalendarDate(closure.firstDay);
  return closure.firstDay === closure.lastDay
    ? first
    : `${first} – ${formatCalendarDate(closure.lastDay)}`;
}

/** "closed for Holidays, Thu, Dec 24, 2026 – Sat, Dec 26, 2026": for alerts and refusals. */
export function describeClosure(closure: AmenityClosure): string {
  const reason = closure.reason.trim();
  const days = formatClosureDays(closure);
  return reason ? `closed for ${reason}, ${days}` : `closed ${days}`;
}

/** How far ahead an amenity's card tells of its next closure. */
export const CLOSURE_NOTICE_DAYS = 14;

/**
 * The closure under way on `today` or the next to start within `withinDays`, for the amenity's
 * card; null when neither.
 */
export function currentOrNextClosure(
  closures: readonly AmenityClosure[] | undefined,
  today: string,
  withinDays: number,
): { closure: AmenityClosure; now: boolean } | null {
  const now = closureOn(closures, today);
  if (now) return { closure: now, now: true };
  const horizon = addDays(today, withinDays);
  const next = sortClosures(closures ?? []).find(
    (c) => c.firstDay > today && c.firstDay <= horizon,
  );
  return next ? { closure: next, now: false } : null;
}

/**
 * The card's line: "Closed for Holidays through Sat, Dec 26, 2026" while under way, "Closed for
 * Holidays, Thu, Dec 24, 2026 – Sat, Dec 26, 2026" ahead of it.
 */
export function closureNoticeText(closure: AmenityClosure, now: boolean): string {
  const reason = closure.reason.trim();
  if (!now) return titleCase(describeClosure(closure));
  const through = `through ${formatCalendarDate(closure.lastDay)}`;
  return reason ? `Closed for ${reason} ${through}` : `Closed ${through}`;
}

/** An amenity's closure, named: what a report of a period lists. */
export type NamedClosure = { name: string; closure: AmenityClosure };

/**
 * The closures with at least one day in `from`-`to` (yyyy-mm-dd, both included), by first day
 * then name: a report's figures for those days count an amenity that was closed.
 */
export function closuresInPeriod(
  amenities: readonly { name: string; closures?: readonly AmenityClosure[] }[],
  from: string,
  to: string,
): NamedClosure[] {
  return amenities
    .flatMap(({ name, closures }) =>
      (closures ?? [])
        .filter((closure) => closure.firstDay <= to && closure.lastDay >= from)
        .map((closure) => ({ name, closure })),
    )
    .sort((a, b) => byFirstDay(a.closure, b.closure) || a.name.localeCompare(b.name));
}

/** "Grand Lake closed for Dock repairs, Mon, Dec 7, 2026": one closure in a report. */
export const namedClosureText = ({ name, closure }: NamedClosure): string =>
  `${name} ${describeClosure(closure)}`;
