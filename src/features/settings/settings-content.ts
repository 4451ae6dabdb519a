/** Spec section 2, Settings > Users: static sample users (roles Admin and Manager, section 6). */

export type UserRole = 'Admin' | 'Manager';

export type SampleUser = {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  lastActive: string;
};

export const SAMPLE_USERS: readonly SampleUser[] = [
  {
    id: 'user-sarah',
    name: 'Sarah Johnson',
    email: 'sarah.johnson@willowcreek.org',
    role: 'Admin',
    lastActive: 'Today',
  },
  {
    id: 'user-michael',
    name: 'Michael Chen',
    email: 'michael.chen@willowcreek.org',
    role: 'Manager',
    lastActive: 'Yesterday',
  },
  {
    id: 'user-priya',
    name: 'Priya Patel',
    email: 'priya.patel@willowcreek.org',
    role: 'Manager',
    lastActive: '3 days ago',
  },
];

export const SETTINGS_TABS = [
  { value: 'general', label: 'General' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'integrations', label: 'Integrations' },
  { value: 'users', label: 'Users' },
  { value: 'billing', label: 'Billing' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['value'];
