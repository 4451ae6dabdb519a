import type { Alert } from '../../api/contract';

const CHANNEL_LABELS: Record<string, { verb: string; noun: string }> = {
  push: { verb: 'Pushed', noun: 'Push' },
  email: { verb: 'Emailed', noun: 'Email' },
};

const devices = (n: number) => `${n} ${n === 1 ? 'device' : 'devices'}`;

/**
 * What happened to an alert's notifications, in words: "Pushed to 3 devices", "Push failed to
 * 2 devices" (given up after the retries), "Push waiting for 1 device" (retrying or held by
 * quiet hours). `failed` marks the lines to show as a problem.
 */
export function deliverySummary(
  deliveries: Alert['deliveries'],
): { text: string; failed: boolean }[] {
  return deliveries.flatMap(({ channel, sent, pending, failed }) => {
    const label = CHANNEL_LABELS[channel] ?? { verb: `Sent (${channel})`, noun: channel };
    const lines: { text: string; failed: boolean }[] = [];
    if (sent > 0) lines.push({ text: `${label.verb} to ${devices(sent)}`, failed: false });
    if (pending > 0) {
      lines.push({ text: `${label.noun} waiting for ${devices(pending)}`, failed: false });
    }
    if (failed > 0) {
      lines.push({ text: `${label.noun} failed to ${devices(failed)}`, failed: true });
    }
    return lines;
  });
}
