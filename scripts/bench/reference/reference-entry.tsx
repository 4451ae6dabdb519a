import { useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { UsagePoint } from '../../../src/api/contract';
import { toUsageChartData, USAGE_LINES } from '../../../src/lib/usage-chart';
import { UsageChart } from '../../../src/ui/charts/usage-chart';

/**
 * The reference page of `npm run bench:web` (issue 15): React 19 and uPlot drawing the
 * dashboard's usage chart (the app's UsageChart: its uPlot wrapper and options) from the same endpoint,
 * and nothing else: no router, no query cache, no validation, no shell. The app's pages are
 * measured against it.
 */

const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function Reference() {
  const [points, setPoints] = useState<UsagePoint[] | null>(null);
  useEffect(() => {
    void fetch('/api/usage/timeline?period=day')
      .then((res) => res.json() as Promise<UsagePoint[]>)
      .then(setPoints);
  }, []);
  const data = useMemo(() => (points ? toUsageChartData(points, USAGE_LINES) : null), [points]);
  if (!data) return <p>Loading…</p>;
  return (
    <div data-testid="reference-chart">
      <UsageChart data={data} lines={USAGE_LINES} period="day" timeZone={TIME_ZONE} dark={false} />
    </div>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Reference />);
