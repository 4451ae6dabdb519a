import { expect, it } from 'vitest';
import {
  AmenityAnalyticsListSchema,
  COMMUNITY_PATH,
  CommunityProfileSchema,
} from '../../src/api/contract';
import { todayIn } from '../../src/lib/zoned-time';
import { convertTimeWindow } from '../../src/lib/zone-convert';
import { replaceAnswer } from './answers';
import { BASE_URL, DESKTOP, PHONE, describeBrowser, openPage, useBrowser } from './browser';

describeBrowser('times on screen', () => {
  const browser = useBrowser();

  it("peak hours follow the community profile's time zone, converted on the device", async () => {
    const amenities = AmenityAnalyticsListSchema.parse(
      await (await fetch(`${BASE_URL}/api/amenities/analytics`)).json(),
    );
    const lawn = amenities.find((amenity) => amenity.id === 'great-lawn');
    if (!lawn?.timeZone) throw new Error('the server names the zone of its peak windows');
    expect(lawn.timeZone).toBe('America/Los_Angeles');
    const eastern = convertTimeWindow(
      lawn.peakTime,
      todayIn(lawn.timeZone),
      lawn.timeZone,
      'America/New_York',
    ).text;
    expect(eastern).not.toBe(lawn.peakTime);

    const { page, context } = await openPage(browser(), DESKTOP);
    // The profile says Eastern (an Admin's change, without changing the shared test server).
    await replaceAnswer(page, COMMUNITY_PATH, ({ status, body }) => {
      const profile = CommunityProfileSchema.parse(JSON.parse(body));
      return { status, body: JSON.stringify({ ...profile, timeZone: 'America/New_York' }) };
    });
    await page.goto('/analytics');
    const peak = page.getByRole('region', { name: 'Peak Usage Hours by Amenity' });
    await peak.getByText(`Peak ${eastern}`).first().waitFor();
    expect(await peak.getByText(`Peak ${lawn.peakTime}`).count()).toBe(0);
    await context.close();
  });

  it("the chart's unfinished hour is read out as 'so far', not drawn as a collapse", async () => {
    const { page, context } = await openPage(browser(), PHONE);
    await page.goto('/dashboard');
    const usage = page.getByRole('region', { name: 'Amenity Usage Over Time' });
    // Below a phone's first screen: the card's body loads as the reader scrolls near it.
    await usage.scrollIntoViewIfNeeded();
    await usage.getByText(/^Latest · .* · this hour so far \(not in the line\)$/).waitFor();
    await usage.getByRole('button', { name: 'Table', exact: true }).click();
    const rows = usage.getByRole('row');
    await expect.poll(() => rows.count()).toBeGreaterThan(2);
    expect(await rows.last().innerText()).toContain('(so far)');
    await context.close();
  });
});
