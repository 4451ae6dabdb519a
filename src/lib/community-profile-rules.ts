/**
 * The checks of a community profile change (issue 11), shared by the server, the PATCH contract
 * and the Settings form: one test of a time zone, one code pattern, one set of lengths. Apart
 * from community-profile.ts so they stay out of the first load.
 */

export const COMMUNITY_NAME_MAX = 80;
export const COMMUNITY_CODE_MAX = 40;
export const COMMUNITY_ADDRESS_MAX = 300;
/** Letters, numbers and hyphens, starting with a letter or number: "WCCA-2024". */
export const COMMUNITY_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

/** A time zone this runtime knows by its IANA name ("America/Los_Angeles"); not "UTC+2". */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) || zone.length > 64) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
