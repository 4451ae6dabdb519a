import type { PlannedEvent } from '../../api/contract';
import { EVENT_CATEGORY_LABELS } from '../../lib/event-categories';
import { formatCalendarDate, formatCount } from '../../lib/format';
import { windowText } from './planned-event-form-values';

/** "planned for 60". */
export const plannedForText = (event: Pick<PlannedEvent, 'plannedAttendance'>) =>
  `planned for ${formatCount(event.plannedAttendance)}`;

/**
 * What a planned event is, as its row in the lists and the "Record as held" dialog show it:
 * title; date, time window, amenity, category; how many it is planned for.
 */
export function PlannedEventDetails({ event }: { event: PlannedEvent }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words">{event.title}</p>
      <p className="mt-0.5 flex flex-wrap gap-x-2 text-sm text-slate-600 dark:text-slate-400">
        <span>{formatCalendarDate(event.startsOn)}</span>
        <span aria-hidden="true">·</span>
        <span>{windowText(event)}</span>
        <span aria-hidden="true">·</span>
        <span>{event.amenityName}</span>
        <span aria-hidden="true">·</span>
        <span>{EVENT_CATEGORY_LABELS[event.category]}</span>
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{plannedForText(event)}</p>
    </div>
  );
}
