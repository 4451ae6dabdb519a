import { Link } from 'react-router-dom';
import { DEFAULT_VIEWS, DEFAULT_VIEW_IDS } from '../../lib/app-pages';
import type { Settings } from '../../lib/settings';
import { SelectField } from '../../ui/select-field';
import { SwitchField } from '../../ui/switch';
import { Group } from './settings-group';

type Change = <K extends keyof Settings>(key: K, value: Settings[K]) => void;

/** Settings → General, Display: this person's preferences, kept on this device. */
export function GeneralTab({ draft, onChange }: { draft: Settings; onChange: Change }) {
  return (
    <div className="grid gap-6">
      <Group title="Display" description="Your preferences, saved on this device only.">
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
 * Issue 14: alerts reach people through the in-app inbox and scheduled reports through the
 * report archive. Push and email are not built, so there are no switches that would send
 * nothing.
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
      <Group title="Push notifications and email">
        <p className="text-sm">
          Not available yet: CommonGround does not send push notifications or emails. Nothing is
          sent to your phone or mailbox; open the app to see new alerts and reports.
        </p>
      </Group>
    </div>
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
