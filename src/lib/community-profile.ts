/**
 * The community profile's currencies and zone names (issue 11), shared by the server, the contract
 * and every page. The contract (first load) imports this module, so the checks of a profile change
 * live in community-profile-rules.ts and the Settings form's side in community-profile-form.ts.
 */

/** ISO 4217 codes a community may choose (amounts are never converted). */
export const CURRENCIES = [
  'USD',
  'CAD',
  'EUR',
  'GBP',
  'AUD',
  'NZD',
  'MXN',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'JPY',
  'SGD',
  'HKD',
  'INR',
  'ZAR',
  'BRL',
  'AED',
] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Names of the zones most communities use, as the app has always written them. */
const KNOWN_ZONE_LABELS: Record<string, string> = {
  'America/New_York': 'Eastern Time (ET)',
  'America/Chicago': 'Central Time (CT)',
  'America/Denver': 'Mountain Time (MT)',
  'America/Los_Angeles': 'Pacific Time (PT)',
};

/** A zone's everyday name: "Pacific Time (PT)", "Central European Time (Europe/Paris)". */
export function timeZoneLabel(zone: string): string {
  const known = KNOWN_ZONE_LABELS[zone];
  if (known) return known;
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'longGeneric',
    }).formatToParts(0);
    const name = parts.find((part) => part.type === 'timeZoneName')?.value;
    return name && name !== zone ? `${name} (${zone})` : zone;
  } catch {
    return zone;
  }
}
