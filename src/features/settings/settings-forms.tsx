import { Link } from '../../lib/router';
import { DEFAULT_VIEWS, DEFAULT_VIEW_IDS } from '../../lib/app-pages';
import {
  CURRENCIES,
  TIMEZONES,
  type Currency,
  type Settings,
  type SettingsErrors,
  type TimezoneId,
} from '../../lib/settings';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { SelectField } from '../../ui/select-field';
import { SwitchField } from '../../ui/switch';
import { Group } from './settings-group';

/** Fixed ids of the validated controls, so a failed save can focus the first invalid one. */
export const FIELD_IDS: Partial<Record<keyof Settings, string>> = {
  communityName: 'settings-community-name',
  communityCode: 'settings-community-code',
  address: 'settings-address',
};

const CURRENCY_LABELS: Record<Currency, string> = {
  USD: 'USD — US dollar ($)',
  CAD: 'CAD — Canadian dollar ($)',
  EUR: 'EUR — Euro (€)',
};

type Change = <K extends keyof Settings>(key: K, value: Settings[K]) => void;

export function GeneralTab({
  draft,
  errors,
  onChange,
  onBlur,
}: {
  draft: Settings;
  errors: SettingsErrors;
  onChange: Change;
  onBlur: (key: keyof Settings) => void;
}) {
  return (
    <div className="grid gap-6">
      <Group title="Community" description="Shown in the app and on printed reports.">
        <div className="grid gap-4 md:grid-cols-2">
          <Field id={FIELD_IDS.communityName} label="Community name" error={errors.communityName}>
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="organization"
                value={draft.communityName}
                onChange={(event) => onChange('communityName', event.target.value)}
                onBlur={() => onBlur('communityName')}
                className={CONTROL_CLASSES}
              />
            )}
          </Field>
          <Field
            id={FIELD_IDS.communityCode}
            label="Community code"
            hint="Letters, numbers and hyphens, e.g. WCCA-2024."
            error={errors.communityCode}
          >
            {(props) => (
              <input
                {...props}
                type="text"
                autoCapitalize="characters"
                spellCheck={false}
                value={draft.communityCode}
                onChange={(event) => onChange('communityCode', event.target.value)}
                onBlur={() => onBlur('communityCode')}
                className={CONTROL_CLASSES}
              />
            )}
          </Field>
          <div className="md:col-span-2">
            <Field id={FIELD_IDS.address} label="Address" error={errors.address}>
              {(props) => (
                <textarea
                  {...props}
                  rows={2}
                  autoComplete="street-address"
                  value={draft.address}
                  onChange={(event) => onChange('address', event.target.value)}
                  onBlur={() => onBlur('address')}
                  className={CONTROL_CLASSES}
                />
              )}
            </Field>
          </div>
        </div>
      </Group>

      <Group title="Regional" description="How times and amounts are shown throughout the app.">
        <div className="grid gap-4 md:grid-cols-2">
          <SelectField
            label="Timezone"
            value={draft.timezone}
            options={TIMEZONE_OPTIONS}
            onChange={(value) => onChange('timezone', value)}
          />
          <SelectField
            label="Currency"
            hint="Only the symbol changes; amounts are not converted."
            value={draft.currency}
            options={CURRENCY_OPTIONS}
            onChange={(value) => onChange('currency', value)}
          />
        </div>
      </Group>

      <Group title="Display">
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

const TIMEZONE_OPTIONS = (Object.keys(TIMEZONES) as TimezoneId[]).map((id) => ({
  value: id,
  label: TIMEZONES[id].label,
}));
const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({
  value: currency,
  label: CURRENCY_LABELS[currency],
}));
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
