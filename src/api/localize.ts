import type { AmenityAnalytics, Suggestion } from './contract';
import { todayIn } from '../lib/zoned-time';
import { convertTimeWindow } from '../lib/zone-convert';

/** Peak windows, written by the server in the community's zone, read in `zone`. */
export function localizeAmenities(
  amenities: AmenityAnalytics[],
  zone: string,
  now = Date.now(),
): AmenityAnalytics[] {
  return amenities.map((amenity) => {
    if (!amenity.timeZone || amenity.timeZone === zone) return amenity;
    const { text } = convertTimeWindow(
      amenity.peakTime,
      todayIn(amenity.timeZone, now),
      amenity.timeZone,
      zone,
    );
    return { ...amenity, peakTime: text, timeZone: zone };
  });
}

/** Amy's dates and times, written in the community's zone, read in `zone`. */
export function localizeSuggestions(suggestions: Suggestion[], zone: string): Suggestion[] {
  return suggestions.map((suggestion) => {
    if (!suggestion.timeZone || suggestion.timeZone === zone) return suggestion;
    const { text, date } = convertTimeWindow(
      suggestion.suggestedTime,
      suggestion.suggestedDate,
      suggestion.timeZone,
      zone,
    );
    return { ...suggestion, suggestedTime: text, suggestedDate: date, timeZone: zone };
  });
}
