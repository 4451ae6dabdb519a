/**
 * The health of one people counter, from what its uplinks say: pure, so the thresholds are
 * tested on their own and the same figures appear wherever sensors are shown.
 *
 * With `interval` the device's configured report interval (VS121 and VS133 default to 10 min):
 *
 *   status       rule
 *   never-seen   no uplink received since it was registered
 *   ok           last uplink at most 1.5 intervals ago (one report may be a little late)
 *   late         more than 1.5 and at most 3 intervals ago (a report or two lost)
 *   silent       more than 3 intervals ago (the "sensor silent" alert threshold)
 *
 * Uplinks expected in the last 24 h = the whole intervals in the 24 h (or since registration, if
 * later). Warnings (any status): `few-uplinks` when fewer than 80% of the expected uplinks
 * arrived (lost frames, poor coverage), `low-battery` below 20%, `weak-signal` when the best
 * gateway heard it under -115 dBm RSSI or -10 dB SNR (close to the demodulation floor),
 * `uncounted-entries` when uplinks of the last 30 days gave a reading out of bounds that was not
 * stored (server/lorawan/uncounted.ts: how many entries, between which times, why).
 */
import type { SensorStatus, SensorWarning } from '../../src/api/contract';

export const LATE_AFTER_INTERVALS = 1.5;
export const SILENT_AFTER_INTERVALS = 3;
export const FEW_UPLINKS_SHARE = 0.8;
export const LOW_BATTERY_PERCENT = 20;
export const WEAK_RSSI_DBM = -115;
export const WEAK_SNR_DB = -10;

const DAY_MS = 86_400_000;

export type HealthInput = {
  now: number;
  /** Epoch ms of the device's registration. */
  registeredAt: number;
  /** Epoch ms of the newest uplink, or null. */
  lastUplinkAt: number | null;
  uplinks24h: number;
  reportIntervalSeconds: number;
  battery: number | null;
  rssi: number | null;
  snr: number | null;
  /** Records of uplinks not counted still shown (recentUncounted); 0 when none. */
  uncounted?: number;
};

export type SensorHealth = {
  status: SensorStatus;
  expected24h: number;
  warnings: SensorWarning[];
};

export function sensorHealth(input: HealthInput): SensorHealth {
  const intervalMs = input.reportIntervalSeconds * 1000;
  const window = Math.max(0, Math.min(DAY_MS, input.now - input.registeredAt));
  const expected24h = Math.floor(window / intervalMs);
  let status: SensorStatus;
  if (input.lastUplinkAt === null) status = 'never-seen';
  else {
    const age = input.now - input.lastUplinkAt;
    status =
      age > SILENT_AFTER_INTERVALS * intervalMs
        ? 'silent'
        : age > LATE_AFTER_INTERVALS * intervalMs
          ? 'late'
          : 'ok';
  }
  const warnings: SensorWarning[] = [];
  if (expected24h > 0 && input.uplinks24h < FEW_UPLINKS_SHARE * expected24h) {
    warnings.push('few-uplinks');
  }
  if (input.battery !== null && input.battery < LOW_BATTERY_PERCENT) warnings.push('low-battery');
  if (
    (input.rssi !== null && input.rssi < WEAK_RSSI_DBM) ||
    (input.snr !== null && input.snr < WEAK_SNR_DB)
  ) {
    warnings.push('weak-signal');
  }
  if ((input.uncounted ?? 0) > 0) warnings.push('uncounted-entries');
  return { status, expected24h, warnings };
}
