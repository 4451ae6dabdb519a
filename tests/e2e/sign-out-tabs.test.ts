import { expect, it } from 'vitest';
import { RESIDENTS_PATH } from '../../src/api/contract';
import { urlFromKey } from '../../src/api/query-fn';
import { REFRESH } from '../../src/api/refresh';
import {
  DESKTOP,
  describeBrowser,
  openPage,
  signIn,
  storedQueryKeys,
  useBrowser,
  waitForSnapshot,
} from './browser';

/** The URLs of the residents directory's pages the device's snapshot holds. */
async function savedResidentPages(page: Parameters<typeof storedQueryKeys>[0]) {
  return ((await storedQueryKeys(page)) ?? [])
    .map((key) => urlFromKey(key))
    .filter((url) => url.startsWith(RESIDENTS_PATH));
}

describeBrowser('signing out with two tabs open', () => {
  const browser = useBrowser();

  it('the other tab is signed out too and never saves the directory back', async () => {
    const { page: first, context } = await openPage(browser(), DESKTOP);
    try {
      await signIn(first, 'manager@willowcreek.example');
      const second = await context.newPage();
      await second.goto('/community-management');
      await second.getByRole('list', { name: 'Residents' }).getByText('Emily Rodriguez').waitFor();
      await waitForSnapshot(second, [RESIDENTS_PATH]);

      await first
        .getByRole('complementary', { name: 'Sidebar' })
        .getByRole('button', { name: 'Sign out' })
        .click();
      await first.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

      // The second tab is left alone past a refresh and a save: before, its refresh, answered as
      // the demo viewer, kept the directory and saved it all back. (Not read at once: a save the
      // second tab began before it heard of the sign-out may land a moment after the wipe; it is
      // never restored, and the tab's next save replaces it.)
      await second.waitForTimeout(REFRESH.live + 5_000);
      expect(await savedResidentPages(first)).toEqual([]);
      expect(await savedResidentPages(second)).toEqual([]);
      expect(await second.getByText('Emily Rodriguez').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);
});
