import type { Sensor, SensorStatus, SensorWarning } from '../api/contract';

/** Badge tones (a subset of ui/badge's). */
export type SensorTone = 'green' | 'amber' | 'red' | 'gray';

/** Status words (the thresholds behind them: server/lorawan/health.ts). */
export const SENSOR_STATUS_LABELS: Record<SensorStatus, string> = {
  ok: 'ok',
  late: 'late',
  silent: 'silent',
  'never-seen': 'never seen',
};

export const SENSOR_STATUS_TONES: Record<SensorStatus, SensorTone> = {
  ok: 'green',
  late: 'amber',
  silent: 'red',
  'never-seen': 'gray',
};

export const SENSOR_WARNING_LABELS: Record<SensorWarning, string> = {
  'few-uplinks': 'Missing uplinks',
  'low-battery': 'Low battery',
  'weak-signal': 'Weak signal',
  'uncounted-entries': 'Entries not counted',
};

/** Worst first: the badge names the status that needs attention. */
const SEVERITY: readonly SensorStatus[] = ['silent', 'late', 'never-seen', 'ok'];

/**
 * One amenity's sensor badge: "2 sensors ok" when all are well, else the counts that are not,
 * worst first ("1 silent", "1 silent, 1 late"), toned by the worst; "No sensor" without any.
 */
export function sensorBadge(sensors: readonly Pick<Sensor, 'status'>[]): {
  label: string;
  tone: SensorTone;
} {
  if (sensors.length === 0) return { label: 'No sensor', tone: 'gray' };
  const counts = SEVERITY.map((status) => ({
    status,
    n: sensors.filter((s) => s.status === status).length,
  })).filter((c) => c.n > 0);
  const worst = counts[0]?.status ?? 'ok';
  if (worst === 'ok') {
    return {
      label: `${sensors.length} sensor${sensors.length === 1 ? '' : 's'} ok`,
      tone: 'green',
    };
  }
  return {
    label: counts
      .filter((c) => c.status !== 'ok')
      .map((c) => `${c.n} ${SENSOR_STATUS_LABELS[c.status]}`)
      .join(', '),
    tone: SENSOR_STATUS_TONES[worst],
  };
}

/** "-97 dBm, SNR 6.5 dB", or null when the device reported no signal. */
export function formatSignal(sensor: Pick<Sensor, 'rssi' | 'snr'>): string | null {
  const parts = [
    sensor.rssi !== null ? `${sensor.rssi} dBm` : null,
    sensor.snr !== null ? `SNR ${sensor.snr} dB` : null,
  ].filter((p) => p !== null);
  return parts.length ? parts.join(', ') : null;
}
