import { readFileSync } from 'node:fs';
import { cellsOf } from '../csv-cells';
import { expect, it } from 'vitest';
import { ALERTS_API_PATHS, AUTH_PATHS, INVITES_PATH, USERS_PATH } from '../../src/api/contract';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/auth/demo-accounts';
import { base32Decode, totp } from '../../server/auth/totp';
import { expectAxeCleanInBothThemes } from './axe';
import {
  DESKTOP,
  PHONE,
  clippedSelects,
  describeBrowser,
  openPage,
  requestFromPage,
  signIn,
  useBrowser,
  useOwnServer,
} from './browser';

/**
 * Issue 11, "sign in as each demo account, do one permitted and one forbidden action": each
 * account signs in on /sign-in, does something its role may do through the app, and meets
 * something it may not: the app does not offer it, and the same request sent by the page (its
 * session cookie, its own Origin) is refused by the server. The demo viewer likewise. A server of
 * its own (no simulator), so the changes stay out of the other tests' community.
 */

describeBrowser('what each role may do', () => {
  const browser = useBrowser();
  const server = useOwnServer('roles');

  // bypassCSP lets the test inject axe (as tests/e2e/accessibility.test.ts does).
  const open = (device = DESKTOP) =>
    openPage(browser(), {
      ...device,
      baseURL: server().url,
      bypassCSP: true,
      serviceWorkers: 'block',
    });

  // Ten axe scans, a sign-in with a code and a new authenticator: ~20 s on an idle machine, more
  // than the default minute is possible on a busy two-core one.
  it(
    'Admin (with TOTP) invites a user; the last Admin cannot be removed; new recovery codes',
    { timeout: 180_000 },
    async () => {
      const { page, context } = await open();
      try {
        await signIn(page, 'admin@willowcreek.example');
        await page.goto('/settings');
        await page.getByRole('tab', { name: 'Users' }).click();
        const users = page.getByRole('tabpanel', { name: 'Users' });
        await users.getByText('admin@willowcreek.example').waitFor();

        // Permitted: an invite link, shown once.
        await users.getByRole('button', { name: 'Add User' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add User' });
        await dialog.getByLabel('Email').fill('treasurer@willowcreek.example');
        await dialog.getByRole('combobox', { name: 'Role' }).selectOption('board');
        await expectAxeCleanInBothThemes(page, 'invite form');
        await dialog.getByRole('button', { name: 'Create invite link' }).click();
        const link = dialog.getByRole('textbox', { name: 'Invite link' });
        await link.waitFor();
        expect(await link.inputValue()).toMatch(
          new RegExp(`^${server().url}/accept-invite#token=[A-Za-z0-9_-]{20,}$`),
        );
        await expectAxeCleanInBothThemes(page, 'invite link');
        await dialog.getByRole('button', { name: 'Done' }).click();

        // Forbidden for everyone, Admins included: removing the last Admin. The app does not
        // offer it and says why; the server refuses it all the same.
        expect(await users.getByRole('button', { name: 'Remove: Alex Rivera' }).count()).toBe(0);
        await users.getByText('Last Admin').waitFor();
        // An arrow key on a role select (it changes a closed select's value) only asks; Escape
        // keeps the role, with focus back on the select.
        const danaRole = users.getByRole('combobox', { name: 'Role of Dana Brooks' });
        await danaRole.focus();
        await page.keyboard.press('ArrowUp');
        const confirmRole = page.getByRole('dialog', { name: 'Make Dana Brooks HOA Manager?' });
        await confirmRole.waitFor();
        await page.keyboard.press('Escape');
        await confirmRole.waitFor({ state: 'hidden' });
        expect(await danaRole.inputValue()).toBe('board');
        expect(await danaRole.evaluate((element) => element === document.activeElement)).toBe(true);
        const listed = await requestFromPage(page, 'GET', USERS_PATH);
        expect(
          (listed.json as { email: string; role: string }[]).find(
            (user) => user.email === 'board@willowcreek.example',
          )?.role,
        ).toBe('board');

        // On a 320 px phone each user's role select still shows its whole role.
        await page.setViewportSize({ width: 320, height: 640 });
        expect(await clippedSelects(page)).toEqual([]);
        await page.setViewportSize({ width: 1280, height: 800 });
        const list = await requestFromPage(page, 'GET', USERS_PATH);
        const admin = (list.json as { id: number; email: string }[]).find(
          (user) => user.email === 'admin@willowcreek.example',
        );
        expect(admin).toBeDefined();
        expect(await requestFromPage(page, 'DELETE', `${USERS_PATH}/${admin?.id}`)).toMatchObject({
          status: 409,
        });

        // Their own account: new recovery codes, for a code from the authenticator.
        await page.goto('/account');
        const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
        // The demo Admin was created with an authenticator and no recovery codes.
        await twoFactor.getByText(/^You have no recovery codes/).waitFor();
        await page
          .getByRole('region', { name: 'Where you are signed in' })
          .getByText('This device', { exact: true })
          .waitFor();
        await expectAxeCleanInBothThemes(page, 'account page');
        // The sign-in used its 30-second step's code; the step after it is accepted once.
        const secret = DEMO_ACCOUNTS.find((a) => a.role === 'admin')?.totpSecret ?? '';
        const next = totp(base32Decode(secret) ?? Buffer.alloc(0), Date.now() + 30_000);
        await twoFactor.getByLabel('Code from your authenticator app').fill(next);
        await twoFactor.getByRole('button', { name: 'Make new recovery codes' }).click();
        const codes = twoFactor.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
        await expect.poll(() => codes.count()).toBe(10);
        expect(await codes.first().textContent()).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
        await twoFactor.getByText('10 of 10 recovery codes left.').waitFor();
        await expectAxeCleanInBothThemes(page, 'new recovery codes');

        // A new phone: the password, the new QR code, a code from the new app.
        await twoFactor.getByRole('button', { name: 'I saved them, hide the codes' }).click();
        await twoFactor.getByRole('button', { name: 'Set up a new authenticator' }).click();
        await twoFactor.getByLabel('Your password').fill(DEMO_PASSWORD);
        await twoFactor.getByRole('button', { name: 'Continue' }).click();
        await twoFactor.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
        await expectAxeCleanInBothThemes(page, 'new authenticator');
        const newSecret = ((await twoFactor.locator('code').textContent()) ?? '').replace(/ /g, '');
        expect(newSecret).toMatch(/^[A-Z2-7]{32}$/);
        const codeOf = (key: string, at: number) => totp(base32Decode(key) ?? Buffer.alloc(0), at);
        await twoFactor.getByLabel('Code from the new app').fill(codeOf(newSecret, Date.now()));
        await twoFactor.getByRole('button', { name: 'Use the new authenticator' }).click();
        await twoFactor.getByText(/^Your new authenticator is set up/).waitFor();
        await expect.poll(() => codes.count()).toBe(10);
        // The old app no longer signs in; the new one does.
        const signInWith = (code: string) =>
          requestFromPage(page, 'POST', AUTH_PATHS.signIn, {
            email: 'admin@willowcreek.example',
            password: DEMO_PASSWORD,
            code,
          });
        expect((await signInWith(codeOf(secret, Date.now() + 60_000))).status).toBe(401);
        expect((await signInWith(codeOf(newSecret, Date.now() + 30_000))).status).toBe(200);
      } finally {
        await context.close();
      }
    },
  );

  it('Manager edits an amenity; inviting users is neither offered nor allowed', async () => {
    const { page, context } = await open(PHONE);
    try {
      await signIn(page, 'manager@willowcreek.example');

      // Permitted: Grand Lake's capacity, changed in its settings, on the server.
      await page.goto('/amenities');
      const lake = page.getByRole('article', { name: 'Grand Lake' });
      await lake.getByText(/\d+ \/ 150/).waitFor();
      await lake.getByRole('button', { name: 'Settings: Grand Lake' }).click();
      const dialog = page.getByRole('dialog', { name: 'Grand Lake settings' });
      await dialog.getByLabel('Capacity (people)').fill('160');
      await expectAxeCleanInBothThemes(page, 'amenity settings');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await lake.getByText(/\d+ \/ 160/).waitFor();
      await page.reload();
      await lake.getByText(/\d+ \/ 160/).waitFor();

      // Forbidden: inviting a user. No Add User in Settings → Users, and the server says 403.
      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Users' }).click();
      await page.getByText('Only Admins invite users, change roles and remove users.').waitFor();
      expect(await page.getByRole('button', { name: 'Add User' }).count()).toBe(0);
      const refused = await requestFromPage(page, 'POST', INVITES_PATH, {
        email: 'someone@willowcreek.example',
        role: 'manager',
      });
      expect(refused.status).toBe(403);
      // Refused for the role, not for a missing or foreign Origin.
      expect(refused.error).not.toMatch(/Origin/);
    } finally {
      await context.close();
    }
  });

  it('Board member opens a report and downloads its CSV; editing an amenity is neither offered nor allowed', async () => {
    const { page, context } = await open();
    try {
      await signIn(page, 'board@willowcreek.example');

      // Permitted: the usage report, opened and downloaded as CSV.
      await page.goto('/reports');
      await page.getByRole('button', { name: 'Preview: Amenity Usage Report' }).click();
      await page.getByRole('heading', { name: /^Amenity Usage Report — / }).waitFor();
      const csv = page.getByRole('button', { name: 'Download CSV', exact: true });
      await expect.poll(() => csv.isEnabled()).toBe(true);
      const [download] = await Promise.all([page.waitForEvent('download'), csv.click()]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const usage = cellsOf(readFileSync(await download.path(), 'utf8'));
      expect(usage.flat()).toContain('Grand Lake');

      // And the readings behind it, from the server: each day's Entries of each amenity add up
      // to that day's visits in the report's file, every day and amenity of the month.
      const readings = page.getByRole('button', { name: /^Download readings/ });
      const [rawFile] = await Promise.all([page.waitForEvent('download'), readings.click()]);
      expect(rawFile.suggestedFilename()).toMatch(/^readings-all-\d{4}-\d\d-01-to-.*\.csv$/);
      const raw = cellsOf(readFileSync(await rawFile.path(), 'utf8'));
      expect(raw[0]).toEqual(['Report', 'Sensor readings, all amenities']);
      const sums = new Map<string, number>();
      for (const row of raw.slice(raw.findIndex((cells) => cells[0] === 'Amenity') + 1)) {
        const key = `${row[4]} ${row[0]}`;
        sums.set(key, (sums.get(key) ?? 0) + Number(row[6]));
      }
      const columnsAt = usage.findIndex((cells) => cells[0]?.startsWith('Date ('));
      const names = usage[columnsAt]?.slice(1, -1) ?? [];
      expect(names).toContain('Grand Lake');
      const days = usage.slice(columnsAt + 1);
      expect(days.length).toBeGreaterThanOrEqual(28);
      for (const [day, ...visits] of days) {
        names.forEach((name, i) => expect(sums.get(`${day} ${name}`) ?? 0).toBe(Number(visits[i])));
      }
      await page.getByText('Download started').first().waitFor();
      await expectAxeCleanInBothThemes(page, 'usage report with Download readings');

      // Forbidden: changing an amenity. No Settings on the cards, and the server says 403.
      await page.goto('/amenities');
      const lake = page.getByRole('article', { name: 'Grand Lake' });
      await lake.getByText(/\d+ \/ \d+/).waitFor();
      expect(await page.getByRole('button', { name: /^Settings:/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Add Amenity' }).count()).toBe(0);
      const refused = await requestFromPage(page, 'PATCH', '/api/amenities/grand-lake', {
        capacity: 5,
      });
      expect(refused.status).toBe(403);
      expect(refused.error).not.toMatch(/Origin/);
      // Nor may a Board member set alerts (the page explains instead of offering a form).
      await page.goto('/alerts');
      expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
      expect(
        (
          await requestFromPage(page, 'POST', ALERTS_API_PATHS.alertRules, {
            amenityId: 'grand-lake',
            kind: 'occupancy',
          })
        ).status,
      ).toBe(403);
    } finally {
      await context.close();
    }
  });

  it('the demo viewer is read only: no controls to change anything, and writes get 403', async () => {
    const { page, context } = await open(PHONE);
    try {
      await page.goto('/amenities');
      await page.getByRole('region', { name: 'Demo' }).waitFor();
      await page.getByRole('article', { name: 'Grand Lake' }).waitFor();
      expect(await page.getByRole('button', { name: 'Add Amenity' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Settings:/ }).count()).toBe(0);

      await page.goto('/reports');
      await page.getByRole('region', { name: 'Available Reports' }).waitFor();
      // Below the report list on a phone: it renders as the reader scrolls near it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const schedules = page.getByRole('region', { name: 'Scheduled Reports' });
      await schedules.getByText(/The demo is read-only/).waitFor();
      expect(await schedules.getByRole('button').count()).toBe(0);

      await page.goto('/alerts');
      await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
      expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Mark .*read/ }).count()).toBe(0);

      for (const [method, url, body] of [
        ['POST', '/api/amenities', { name: 'Demo Pool', type: 'lake', capacity: 10 }],
        ['PATCH', '/api/amenities/grand-lake', { capacity: 5 }],
        ['POST', ALERTS_API_PATHS.reportSchedules, { kind: 'usage', cadence: 'monthly' }],
        ['POST', INVITES_PATH, { email: 'x@willowcreek.example', role: 'admin' }],
      ] as const) {
        const refused = await requestFromPage(page, method, url, body);
        expect(refused.status, `${method} ${url}`).toBe(403);
        expect(refused.error, `${method} ${url}`).not.toMatch(/Origin/);
      }
    } finally {
      await context.close();
    }
  });
});
