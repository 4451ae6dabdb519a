import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { cx } from '../lib/cx';
import { probeServer } from '../api/connectivity-sync';
import { useAlertInbox } from '../api/alert-inbox';
import { useMe } from '../api/me';
import { unreadAlertsPhrase, unreadBadgeText, unreadSuffix } from '../lib/unread-alerts';
import { SIGN_IN_PATH } from '../lib/app-pages';
import { useNewestDataTime } from '../api/newest-data';
import { useConnectivity, type Connectivity } from '../lib/connectivity';
import { formatAge, formatMoment } from '../lib/format';
import { stateDataTime } from '../lib/stated-data-time';
import { useCommunity } from '../api/community';
import { useNow } from '../lib/use-now';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { NAV_ITEMS, isNavActive, type NavItem } from './nav';
import { SavedCopyNote } from './saved-copy-note';
import { useSessionEnded } from './use-session-ended';
import { Deferred } from '../ui/deferred';
import { SkipLink } from '../ui/skip-link';

export function AppShell() {
  const me = useMe();
  const { pathname } = useLocation();
  const ended = useSessionEnded(me.data);
  if (ended) {
    return (
      <>
        <p className="p-6 text-sm">Your session has ended. Signing you out on this device…</p>
        <Suspense fallback={null}>
          <LeaveEndedSession from={pathname} />
        </Suspense>
      </>
    );
  }
  // No session and no demo (DEMO=0), or an Admin who must enrol an authenticator first.
  if (me.data === null || me.data?.totpEnrolmentRequired) {
    return <Navigate to={`${SIGN_IN_PATH}?next=${encodeURIComponent(pathname)}`} replace />;
  }
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_1fr]">
      <SkipLink />
      <Sidebar />
      <div className="flex min-w-0 flex-col">
        <TopBar />
        <ConnectionBanner />
        <SavedCopyNote />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-3 pt-4 pb-28 outline-none sm:px-6 lg:px-8 lg:pb-16"
        >
          <Outlet />
        </main>
        <DemoBanner />
      </div>
      <BottomNav />
    </div>
  );
}

function Logo() {
  return (
    <Link
      to="/dashboard"
      className="flex min-h-11 items-center gap-2 rounded-md font-semibold text-slate-900 dark:text-white"
    >
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-700 text-white">
        <Icon name="leaf" className="h-5 w-5" />
      </span>
      CommonGround
    </Link>
  );
}

function Sidebar() {
  return (
    <aside
      aria-label="Sidebar"
      className="sticky top-0 hidden h-dvh flex-col border-r border-slate-200 bg-white lg:flex dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="px-5 py-4">
        <Logo />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3">
        <ul className="grid gap-1">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <SectionLink item={item} />
            </li>
          ))}
        </ul>
      </nav>
      <UserCard />
    </aside>
  );
}

const NAV_LINK_STYLES = {
  /** A row with the icon beside the label (sidebar, More sheet). */
  row: {
    base: 'flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium',
    active: 'bg-brand-50 text-brand-800 dark:bg-brand-900/50 dark:text-brand-100',
    idle: 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
  },
  /** A cell with the icon above the label (the phone's bottom bar). */
  bar: {
    base: 'flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-[11px] leading-tight font-medium',
    active: 'text-brand-700 dark:text-brand-100',
    idle: 'text-slate-600 dark:text-slate-400',
  },
} as const;

/** One section link, the same in the sidebar, the More sheet and the phone's bottom bar. */
function SectionLink({
  item,
  variant = 'row',
  onClick,
}: {
  item: NavItem;
  variant?: keyof typeof NAV_LINK_STYLES;
  onClick?: () => void;
}) {
  const { pathname } = useLocation();
  const active = isNavActive(pathname, item.to);
  const styles = NAV_LINK_STYLES[variant];
  return (
    <NavLink
      to={item.to}
      onClick={onClick}
      aria-current={active ? 'page' : undefined}
      className={cx(styles.base, active ? styles.active : styles.idle)}
    >
      <Icon name={item.icon} />
      {variant === 'bar' ? <span className="text-center">{item.label}</span> : item.label}
      {item.to === ALERTS_PATH ? <AlertsLinkBadge /> : null}
    </NavLink>
  );
}

/** Only the Alerts link watches the inbox: one query observer, not one per section link. */
function AlertsLinkBadge() {
  const unread = useUnreadAlerts();
  return unread > 0 ? (
    <UnreadBadge unread={unread} spoken={unreadSuffix(unread)} className="ml-auto" />
  ) : null;
}

const ALERTS_PATH = '/alerts';

/** The inbox's unread count (0 until it loads); the inbox query keeps it fresh. */
function useUnreadAlerts(): number {
  return useAlertInbox().data?.unread ?? 0;
}

/**
 * The count beside the Alerts link and on More. The number is drawn, the words are read: the
 * link's name comes from its text ("Alerts, 3 unread"), so what is seen is part of what is heard.
 */
function UnreadBadge({
  unread,
  spoken,
  className,
}: {
  unread: number;
  /** What a screen reader hears after the link's name; left out where the name says it. */
  spoken?: string;
  className?: string;
}) {
  return (
    <>
      <span
        aria-hidden="true"
        className={cx(
          'min-w-5 shrink-0 rounded-full bg-red-700 px-1.5 text-center text-xs leading-5 font-semibold text-white',
          className,
        )}
      >
        {unreadBadgeText(unread)}
      </span>
      {spoken ? <span className="sr-only">{spoken}</span> : null}
    </>
  );
}

/**
 * The anonymous demo viewer sees the data read-only, with the way to sign in. It is known only
 * once /api/me answers, so the banner floats above the bottom edge (over the page's bottom
 * padding) instead of pushing the page down under a reader who has started scrolling.
 */
function DemoBanner() {
  const me = useMe();
  if (!me.data?.demo) return null;
  return (
    <section
      aria-label="Demo"
      className="fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-30 flex flex-wrap items-center justify-center gap-x-2 border-t border-brand-100 bg-brand-50 px-4 text-sm lg:py-2 text-brand-900 lg:bottom-0 lg:left-64 dark:border-brand-800 dark:bg-brand-900 dark:text-brand-50"
    >
      <span>Demo · read-only ·</span>{' '}
      <Link
        to={SIGN_IN_PATH}
        className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2 lg:min-h-0"
      >
        Sign in to manage
      </Link>
    </section>
  );
}

/** The sidebar's user card: the real name, role and community from /api/me. */
function UserCard() {
  // Loaded once the card is on screen: never on a phone, where the sidebar is hidden.
  return (
    <Deferred minHeight="8.5rem">
      <div className="m-3 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
        <Account />
      </div>
    </Deferred>
  );
}

const Account = lazy(() => import('./account-card').then((m) => ({ default: m.Account })));
const LeaveEndedSession = lazy(() =>
  import('./session-ended').then((m) => ({ default: m.LeaveEndedSession })),
);

const Dialog = lazy(() => import('../ui/dialog').then((m) => ({ default: m.Dialog })));

const CONNECTIVITY_LABELS: Record<Connectivity, string> = {
  online: 'Online',
  offline: 'Offline',
  unreachable: 'Server unreachable',
};

function TopBar() {
  const connectivity = useConnectivity();
  const online = connectivity === 'online';
  return (
    <header className="sticky top-0 z-30 flex items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-3 py-1 backdrop-blur lg:hidden dark:border-slate-800 dark:bg-slate-900/95">
      <Logo />
      <span
        className={cx(
          'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium',
          online
            ? 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200'
            : 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
        )}
      >
        <span
          aria-hidden="true"
          className={cx('h-2 w-2 rounded-full', online ? 'bg-green-600' : 'bg-slate-500')}
        />
        {CONNECTIVITY_LABELS[connectivity]}
      </span>
    </header>
  );
}

/**
 * One message for the whole app when the data cannot be live, instead of one error per widget:
 * offline, or online but with the server out of reach (then with a Retry that asks it now).
 * It never promises saved data the device does not hold.
 */
function ConnectionBanner() {
  const connectivity = useConnectivity();
  return connectivity === 'online' ? null : <NotLiveBanner connectivity={connectivity} />;
}

/** Only while not online: it watches every query's data, which costs on each cache event. */
function NotLiveBanner({ connectivity }: { connectivity: Exclude<Connectivity, 'online'> }) {
  const newest = useNewestDataTime();
  const { timeZone } = useCommunity();
  const now = useNow(60_000);
  const [checking, setChecking] = useState(false);

  // The cards leave the age of this data to the banner (lib/stated-data-time).
  useEffect(() => {
    stateDataTime(newest);
    return () => stateDataTime(null);
  }, [newest]);

  const saved =
    newest === null
      ? null
      : `saved ${formatAge(newest, now)} ago (${formatMoment(newest, now, timeZone)})`;
  let message: string;
  if (connectivity === 'offline') {
    message =
      saved === null
        ? 'You are offline. Nothing has been saved on this device yet; data loads when the connection returns.'
        : `You are offline. Showing data ${saved}; it refreshes when the connection returns.`;
  } else {
    message =
      saved === null
        ? "Can't reach CommonGround. Nothing has been saved on this device yet; data loads as soon as it answers."
        : `Can't reach CommonGround · showing data ${saved}`;
  }
  const retry = async () => {
    setChecking(true);
    await probeServer();
    setChecking(false);
  };
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="flex min-w-0 flex-1 items-center gap-2">
        <Icon name="offline" className="h-4 w-4 shrink-0" />
        <span className="min-w-0">{message}</span>
      </p>
      {connectivity === 'unreachable' ? (
        <Button variant="secondary" size="sm" disabled={checking} onClick={() => void retry()}>
          <Icon name="refresh" className="h-4 w-4" />
          {checking ? 'Checking…' : 'Retry'}
        </Button>
      ) : null}
    </div>
  );
}

function BottomNav() {
  const { pathname } = useLocation();
  const [moreOpen, setMoreOpen] = useState(false);
  // The sheet's code loads on the first tap of More; it stays mounted after, for focus return.
  const [moreUsed, setMoreUsed] = useState(false);
  const primary = NAV_ITEMS.filter((item) => item.inBottomBar);
  const folded = NAV_ITEMS.filter((item) => !item.inBottomBar);
  const moreActive = folded.some((item) => isNavActive(pathname, item.to));
  const unread = useUnreadAlerts();

  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden dark:border-slate-800 dark:bg-slate-900"
    >
      <ul className="grid grid-cols-5">
        {primary.map((item) => (
          <li key={item.to}>
            <SectionLink item={item} variant="bar" />
          </li>
        ))}
        <li>
          <button
            type="button"
            aria-haspopup="dialog"
            aria-expanded={moreOpen}
            // Named whole: Chromium read a hidden suffix after the positioned badge as "More , 150
            // unread alerts".
            aria-label={unread > 0 ? `More, ${unreadAlertsPhrase(unread)}` : undefined}
            onClick={() => {
              setMoreUsed(true);
              setMoreOpen(true);
            }}
            className={cx(
              NAV_LINK_STYLES.bar.base,
              'relative w-full',
              moreActive ? NAV_LINK_STYLES.bar.active : NAV_LINK_STYLES.bar.idle,
            )}
          >
            <Icon name="more" />
            More
            {unread > 0 ? (
              // Above the icon's dots, which sit at mid-height (lower, it covered them), from the
              // cell's centre line; a count too wide for the half cell ("99+" is 39 px, a 320 px
              // phone's half cell 32) moves left rather than past the screen's right edge: the
              // spacer before it gives way, the count does not shrink.
              <span className="absolute inset-x-0.5 -top-0.5 flex">
                <span className="basis-1/2" />
                <UnreadBadge unread={unread} />
              </span>
            ) : null}
          </button>
          {moreUsed ? (
            <Suspense fallback={null}>
              <Dialog
                open={moreOpen}
                onClose={() => setMoreOpen(false)}
                title="More"
                variant="sheet"
              >
                <nav aria-label="More sections">
                  <ul className="grid gap-1">
                    {folded.map((item) => (
                      <li key={item.to}>
                        <SectionLink item={item} onClick={() => setMoreOpen(false)} />
                      </li>
                    ))}
                  </ul>
                </nav>
                <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
                  <Account onNavigate={() => setMoreOpen(false)} />
                </div>
              </Dialog>
            </Suspense>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
