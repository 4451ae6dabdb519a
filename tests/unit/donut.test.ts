import { describe, expect, it } from 'vitest';
import {
  DONUT_INNER_RADIUS,
  DONUT_OUTER_RADIUS,
  DONUT_PADDING_ANGLE,
  donutArcs,
} from '../../src/lib/donut';

/** The item at `index`, failing the test when there is none. */
function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`expected an item at ${index}`);
  return item;
}

const span = (arc: { startAngle: number; endAngle: number }) => arc.endAngle - arc.startAngle;

describe('donutArcs', () => {
  it('uses the spec geometry: inner 60, outer 120, padding 2 degrees', () => {
    expect([DONUT_INNER_RADIUS, DONUT_OUTER_RADIUS, DONUT_PADDING_ANGLE]).toEqual([60, 120, 2]);
  });

  it('sizes arcs by share, with a 2 degree gap after each, filling the circle', () => {
    const arcs = donutArcs([50, 30, 20]);
    const available = 360 - 3 * 2;
    expect(arcs.map((arc) => arc.fraction)).toEqual([0.5, 0.3, 0.2]);
    expect(span(nth(arcs, 0))).toBeCloseTo(available * 0.5, 2);
    expect(span(nth(arcs, 1))).toBeCloseTo(available * 0.3, 2);
    expect(nth(arcs, 1).startAngle - nth(arcs, 0).endAngle).toBeCloseTo(2, 2);
    expect(nth(arcs, 2).endAngle + 2).toBeCloseTo(360, 2);
  });

  it('works with shares that do not add up to 100', () => {
    const arcs = donutArcs([1, 1]);
    expect(span(nth(arcs, 0))).toBeCloseTo(span(nth(arcs, 1)), 3);
  });

  it('draws ring segments between the inner and outer radius, centred in a 240 box', () => {
    const first = nth(donutArcs([1, 1]), 0);
    // Starts at 12 o'clock on the outer radius: (120, 0); the inner edge ends at radius 60.
    expect(first.path.startsWith('M 120 0 A 120 120 0 0 1')).toBe(true);
    expect(first.path).toContain('A 60 60 0 0 0');
    expect(first.path.endsWith('Z')).toBe(true);
  });

  it('sets the large-arc flag for a segment over 180 degrees', () => {
    const arcs = donutArcs([80, 20]);
    const [big, small] = [nth(arcs, 0), nth(arcs, 1)];
    expect(big.path).toContain('A 120 120 0 1 1');
    expect(small.path).toContain('A 120 120 0 0 1');
  });

  it('skips zero, negative and non-numeric shares but keeps the input index', () => {
    const arcs = donutArcs([0, 40, -5, Number.NaN, 60]);
    expect(arcs.map((arc) => arc.index)).toEqual([1, 4]);
  });

  it('draws a single share as a full ring without a gap', () => {
    const arcs = donutArcs([0, 12]);
    expect(arcs).toHaveLength(1);
    expect(arcs[0]).toMatchObject({ index: 1, fraction: 1, startAngle: 0, endAngle: 360 });
    // Two circles (outer and inner), drawn as two half arcs each.
    expect(nth(arcs, 0).path.match(/A /g)).toHaveLength(4);
  });

  it('draws nothing when there is nothing to share', () => {
    expect(donutArcs([])).toEqual([]);
    expect(donutArcs([0, 0])).toEqual([]);
  });
});
