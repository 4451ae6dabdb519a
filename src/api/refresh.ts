import { useSettings } from '../lib/settings';

/** Spec section 7 refresh intervals. */
export const REFRESH = {
  live: 30_000,
  suggestions: 300_000,
  analysis: 10 * 60_000,
} as const;

/** The interval to use, or false when the user turned auto-refresh off in Settings. */
export function useRefreshInterval(ms: number): number | false {
  return useSettings().autoRefresh ? ms : false;
}
