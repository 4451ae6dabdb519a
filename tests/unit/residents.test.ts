import { describe, expect, it } from 'vitest';
import {
  RESIDENTS,
  UPCOMING_EVENTS,
  type Resident,
} from '../../src/features/community/community-content';
import {
  communityStats,
  filterResidents,
  residentsCsv,
} from '../../src/features/community/residents';

const names = (residents: Resident[]) => residents.map((resident) => resident.name);

describe('filterResidents', () => {
  it('returns everyone for an empty or blank query', () => {
    expect(filterResidents(RESIDENTS, '')).toHaveLength(RESIDENTS.length);
    expect(filterResidents(RESIDENTS, '   ')).toHaveLength(RESIDENTS.length);
  });

  it('matches names in any case, every word', () => {
    expect(names(filterResidents(RESIDENTS, 'emily'))).toEqual(['Emily Rodriguez']);
    expect(names(filterResidents(RESIDENTS, 'JOHNSON'))).toEqual(['Marcus Johnson']);
    expect(names(filterResidents(RESIDENTS, 'rob nguyen'))).toEqual(['Robert Nguyen']);
    expect(filterResidents(RESIDENTS, 'emily nguyen')).toEqual([]);
  });

  it('matches units ignoring case, spaces and hyphens', () => {
    expect(names(filterResidents(RESIDENTS, 'A-204'))).toEqual(['James Thompson']);
    expect(names(filterResidents(RESIDENTS, 'a204'))).toEqual(['James Thompson']);
    expect(names(filterResidents(RESIDENTS, 'e 4'))).toEqual(['Henry Walker']);
  });

  it('finds nothing for a query that matches no one', () => {
    expect(filterResidents(RESIDENTS, 'zzz')).toEqual([]);
    expect(filterResidents(RESIDENTS, '---')).toEqual([]);
  });
});

describe('communityStats', () => {
  it('counts from the sample content', () => {
    expect(communityStats(RESIDENTS, UPCOMING_EVENTS)).toEqual({
      totalResidents: RESIDENTS.length,
      activeResidents: RESIDENTS.filter((r) => r.status === 'active').length,
      upcomingEvents: UPCOMING_EVENTS.length,
    });
  });
});

describe('residentsCsv', () => {
  it('writes a header and one escaped line per resident', () => {
    const csv = residentsCsv([
      {
        id: 'x',
        name: 'Lee, "Sam"',
        unit: '=A1',
        joinDate: '2024-01-02',
        status: 'active',
        favoriteAmenities: ['Solis Hall', 'Grand Lake'],
      },
      {
        id: 'y',
        name: 'Ana Souza',
        unit: 'B-2',
        joinDate: '2023-05-06',
        status: 'inactive',
        favoriteAmenities: [],
      },
    ]);
    expect(csv).toBe(
      'Name,Unit,Join date,Status,Favorite amenities\r\n' +
        `"Lee, ""Sam""",'=A1,2024-01-02,active,Solis Hall; Grand Lake\r\n` +
        'Ana Souza,B-2,2023-05-06,inactive,\r\n',
    );
  });
});
