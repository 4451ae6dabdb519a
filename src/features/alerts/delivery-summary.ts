import type { Alert } from '../../api/contract';

const devices = (n: number) => `${n} ${n === 1 ? 'device' : 'devices'}`;
const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** A push goes to each subscribed device; an email to each person's address. */
const CHANNEL_LABELS: Record<string, { verb: string; noun: string; to: (n: number) => string }> = {
  push: { verb: 'Pushed', noun: 'Push', to: devices },
  email: { verb: 'Emailed', noun: 'Email', to: people },
};

/**
 * What happened to an alert's notifications, in words: "Pushed to 3 devices", "Push failed to
 * 2 devices" (given up after the retries), "Push waiting for 1 device" (retrying or held by
 * quiet hours), "Emailed to 2 people". `failed` marks the lines to show as a problem.
 */
export function deliverySummary(
  deliveries: Alert['deliveries'],
): { text: string; failed: boolean }[] {
  return deliveries.flatMap(({ channel, sent, pending, failed }) => {
    const label = CHANNEL_LABELS[channel] ?? {
      verb: `Sent (${channel})`,
      noun: channel,
      to: devices,
    };
    const lines: { text: string; failed: boolean }[] = [];
    if (sent > 0) lines.push({ text: `${label.verb} to ${label.to(sent)}`, failed: false });
    if (pending > 0) {
      lines.push({ text: `${label.noun} waiting for ${label.to(pending)}`, failed: false });
    }
    if (failed > 0) {
      lines.push({ text: `${label.noun} failed to ${label.to(failed)}`, failed: true });
    }
    return lines;
  });
}
