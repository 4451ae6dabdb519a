import { useSyncExternalStore } from 'react';
import { useNotificationsStatus } from '../../api/notifications-status';
import { Link } from 'react-router-dom';
import { DEFAULT_VIEWS, DEFAULT_VIEW_IDS } from '../../lib/app-pages';
import { PREFERENCES_NOT_KEPT, preferencesKept, type Settings } from '../../lib/settings';
import { SelectField } from '../../ui/select-field';
import { SwitchField } from '../../ui/switch';
import { Group } from '../../ui/group';

type Change = <K extends keyof Settings>(key: K, value: Settings[K]) => void;

const noChanges = () => () => undefined;
/** Kept or not is the browser's, read once in the browser (a prerendered frame says kept). */
const usePreferencesKept = () => useSyncExternalStore(noChanges, preferencesKept, () => true);

/** Settings → General, Display: this person's preferences, kept on this device. */
export function GeneralTab({ draft, onChange }: { draft: Settings; onChange: Change }) {
  return (
    <div className="grid gap-6">
      <Group
        title="Display"
        description={
          usePreferencesKept()
            ? 'Your preferences, saved on this device only.'
            : PREFERENCES_NOT_KEPT
        }
      >
        <div className="divide-y divide-slate-200 dark:divide-slate-800">
          <SwitchList switches={DISPLAY_SWITCHES} draft={draft} onChange={onChange} />
          <div className="py-3">
            <div className="md:max-w-xs">
              <SelectField
                label="Default dashboard view"
                hint="The page the installed app opens on."
                value={draft.defaultView}
                options={DEFAULT_VIEW_OPTIONS}
                onChange={(value) => onChange('defaultView', value)}
              />
            </div>
          </div>
        </div>
      </Group>
    </div>
  );
}

/**
 * Issue 14: alerts reach the in-app inbox and scheduled reports the archive; push notifications
 * are set up per device below the form (NotificationDelivery, on the server), and email where
 * the server has SMTP_URL; without it this says no email is sent.
 */
export function NotificationsTab() {
  return (
    <div className="grid gap-6">
      <Group title="In the app">
        <ul className="grid list-disc gap-2 pl-5 text-sm">
          <li>
            Alerts (occupancy, silent sensors, unusual usage, after-hours use) are delivered to the{' '}
            <Link to="/alerts" className="font-medium underline underline-offset-2">
              Alerts inbox
            </Link>
            , with the unread count beside Alerts in the menu.
          </li>
          <li>
            Scheduled reports are stored in the report archive on the{' '}
            <Link to="/reports" className="font-medium underline underline-offset-2">
              Reports page
            </Link>
            .
          </li>
        </ul>
      </Group>
      <Group title="Email">
        <EmailAvailability />
      </Group>
    </div>
  );
}

/** Whether this server sends email at all, as it says (GET /api/notifications/status). */
function EmailAvailability() {
  const status = useNotificationsStatus();
  const configured = status.data?.email.configured;
  return (
    <p className="text-sm">
      {configured === true
        ? 'This server sends email: choose alert and report emails below. They go to the address you sign in with.'
        : configured === false
          ? 'This server sends no email (an administrator sets SMTP_URL on the server to turn it on). Alerts and reports reach the app, and push notifications on the devices where you turn them on below.'
          : status.isError
            ? 'Could not ask the server whether it sends email.'
            : 'Asking the server whether it sends email…'}
    </p>
  );
}

/** One on/off setting: its key in Settings and the words beside its switch. */
type SwitchSpec = { key: BooleanSetting; label: string; description: string };
type BooleanSetting = {
  [K in keyof Settings]: Settings[K] extends boolean ? K : never;
}[keyof Settings];

function SwitchList({
  switches,
  draft,
  onChange,
}: {
  switches: readonly SwitchSpec[];
  draft: Settings;
  onChange: Change;
}) {
  return (
    <div className="divide-y divide-slate-200 dark:divide-slate-800">
      {switches.map(({ key, label, description }) => (
        <SwitchField
          key={key}
          label={label}
          description={description}
          checked={draft[key]}
          onCheckedChange={(value) => onChange(key, value)}
        />
      ))}
    </div>
  );
}

const DEFAULT_VIEW_OPTIONS = DEFAULT_VIEW_IDS.map((id) => ({
  value: id,
  label: DEFAULT_VIEWS[id].label,
}));

const DISPLAY_SWITCHES: readonly SwitchSpec[] = [
  {
    key: 'autoRefresh',
    label: 'Auto-refresh',
    description:
      'Update live figures every 30 seconds (Amy every 5 and 10 minutes). Off: figures stay as loaded until you reload.',
  },
  { key: 'darkMode', label: 'Dark mode', description: 'Use the dark theme on this device.' },
];
