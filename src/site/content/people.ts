/** The leadership team: the About page's leadership and the Press page's executive team. */
export type Leader = { name: string; role: string; bio: string; initials: string };

export const LEADERSHIP: readonly Leader[] = [
  {
    name: 'Sarah Mitchell',
    role: 'Chief Executive Officer',
    initials: 'SM',
    bio: 'Managed master-planned communities in Southern California for twelve years before founding CommonGround.',
  },
  {
    name: 'David Chen',
    role: 'Chief Technology Officer',
    initials: 'DC',
    bio: 'Built IoT and analytics platforms for smart buildings; leads engineering and the Amy AI team.',
  },
  {
    name: 'Maria Rodriguez',
    role: 'VP of Customer Success',
    initials: 'MR',
    bio: 'Former HOA board president who makes sure every community sees value in its first month.',
  },
  {
    name: 'James Thompson',
    role: 'VP of Sales',
    initials: 'JT',
    bio: 'Has partnered with property management companies across the West for two decades.',
  },
];
