import { normalizeStatus, type AmenityAnalytics } from '../../api/contract';

/** Spec section 4: any unknown status is shown as closed (normalised once, here). */
export function toAmenityViews(list: readonly AmenityAnalytics[]) {
  return list.map((amenity) => ({ ...amenity, status: normalizeStatus(amenity.status) }));
}

export type AmenityDetail = ReturnType<typeof toAmenityViews>[number];
