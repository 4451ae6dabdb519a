import { ICON_PATHS, PathIcon, type IconProps } from './icons';

/**
 * The icons only lazily loaded code draws (the pages other than the dashboard, the dashboard's
 * cards below the fold, dialogs), kept out of the first load: icons.tsx ships with it, this
 * module with the chunks of the code that imports it.
 */
const PAGE_ONLY_ICON_PATHS = {
  tree: 'M12 22v-6M12 16c-4 0-7-2.5-7-6a7 7 0 0 1 14 0c0 3.5-3 6-7 6zM9 22h6',
  hall: 'M3 10l9-6 9 6M5 10v10M19 10v10M9 10v10M15 10v10M3 20h18',
  dumbbell: 'M6 7v10M18 7v10M3 10v4M21 10v4M6 12h12',
  waves:
    'M2 7c2 0 2-2 4-2s2 2 4 2 2-2 4-2 2 2 4 2 2-2 4-2M2 13c2 0 2-2 4-2s2 2 4 2 2-2 4-2 2 2 4 2 2-2 4-2M2 19c2 0 2-2 4-2s2 2 4 2 2-2 4-2 2 2 4 2 2-2 4-2',
  landmark: 'M3 22h18M6 18v-7M10 18v-7M14 18v-7M18 18v-7M12 2l9 5H3z',
  street: 'M4 22L9 2M20 22L15 2M12 4v2M12 10v3M12 17v3',
  playground: 'M4 21V8l4-4 4 4v13M4 12h8M12 9l8 10M16 21h5',
  download: 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3',
  calendar:
    'M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z',
  check: 'M20 6L9 17l-5-5',
  close: 'M18 6L6 18M6 6l12 12',
  table: 'M3 3h18v18H3zM3 9h18M3 15h18M9 3v18',
  activity: 'M22 12h-4l-3 9L9 3l-3 9H2',
  trending: 'M23 6l-9.5 9.5-5-5L1 18M17 6h6v6',
  dollar: 'M12 1v22M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6',
  target:
    'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 18a6 6 0 1 0 0-12 6 6 0 0 0 0 12zM12 14a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  lightbulb: 'M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z',
  home: 'M3 10l9-7 9 7v11a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z',
  search: 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3',
  plus: 'M12 5v14M5 12h14',
  image: 'M3 5h18v14H3zM8.5 11a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 19',
  mail: 'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM22 6l-10 7L2 6',
} as const;

/** Every icon of the app: the first load's (icons.tsx) and the pages' own. */
export const PAGE_ICON_PATHS = { ...ICON_PATHS, ...PAGE_ONLY_ICON_PATHS };

export type PageIconName = keyof typeof PAGE_ICON_PATHS;

/**
 * Any icon of the app, for code only lazily loaded pages import; the first load's code draws
 * Icon (icons.tsx), whose set this one extends. Decorative unless given a title.
 */
export function PageIcon({ name, ...props }: IconProps<PageIconName>) {
  return <PathIcon d={PAGE_ICON_PATHS[name]} {...props} />;
}

/** The icon of each amenity type (spec section 3 types). */
export const AMENITY_TYPE_ICONS: Record<string, PageIconName> = {
  lawn: 'tree',
  hall: 'hall',
  yard: 'dumbbell',
  lake: 'waves',
  heritage: 'landmark',
  street: 'street',
  playground: 'playground',
};

export function amenityIcon(typeOrIcon: string): PageIconName {
  if (typeOrIcon in AMENITY_TYPE_ICONS) return AMENITY_TYPE_ICONS[typeOrIcon] ?? 'building';
  return typeOrIcon in PAGE_ICON_PATHS ? (typeOrIcon as PageIconName) : 'building';
}
