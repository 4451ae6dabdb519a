/**
 * The unread count as the app shell's Alerts link and the phone bar's More button read it (every
 * page shows them; how alerts themselves read is in alert-labels.ts, which only later pages load).
 */

/** Read after the Alerts link's text, so its name is "Alerts, 3 unread" (empty when none). */
export function unreadSuffix(unread: number): string {
  return unread > 0 ? `, ${unread} unread` : '';
}

/** Read after "More" on the phone bar, which folds the Alerts link: "1 unread alert". */
export function unreadAlertsPhrase(unread: number): string {
  return `${unread} unread ${unread === 1 ? 'alert' : 'alerts'}`;
}

/** The badge's text: the count, capped so it fits the bar ("99+"). */
export function unreadBadgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
