import type { IconName } from '../ui/icons';

export type NavItem = { to: string; label: string; icon: IconName; inBottomBar: boolean };

/**
 * The shell's seven sections (spec section 2). Dashboard leads to /dashboard and Community to
 * /community-management: two deliberate fixes to the original routing (README, "Routes").
 * Four sections fit the phone's bottom bar next to "More"; the rest fold into the More sheet.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: 'dashboard', inBottomBar: true },
  { to: '/amenities', label: 'Amenities', icon: 'building', inBottomBar: false },
  { to: '/community-management', label: 'Community', icon: 'users', inBottomBar: false },
  { to: '/analytics', label: 'Analytics', icon: 'chart', inBottomBar: true },
  { to: '/reports', label: 'Reports', icon: 'report', inBottomBar: true },
  { to: '/amy-events', label: 'Amy Events', icon: 'sparkles', inBottomBar: true },
  { to: '/settings', label: 'Settings', icon: 'settings', inBottomBar: false },
];

/** Spec section 2: a link is active when the location starts with its path; '/' only exactly. */
export function isNavActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname.startsWith(to);
}
