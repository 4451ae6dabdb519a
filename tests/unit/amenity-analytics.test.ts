import { describe, expect, it } from 'vitest';
import { amenitiesFixture } from '../../mocks/fixtures';
import { AmenityAnalyticsListSchema } from '../../src/api/contract';

describe('amenity status, normalised by the contract', () => {
  it('keeps the four known statuses and shows any other value as closed', () => {
    const [lawn, hall] = amenitiesFixture;
    if (!lawn || !hall) throw new Error('fixture missing');
    const result = AmenityAnalyticsListSchema.parse([
      { ...lawn, status: 'high' },
      { ...hall, status: 'under-maintenance' },
    ]);
    expect(result.map((amenity) => amenity.status)).toEqual(['high', 'closed']);
    expect(result[1]).toMatchObject({ id: hall.id, name: hall.name, capacity: hall.capacity });
  });
});
