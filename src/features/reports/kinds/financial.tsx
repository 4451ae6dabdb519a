import { lazy } from 'react';
import { defineReport } from '../report-kind';

export const financialReport = defineReport({
  kind: 'financial',
  title: 'Financial Impact Report',
  description:
    'Monthly amenity value, operating cost per amenity and per visit, for fee discussions.',
  partTitle: 'Financial impact',
  sources: ['metrics', 'timeline', 'amenities', 'gaps'],
  Body: lazy(() => import('./financial-report')),
  status: 'ready',
  downloadLabel: 'PDF',
  download: { type: 'print' },
});
