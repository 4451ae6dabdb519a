// Apart from amenity-colors.ts, whose defaults the first screen's chart needs: only the amenity
// form offers these.

/** The colours an amenity can be given in its settings, by name (its chart line, its card). */
export const AMENITY_COLOR_CHOICES: readonly { value: string; label: string }[] = [
  { value: '#16a34a', label: 'Green' },
  { value: '#65a30d', label: 'Lime' },
  { value: '#0d9488', label: 'Teal' },
  { value: '#0891b2', label: 'Cyan' },
  { value: '#2563eb', label: 'Blue' },
  { value: '#9333ea', label: 'Purple' },
  { value: '#db2777', label: 'Pink' },
  { value: '#dc2626', label: 'Red' },
  { value: '#d97706', label: 'Amber' },
  { value: '#475569', label: 'Slate' },
];

/** The colour choices for one amenity: its current colour stays offered even if not listed. */
export function colorChoicesFor(current: string): { value: string; label: string }[] {
  const listed = AMENITY_COLOR_CHOICES.some((choice) => choice.value === current);
  return listed || current === ''
    ? [...AMENITY_COLOR_CHOICES]
    : [{ value: current, label: `Current (${current})` }, ...AMENITY_COLOR_CHOICES];
}
