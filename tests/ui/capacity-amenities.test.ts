import { describe, expect, it } from 'vitest';
import { amenitiesFixture } from '../../mocks/fixtures';
import type { AmenityAnalytics } from '../../src/api/contract';
import { capacityAmenities } from '../../src/widgets/live-status-card';

const names = (list: readonly AmenityAnalytics[]) => list.map((amenity) => amenity.name);
const [base] = amenitiesFixture;
if (!base) throw new Error('no amenity fixture');
const amenity = (id: string, type: AmenityAnalytics['type'], users: number, capacity: number) => ({
  ...base,
  id,
  name: id,
  type,
  currentUsers: users,
  capacity,
});

describe('capacityAmenities (Capacity Planning)', () => {
  it("shows the spec's lawn and hall in the demo", () => {
    expect(names(capacityAmenities(amenitiesFixture))).toEqual(['The Great Lawn', 'Solis Hall']);
  });

  it('adds any other amenity at or over 90% of its capacity, fullest first', () => {
    const list = [
      amenity('Gym', 'hall', 9, 20),
      amenity('Pool', 'lake', 37, 40),
      amenity('Lap pool', 'lake', 18, 20),
      amenity('Courts', 'yard', 17, 20),
    ];
    // Pool 93%, Lap pool 90%, Courts 85% (under the alert level).
    expect(names(capacityAmenities(list))).toEqual(['Gym', 'Pool', 'Lap pool']);
  });

  it('with neither lawn nor hall, shows the two fullest now; a silent sensor is never fullest', () => {
    const silent = { ...amenity('Silent', 'lake', 40, 40), live: false, lastReadingAt: null };
    const list = [
      silent,
      amenity('Playground', 'playground', 5, 50),
      amenity('Pool', 'lake', 20, 40),
      amenity('Courts', 'yard', 12, 20),
    ];
    expect(names(capacityAmenities(list))).toEqual(['Courts', 'Pool']);
  });
});
