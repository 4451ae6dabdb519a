/**
 * Donut arc maths for the Amenity Popularity chart (spec section 9: inner radius 60, outer radius
 * 120, padding angle 2). Angles are degrees, clockwise from 12 o'clock. Pure, so it is tested on
 * its own and the SVG component only draws paths.
 */

export const DONUT_INNER_RADIUS = 60;
export const DONUT_OUTER_RADIUS = 120;
export const DONUT_PADDING_ANGLE = 2;

export type DonutArc = {
  /** Index of the value in the input. */
  index: number;
  /** Share of the total, 0-1. */
  fraction: number;
  startAngle: number;
  endAngle: number;
  /** SVG path data of the ring segment (fill-rule evenodd for a full ring). */
  path: string;
};

export type DonutOptions = {
  innerRadius?: number;
  outerRadius?: number;
  paddingAngle?: number;
  /** Centre; defaults to (outerRadius, outerRadius) so the ring fits a 2R x 2R box. */
  cx?: number;
  cy?: number;
};

const round = (n: number) => Math.round(n * 1000) / 1000;

function pointAt(cx: number, cy: number, radius: number, angle: number): string {
  const rad = (angle * Math.PI) / 180;
  return `${round(cx + radius * Math.sin(rad))} ${round(cy - radius * Math.cos(rad))}`;
}

/** A ring segment from `start` to `end` degrees. */
export function arcPath(
  cx: number,
  cy: number,
  inner: number,
  outer: number,
  start: number,
  end: number,
): string {
  const large = end - start > 180 ? 1 : 0;
  return [
    `M ${pointAt(cx, cy, outer, start)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${pointAt(cx, cy, outer, end)}`,
    `L ${pointAt(cx, cy, inner, end)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${pointAt(cx, cy, inner, start)}`,
    'Z',
  ].join(' ');
}

/** A whole ring (one arc command cannot draw a full circle, so two half circles per radius). */
function ringPath(cx: number, cy: number, inner: number, outer: number): string {
  const circle = (r: number) =>
    `M ${round(cx)} ${round(cy - r)} A ${r} ${r} 0 1 1 ${round(cx)} ${round(cy + r)} A ${r} ${r} 0 1 1 ${round(cx)} ${round(cy - r)} Z`;
  return `${circle(outer)} ${circle(inner)}`;
}

/**
 * One arc per positive value, sized by its share of the total; every arc is followed by a gap of
 * `paddingAngle`, so n arcs share 360 - n x padding degrees. Zero, negative and non-finite values
 * get no arc. A single value is a full ring without a gap.
 */
export function donutArcs(values: readonly number[], options: DonutOptions = {}): DonutArc[] {
  const inner = options.innerRadius ?? DONUT_INNER_RADIUS;
  const outer = options.outerRadius ?? DONUT_OUTER_RADIUS;
  const padding = options.paddingAngle ?? DONUT_PADDING_ANGLE;
  const cx = options.cx ?? outer;
  const cy = options.cy ?? outer;

  const shown = values
    .map((value, index) => ({ value, index }))
    .filter(({ value }) => Number.isFinite(value) && value > 0);
  const total = shown.reduce((sum, { value }) => sum + value, 0);
  if (shown.length === 0 || total <= 0) return [];
  if (shown.length === 1) {
    const only = shown[0] as { index: number };
    return [
      {
        index: only.index,
        fraction: 1,
        startAngle: 0,
        endAngle: 360,
        path: ringPath(cx, cy, inner, outer),
      },
    ];
  }

  const available = Math.max(0, 360 - shown.length * padding);
  let angle = 0;
  return shown.map(({ value, index }) => {
    const fraction = value / total;
    const startAngle = angle;
    const endAngle = startAngle + fraction * available;
    angle = endAngle + padding;
    return {
      index,
      fraction,
      startAngle: round(startAngle),
      endAngle: round(endAngle),
      path: arcPath(cx, cy, inner, outer, startAngle, endAngle),
    };
  });
}
