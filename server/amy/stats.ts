/** Small statistics for Amy, pure. */

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0;
}

/** Sample standard deviation (0 for fewer than two values). */
export function stdDev(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1));
}

/**
 * How sure Amy is, 0-100: 40 with no history, rising with the number of comparable events
 * (more history) and their steadiness (a low coefficient of variation of attendance).
 */
export function confidenceFrom(count: number, attendance: readonly number[]): number {
  const history = 1 - Math.exp(-count / 3);
  const m = mean(attendance);
  const variation = m > 0 ? stdDev(attendance) / m : 1;
  const steadiness = 1 - Math.min(1, variation);
  return Math.round(40 + 55 * history * (0.5 + 0.5 * steadiness));
}
