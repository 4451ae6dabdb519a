import { preloadable } from '../../../ui/preloadable';
import { defineReport } from '../report-kind';

export const usageReport = defineReport({
  kind: 'usage',
  title: 'Amenity Usage Report',
  description: 'Visits per amenity, peak hours and capacity use.',
  partTitle: 'Amenity usage',
  sources: ['timeline', 'amenities', 'gaps'],
  Body: preloadable(
    () => import('./usage-report'),
    (module) => module.default,
  ),
  status: 'ready',
  downloadLabel: 'CSV',
  download: {
    type: 'csv',
    failureTitle: 'Usage data not downloaded',
    // The file's code loads on the first download, not with the page.
    run: async (context) => (await import('../report-downloads')).downloadUsage(context),
  },
});
