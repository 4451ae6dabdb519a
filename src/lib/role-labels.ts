import type { Role } from '../api/contract';

/** A role in words, as every page and file names it. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  manager: 'HOA Manager',
  board: 'Board Member',
};
