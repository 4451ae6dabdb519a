import { useId } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { writeChoice } from '../../lib/persistent-state';
import { REPORTS_PERIOD_KEY } from '../../lib/storage-keys';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { PageIcon, type PageIconName } from '../../ui/page-icons';
import { toast } from '../../ui/toast';
import { ALERT_RULES_ANCHOR, SCHEDULED_REPORTS_ANCHOR } from '../../lib/app-pages';
import { exportUsageData } from './export-usage-data';

type ActionContext = { client: QueryClient; days: number; navigate: NavigateFunction };

/**
 * Spec section 8: each quick action shows its notification. Where the product can keep the
 * notification's promise, it does: the monthly report opens on the Reports page (built from the
 * data on the device), the export downloads a CSV, and the schedules and alert rules open where
 * they are managed (issue 14).
 */
export function generateMonthlyReport({ navigate }: ActionContext): void {
  toast({
    title: 'Report Generation Started',
    description: 'Your monthly report is being generated and will be ready shortly.',
  });
  writeChoice(REPORTS_PERIOD_KEY, 'month');
  navigate('/reports?report=full');
}

/** Frames to wait for the page that was opened to render the section (its code may load first). */
const SECTION_FRAMES = 180;

/**
 * Opens `path#id` and brings the section into view, with focus on it, once its page has
 * rendered it: the browser scrolls to a #hash only when a document loads, not when the app
 * changes its URL, and the page's code may still be loading. A reader who has gone elsewhere
 * meanwhile (Back, another link) is left where they are.
 */
export function openSection(navigate: NavigateFunction, path: string, id: string): void {
  navigate(`${path}#${id}`);
  let frames = 0;
  const find = () => {
    const { pathname, hash } = window.location;
    if (pathname !== path || hash !== `#${id}`) return;
    const section = document.getElementById(id);
    if (!section) {
      if (++frames < SECTION_FRAMES) requestAnimationFrame(find);
      return;
    }
    section.scrollIntoView?.({ block: 'start' });
    if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
    section.focus({ preventScroll: true });
  };
  requestAnimationFrame(find);
}

/** Opens the server's report schedules on the Reports page. */
export function scheduleAutoReports({ navigate }: ActionContext): void {
  toast({ title: 'Report Scheduling', description: 'Opening the scheduled reports.' });
  openSection(navigate, '/reports', SCHEDULED_REPORTS_ANCHOR);
}

/** Opens the alert rules (the Alerts page says why when the viewer may not edit them). */
export function manageAlerts({ navigate }: ActionContext): void {
  toast({ title: 'Alert Management', description: 'Opening the alert rules.' });
  openSection(navigate, '/alerts', ALERT_RULES_ANCHOR);
}

const ACTIONS: readonly {
  label: string;
  icon: PageIconName;
  run: (context: ActionContext) => void;
}[] = [
  { label: 'Generate Monthly Report', icon: 'report', run: generateMonthlyReport },
  {
    label: 'Export Usage Data',
    icon: 'download',
    run: ({ client, days }) => void exportUsageData(client, days),
  },
  { label: 'Schedule Auto Reports', icon: 'calendar', run: scheduleAutoReports },
  { label: 'Manage Alerts', icon: 'bell', run: manageAlerts },
];

/** `days`: the dashboard's date range, which the usage export covers. */
export function QuickActions({ days }: { days: number }) {
  const headingId = useId();
  const client = useQueryClient();
  const navigate = useNavigate();
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
                onClick={() => action.run({ client, days, navigate })}
              >
                <PageIcon name={action.icon} className="h-4 w-4" />
                {action.label}
              </Button>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
