import * as z from 'zod/mini';
import { count, nonEmpty } from './primitives';

// ---- Audit log (issue 11) -----------------------------------------------------------------------

export const AUDIT_PATH = '/api/audit';
export const AUDIT_PAGE_MAX = 100;
/** The audit log as a CSV file, with the page's filters; at most AUDIT_EXPORT_MAX entries. */
export const AUDIT_EXPORT_PATH = '/api/audit.csv';
export const AUDIT_EXPORT_MAX = 10_000;

export const AuditEntrySchema = z.object({
  id: count,
  /** ISO 8601 instant. */
  at: nonEmpty,
  /** Who acted; null when no account is known (a failed sign-in for an unknown email). */
  actor: z.nullable(z.object({ id: count, name: z.string(), email: z.string() })),
  action: nonEmpty,
  target: z.nullable(z.string()),
  /** The change, with secrets (keys, hashes, tokens, passwords) replaced by "[hidden]". */
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Pass as `before` for the next (older) page; null at the oldest entry. */
  nextBefore: z.nullable(count),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
