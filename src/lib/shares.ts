/**
 * Percentages that sum to exactly 100 at `decimals` places (largest remainder), so a column of
 * shares adds up as a reader checks it: each value's share is rounded down to the step, then the
 * steps left over go to the largest fractions (ties: earlier first). All zeros stay 0.
 */
export function percentagesSummingTo100(values: readonly number[], decimals = 0): number[] {
  const total = values.reduce((sum, v) => sum + v, 0);
  if (total <= 0) return values.map(() => 0);
  const steps = 100 * 10 ** decimals;
  const exact = values.map((v) => (v / total) * steps);
  const floors = exact.map(Math.floor);
  let left = steps - floors.reduce((sum, v) => sum + v, 0);
  const order = exact
    .map((v, i) => ({ i, fraction: v - Math.floor(v) }))
    .sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left--;
  }
  return floors.map((units) => units / 10 ** decimals);
}
