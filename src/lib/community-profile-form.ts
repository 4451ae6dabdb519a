import type { Currency } from './community-profile';
import {
  COMMUNITY_ADDRESS_MAX,
  COMMUNITY_CODE_MAX,
  COMMUNITY_CODE_PATTERN,
  COMMUNITY_NAME_MAX,
  isTimeZone,
} from './community-profile-rules';

/**
 * The Settings form's side of the community profile (the rules themselves are in
 * community-profile.ts): currency names, the zones offered, the form's checks and the changes
 * it sends. Only the lazy Settings page uses these, so they stay out of the first load.
 */

/** The name shown beside each currency code. */
export const CURRENCY_NAMES: Record<Currency, string> = {
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
};

/** The zones offered in the form: every IANA zone the browser knows, or a short list. */
export function timeZoneChoices(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  if (typeof supported === 'function') return supported('timeZone');
  return ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
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
