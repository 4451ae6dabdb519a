/** Wall-clock times as people write them, read into 24-hour "hh:mm". */

/** "6:00 PM" / "6 pm" / "18:30" -> "18:00" / "18:00" / "18:30"; null when unreadable. */
export function parseClockTime(text: string): string | null {
  const match = /^\s*(\d{1,2})(?::(\d{2}))?\s*(?:([ap])\.?\s*m\.?)?\s*$/i.exec(text);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  const meridiem = match[3]?.toLowerCase();
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (hour > 23 || match[2] === undefined) {
    return null;
  }
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** "6:00 PM - 9:00 PM" -> { start: "18:00", end: "21:00" }; a single time lasts one hour. */
export function parseTimeRange(text: string): { start: string; end: string } | null {
  const [from, to, extra] = text.split(/\s*[-–—]\s*|\s+to\s+/i);
  if (from === undefined || extra !== undefined) return null;
  // "6 - 9 PM": the end's meridiem applies to the start too.
  const meridiem = /([ap])\.?\s*m\.?\s*$/i.exec(to ?? '')?.[0];
  const start =
    parseClockTime(from) ?? (meridiem && to ? parseClockTime(`${from} ${meridiem}`) : null);
  if (!start) return null;
  if (to === undefined) {
    const hour = (Number(start.slice(0, 2)) + 1) % 24;
    return { start, end: `${String(hour).padStart(2, '0')}${start.slice(2)}` };
  }
  const end = parseClockTime(to);
  return end ? { start, end } : null;
}

/** "18:00" -> "6:00 PM". */
export function displayClockTime(hhmm: string): string {
  const hour = Number(hhmm.slice(0, 2));
  const minute = hhmm.slice(3, 5);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}
