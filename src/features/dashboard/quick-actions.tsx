import { useId } from 'react';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Icon, type IconName } from '../../ui/icons';
import { toast } from '../../ui/toast';
import { exportUsageData } from './export-usage-data';

/** Spec section 8: each quick action shows its notification; no call is made. */
export function generateMonthlyReport(): void {
  toast({
    title: 'Report Generation Started',
    description: 'Your monthly report is being generated and will be ready shortly.',
  });
}

export function scheduleAutoReports(): void {
  toast({
    title: 'Report Scheduling',
    description: 'Auto-report scheduling feature will be available soon.',
  });
}

export function manageAlerts(): void {
  toast({
    title: 'Alert Management',
    description: 'Alert management interface will be available soon.',
  });
}

const ACTIONS: readonly { label: string; icon: IconName; run: () => void }[] = [
  { label: 'Generate Monthly Report', icon: 'report', run: generateMonthlyReport },
  { label: 'Export Usage Data', icon: 'download', run: exportUsageData },
  { label: 'Schedule Auto Reports', icon: 'calendar', run: scheduleAutoReports },
  { label: 'Manage Alerts', icon: 'bell', run: manageAlerts },
];

export function QuickActions() {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader id={headingId} title="Quick Actions & Reports" />
      <CardBody>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 xl:grid-cols-4">
          {ACTIONS.map((action) => (
            <li key={action.label}>
              <Button
                variant="secondary"
                className="h-full w-full justify-start py-2 text-left"
                onClick={action.run}
              >
                <Icon name={action.icon} className="h-4 w-4" />
                {action.label}
              </Button>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
