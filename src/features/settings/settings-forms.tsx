import {
  CURRENCIES,
  DEFAULT_VIEWS,
  TIMEZONES,
  type Currency,
  type DefaultView,
  type Settings,
  type SettingsErrors,
  type TimezoneId,
} from '../../lib/settings';
import { CONTROL_CLASSES, Field } from '../../ui/field';
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
          <Field label="Timezone">
            {(props) => (
              <select
                {...props}
                value={draft.timezone}
                onChange={(event) => onChange('timezone', event.target.value as TimezoneId)}
                className={CONTROL_CLASSES}
              >
                {(Object.keys(TIMEZONES) as TimezoneId[]).map((id) => (
                  <option key={id} value={id}>
                    {TIMEZONES[id].label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Currency" hint="Only the symbol changes; amounts are not converted.">
            {(props) => (
              <select
                {...props}
                value={draft.currency}
                onChange={(event) => onChange('currency', event.target.value as Currency)}
                className={CONTROL_CLASSES}
              >
                {CURRENCIES.map((currency) => (
                  <option key={currency} value={currency}>
                    {CURRENCY_LABELS[currency]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </Group>

      <Group title="Display">
        <div className="divide-y divide-slate-200 dark:divide-slate-800">
          <SwitchField
            label="Auto-refresh"
            description="Update live figures every 30 seconds (Amy every 5 and 10 minutes). Off: figures stay as loaded until you reload."
            checked={draft.autoRefresh}
            onCheckedChange={(value) => onChange('autoRefresh', value)}
          />
          <SwitchField
            label="Dark mode"
            description="Use the dark theme on this device."
            checked={draft.darkMode}
            onCheckedChange={(value) => onChange('darkMode', value)}
          />
          <div className="py-3">
            <Field label="Default dashboard view" hint="The page the installed app opens on.">
              {(props) => (
                <select
                  {...props}
                  value={draft.defaultView}
                  onChange={(event) => onChange('defaultView', event.target.value as DefaultView)}
                  className={`${CONTROL_CLASSES} md:max-w-xs`}
                >
                  {(Object.keys(DEFAULT_VIEWS) as DefaultView[]).map((view) => (
                    <option key={view} value={view}>
                      {DEFAULT_VIEWS[view].label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
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
      <Group title="Email notifications">
        <div className="divide-y divide-slate-200 dark:divide-slate-800">
          <SwitchField
            label="Daily usage reports"
            description="A summary of yesterday’s amenity use, every morning."
            checked={draft.emailDailyUsage}
            onCheckedChange={(value) => onChange('emailDailyUsage', value)}
          />
          <SwitchField
            label="Amy suggestions"
            description="New event ideas from Amy."
            checked={draft.emailAmySuggestions}
            onCheckedChange={(value) => onChange('emailAmySuggestions', value)}
          />
          <SwitchField
            label="Capacity alerts"
            description="When an amenity reaches 90% capacity."
            checked={draft.emailCapacityAlerts}
            onCheckedChange={(value) => onChange('emailCapacityAlerts', value)}
          />
          <SwitchField
            label="Maintenance reminders"
            description="Upcoming inspections and service dates."
            checked={draft.emailMaintenance}
            onCheckedChange={(value) => onChange('emailMaintenance', value)}
          />
        </div>
      </Group>
      <Group title="Push notifications">
        <div className="divide-y divide-slate-200 dark:divide-slate-800">
          <SwitchField
            label="Real-time alerts"
            description="Capacity and status changes as they happen."
            checked={draft.pushRealtimeAlerts}
            onCheckedChange={(value) => onChange('pushRealtimeAlerts', value)}
          />
          <SwitchField
            label="Event reminders"
            description="Before community events start."
            checked={draft.pushEventReminders}
            onCheckedChange={(value) => onChange('pushEventReminders', value)}
          />
        </div>
      </Group>
    </div>
  );
}
