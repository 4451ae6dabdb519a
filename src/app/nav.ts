import { APP_PAGES, isInNav, type AppPagePath } from '../lib/app-pages';
import type { IconName } from '../ui/icons';

export type NavItem = { to: AppPagePath; label: string; icon: IconName; inBottomBar: boolean };

/** The shell's seven sections (spec section 2), from the app's page table. */
export const NAV_ITEMS: readonly NavItem[] = APP_PAGES.filter(isInNav).map(
  ({ path, label, icon, inBottomBar }) => ({
    to: path,
    label,
    icon: icon satisfies IconName,
    inBottomBar,
  }),
);

/** Spec section 2: a link is active when the location starts with its path; '/' only exactly. */
export function isNavActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname.startsWith(to);
}
