import { useMemo } from 'react';
import type { AmenitySetup, PlannedEvent } from '../../api/contract';
import {
  PLANNED_EVENTS_OFFLINE_MESSAGE,
  planEvent,
  refreshPlannedEvents,
  replanEvent,
} from '../../api/events';
import type { ConnectionTexts } from '../../lib/connection-notice';
import { EVENT_CATEGORY_OPTIONS } from '../../lib/event-categories';
import { minuteOfDayIn } from '../../lib/zoned-time';
import { useDialogClose } from '../../ui/dialog';
import { SelectField } from '../../ui/select-field';
import {
  emptyPlannedForm,
  latestPlannedDay,
  plannedFieldOf,
  plannedFormOf,
  plannedInputOf,
  type PlannedFormValues,
} from './planned-event-form-values';
import { NoAmenityYet } from './event-form-parts';
import { useCheckedForm } from './use-checked-form';

export const PLANNED_NEEDS_CONNECTION =
  'Planning an event needs a connection to CommonGround. You are offline: nothing was saved, and what you typed stays here. Try again once you are back online.';

/** What the planned events' forms say when a change cannot reach the server (FormStatus). */
export const PLANNED_CONNECTION_TEXTS: ConnectionTexts = {
  offline: PLANNED_NEEDS_CONNECTION,
  unreachable: `${PLANNED_EVENTS_OFFLINE_MESSAGE} What you typed stays here: try again once it answers.`,
};

/**
 * Plan an upcoming event, or change one (`plan`): checked on the device with the server's own
 * schema, date and window rules, then saved in one request; the server's refusal (opening
 * hours, a duplicate) lands next to the field it names.
 */
export function PlannedEventForm({
  amenities,
  today,
  timeZone,
  plan,
  onDone,
}: {
  /** The live amenities, in display order. */
  amenities: readonly AmenitySetup[];
  /** The community's local date (yyyy-mm-dd). */
  today: string;
  timeZone: string;
  /** The plan to change; a new one when left out. */
  plan?: PlannedEvent;
  onDone: (saved: PlannedEvent | null) => void;
}) {
  const cancel = useDialogClose(() => onDone(null));
  const amenityIds = useMemo(() => amenities.map((a) => a.id), [amenities]);
  const { values, errors, set, submit, formRef, text, end } = useCheckedForm({
    initial: () =>
      plan
        ? plannedFormOf(plan, amenityIds)
        : emptyPlannedForm(today, amenityIds, minuteOfDayIn(timeZone)),
    check: (form: PlannedFormValues) => plannedInputOf(form, today, amenities),
    save: plan ? (input) => replanEvent(plan.id, input) : planEvent,
    fieldOf: plannedFieldOf,
    refresh: refreshPlannedEvents,
    connectionTexts: PLANNED_CONNECTION_TEXTS,
    onSaved: onDone,
  });

  if (amenities.length === 0) return <NoAmenityYet action="planned" onClose={() => onDone(null)} />;

  const amenityOptions = [
    ...(values.amenityId === '' ? [{ value: '', label: 'Choose an amenity' }] : []),
    ...amenities.map((a) => ({ value: a.id, label: a.name })),
  ];

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      {text('title', 'Title', { autoComplete: 'off' })}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField<string>
          label="Amenity"
          name="amenityId"
          value={values.amenityId}
          options={amenityOptions}
          onChange={(amenityId) => set('amenityId')(amenityId)}
          error={errors.amenityId}
        />
        <SelectField
          label="Category"
          name="category"
          value={values.category}
          options={EVENT_CATEGORY_OPTIONS}
          onChange={(category) => set('category')(category)}
          error={errors.category}
        />
        {text('startsOn', 'Date', { type: 'date', min: today, max: latestPlannedDay(today) })}
        {text('plannedAttendance', 'People planned for', {
          inputMode: 'numeric',
          autoComplete: 'off',
        })}
        {text('startTime', 'Starts at', { type: 'time' }, { hint: `Community time (${timeZone})` })}
        {text(
          'endTime',
          'Ends at',
          { type: 'time' },
          { hint: 'Within the amenity’s opening hours' },
        )}
      </div>
      {end(plan ? 'Save changes' : 'Plan event', cancel)}
    </form>
  );
}
