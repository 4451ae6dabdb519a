import { preloadable } from '../../../ui/preloadable';
import { defineReport } from '../report-kind';

export const financialReport = defineReport({
  kind: 'financial',
  title: 'Financial Impact Report',
  description:
    'Monthly amenity value, operating cost per amenity and per visit, for fee discussions.',
  partTitle: 'Financial impact',
  sources: ['metrics', 'timeline', 'amenities', 'gaps'],
  Body: preloadable(
    () => import('./financial-report'),
    (module) => module.default,
  ),
  status: 'ready',
  downloadLabel: 'PDF',
  download: { type: 'print' },
});
