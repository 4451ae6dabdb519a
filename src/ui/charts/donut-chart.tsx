import { useMemo } from 'react';
import { DONUT_OUTER_RADIUS, donutArcs } from '../../lib/donut';

export type DonutSlice = { label: string; value: number; color: string };

/**
 * An SVG donut (spec section 9: inner radius 60, outer radius 120, padding angle 2). The picture
 * is one image with a summary label; the legend next to it carries the figures as text.
 */
export function DonutChart({
  slices,
  label,
  centerValue,
  centerLabel,
}: {
  slices: readonly DonutSlice[];
  label: string;
  centerValue?: string;
  centerLabel?: string;
}) {
  const arcs = useMemo(() => donutArcs(slices.map((slice) => slice.value)), [slices]);
  const size = DONUT_OUTER_RADIUS * 2;
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      className="aspect-square h-auto w-full max-w-[240px]"
    >
      {arcs.map((arc) => {
        const slice = slices[arc.index];
        return slice ? (
          <path key={arc.index} d={arc.path} fill={slice.color} fillRule="evenodd">
            <title>{`${slice.label}: ${Math.round(arc.fraction * 100)}%`}</title>
          </path>
        ) : null;
      })}
      {centerValue ? (
        <text
          x={size / 2}
          y={size / 2}
          textAnchor="middle"
          className="fill-slate-900 text-[28px] font-bold dark:fill-white"
        >
          {centerValue}
        </text>
      ) : null}
      {centerLabel ? (
        <text
          x={size / 2}
          y={size / 2 + 24}
          textAnchor="middle"
          className="fill-slate-600 text-[13px] dark:fill-slate-300"
        >
          {centerLabel}
        </text>
      ) : null}
    </svg>
  );
}
