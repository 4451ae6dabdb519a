import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role } from '../../src/api/contract';
import { BILLING_PATH, BillingSchema, type Billing } from '../../src/api/contract/billing';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import { runPlanCommand } from '../../server/billing/operator';
import { DEMO_BILLING_PLAN, nextBillingDate, type StoredPlan } from '../../server/billing/plan';
import {
  parseCard,
  parsePlanArgs,
  parsePrice,
  PlanCommandError,
  type PlanCommand,
} from '../../server/billing/plan-args';
import { readPlan, writePlan } from '../../server/billing/store';
import type { Community } from '../../server/community';
import { migrate, readMigrations, splitStatements } from '../../server/db/migrate';
import { seedDemo } from '../../server/simulator/seed';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  openTestDatabase,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

/** The row as stored, every column but the time it was written. */
const storedRow = (db: TestDatabase['db']) =>
  db.query<Record<string, unknown>>(
    `SELECT c.slug, b.plan_name, b.monthly_price_cents, b.currency, b.amenity_limit,
            b.billing_day, b.card_brand, b.card_last4
       FROM billing_plans b JOIN communities c ON c.id = b.community_id ORDER BY c.slug`,
  );

describe('next billing date', () => {
  it('is the first billing day after today: a month later on the day itself', () => {
    expect(nextBillingDate('2026-03-18', 1)).toBe('2026-04-01');
    expect(nextBillingDate('2026-03-18', 20)).toBe('2026-03-20');
    expect(nextBillingDate('2026-03-19', 20)).toBe('2026-03-20');
    expect(nextBillingDate('2026-03-20', 20)).toBe('2026-04-20');
    expect(nextBillingDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(nextBillingDate('2026-12-28', 28)).toBe('2027-01-28');
    expect(nextBillingDate('2026-01-31', 28)).toBe('2026-02-28');
    expect(nextBillingDate('2028-02-29', 28)).toBe('2028-03-28');
  });

  it('refuses a billing day some month does not have', () => {
    expect(() => nextBillingDate('2026-03-18', 29)).toThrow(/1-28/);
    expect(() => nextBillingDate('2026-03-18', 0)).toThrow(/1-28/);
  });
});

describe('set-plan arguments', () => {
  const base = ['--community', 'willow-creek', '--plan', 'Starter', '--price', '299'];
  const full = [...base, '--amenities', '5', '--day', '1'];
  const refusal = (args: string[]) => {
    try {
      parsePlanArgs(args);
    } catch (error) {
      expect(error).toBeInstanceOf(PlanCommandError);
      return (error as Error).message;
    }
    throw new Error(`accepted ${args.join(' ')}`);
  };

  it('reads a plan, keeping the card on file unless told otherwise', () => {
    expect(parsePlanArgs(full)).toEqual<PlanCommand>({
      kind: 'set',
      community: 'willow-creek',
      plan: {
        name: 'Starter',
        monthlyPriceCents: 29_900,
        currency: 'USD',
        amenityLimit: 5,
        billingDay: 1,
      },
      card: 'keep',
    });
    expect(parsePlanArgs([...full, '--card', 'Visa:4242'])).toMatchObject({
      card: { brand: 'Visa', last4: '4242' },
    });
    expect(parsePlanArgs([...full, '--no-card'])).toMatchObject({ card: null });
    expect(
      parsePlanArgs([
        '--community=oak-park',
        '--plan=Enterprise',
        '--price=1299.5',
        '--amenities=unlimited',
        '--day=28',
        '--currency=cad',
        '--card=American Express:0005',
      ]),
    ).toEqual<PlanCommand>({
      kind: 'set',
      community: 'oak-park',
      plan: {
        name: 'Enterprise',
        monthlyPriceCents: 129_950,
        currency: 'CAD',
        amenityLimit: null,
        billingDay: 28,
      },
      card: { brand: 'American Express', last4: '0005' },
    });
  });

  it('reads --show, --remove and --help', () => {
    expect(parsePlanArgs(['--community', 'willow-creek', '--show'])).toEqual({
      kind: 'show',
      community: 'willow-creek',
    });
    expect(parsePlanArgs(['--remove', '--community', 'willow-creek'])).toEqual({
      kind: 'remove',
      community: 'willow-creek',
    });
    expect(parsePlanArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parsePlanArgs([])).toEqual({ kind: 'help' });
  });

  it('prices are whole cents, never a float', () => {
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice('19.99')).toBe(1999);
    expect(parsePrice('0.1')).toBe(10);
    expect(parsePrice('1000000')).toBe(100_000_000);
    for (const bad of ['', '-5', '1e3', '29.999', '1000000.01', '$299', '299,00']) {
      expect(() => parsePrice(bad), bad).toThrow(/--price/);
    }
  });

  it('a card is a brand and its last four digits, never a full number', () => {
    expect(parseCard('Mastercard:1234')).toEqual({ brand: 'Mastercard', last4: '1234' });
    expect(() => parseCard('Visa:4242424242424242')).toThrow(/last 4 digits/);
    expect(() => parseCard('Visa:4242 4242 4242 4242')).toThrow(/never a full card number/);
    for (const bad of ['4242', 'Visa', 'Visa:42', ':4242', 'Visa:abcd', '1Visa:4242']) {
      expect(() => parseCard(bad), bad).toThrow(/--card/);
    }
  });

  it('refuses what is missing, out of bounds or unknown, naming the option', () => {
    expect(refusal(['--plan', 'Starter'])).toMatch(/--community/);
    expect(refusal(base)).toMatch(/Missing --amenities, --day/);
    expect(refusal([...base, '--amenities', '5', '--day', '29'])).toMatch(/--day.*1-28/);
    expect(refusal([...base, '--amenities', '5', '--day', '0'])).toMatch(/--day/);
    expect(refusal([...base, '--amenities', '0', '--day', '1'])).toMatch(/--amenities/);
    expect(refusal([...base, '--amenities', 'lots', '--day', '1'])).toMatch(/--amenities/);
    expect(refusal([...full, '--currency', 'XYZ'])).toMatch(/--currency: one of USD/);
    expect(refusal([...full, '--card', 'Visa:4242', '--no-card'])).toMatch(/not both/);
    expect(refusal([...full, '--plan', 'Other'])).toMatch(/--plan is given twice/);
    expect(refusal([...full, '--colour', 'red'])).toMatch(/Unknown option --colour/);
    expect(refusal([...full, 'extra'])).toMatch(/Unexpected argument "extra"/);
    expect(refusal(['--community'])).toMatch(/--community needs a value/);
    expect(refusal(['--community', 'x', '--show', '--plan', 'Starter'])).toMatch(/--show takes/);
    expect(refusal(['--community', 'x', '--show', '--remove'])).toMatch(/takes no other option/);
    expect(
      refusal([
        '--community',
        'x',
        '--plan',
        'A name much longer than forty characters, far too long',
        '--price',
        '1',
        '--amenities',
        '1',
        '--day',
        '1',
      ]),
    ).toMatch(/--plan: the plan's name, 1-40 characters/);
  });
});

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`billing: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let demo: Community;
    let other: Community;
    // 07:30 UTC on 1 April is still 31 March in Los Angeles (PDT, UTC-7).
    const clock = testClock('2026-04-01T06:30:00Z');
    let demoApp: ReturnType<typeof testApp>;
    let otherApp: ReturnType<typeof testApp>;
    const cookies = {} as Record<Role, string>;

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      ({ community: demo } = await seedDemo(test.db, {
        now: clock.now(),
        days: 1,
        stepMs: 60 * 60_000,
        eventDays: 2,
      }));
      other = await createTestCommunity(test.db);
      demoApp = testApp(test.db, demo, { clock: clock.now, demo: true });
      otherApp = testApp(test.db, other, { clock: clock.now, demo: false });
      const passwordHash = await hashPassword('correct horse battery staple');
      for (const role of ['admin', 'manager', 'board'] as const) {
        const id = await insertUser(
          test.db,
          other.id,
          {
            email: `${role}@example.org`,
            name: `The ${role}`,
            role,
            passwordHash,
            totpSecret: role === 'admin' ? 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' : null,
          },
          clock.now(),
        );
        if (id === null) throw new Error('duplicate');
        cookies[role] = `cg_session=${await createSession(test.db, id, clock.now())}`;
      }
    });
    afterAll(() => test?.drop());

    const answer = async (app: ReturnType<typeof testApp>, cookie?: string) => {
      const res = await app.app.request(BILLING_PATH, {
        headers: cookie ? { Cookie: cookie } : {},
      });
      const json = (await res.json()) as unknown;
      return { status: res.status, json, headers: res.headers };
    };

    it("answers the demo community's plan, with the next billing date in its time zone", async () => {
      clock.set('2026-04-01T06:30:00Z'); // 31 March, 23:30 in Los Angeles
      const res = await answer(demoApp);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toMatch(/application\/json/);
      expect(BillingSchema.parse(res.json)).toEqual<Billing>({
        plan: { name: 'Starter', monthlyPrice: 299, currency: 'USD', amenityLimit: 5 },
        nextBillingDate: '2026-04-01',
        paymentMethod: { brand: 'Visa', last4: '4242' },
      });
      // Half an hour later it is 1 April there: that day's bill is made, the next is in May.
      clock.set('2026-04-01T07:30:00Z');
      expect(await answer(demoApp)).toMatchObject({ json: { nextBillingDate: '2026-05-01' } });
      // In UTC it was 1 April already at 06:30: the zone, not the server's, decides.
      clock.set('2026-04-01T06:30:00Z');
      const inUtc = { ...demo, timeZone: 'UTC' };
      const utcApp = testApp(test.db, inUtc, { clock: clock.now, demo: true });
      expect(await answer(utcApp)).toMatchObject({ json: { nextBillingDate: '2026-05-01' } });
    });

    it('the demo seed and migration 027 write the same plan', async () => {
      const seeded = await storedRow(test.db);
      expect(seeded).toEqual([
        {
          slug: 'willow-creek',
          plan_name: 'Starter',
          monthly_price_cents: 29_900,
          currency: 'USD',
          amenity_limit: 5,
          billing_day: 1,
          card_brand: 'Visa',
          card_last4: '4242',
        },
      ]);
      expect(await readPlan(test.db, demo.id)).toEqual(DEMO_BILLING_PLAN);
      // A database seeded before the table existed gets the row from the migration itself.
      await test.db.query(`DROP TABLE billing_plans`);
      await test.db.query(`DELETE FROM schema_migrations WHERE version = '027_billing_plans'`);
      expect(await migrate(test.db)).toEqual(['027_billing_plans']);
      expect(await storedRow(test.db)).toEqual(seeded);
    });

    it('answers { plan: null } for a community with no plan on file', async () => {
      const res = await answer(otherApp, cookies.manager);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ plan: null });
      expect(BillingSchema.parse(res.json)).toEqual({ plan: null });
      // The contract refuses a plan without its next billing date.
      const plan = { name: 'Starter', monthlyPrice: 299, currency: 'USD', amenityLimit: 5 };
      expect(BillingSchema.safeParse({ plan }).success).toBe(false);
      expect(BillingSchema.safeParse({ plan, nextBillingDate: '2026-04-01' }).success).toBe(true);
    });

    it('everyone who reads the dashboards reads it; nobody writes it', async () => {
      for (const role of ['admin', 'manager', 'board'] as const) {
        expect((await answer(otherApp, cookies[role])).status, role).toBe(200);
      }
      expect((await answer(demoApp)).status).toBe(200); // the demo viewer
      expect((await answer(otherApp)).status).toBe(401); // no session, no demo
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const res = await otherApp.app.request(BILLING_PATH, {
          method,
          headers: {
            Cookie: cookies.admin,
            Origin: 'http://localhost',
            'Content-Type': 'application/json',
          },
          body: '{}',
        });
        expect([403, 405], method).toContain(res.status);
      }
    });

    it('the operator sets, shows, changes and removes a plan; the app reads it at once', async () => {
      const run = (args: string[]) => {
        const command = parsePlanArgs(['--community', other.slug, ...args]);
        if (command.kind === 'help') throw new Error('help');
        return runPlanCommand(test.db, command, clock.now());
      };
      clock.set('2026-04-01T06:30:00Z');
      expect(await run(['--show'])).toBe(`${other.name} (test-community): no plan on file`);
      expect(
        await run([
          '--plan',
          'Professional',
          '--price',
          '599.50',
          '--amenities',
          '15',
          '--day',
          '15',
        ]),
      ).toBe(
        `${other.name} (test-community): Professional, 599.50 USD per month, 15 amenities, ` +
          'billed on day 15 of each month (next: 2026-04-15, America/Los_Angeles), no card on file',
      );
      expect((await answer(otherApp, cookies.board)).json).toEqual<Billing>({
        plan: { name: 'Professional', monthlyPrice: 599.5, currency: 'USD', amenityLimit: 15 },
        nextBillingDate: '2026-04-15',
        paymentMethod: null,
      });

      await run([
        '--plan',
        'Professional',
        '--price',
        '599',
        '--amenities',
        '15',
        '--day',
        '15',
        '--card',
        'Mastercard:5454',
      ]);
      // A change without --card keeps the card on file.
      await run([
        '--plan',
        'Enterprise',
        '--price',
        '1299',
        '--amenities',
        'unlimited',
        '--day',
        '3',
      ]);
      expect((await answer(otherApp, cookies.board)).json).toEqual<Billing>({
        plan: { name: 'Enterprise', monthlyPrice: 1299, currency: 'USD', amenityLimit: null },
        nextBillingDate: '2026-04-03',
        paymentMethod: { brand: 'Mastercard', last4: '5454' },
      });
      await run([
        '--plan',
        'Enterprise',
        '--price',
        '1299',
        '--amenities',
        'unlimited',
        '--day',
        '3',
        '--no-card',
      ]);
      expect((await answer(otherApp, cookies.board)).json).toMatchObject({ paymentMethod: null });

      expect(await run(['--remove'])).toMatch(/: plan removed \(was Enterprise, 1299.00 USD/);
      expect(await run(['--remove'])).toMatch(/had no plan on file; nothing changed/);
      expect((await answer(otherApp, cookies.board)).json).toEqual({ plan: null });
      // The demo community's plan was never touched.
      expect(await readPlan(test.db, demo.id)).toEqual(DEMO_BILLING_PLAN);
    });

    it('an unknown community is named with the ones there are', async () => {
      const command = parsePlanArgs(['--community', 'nowhere', '--show']);
      if (command.kind === 'help') throw new Error('help');
      await expect(runPlanCommand(test.db, command, clock.now())).rejects.toThrow(
        'No community "nowhere" in this database (its communities: test-community, willow-creek)',
      );
    });

    it("the table's CHECKs hold whatever writes to it", async () => {
      const valid: StoredPlan = { ...DEMO_BILLING_PLAN };
      const bad: [string, StoredPlan][] = [
        ['day 29', { ...valid, billingDay: 29 }],
        ['day 0', { ...valid, billingDay: 0 }],
        ['3 digits', { ...valid, card: { brand: 'Visa', last4: '424' } }],
        ['5 digits', { ...valid, card: { brand: 'Visa', last4: '42424' } }],
        ['letters', { ...valid, card: { brand: 'Visa', last4: 'abcd' } }],
        ['brand with digits', { ...valid, card: { brand: 'Visa4242424242424242', last4: '4242' } }],
        ['negative price', { ...valid, monthlyPriceCents: -1 }],
        ['no amenities', { ...valid, amenityLimit: 0 }],
        ['empty name', { ...valid, name: '' }],
        ['padded name', { ...valid, name: ' Starter' }],
        ['lower-case currency', { ...valid, currency: 'usd' }],
      ];
      for (const [what, plan] of bad) {
        await expect(writePlan(test.db, other.id, plan, clock.now()), what).rejects.toThrow(
          /check constraint/,
        );
      }
      await expect(
        test.db.query(
          `INSERT INTO billing_plans (community_id, plan_name, monthly_price_cents, currency,
             billing_day, card_brand) VALUES ($1, 'Starter', 100, 'USD', 1, 'Visa')`,
          [other.id],
        ),
        'a brand without digits',
      ).rejects.toThrow(/check constraint/);
      expect(await readPlan(test.db, other.id)).toBeNull();
      // The migration is plain statements (the runner splits on semicolons).
      const migration = readMigrations().find((m) => m.version === '027_billing_plans');
      expect(splitStatements(migration?.sql ?? '')).toHaveLength(2);
    });
  });
}
