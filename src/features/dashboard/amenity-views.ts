import { normalizeStatus, type AmenityAnalytics } from '../../api/contract';
import type { AmenityView } from '../../ui/cards/types';

/** Spec section 4: any unknown status is shown as closed (normalised once, here). */
export function toAmenityViews(list: readonly AmenityAnalytics[]): AmenityView[] {
  return list.map((amenity) => ({ ...amenity, status: normalizeStatus(amenity.status) }));
}
