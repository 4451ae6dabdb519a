import type { AmenityStatusView } from '../../lib/display-rules';

/**
 * What the shared data cards read. The API types live in src/api, which src/ui must not import;
 * these are the fields the cards use, and the API types fit them structurally.
 */

/** An amenity of /api/amenities/analytics, with its status normalised by the feature. */
export type AmenityView = {
  id: string;
  name: string;
  type: string;
  status: AmenityStatusView;
  currentUsers: number;
  capacity: number;
  usagePercentage: number;
  peakTime: string;
  peakUsage: number;
};

export type PopularityView = { name: string; percentage: number; color: string };

export type EventAnalysisView = {
  monthlyTrends: readonly { month: string; events: number; avgAttendance: number }[];
  popularCategories: readonly { category: string; count: number; avgSuccess: number }[];
  bestPerformingAmenities: readonly {
    amenity: string;
    eventCount: number;
    avgAttendance: number;
  }[];
  seasonalInsights: readonly string[];
};
