import type { Community } from '../community';
import type { Queryable } from '../db/database';
import type { QuietHours } from '../alerts/quiet-hours';

/**
 * The delivery channels (push now; email plugs in the same way): fan-out asks each channel who
 * wants a subject and where to send it, stores one `deliveries` row per destination with the
 * payload, and the worker hands each due row to its channel's `send`.
 */

/** What is being delivered: a new alert, or a scheduled report that has been archived. */
export type Subject =
  | {
      kind: 'alert';
      alertId: number;
      amenitySlug: string;
      amenityName: string;
      message: string;
      /** When it happened (quiet hours hold an interrupting notification back from here). */
      at: number;
    }
  | {
      kind: 'report';
      reportId: number;
      title: string;
      periodFrom: string;
      periodTo: string;
      /** The schedule's recipients (user ids), or null for everyone who wants reports. */
      recipients: readonly number[] | null;
      at: number;
    };

/** One user's notification preferences (no row: the defaults). */
export type Preferences = {
  pushAlerts: boolean;
  pushReports: boolean;
  /** Email (when the server has SMTP_URL). */
  emailAlerts: boolean;
  emailReports: boolean;
  quietHours: QuietHours | null;
};

export const DEFAULT_PREFERENCES: Preferences = {
  pushAlerts: true,
  pushReports: true,
  emailAlerts: false,
  emailReports: true,
  quietHours: null,
};

export type Recipient = { userId: number; preferences: Preferences };

/** One row of the queue as the worker claimed it (attempts counts this one). */
export type ClaimedDelivery = {
  id: number;
  communityId: number;
  userId: number;
  channel: string;
  target: string | null;
  payload: unknown;
  attempts: number;
};

/**
 * What one attempt came to: sent; failed and worth retrying (a 5xx, a timeout); failed for good
 * (a refused request); or nothing to do any more (the destination is gone: a push subscription
 * that answered 404/410 or was removed).
 */
export type Outcome =
  | { status: 'sent' }
  | { status: 'retry'; error: string }
  | { status: 'failed'; error: string }
  | { status: 'skipped'; reason: string };

export type ChannelContext = { db: Queryable; community: Community; now: number };

export type Destination = { userId: number; target: string | null };

export type Channel = {
  /** Stored in deliveries.channel. */
  readonly name: string;
  /** Whether a user's preferences want this subject on this channel. */
  wants(preferences: Preferences, subject: Subject): boolean;
  /** Whether quiet hours hold it back (interrupting channels: push). */
  readonly interrupting: boolean;
  /** Where to send it for these users: push, one row per subscribed device. */
  destinations(db: Queryable, userIds: readonly number[]): Promise<Destination[]>;
  /** The stored payload (a retry sends the same). */
  payload(subject: Subject, community: Community): unknown;
  send(delivery: ClaimedDelivery, ctx: ChannelContext): Promise<Outcome>;
};
