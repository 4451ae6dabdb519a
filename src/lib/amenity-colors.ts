import type { AmenityType } from '../api/contract';

/** The colour a new amenity gets when none is chosen, by type (the demo's palette). */
export const DEFAULT_AMENITY_COLORS: Record<AmenityType, string> = {
  lawn: '#16a34a',
  hall: '#9333ea',
  yard: '#d97706',
  lake: '#2563eb',
  heritage: '#65a30d',
  street: '#0891b2',
  playground: '#db2777',
};
