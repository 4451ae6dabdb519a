import { memo, useMemo, useRef, useLayoutEffect } from 'react';
import type uPlot from 'uplot';
import type { UsagePeriod } from '../../api/contract';
import { formatUsageTime, type UsageChartData, type UsageLine } from '../../lib/usage-chart';
import { wallClockDateFn } from '../../lib/wall-clock-date';
import { UPlotChart, type ChartOptions } from './uplot-chart';

export const USAGE_CHART_HEIGHT = 260;

type Labels = { period: UsagePeriod; timeZone: string };

/** The app's font (src/index.css --font-sans), so the axes match the page and share its font. */
const AXIS_FONT = '12px ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Canvas has no CSS: read the axis and grid colours from custom properties of the container. */
function cssColor(u: uPlot, property: string, fallback: string): string {
  return getComputedStyle(u.root).getPropertyValue(property).trim() || fallback;
}

/**
 * uPlot options for the usage chart, one series per line in `lines` (the columns of the data, in
 * their order). Labels come from a getter so a new period or time zone needs only a redraw, never
 * a new plot.
 */
export function usageChartOptions(
  labels: () => Labels,
  lines: readonly Pick<UsageLine, 'label' | 'color'>[],
): ChartOptions {
  const axisStroke = (u: uPlot) => cssColor(u, '--chart-axis', '#475569');
  const gridStroke = (u: uPlot) => cssColor(u, '--chart-grid', '#e2e8f0');
  let zone = '';
  let wallClock: (ms: number) => Date = (ms) => new Date(ms);
  return {
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    // Ticks fall on the community's midnights and hours, not the device's.
    tzDate: (seconds) => {
      const { timeZone } = labels();
      if (timeZone !== zone) {
        zone = timeZone;
        wallClock = wallClockDateFn(timeZone);
      }
      return wallClock(seconds * 1000);
    },
    scales: {
      x: { time: true },
      y: { range: (_u, _min, max) => [0, max > 0 ? Math.ceil(max * 1.1) : 10] },
    },
    series: [
      {},
      ...lines.map((line) => ({
        label: line.label,
        stroke: line.color,
        width: 2,
        // A bucket without readings is null: a break in the line, never a drop to zero.
        spanGaps: false,
        points: { size: 5 },
      })),
    ],
    axes: [
      {
        stroke: axisStroke,
        font: AXIS_FONT,
        grid: { stroke: gridStroke, width: 1 },
        ticks: { stroke: gridStroke, width: 1 },
        space: 64,
        values: (_u, splits) => {
          const { period, timeZone } = labels();
          return splits.map((s) => formatUsageTime(s * 1000, period, 'short', timeZone));
        },
      },
      {
        stroke: axisStroke,
        font: AXIS_FONT,
        grid: { stroke: gridStroke, width: 1 },
        ticks: { stroke: gridStroke, width: 1 },
        size: 44,
        values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')),
      },
    ],
  };
}

/**
 * The usage line chart: one line per entry of `lines`, each in its colour, drawn from the matching
 * column of `data`. Lazy-loaded with uPlot, so only the pages that draw it pay for it.
 */
export const UsageChart = memo(function UsageChart({
  data,
  lines,
  period,
  timeZone,
  dark,
  onCursor,
}: {
  data: UsageChartData;
  lines: readonly UsageLine[];
  period: UsagePeriod;
  timeZone: string;
  dark: boolean;
  onCursor?: (index: number | null) => void;
}) {
  const labelsRef = useRef<Labels>({ period, timeZone });
  useLayoutEffect(() => {
    labelsRef.current = { period, timeZone };
  }, [period, timeZone]);
  const options = useMemo(() => usageChartOptions(() => labelsRef.current, lines), [lines]);
  // uPlot fixes its series when created: another set of lines is a new plot (the old one is
  // destroyed as its wrapper unmounts). A refetch keeps the set, so it stays a setData.
  const plotKey = JSON.stringify(lines.map((line) => [line.key, line.label, line.color]));

  return (
    <UPlotChart
      key={plotKey}
      options={options}
      data={data.columns}
      height={USAGE_CHART_HEIGHT}
      onCursor={onCursor}
      repaintKey={`${String(dark)}-${period}-${timeZone}`}
      className="w-full text-slate-600 [--chart-axis:#475569] [--chart-grid:#e2e8f0] dark:[--chart-axis:#cbd5e1] dark:[--chart-grid:#334155]"
    />
  );
});
