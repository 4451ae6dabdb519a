import { CURRENCIES, type Currency } from '../../src/lib/community-profile';
import { PLAN_LIMITS, type StoredPlan } from './plan';

/**
 * The arguments of server/billing/set-plan.ts, checked: pure, so the checks are tested without a
 * database or a process. Every refusal is a PlanCommandError naming the option and what it takes.
 */

export const SET_PLAN_USAGE = `Sets the plan CommonGround bills a community for (Settings → Billing shows it).

  npx tsx server/billing/set-plan.ts --community <slug> --plan <name> --price <amount>
      --amenities <count|unlimited> --day <1-${PLAN_LIMITS.billingDayMax}> [--currency <code>]
      [--card <brand>:<last 4 digits> | --no-card]
  npx tsx server/billing/set-plan.ts --community <slug> --show
  npx tsx server/billing/set-plan.ts --community <slug> --remove

  --price      per month, e.g. 299 or 299.50
  --currency   ISO code (default USD): ${CURRENCIES.join(', ')}
  --day        the day of the month the community is billed, in its time zone
  --card       e.g. Visa:4242 (only the last 4 digits: never give a full card number);
               without --card or --no-card a plan change keeps the card on file
  --show       prints the plan on file; --remove takes it off file (the app then says so)

The database: DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR (default ./data; stop
the server on that directory first: one process at a time may open it).`;

export class PlanCommandError extends Error {}

export type PlanCommand =
  | { kind: 'help' }
  | { kind: 'show'; community: string }
  | { kind: 'remove'; community: string }
  | {
      kind: 'set';
      community: string;
      plan: Omit<StoredPlan, 'card'>;
      /** 'keep': the card already on file, if any. */
      card: StoredPlan['card'] | 'keep';
    };

const VALUE_OPTIONS = ['community', 'plan', 'price', 'amenities', 'day', 'currency', 'card'];
const FLAG_OPTIONS = ['no-card', 'remove', 'show', 'help'];

/** `--name value` or `--name=value`; each option once; nothing else. */
function readOptions(args: readonly string[]): Map<string, string | true> {
  const options = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (!match) {
      throw new PlanCommandError(`Unexpected argument "${arg}": options start with --`);
    }
    const name = match[1] ?? '';
    if (options.has(name)) throw new PlanCommandError(`--${name} is given twice`);
    if (FLAG_OPTIONS.includes(name)) {
      if (match[2] !== undefined) throw new PlanCommandError(`--${name} takes no value`);
      options.set(name, true);
    } else if (VALUE_OPTIONS.includes(name)) {
      let value = match[2];
      if (value === undefined) {
        const next = args[i + 1];
        if (next === undefined || next.startsWith('--')) {
          throw new PlanCommandError(`--${name} needs a value`);
        }
        value = next;
        i++;
      }
      options.set(name, value);
    } else {
      throw new PlanCommandError(`Unknown option --${name} (see --help)`);
    }
  }
  return options;
}

/** The price as whole cents: "299" → 29900, "299.5" → 29950. */
export function parsePrice(raw: string): number {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(raw.trim());
  const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
  if (!match || cents > PLAN_LIMITS.priceCentsMax) {
    throw new PlanCommandError(
      `--price: an amount per month such as 299 or 299.50 (0 to ` +
        `${(PLAN_LIMITS.priceCentsMax / 100).toLocaleString('en-US')}, at most 2 decimals), ` +
        `not "${raw}"`,
    );
  }
  return cents;
}

function parseAmenityLimit(raw: string): number | null {
  const value = raw.trim().toLowerCase();
  if (value === 'unlimited') return null;
  if (
    !/^\d{1,6}$/.test(value) ||
    Number(value) < 1 ||
    Number(value) > PLAN_LIMITS.amenityLimitMax
  ) {
    throw new PlanCommandError(
      `--amenities: how many amenities the plan allows, 1-${PLAN_LIMITS.amenityLimitMax}, or ` +
        `"unlimited", not "${raw}"`,
    );
  }
  return Number(value);
}

function parseDay(raw: string): number {
  const value = raw.trim();
  if (!/^\d{1,2}$/.test(value) || Number(value) < 1 || Number(value) > PLAN_LIMITS.billingDayMax) {
    throw new PlanCommandError(
      `--day: the day of the month the community is billed, 1-${PLAN_LIMITS.billingDayMax} (so ` +
        `every month has it), not "${raw}"`,
    );
  }
  return Number(value);
}

function parseName(raw: string): string {
  const name = raw.trim();
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (name.length < 1 || name.length > PLAN_LIMITS.nameMax || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new PlanCommandError(
      `--plan: the plan's name, 1-${PLAN_LIMITS.nameMax} characters (e.g. Starter), not "${raw}"`,
    );
  }
  return name;
}

function parseCurrency(raw: string): Currency {
  const value = raw.trim().toUpperCase();
  const found = CURRENCIES.find((code) => code === value);
  if (!found) {
    throw new PlanCommandError(`--currency: one of ${CURRENCIES.join(', ')}, not "${raw}"`);
  }
  return found;
}

/** "Visa:4242" → { brand: 'Visa', last4: '4242' }. */
export function parseCard(raw: string): { brand: string; last4: string } {
  const at = raw.lastIndexOf(':');
  const brand = (at < 0 ? '' : raw.slice(0, at)).trim();
  const digits = (at < 0 ? raw : raw.slice(at + 1)).replace(/[\s-]/g, '');
  if (/^\d{5,}$/.test(digits)) {
    throw new PlanCommandError(
      '--card: give only the last 4 digits (e.g. Visa:4242), never a full card number',
    );
  }
  const brandOk = new RegExp(
    `^[A-Za-z]([A-Za-z .&-]{0,${PLAN_LIMITS.cardBrandMax - 2}}[A-Za-z])?$`,
  ).test(brand);
  if (!brandOk || !/^\d{4}$/.test(digits)) {
    throw new PlanCommandError(
      `--card: the brand and the last 4 digits, e.g. Visa:4242 (a brand of letters, up to ` +
        `${PLAN_LIMITS.cardBrandMax} characters), not "${raw}"`,
    );
  }
  return { brand, last4: digits };
}

/** What set-plan.ts was asked to do, or a PlanCommandError saying what is wrong. */
export function parsePlanArgs(args: readonly string[]): PlanCommand {
  const options = readOptions(args);
  if (options.has('help') || args.length === 0) return { kind: 'help' };
  const text = (name: string): string | undefined => {
    const value = options.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const community = text('community')?.trim();
  if (!community) throw new PlanCommandError('--community <slug> is required (e.g. willow-creek)');

  const planOptions = ['plan', 'price', 'amenities', 'day', 'currency', 'card', 'no-card'];
  for (const kind of ['show', 'remove'] as const) {
    if (!options.has(kind)) continue;
    const other = [...planOptions, kind === 'show' ? 'remove' : 'show'].find((name) =>
      options.has(name),
    );
    if (other) throw new PlanCommandError(`--${kind} takes no other option than --community`);
    return { kind, community };
  }

  const missing = ['plan', 'price', 'amenities', 'day'].filter((name) => !options.has(name));
  if (missing.length > 0) {
    throw new PlanCommandError(
      `Missing ${missing.map((name) => `--${name}`).join(', ')} (or --show, --remove; see --help)`,
    );
  }
  if (options.has('card') && options.has('no-card')) {
    throw new PlanCommandError('Give --card or --no-card, not both');
  }
  const card = text('card');
  return {
    kind: 'set',
    community,
    plan: {
      name: parseName(text('plan') ?? ''),
      monthlyPriceCents: parsePrice(text('price') ?? ''),
      currency: parseCurrency(text('currency') ?? 'USD'),
      amenityLimit: parseAmenityLimit(text('amenities') ?? ''),
      billingDay: parseDay(text('day') ?? ''),
    },
    card: card !== undefined ? parseCard(card) : options.has('no-card') ? null : 'keep',
  };
}
