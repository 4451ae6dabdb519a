import { createHash } from 'node:crypto';
import type { Subject } from '../channel';

/**
 * What a push notification says and where tapping it goes, and how the push service files it:
 * a short time to live (an occupancy alert is stale within minutes), high urgency for alerts,
 * and one topic per amenity, so a newer alert replaces a stale one still waiting at the push
 * service for an offline phone.
 */

export type PushPayload = {
  title: string;
  body: string;
  /** The page a tap opens (the app's own path). */
  url: string;
  /** The notification tag: a newer one replaces the one shown. */
  tag: string;
  /** Push service options. */
  ttlSeconds: number;
  urgency: 'high' | 'normal';
  topic: string | null;
};

/** Alerts live about 20 minutes at the push service; reports a day. */
export const ALERT_TTL_SECONDS = 20 * 60;
export const REPORT_TTL_SECONDS = 24 * 60 * 60;

/** A push topic: at most 32 URL-safe base64 characters, the same for one amenity every time. */
export function topicFor(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

const monthName = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
    Date.parse(`${date}T00:00:00Z`),
  );

/** "October" for a calendar month, else "weekly" for a week (from the archive entry's period). */
export function periodName(periodFrom: string, periodTo: string): string {
  const from = Date.parse(`${periodFrom}T00:00:00Z`);
  const to = Date.parse(`${periodTo}T00:00:00Z`);
  const days = Math.round((to - from) / 86_400_000) + 1;
  return days >= 28 ? monthName(periodFrom) : 'weekly';
}

export function pushPayload(subject: Subject): PushPayload {
  if (subject.kind === 'alert') {
    return {
      title: `Alert: ${subject.amenityName}`,
      body: subject.message,
      url: `/analytics?amenity=${encodeURIComponent(subject.amenitySlug)}`,
      tag: `amenity-${subject.amenitySlug}`,
      ttlSeconds: ALERT_TTL_SECONDS,
      urgency: 'high',
      topic: topicFor(`amenity:${subject.amenitySlug}`),
    };
  }
  return {
    title: `Your ${periodName(subject.periodFrom, subject.periodTo)} usage report is ready`,
    body: `${subject.title}: open it in CommonGround.`,
    url: `/reports?archive=${subject.reportId}`,
    tag: `report-${subject.reportId}`,
    ttlSeconds: REPORT_TTL_SECONDS,
    urgency: 'normal',
    topic: null,
  };
}
