/**
 * The one state machine every alert rule goes through, whatever it measures: a rule fires once
 * when its level reaches the threshold, then stays quiet until the level falls below a lower
 * re-arm level (hysteresis), and never fires twice within its cool-down. A level that hovers
 * around the threshold therefore gives one alert, not a storm.
 */

export type AlertPhase = 'armed' | 'firing';

export type AlertState = {
  phase: AlertPhase;
  /** When the rule last fired (epoch ms), or null if it never did. */
  lastFiredAt: number | null;
};

export type Levels = {
  /** Fires when the level is at or above this. */
  threshold: number;
  /** Re-arms when the level is below this (at most the threshold). */
  rearmBelow: number;
  cooldownMs: number;
};

export const INITIAL_STATE: AlertState = { phase: 'armed', lastFiredAt: null };

/**
 * The state after one observation of `level` at `now`, and whether it fires an alert. A level
 * of null (nothing to judge yet, e.g. too little history) changes nothing. An armed rule that
 * crosses during its cool-down stays armed, so it fires on the first observation after the
 * cool-down if the level is still high: a real, lasting condition is never swallowed.
 */
export function stepAlert(
  state: AlertState,
  level: number | null,
  levels: Levels,
  now: number,
): { state: AlertState; fire: boolean } {
  if (level === null) return { state, fire: false };
  if (state.phase === 'firing') {
    return level < levels.rearmBelow
      ? { state: { ...state, phase: 'armed' }, fire: false }
      : { state, fire: false };
  }
  if (level < levels.threshold) return { state, fire: false };
  const cooling = state.lastFiredAt !== null && now - state.lastFiredAt < levels.cooldownMs;
  if (cooling) return { state, fire: false };
  return { state: { phase: 'firing', lastFiredAt: now }, fire: true };
}
