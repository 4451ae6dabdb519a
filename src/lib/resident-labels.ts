import type { ResidentStatus } from '../api/contract';

/**
 * A resident's status as the directory's badge and the resident form word it, for places outside
 * those screens (the audit log) that must read the same.
 */
export const RESIDENT_STATUS_LABELS: Record<ResidentStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
};
