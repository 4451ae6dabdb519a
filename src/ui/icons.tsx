import type { SVGProps } from 'react';

/**
 * Inline stroke icons (24x24 grid, drawn for this app), so no icon library lands in the bundle.
 * Decorative by default: pass `title` to give one an accessible name.
 *
 * This module ships with every page's first load (the shell and the dashboard use it), so it
 * holds only the icons that code draws: the shell's, its navigation's (src/lib/app-pages.ts), the
 * dashboard's first screen's and the shared messages'. The icons only lazily loaded code draws
 * are in page-icons.tsx, drawn by its PageIcon: Icon refuses their names (a type error), so
 * first-load code takes them only by importing page-icons.tsx, which would bring them along.
 */
export const ICON_PATHS = {
  dashboard: 'M3 3h7v9H3zM14 3h7v5h-7zM14 12h7v9h-7zM3 16h7v5H3z',
  building:
    'M4 21V5l8-3 8 3v16M4 21h16M9 21v-5h6v5M8 8h.01M12 8h.01M16 8h.01M8 12h.01M12 12h.01M16 12h.01',
  users:
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  chart: 'M3 3v18h18M7 16v-5M12 16V7M17 16v-8',
  report: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h8M8 9h2',
  sparkles:
    'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9zM5 2l.6 1.4L7 4l-1.4.6L5 6l-.6-1.4L3 4l1.4-.6z',
  settings: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  arrowUp: 'M12 19V5M5 12l7-7 7 7',
  arrowDown: 'M12 5v14M19 12l-7 7-7-7',
  refresh: 'M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5',
  offline:
    'M2 2l20 20M8.5 16.5a5 5 0 0 1 7 0M5 13a10 10 0 0 1 5.2-2.8M19 13a10 10 0 0 0-2-1.6M2 8.8a15 15 0 0 1 4.2-2.7M22 8.8A15 15 0 0 0 10.7 5M12 20h.01',
  clock: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2',
  info: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-4M12 8h.01',
  alert:
    'M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01',
  bell: 'M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0',
  user: 'M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  leaf: 'M11 20A7 7 0 0 1 4 13c0-6 8-10 16-10 0 8-4 16-10 16M4 21c3-4 6-7 10-9',
} as const;

export type IconName = keyof typeof ICON_PATHS;

/** A 24 px stroke icon drawn from one SVG path. Decorative unless given a title. */
export function PathIcon({
  d,
  title,
  className = 'h-5 w-5',
  ...props
}: { d: string; title?: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
      {...props}
    >
      {title ? <title>{title}</title> : null}
      <path d={d} />
    </svg>
  );
}

/** The props of an icon component drawing icon `Name`: PathIcon's, with the icon's name. */
export type IconProps<Name extends string> = { name: Name; title?: string } & Omit<
  SVGProps<SVGSVGElement>,
  'name'
>;

/** An icon of the first load's set (ICON_PATHS); lazily loaded code has PageIcon for the rest. */
export function Icon({ name, ...props }: IconProps<IconName>) {
  return <PathIcon d={ICON_PATHS[name]} {...props} />;
}
