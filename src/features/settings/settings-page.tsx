import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { ACCOUNT_UNKNOWN_NOTE, isAccountUnknown } from '../../api/account-unknown';
import { useMe } from '../../api/me';
import {
  applyTheme,
  getSettings,
  settingsLoadProblem,
  useSettings,
  type Settings,
} from '../../lib/settings';
import { saveSettings } from '../../lib/save-settings';
import { cx } from '../../lib/cx';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Group } from '../../ui/group';
import { Icon } from '../../ui/icons';
import { InfoNote } from '../../ui/info-note';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { toast } from '../../ui/toast';
import { AuditTab } from './audit-tab';
import { CommunityProfileSection } from './community-profile';
import { SETTINGS_TABS, type SettingsTab } from './settings-content';
import { GeneralTab, NotificationsTab } from './settings-forms';
import { NotificationDelivery } from './notification-delivery';
import { SensorManagement } from './sensor-management';
import { BillingTab, IntegrationsTab } from './settings-static';
import { UsersTab } from './users-tab';
import { useLeaveGuard } from './use-leave-guard';
import { PageHeader } from '../../ui/page-header';

/** Said in the Audit log tab while who is signed in cannot be checked (offline). */
export const AUDIT_ROLE_UNKNOWN = `${ACCOUNT_UNKNOWN_NOTE}, and the audit log is not saved on this device: it loads for Admins when the connection returns.`;

/** The tab a URL's hash names ("#integrations"), if it names one. */
export function tabOfHash(hash: string): SettingsTab | null {
  const name = hash.replace(/^#/, '');
  return SETTINGS_TABS.find((item) => item.value === name)?.value ?? null;
}

/**
 * Spec section 2, Settings. Two kinds of settings, saved apart:
 * - the community profile (name, code, address, time zone, currency) is stored on the server and
 *   applies to every user; Admins change it with its own Save (CommunityProfileSection);
 * - this person's preferences (dark mode, auto-refresh, start page) stay on this device
 *   (lib/settings: localStorage) and take effect when saved. They are a draft over the saved
 *   values: Save stores it, Cancel drops it.
 * Leaving with unsaved changes of either kind asks first.
 */
export function SettingsPage() {
  const saved = useSettings();
  const meQuery = useMe();
  // Offline, the account this visit already checked (the me query's cached data) still counts.
  const me = meQuery.data;
  const isAdmin = me != null && !me.demo && me.user.role === 'admin';
  // Not known at all (offline from the start): an Admin's Audit log tab stays, and says it needs
  // a connection, rather than vanish; the server decides who reads it.
  const roleUnknown = isAccountUnknown(meQuery);
  const mayReadAudit = isAdmin || roleUnknown;
  const [edits, setEdits] = useState<Partial<Settings>>({});
  const draft: Settings = { ...saved, ...edits };
  const dirty = (Object.keys(edits) as (keyof Settings)[]).some((key) => edits[key] !== saved[key]);
  const [profileDirty, setProfileDirty] = useState(false);
  const [notificationsDirty, setNotificationsDirty] = useState(false);
  // Kept once opened, so a visit to another tab does not drop unsaved notification choices.
  const [notificationsOpened, setNotificationsOpened] = useState(false);
  // The tab has an address (/settings#integrations): read from the URL's hash as the page opens
  // and whenever a link brings a new one; written back with replaceState as a tab is chosen, so
  // moving between tabs adds nothing for Back to step through.
  const location = useLocation();
  const [chosen, setChosen] = useState<SettingsTab>(() => tabOfHash(location.hash) ?? 'general');
  const arrivedAt = `${location.key}${location.hash}`;
  const [seenArrival, setSeenArrival] = useState(arrivedAt);
  if (arrivedAt !== seenArrival) {
    setSeenArrival(arrivedAt);
    const named = tabOfHash(location.hash);
    if (named) setChosen(named);
  }
  const [loadProblem, setLoadProblem] = useState(settingsLoadProblem);
  const [saveError, setSaveError] = useState<string | null>(null);
  const guard = useLeaveGuard(dirty || profileDirty || notificationsDirty);
  const tabs = SETTINGS_TABS.filter((item) => item.value !== 'audit' || mayReadAudit);
  // Only a tab this person may see opens: an address naming another opens General.
  const tab: SettingsTab = tabs.some((item) => item.value === chosen) ? chosen : 'general';
  const choose = (value: string) => {
    const next = tabs.find((item) => item.value === value)?.value;
    if (!next) return;
    setChosen(next);
    const url = new URL(window.location.href);
    url.hash = next;
    if (url.href === window.location.href) return;
    // The router's own state is kept: Back and Forward still know this entry.
    window.history.replaceState(window.history.state, '', url);
  };
  const onProfileDirty = useCallback((next: boolean) => setProfileDirty(next), []);
  const onNotificationsDirty = useCallback((next: boolean) => setNotificationsDirty(next), []);
  if (tab === 'notifications' && !notificationsOpened) setNotificationsOpened(true);

  // The dark mode switch previews the theme at once; leaving without saving puts it back.
  useEffect(() => applyTheme(draft.darkMode), [draft.darkMode]);
  useEffect(() => () => applyTheme(getSettings().darkMode), []);

  const update = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    setEdits((previous) => ({ ...previous, [key]: value }));
    setSaveError(null);
  };

  // Saved or cancelled, both buttons are disabled: focus moves to the line that says so, not to
  // the page, where a keyboard user would start again from the top.
  const statusRef = useRef<HTMLParagraphElement>(null);
  const discard = () => {
    setEdits({});
    setSaveError(null);
    statusRef.current?.focus();
  };

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    try {
      saveSettings(draft);
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : String(error));
      return;
    }
    discard();
    setLoadProblem(null);
    toast({ title: 'Settings saved', description: 'Your preferences are saved on this device.' });
  };

  return (
    <>
      <PageHeader
        title="Settings"
        description="Your community’s profile, shared by every user, and your own preferences on this device."
      />

      {loadProblem ? (
        <div
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
        >
          <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
          <p>
            {loadProblem} Review them and press Save Changes to keep these values on this device.
          </p>
        </div>
      ) : null}

      <Tabs value={tab} onValueChange={choose} className="mt-4 block">
        <TabsList aria-label="Settings sections">
          {tabs.map((item) => (
            <TabsTrigger key={item.value} value={item.value}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent forceMount hidden={tab !== 'general'} value="general">
          <div className="grid gap-6">
            <CommunityProfileSection onDirtyChange={onProfileDirty} />
            <form onSubmit={save} noValidate>
              <GeneralTab draft={draft} onChange={update} />
              {/* Pinned above the bottom bar while there is something to save, so it is never lost. */}
              <div
                className={cx(
                  'z-20 mt-6 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white/95 p-3 backdrop-blur dark:border-slate-700 dark:bg-slate-900/95',
                  dirty &&
                    'sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] shadow-lg lg:bottom-4',
                )}
              >
                <p
                  ref={statusRef}
                  tabIndex={-1}
                  role="status"
                  className="mr-auto min-w-0 text-sm text-slate-700 dark:text-slate-300"
                >
                  {saveError ? (
                    <span className="font-medium text-red-700 dark:text-red-300">{saveError}</span>
                  ) : dirty ? (
                    'You have unsaved changes.'
                  ) : (
                    'Your preferences are saved on this device.'
                  )}
                </p>
                <div className="flex gap-2">
                  <Button variant="secondary" onClick={discard} disabled={!dirty}>
                    Cancel
                  </Button>
                  <Button type="submit" disabled={!dirty && !loadProblem}>
                    Save Changes
                  </Button>
                </div>
              </div>
            </form>
          </div>
        </TabsContent>
        <TabsContent forceMount hidden={tab !== 'notifications'} value="notifications">
          <NotificationsTab />
          {/* Push and notification choices are saved on the server with their own buttons. */}
          {notificationsOpened ? (
            <div className="mt-6">
              <NotificationDelivery onDirtyChange={onNotificationsDirty} />
            </div>
          ) : null}
        </TabsContent>
        <TabsContent forceMount hidden={tab !== 'integrations'} value="integrations">
          <IntegrationsTab />
          {/* Sensor management writes to the server on its own. */}
          {tab === 'integrations' ? (
            <div className="mt-6 grid gap-6">
              <SensorManagement />
            </div>
          ) : null}
        </TabsContent>
        <TabsContent forceMount hidden={tab !== 'users'} value="users">
          <UsersTab />
        </TabsContent>
        {mayReadAudit ? (
          <TabsContent hidden={tab !== 'audit'} value="audit">
            {tab !== 'audit' ? null : isAdmin ? (
              <AuditTab />
            ) : (
              <Group title="Audit log">
                <InfoNote>{AUDIT_ROLE_UNKNOWN}</InfoNote>
              </Group>
            )}
          </TabsContent>
        ) : null}
        <TabsContent forceMount hidden={tab !== 'billing'} value="billing">
          <BillingTab canManagePlan={isAdmin} />
        </TabsContent>
      </Tabs>

      <Dialog
        open={guard.pending !== null}
        onClose={guard.stay}
        title="Leave without saving?"
        description="You have unsaved changes to your settings. If you leave now, they are lost."
      >
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={guard.stay}>
            Stay on this page
          </Button>
          <Button variant="danger" onClick={() => guard.leave(discard)}>
            Discard changes and leave
          </Button>
        </div>
      </Dialog>
    </>
  );
}
