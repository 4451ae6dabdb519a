import { describe, expect, it } from 'vitest';
import { displayClockTime } from '../../src/lib/clock-time';
import { convertTimeWindow } from '../../src/lib/zone-convert';
import { localizeAmenities, localizeSuggestions } from '../../src/api/localize';
import { amenitiesFixture, suggestionsFixture } from '../../mocks/fixtures';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';

describe('convertTimeWindow', () => {
  it('moves the clock hands, not the instants', () => {
    expect(convertTimeWindow('5:00 PM - 7:00 PM', '2026-03-18', LA, NY)).toEqual({
      text: '8:00 PM - 10:00 PM',
      date: '2026-03-18',
    });
    expect(convertTimeWindow('8:00 PM - 10:00 PM', '2026-03-18', NY, LA).text).toBe(
      '5:00 PM - 7:00 PM',
    );
  });

  it('moves the date when the window crosses midnight', () => {
    expect(convertTimeWindow('10:00 PM - 11:00 PM', '2026-07-04', LA, NY)).toEqual({
      text: '1:00 AM - 2:00 AM',
      date: '2026-07-05',
    });
  });

  it('leaves text that is not a window, and equal zones, as they are', () => {
    expect(convertTimeWindow('No data yet', '2026-03-18', LA, NY).text).toBe('No data yet');
    expect(convertTimeWindow('5:00 PM - 7:00 PM', '2026-03-18', LA, LA).text).toBe(
      '5:00 PM - 7:00 PM',
    );
  });

  it('writes clock times the way the server does', () => {
    expect(['00:00', '09:30', '12:00', '23:05'].map(displayClockTime)).toEqual([
      '12:00 AM',
      '9:30 AM',
      '12:00 PM',
      '11:05 PM',
    ]);
  });
});

describe('localize', () => {
  it("shows the amenities' peak windows in the chosen zone", () => {
    const [lawn] = localizeAmenities(
      amenitiesFixture.map((amenity) => ({ ...amenity, timeZone: LA })),
      NY,
      Date.parse('2026-03-18T20:00:00Z'),
    );
    expect(lawn?.peakTime).toBe('8:00 PM - 10:00 PM');
    expect(lawn?.timeZone).toBe(NY);
  });

  it("shows Amy's dates and times in the chosen zone; without a zone it leaves them", () => {
    const first = suggestionsFixture()[0];
    if (!first) throw new Error('fixture missing');
    const [moved] = localizeSuggestions([{ ...first, timeZone: LA }], NY);
    const [kept] = localizeSuggestions([first], NY);
    expect(first.suggestedTime).toBe('6:00 PM - 9:00 PM');
    expect(moved?.suggestedTime).toBe('9:00 PM - 12:00 AM');
    expect(kept).toBe(first);
  });
});
