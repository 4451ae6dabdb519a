/**
 * The community profile's rules (issue 11), shared by the server's checks, the contract and the
 * Settings form: one list of currencies, one test of a time zone, one code pattern.
 */

/** ISO 4217 codes a community may choose, with their names (amounts are never converted). */
export const CURRENCY_NAMES = {
  USD: 'US dollar',
  CAD: 'Canadian dollar',
  EUR: 'Euro',
  GBP: 'Pound sterling',
  AUD: 'Australian dollar',
  NZD: 'New Zealand dollar',
  MXN: 'Mexican peso',
  CHF: 'Swiss franc',
  SEK: 'Swedish krona',
  NOK: 'Norwegian krone',
  DKK: 'Danish krone',
  PLN: 'Polish złoty',
  CZK: 'Czech koruna',
  JPY: 'Japanese yen',
  SGD: 'Singapore dollar',
  HKD: 'Hong Kong dollar',
  INR: 'Indian rupee',
  ZAR: 'South African rand',
  BRL: 'Brazilian real',
  AED: 'UAE dirham',
} as const;
export type Currency = keyof typeof CURRENCY_NAMES;
export const CURRENCIES = Object.keys(CURRENCY_NAMES) as [Currency, ...Currency[]];

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

/** The zones offered in the form: every IANA zone the browser knows, or a short list. */
export function timeZoneChoices(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  if (typeof supported === 'function') return supported('timeZone');
  return ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
}

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

/** The editable fields of the profile, as the Settings form holds them. */
export type ProfileDraft = {
  name: string;
  code: string;
  address: string;
  timeZone: string;
  currency: Currency;
};
export type ProfileErrors = Partial<Record<keyof ProfileDraft, string>>;

/** The form's checks (the server's rules), with messages that say how to fix the value. */
export function validateProfile(draft: ProfileDraft): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = draft.name.trim();
  const code = draft.code.trim();
  if (!name) errors.name = 'Enter the community name.';
  else if (name.length > COMMUNITY_NAME_MAX) {
    errors.name = `Use ${COMMUNITY_NAME_MAX} characters or fewer.`;
  }
  if (!code) errors.code = 'Enter the community code.';
  else if (code.length > COMMUNITY_CODE_MAX) {
    errors.code = `Use ${COMMUNITY_CODE_MAX} characters or fewer.`;
  } else if (!COMMUNITY_CODE_PATTERN.test(code)) {
    errors.code = 'Use letters, numbers and hyphens only, for example WCCA-2024.';
  }
  if (draft.address.trim().length > COMMUNITY_ADDRESS_MAX) {
    errors.address = `Use ${COMMUNITY_ADDRESS_MAX} characters or fewer.`;
  }
  if (!isTimeZone(draft.timeZone.trim())) {
    errors.timeZone = 'Choose a time zone from the list, for example America/Los_Angeles.';
  }
  if (!(draft.currency in CURRENCY_NAMES)) errors.currency = 'Choose a currency from the list.';
  return errors;
}

/** Only the fields that differ from `saved`, trimmed: what PATCH /api/community is sent. */
export function profileChanges(saved: ProfileDraft, draft: ProfileDraft): Partial<ProfileDraft> {
  const changes: Partial<ProfileDraft> = {};
  for (const key of Object.keys(draft) as (keyof ProfileDraft)[]) {
    const value = draft[key].trim();
    if (value !== saved[key]) Object.assign(changes, { [key]: value });
  }
  return changes;
}
