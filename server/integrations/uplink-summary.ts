/** One line for the Admin about an unknown device: what its last uplink or status event said. */
import type { PeopleCounts } from '../lorawan/decoded';
import type { DeviceStatus, Uplink } from '../lorawan/uplinks';

/** Longest summary kept (discovered_devices.last_summary). */
export const MAX_SUMMARY_LENGTH = 500;

function countsText(counts: PeopleCounts): string {
  const parts: string[] = [];
  if (counts.occupancy !== undefined) parts.push(`people ${counts.occupancy}`);
  for (const line of counts.lines ?? []) {
    const fields = [
      line.periodIn !== undefined ? `in ${line.periodIn}` : '',
      line.periodOut !== undefined ? `out ${line.periodOut}` : '',
      line.totalIn !== undefined ? `total in ${line.totalIn}` : '',
      line.totalOut !== undefined ? `total out ${line.totalOut}` : '',
    ].filter(Boolean);
    parts.push(`line ${line.line} ${fields.join(' ')}`);
  }
  for (const r of counts.regionCounts ?? []) parts.push(`region ${r.region} ${r.count}`);
  if (counts.battery !== undefined) parts.push(`battery ${counts.battery}%`);
  return parts.join(', ') || 'no counts';
}

/** One line for the Admin: what the last uplink of an unknown device said. */
export function summarizeUplink(uplink: Uplink): string {
  const decoder =
    uplink.decodedBy === 'network-server'
      ? 'decoded by the network server'
      : uplink.decodedBy === 'raw'
        ? 'raw Milesight payload'
        : `not decoded${uplink.decodeError ? ` (${uplink.decodeError})` : ''}`;
  const signal = [
    uplink.rssi !== undefined ? `RSSI ${uplink.rssi} dBm` : '',
    uplink.snr !== undefined ? `SNR ${uplink.snr} dB` : '',
  ].filter(Boolean);
  const text = [
    `${uplink.source === 'tts' ? 'TTS' : 'ChirpStack'} uplink`,
    uplink.fPort !== undefined ? `fPort ${uplink.fPort}` : '',
    decoder,
    countsText(uplink.counts),
    ...signal,
  ]
    .filter(Boolean)
    .join('; ');
  return text.slice(0, MAX_SUMMARY_LENGTH);
}

export function summarizeStatus(status: DeviceStatus): string {
  return [
    'ChirpStack status',
    status.battery !== undefined ? `battery ${status.battery}%` : '',
    status.externalPower ? 'external power' : '',
    status.margin !== undefined ? `margin ${status.margin} dB` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
