/**
 * Deterministic randomness: a value is a pure function of (seed, keys), so the simulator gives the
 * same reading for the same amenity and minute on every run and every machine.
 */

function mix(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform number in [0, 1) for the given seed and integer keys. */
export function unit(seed: number, a: number, b = 0, c = 0): number {
  return mix(mix(mix(seed ^ Math.imul(a, 0x9e3779b1)) + b) + Math.imul(c, 0x85ebca6b)) / 4294967296;
}
