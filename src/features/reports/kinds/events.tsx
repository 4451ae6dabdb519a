import { preloadable } from '../../../ui/preloadable';
import { defineReport } from '../report-kind';

export const eventsReport = defineReport({
  kind: 'events',
  title: 'Event Performance Report',
  description: "Amy's analysis: events, attendance, top categories and amenities.",
  partTitle: 'Event performance',
  sources: ['analysis'],
  Body: preloadable(
    () => import('./events-report'),
    (module) => module.default,
  ),
  status: 'ready',
  downloadLabel: 'CSV',
  download: {
    type: 'csv',
    failureTitle: 'Event data not downloaded',
    run: async (context) => (await import('../report-downloads')).downloadEvents(context),
  },
});
