import { toCsv } from '../../lib/csv';
import { csvFilename, downloadCsv } from '../../lib/download';
import type { CommunityEvent, Resident } from './community-content';

/** Letters and digits only, lower case: "A-204" and "a204" compare equal. */
function compact(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The directory search: every word of the query must appear in the resident's name, or the
 * query must match the unit (ignoring case, spaces and hyphens).
 */
export function filterResidents(residents: readonly Resident[], query: string): Resident[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...residents];
  const unitQuery = compact(query);
  return residents.filter((resident) => {
    const name = resident.name.toLowerCase();
    const nameMatch = words.every((word) => name.includes(word));
    const unitMatch = unitQuery.length > 0 && compact(resident.unit).includes(unitQuery);
    return nameMatch || unitMatch;
  });
}

/** The four stat tiles, counted from the sample content so they always agree with the lists. */
export function communityStats(residents: readonly Resident[], events: readonly CommunityEvent[]) {
  return {
    totalResidents: residents.length,
    activeResidents: residents.filter((resident) => resident.status === 'active').length,
    upcomingEvents: events.length,
  };
}

/** The residents directory as CSV (Export Data). */
export function residentsCsv(residents: readonly Resident[]): string {
  return toCsv<Resident>(
    [
      { header: 'Name', value: (resident) => resident.name },
      { header: 'Unit', value: (resident) => resident.unit },
      { header: 'Join date', value: (resident) => resident.joinDate },
      { header: 'Status', value: (resident) => resident.status },
      { header: 'Favorite amenities', value: (resident) => resident.favoriteAmenities.join('; ') },
    ],
    residents,
  );
}

/** Saves the directory as a CSV file named with today's date; returns the file name. */
export function downloadResidentsCsv(residents: readonly Resident[], timeZone: string): string {
  const filename = csvFilename('residents-directory', Date.now(), timeZone);
  downloadCsv(filename, residentsCsv(residents));
  return filename;
}
