import { timeZoneLabel } from '../lib/community-profile';

/**
 * Says once, under a page's title, which zone the page's clock times are in (the community's):
 * "Peak 5:00 PM - 7:00 PM" read from another zone would otherwise mislead.
 */
export function TimesIn({ timeZone }: { timeZone: string }) {
  return <span data-testid="times-in">Times in {timeZoneLabel(timeZone)}</span>;
}
