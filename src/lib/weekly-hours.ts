/**
 * Opening hours per weekday (issue 11), shared by the server, the contract and the amenity form.
 * `hours[weekday]` with weekday 0 = Sunday ... 6 = Saturday (as Date#getUTCDay and the server's
 * localParts count); null is closed all day. Times are minutes after local midnight and never
 * cross midnight: a day is open from `opensMinute` up to `closesMinute` (1440 = midnight at the
 * end of the day), so 0-1440 is open all day and a late venue open past midnight is entered as
 * open until 24:00 and from 00:00 the next day.
 */
export type DayHours = { opensMinute: number; closesMinute: number };
export type WeeklyHours = readonly (DayHours | null)[];

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** The order the form lists days in: Monday first. */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

/** The same hours on all seven days. */
export function everyDay(opensMinute: number, closesMinute: number): DayHours[] {
  return Array.from({ length: 7 }, () => ({ opensMinute, closesMinute }));
}

/** Open at local `minuteOfDay` of `weekday`? */
export function isOpenOn(hours: WeeklyHours, weekday: number, minuteOfDay: number): boolean {
  const day = hours[weekday];
  return day ? minuteOfDay >= day.opensMinute && minuteOfDay < day.closesMinute : false;
}

/**
 * Why a week of hours is invalid, naming the field (`hours.3.closesMinute`), or null. Seven
 * days; each closed or open for a whole number of minutes within the day, closing after opening.
 */
export function weeklyHoursProblem(hours: readonly unknown[]): string | null {
  if (hours.length !== 7) return 'hours: give all seven days (Sunday first)';
  for (const [weekday, day] of hours.entries()) {
    if (day === null) continue;
    if (typeof day !== 'object') return `hours.${weekday}: closed (null) or opening hours`;
    const { opensMinute, closesMinute } = day as Partial<DayHours>;
    const minute = (value: unknown, min: number, max: number) =>
      typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
    if (!minute(opensMinute, 0, 1439)) {
      return `hours.${weekday}.opensMinute: a minute of the day, 0-1439`;
    }
    if (!minute(closesMinute, 1, 1440)) {
      return `hours.${weekday}.closesMinute: a minute of the day, 1-1440`;
    }
    if ((closesMinute as number) <= (opensMinute as number)) {
      return `hours.${weekday}.closesMinute: must be after opening on ${WEEKDAY_NAMES[weekday]} (hours never cross midnight)`;
    }
  }
  return null;
}

/** The earliest opening and latest closing of the week, or null when closed every day. */
export function weekSpan(hours: WeeklyHours): DayHours | null {
  const open = hours.filter((day): day is DayHours => day !== null);
  if (open.length === 0) return null;
  return {
    opensMinute: Math.min(...open.map((d) => d.opensMinute)),
    closesMinute: Math.max(...open.map((d) => d.closesMinute)),
  };
}
