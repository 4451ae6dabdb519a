import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { NOTIFICATION_PREFERENCES_PATH, type NotificationPreferences } from '../../api/contract';
import { saveNotificationPreferences, useNotificationPreferences } from '../../api/notifications';
import { useNotificationsStatus } from '../../api/notifications-status';
import { useConnectivity } from '../../lib/connectivity';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { FormStatus } from '../../ui/form-status';
import { InfoNote } from '../../ui/info-note';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryState } from '../../ui/query-state';
import { SwitchField } from '../../ui/switch';
import { currentPushState, turnPushOff, turnPushOn, type PushState } from './push-device';
import { Group } from '../../ui/group';

export const NOTIFICATIONS_NEED_CONNECTION =
  'Changing notifications needs a connection to CommonGround. You are offline: nothing was changed.';

const STATE_TEXT: Record<
  PushState,
  { badge: string; tone: 'green' | 'gray' | 'yellow'; text: string }
> = {
  on: {
    badge: 'On',
    tone: 'green',
    text: 'This device gets a notification for new alerts and reports you chose below.',
  },
  off: {
    badge: 'Off',
    tone: 'gray',
    text: 'This device gets no notifications. Turn them on to hear about alerts while the app is closed.',
  },
  denied: {
    badge: 'Blocked',
    tone: 'yellow',
    text: "Notifications are blocked for CommonGround in this browser. Allow them in the browser's site settings, then come back here.",
  },
  'install-needed': {
    badge: 'Needs the app',
    tone: 'yellow',
    text: 'Add CommonGround to your Home Screen to get notifications on iPhone: tap Share, then Add to Home Screen, and open it from there.',
  },
  unsupported: {
    badge: 'Not available',
    tone: 'gray',
    text: 'This browser cannot receive push notifications from CommonGround. Alerts still reach the Alerts inbox.',
  },
};

/**
 * Settings → Notifications, the parts kept on the server: this device's push and my choices.
 * `onDirtyChange` tells the page about unsaved choices, so leaving it asks first.
 */
export function NotificationDelivery({
  onDirtyChange,
}: {
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const preferences = useNotificationPreferences();
  return (
    <div className="grid gap-6">
      <PushDeviceControl readOnly={preferences.data?.readOnly ?? false} />
      <Group
        title="What to send me"
        description="Your own choices, for every device you turned push on. The Alerts inbox always has everything."
      >
        <QueryState
          query={preferences}
          label="your notification settings"
          skeleton={<ListSkeleton rows={3} />}
        >
          {(data: NotificationPreferences) => (
            <PreferencesForm saved={data} onDirtyChange={onDirtyChange} />
          )}
        </QueryState>
      </Group>
    </div>
  );
}

function PushDeviceControl({ readOnly }: { readOnly: boolean }) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const online = useConnectivity() === 'online';
  const client = useQueryClient();

  useEffect(() => {
    let live = true;
    currentPushState()
      .then((found) => live && setState(found))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  const change = async (on: boolean) => {
    setError(null);
    setBusy(true);
    try {
      const result = await (on ? turnPushOn() : turnPushOff());
      setState(result.state);
      setError(result.error);
    } catch (failure) {
      setError(`Push could not be changed: ${(failure as Error).message}`);
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: [NOTIFICATION_PREFERENCES_PATH] });
    }
  };

  const shown = state ? STATE_TEXT[state] : null;
  return (
    <Group title="Push notifications on this device">
      {readOnly ? (
        <InfoNote>Sign in to get push notifications: the demo cannot subscribe a device.</InfoNote>
      ) : (
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="min-w-0 flex-1 basis-60 text-sm">
              {shown ? (
                <>
                  <Badge tone={shown.tone}>{shown.badge}</Badge> {shown.text}
                </>
              ) : (
                'Checking this device…'
              )}
            </p>
            {state === 'off' ? (
              <Button busy={busy} disabled={!online} onClick={() => void change(true)}>
                {busy ? 'Turning on…' : 'Turn on push notifications'}
              </Button>
            ) : state === 'on' ? (
              <Button
                variant="secondary"
                busy={busy}
                disabled={!online}
                onClick={() => void change(false)}
              >
                {busy ? 'Turning off…' : 'Turn off on this device'}
              </Button>
            ) : null}
          </div>
          <FormStatus online={online} offlineText={NOTIFICATIONS_NEED_CONNECTION} failure={error} />
        </div>
      )}
    </Group>
  );
}

/** What an email switch does, or why it cannot do anything on this server. */
function emailNote(configured: boolean | undefined, what: string): string {
  if (configured === true) return what;
  if (configured === false) return `${what} This server sends no email (SMTP_URL is not set).`;
  return `${what} Checking whether this server sends email…`;
}

/** Said at a quiet-hours time left empty (the browser's time box can be cleared). */
export const QUIET_TIME_MISSING = 'Enter a time, such as 22:00.';

function PreferencesForm({
  saved,
  onDirtyChange,
}: {
  saved: NotificationPreferences;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const [pushAlerts, setPushAlerts] = useState(saved.pushAlerts);
  const [pushReports, setPushReports] = useState(saved.pushReports);
  const [emailAlerts, setEmailAlerts] = useState(saved.emailAlerts);
  const [emailReports, setEmailReports] = useState(saved.emailReports);
  // Email switches only where the server can send email; otherwise they would change nothing.
  const emailConfigured = useNotificationsStatus().data?.email.configured;
  const [quiet, setQuiet] = useState(saved.quietHours !== null);
  const [start, setStart] = useState(saved.quietHours?.start ?? '22:00');
  const [end, setEnd] = useState(saved.quietHours?.end ?? '07:00');
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState({ start: false, end: false });
  const quietStartId = useId();
  const quietEndId = useId();
  const online = useConnectivity() === 'online';
  const client = useQueryClient();
  const disabled = saved.readOnly;
  const dirty =
    pushAlerts !== saved.pushAlerts ||
    pushReports !== saved.pushReports ||
    emailAlerts !== saved.emailAlerts ||
    emailReports !== saved.emailReports ||
    quiet !== (saved.quietHours !== null) ||
    (quiet && (start !== saved.quietHours?.start || end !== saved.quietHours.end));
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(
    () => () => {
      onDirtyChange?.(false);
    },
    [onDirtyChange],
  );
  /** A change takes back the "Saved." of the last save and its failure. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setDone(false);
      setFailure(null);
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(false);
    const empty = { start: quiet && !start, end: quiet && !end };
    setMissing(empty);
    if (empty.start || empty.end) {
      document.getElementById(empty.start ? quietStartId : quietEndId)?.focus();
      return;
    }
    if (quiet && start === end) {
      setFailure('Quiet hours need a different start and end time.');
      return;
    }
    setBusy(true);
    const outcome = await saveNotificationPreferences({
      pushAlerts,
      pushReports,
      emailAlerts,
      emailReports,
      quietHours: quiet ? { start, end } : null,
    });
    setBusy(false);
    if (!outcome.ok) {
      setFailure(outcome.error);
      return;
    }
    client.setQueryData([NOTIFICATION_PREFERENCES_PATH], outcome.value);
    setDone(true);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-2">
      {disabled ? (
        <InfoNote>The demo shows the defaults; sign in to choose your own.</InfoNote>
      ) : null}
      <div className="divide-y divide-slate-200 dark:divide-slate-800">
        <SwitchField
          label="Push alerts"
          description="Occupancy, silent sensors, unusual usage and after-hours use."
          checked={pushAlerts}
          disabled={disabled}
          onCheckedChange={edit(setPushAlerts)}
        />
        <SwitchField
          label="Push reports"
          description="When a scheduled report is ready in the archive."
          checked={pushReports}
          disabled={disabled}
          onCheckedChange={edit(setPushReports)}
        />
        <SwitchField
          label="Email alerts"
          description={emailNote(
            emailConfigured,
            'Each alert as an email, with a link to the live view.',
          )}
          // Off where the server sends no email: the choice is kept, but nothing is sent.
          checked={emailConfigured !== false && emailAlerts}
          disabled={disabled || emailConfigured !== true}
          onCheckedChange={edit(setEmailAlerts)}
        />
        <SwitchField
          label="Email reports"
          description={emailNote(
            emailConfigured,
            'Scheduled reports you receive, with the CSV attached.',
          )}
          checked={emailConfigured !== false && emailReports}
          disabled={disabled || emailConfigured !== true}
          onCheckedChange={edit(setEmailReports)}
        />
        <SwitchField
          label="Quiet hours"
          description={`Hold pushes and alert emails back until quiet hours end (times in ${saved.timeZone}).`}
          checked={quiet}
          disabled={disabled}
          onCheckedChange={edit(setQuiet)}
        />
      </div>
      {quiet ? (
        // One above the other on a phone: side by side, a time box does not fit half of 320 px.
        <div className="grid gap-3 sm:max-w-sm sm:grid-cols-2">
          <Field id={quietStartId} label="From" error={missing.start ? QUIET_TIME_MISSING : null}>
            {(props) => (
              <input
                {...props}
                type="time"
                required
                disabled={disabled}
                value={start}
                onChange={(event) => {
                  edit(setStart)(event.target.value);
                  setMissing((was) => ({ ...was, start: false }));
                }}
                className={CONTROL_CLASSES}
              />
            )}
          </Field>
          <Field id={quietEndId} label="Until" error={missing.end ? QUIET_TIME_MISSING : null}>
            {(props) => (
              <input
                {...props}
                type="time"
                required
                disabled={disabled}
                value={end}
                onChange={(event) => {
                  edit(setEnd)(event.target.value);
                  setMissing((was) => ({ ...was, end: false }));
                }}
                className={CONTROL_CLASSES}
              />
            )}
          </Field>
        </div>
      ) : null}
      {disabled ? null : (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Button type="submit" busy={busy} disabled={!online}>
            {busy ? 'Saving…' : 'Save notification settings'}
          </Button>
          {done && !dirty ? (
            <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
              Saved.
            </p>
          ) : null}
        </div>
      )}
      <FormStatus online={online} offlineText={NOTIFICATIONS_NEED_CONNECTION} failure={failure} />
    </form>
  );
}
