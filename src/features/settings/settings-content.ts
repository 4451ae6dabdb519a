export const SETTINGS_TABS = [
  { value: 'general', label: 'General' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'integrations', label: 'Integrations' },
  { value: 'users', label: 'Users' },
  { value: 'audit', label: 'Audit log' },
  { value: 'billing', label: 'Billing' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['value'];
