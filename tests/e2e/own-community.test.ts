import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../scripts/production-server';
import { base32Decode, totp } from '../../server/auth/totp';
import { expectAxeCleanInBothThemes } from './axe';
import { PHONE, describeBrowser, openPage, useBrowser, useOwnServer } from './browser';

const ADMIN_EMAIL = 'admin@lakeside.example';
const PASSWORD = 'lakeside-commons-2026';
const TIME_ZONE = 'America/Chicago';

/** The first Admin's invite link, as the server prints it while the community has no account. */
async function firstAdminLink(server: RunningServer): Promise<string> {
  const pattern = new RegExp(`First Admin: ${ADMIN_EMAIL} sets a password at (\\S+) `);
  await expect.poll(() => pattern.test(server.output()), { timeout: 20_000 }).toBe(true);
  return pattern.exec(server.output())?.[1] ?? '';
}

/** The community's calendar day after today, as a date input holds it (YYYY-MM-DD). */
function tomorrowInCommunity(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(
    Date.now() + 24 * 60 * 60 * 1000,
  );
}

/** The invite, the password, the authenticator and its recovery codes: an Admin on the Dashboard. */
async function joinAsFirstAdmin(page: Page, link: string) {
  await page.goto(link);
  await page.getByLabel('Your name').fill('Robin Lake');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await page.getByRole('heading', { name: 'Your account is ready' }).waitFor();
  await page.getByRole('link', { name: 'Sign in' }).click();
  // The invite hands its address over to the sign-in form.
  await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Start set-up' }).click();
  const key = (await page.locator('code').first().textContent())?.replace(/\s/g, '') ?? '';
  await page
    .getByLabel('Code from the app')
    .fill(totp(base32Decode(key) ?? Buffer.alloc(0), Date.now()));
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await page.getByRole('button', { name: 'I saved my codes, continue' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/**
 * A community of its own (COMMUNITY_NAME, ADMIN_EMAIL), not the demo: empty at first, set up by
 * its Admin in the app. Its own server and database, and on a phone, as a manager on the move
 * would use it.
 */
describeBrowser('a community of its own', () => {
  const browser = useBrowser();
  const server = useOwnServer('own', {
    COMMUNITY_NAME: 'Lakeside Commons',
    COMMUNITY_TIME_ZONE: TIME_ZONE,
    ADMIN_EMAIL,
  });

  it(
    'its first Admin joins, adds an amenity, plans an event within its hours and changes it',
    { timeout: 240_000 },
    async () => {
      const link = await firstAdminLink(server());
      const { page, context } = await openPage(browser(), {
        ...PHONE,
        baseURL: server().url,
        // axe is injected as an inline script, which the app's CSP refuses.
        bypassCSP: true,
        serviceWorkers: 'block',
      });
      try {
        await joinAsFirstAdmin(page, link);

        await page.goto('/amenities');
        await page.getByRole('button', { name: 'Add Amenity' }).click();
        const add = page.getByRole('dialog', { name: 'Add Amenity' });
        await add.getByLabel('Name').fill('Boathouse Lawn');
        await add.getByLabel('Type').selectOption('lawn');
        await add.getByLabel('Capacity (people)').fill('80');
        await add.getByRole('button', { name: 'Add amenity' }).click();
        await page.getByRole('article', { name: 'Boathouse Lawn' }).waitFor();

        // No counter connected yet: the dashboard does not state 0 visits or $0 as fact.
        await page.goto('/dashboard');
        const metrics = page.getByRole('list', { name: 'Key metrics' });
        const card = (title: string) => metrics.getByRole('listitem').filter({ hasText: title });
        await expect
          .poll(() => card('Active Users Today').textContent())
          .toMatch(/^Active Users Today—No reading today/);
        expect(await card('Revenue Impact').textContent()).toMatch(/^Revenue Impact—Monthly/);
        await page.getByText(/^Today: no data for any of the .+: no sensor reported\./).waitFor();

        await page.goto('/community-management');
        await page.getByRole('button', { name: 'Plan an event' }).click();
        const plan = page.getByRole('dialog', { name: 'Plan an event' });
        const day = tomorrowInCommunity();
        await plan.getByLabel('Title').fill('Sunset yoga');
        await plan.getByLabel('Amenity').selectOption({ label: 'Boathouse Lawn' });
        await plan.getByLabel('Date').fill(day);
        await plan.getByLabel('People planned for').fill('25');
        // Before the lawn opens (08:00-20:00, a new amenity's hours): refused on the phone, in
        // the server's words, at the field.
        await plan.getByLabel('Starts at').fill('07:00');
        await plan.getByLabel('Ends at').fill('09:00');
        await plan.getByRole('button', { name: 'Plan event' }).click();
        await plan
          .getByText(/^Boathouse Lawn opens at 8:00 AM on \w+days \(open 8:00 AM – 8:00 PM\)$/)
          .waitFor();
        await expectAxeCleanInBothThemes(page, 'plan form with a refused start');
        await plan.getByLabel('Starts at').fill('18:00');
        await plan.getByLabel('Ends at').fill('19:30');
        await plan.getByRole('button', { name: 'Plan event' }).click();
        await page.getByText('Event planned').first().waitFor();
        const upcoming = page.getByRole('list', { name: 'Upcoming events' });
        await upcoming.getByText('Sunset yoga').waitFor();

        // Changed: a new title and an earlier hour, kept on the server.
        await upcoming.getByRole('button', { name: /^Edit Sunset yoga on / }).click();
        const change = page.getByRole('dialog', { name: 'Change planned event' });
        await expect.poll(() => change.getByLabel('Title').inputValue()).toBe('Sunset yoga');
        expect(await change.getByLabel('Date').inputValue()).toBe(day);
        expect(await change.getByLabel('Starts at').inputValue()).toBe('18:00');
        await change.getByLabel('Title').fill('Evening yoga');
        await change.getByLabel('Starts at').fill('17:00');
        await change.getByLabel('Ends at').fill('18:30');
        await change.getByRole('button', { name: 'Save changes' }).click();
        await page.getByText('Planned event changed').first().waitFor();
        await upcoming.getByText('Evening yoga').waitFor();
        expect(await upcoming.getByText('Sunset yoga').count()).toBe(0);

        await page.reload();
        const row = page
          .getByRole('list', { name: 'Upcoming events' })
          .getByRole('listitem')
          .filter({ hasText: 'Evening yoga' });
        await row.waitFor();
        // In the community's time, as the list shows times.
        expect(await row.textContent()).toMatch(/5:00\sPM\D+6:30\sPM/);
        await expectAxeCleanInBothThemes(page, 'upcoming events after a change');
      } finally {
        await context.close();
      }
    },
  );
});
