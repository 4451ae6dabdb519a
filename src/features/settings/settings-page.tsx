import { useEffect, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import {
  applyTheme,
  getSettings,
  normalizeSettings,
  saveSettings,
  settingsLoadProblem,
  useSettings,
  validateSettings,
  type Settings,
} from '../../lib/settings';
import { cx } from '../../lib/cx';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Icon } from '../../ui/icons';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { toast } from '../../ui/toast';
import { SETTINGS_TABS, type SettingsTab } from './settings-content';
import { FIELD_IDS, GeneralTab, NotificationsTab } from './settings-forms';
import { NotificationDelivery } from './notification-delivery';
import { SensorManagement } from './sensor-management';
import { BillingTab, IntegrationsTab } from './settings-static';
import { UsersTab } from './users-tab';
import { useLeaveGuard } from './use-leave-guard';
import { PageHeader } from '../../ui/page-header';

/** The General fields in screen order, for moving focus to the first invalid one. */
const VALIDATED_FIELDS = ['communityName', 'communityCode', 'address'] as const;

/**
 * Spec section 2, Settings. The settings are kept on this device (lib/settings: localStorage),
 * and take effect at once when saved: theme, refresh, time zone, currency, start page.
 * Edits are a draft over the saved values: Save stores it, Cancel drops it, and leaving with
 * a draft asks first.
 */
export function SettingsPage() {
  const saved = useSettings();
  const [edits, setEdits] = useState<Partial<Settings>>({});
  const draft: Settings = { ...saved, ...edits };
  const dirty = (Object.keys(edits) as (keyof Settings)[]).some((key) => edits[key] !== saved[key]);
  const [tab, setTab] = useState<SettingsTab>('general');
  const [touched, setTouched] = useState<ReadonlySet<keyof Settings>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [loadProblem, setLoadProblem] = useState(settingsLoadProblem);
  const [saveError, setSaveError] = useState<string | null>(null);
  const guard = useLeaveGuard(dirty);

  const errors = validateSettings(draft);
  const invalid = VALIDATED_FIELDS.filter((field) => errors[field]);
  const shownErrors = Object.fromEntries(
    invalid
      .filter((field) => submitted || touched.has(field))
      .map((field) => [field, errors[field]]),
  );

  // The dark mode switch previews the theme at once; leaving without saving puts it back.
  useEffect(() => applyTheme(draft.darkMode), [draft.darkMode]);
  useEffect(() => () => applyTheme(getSettings().darkMode), []);

  const update = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    setEdits((previous) => ({ ...previous, [key]: value }));
    setSaveError(null);
  };
  const touch = (key: keyof Settings) =>
    setTouched((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));

  const discard = () => {
    setEdits({});
    setTouched(new Set());
    setSubmitted(false);
    setSaveError(null);
  };

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (invalid.length) {
      // Show General (its panel stays mounted, only hidden) and put focus on the first error.
      flushSync(() => {
        setSubmitted(true);
        setTab('general');
      });
      const field = invalid[0];
      if (field) document.getElementById(FIELD_IDS[field] ?? '')?.focus();
      return;
    }
    try {
      saveSettings(normalizeSettings(draft));
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : String(error));
      return;
    }
    discard();
    setLoadProblem(null);
    toast({ title: 'Settings saved', description: 'Your settings are saved on this device.' });
  };

  return (
    <>
      <PageHeader
        title="Settings"
        description="Your community’s details and how CommonGround behaves, saved on this device."
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

      <form onSubmit={save} noValidate className="mt-4">
        <Tabs value={tab} onValueChange={(value) => setTab(value as SettingsTab)}>
          <TabsList aria-label="Settings sections">
            {SETTINGS_TABS.map((item) => (
              <TabsTrigger key={item.value} value={item.value}>
                {item.label}
                {item.value === 'general' && submitted && invalid.length ? (
                  <span className="sr-only"> (has errors)</span>
                ) : null}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent forceMount hidden={tab !== 'general'} value="general">
            <GeneralTab draft={draft} errors={shownErrors} onChange={update} onBlur={touch} />
          </TabsContent>
          <TabsContent forceMount hidden={tab !== 'notifications'} value="notifications">
            <NotificationsTab />
          </TabsContent>
          <TabsContent forceMount hidden={tab !== 'integrations'} value="integrations">
            <IntegrationsTab />
          </TabsContent>
          <TabsContent forceMount hidden={tab !== 'users'} value="users">
            <UsersTab />
          </TabsContent>
          <TabsContent forceMount hidden={tab !== 'billing'} value="billing">
            <BillingTab />
          </TabsContent>
        </Tabs>

        {/* Pinned above the bottom bar while there is something to save, so it is never lost. */}
        <div
          className={cx(
            'z-20 mt-6 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white/95 p-3 backdrop-blur dark:border-slate-700 dark:bg-slate-900/95',
            (dirty || submitted) &&
              'sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] shadow-lg lg:bottom-4',
          )}
        >
          <p role="status" className="mr-auto min-w-0 text-sm text-slate-700 dark:text-slate-300">
            {submitted && invalid.length ? (
              <span className="font-medium text-red-700 dark:text-red-300">
                Fix the highlighted {invalid.length === 1 ? 'field' : 'fields'} before saving.
              </span>
            ) : saveError ? (
              <span className="font-medium text-red-700 dark:text-red-300">{saveError}</span>
            ) : dirty ? (
              'You have unsaved changes.'
            ) : (
              'All changes are saved on this device.'
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

      {/* Push and notification choices are saved on the server with their own buttons. */}
      {tab === 'notifications' ? (
        <div className="mt-6">
          <NotificationDelivery />
        </div>
      ) : null}

      {/* Sensor management writes to the server, never through this form's Save: kept outside it. */}
      {tab === 'integrations' ? (
        <div className="mt-6 grid gap-6">
          <SensorManagement />
        </div>
      ) : null}

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
