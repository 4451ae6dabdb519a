import { preloadable } from '../../../ui/preloadable';
import { defineReport } from '../report-kind';

export const maintenanceReport = defineReport({
  kind: 'maintenance',
  title: 'Maintenance & Operations Report',
  description: 'Work orders, inspections and downtime per amenity.',
  sources: [],
  Body: preloadable(
    () => import('./maintenance-report'),
    (module) => module.default,
  ),
  status: 'pending',
  downloadLabel: 'PDF',
  download: null,
  pendingReason:
    'Pending: CommonGround does not collect maintenance data yet, so there is nothing to download.',
});
