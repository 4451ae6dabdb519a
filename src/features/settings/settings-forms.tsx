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
import { InfoNote } from '../../ui/info-note';
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

export function NotificationsTab({ draft, onChange }: { draft: Settings; onChange: Change }) {
  return (
    <div className="grid gap-6">
      <InfoNote>
        Emails and push notifications are sent by the CommonGround server, which does not send them
        yet. Your choices are kept on this device until it does.
      </InfoNote>
      {NOTIFICATION_GROUPS.map((group) => (
        <Group key={group.title} title={group.title}>
          <SwitchList switches={group.switches} draft={draft} onChange={onChange} />
        </Group>
      ))}
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

const NOTIFICATION_GROUPS: readonly { title: string; switches: readonly SwitchSpec[] }[] = [
  {
    title: 'Email notifications',
    switches: [
      {
        key: 'emailDailyUsage',
        label: 'Daily usage reports',
        description: 'A summary of yesterday’s amenity use, every morning.',
      },
      {
        key: 'emailAmySuggestions',
        label: 'Amy suggestions',
        description: 'New event ideas from Amy.',
      },
      {
        key: 'emailCapacityAlerts',
        label: 'Capacity alerts',
        description: 'When an amenity reaches 90% capacity.',
      },
      {
        key: 'emailMaintenance',
        label: 'Maintenance reminders',
        description: 'Upcoming inspections and service dates.',
      },
    ],
  },
  {
    title: 'Push notifications',
    switches: [
      {
        key: 'pushRealtimeAlerts',
        label: 'Real-time alerts',
        description: 'Capacity and status changes as they happen.',
      },
      {
        key: 'pushEventReminders',
        label: 'Event reminders',
        description: 'Before community events start.',
      },
    ],
  },
];
