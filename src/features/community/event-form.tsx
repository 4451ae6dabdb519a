import { useMemo } from 'react';
import type { AmenitySetup, HeldEvent } from '../../api/contract';
import { EVENTS_OFFLINE_MESSAGE, recordEvent, refreshEvents } from '../../api/events';
import type { ConnectionTexts } from '../../lib/connection-notice';
import { EVENT_CATEGORY_OPTIONS } from '../../lib/event-categories';
import { useDialogClose } from '../../ui/dialog';
import { SelectField } from '../../ui/select-field';
import {
  emptyEventForm,
  eventFieldOf,
  eventInputOf,
  type EventFormValues,
} from './event-form-values';
import { NoAmenityYet } from './event-form-parts';
import { useCheckedForm } from './use-checked-form';

export const EVENTS_NEED_CONNECTION =
  'Recording an event needs a connection to CommonGround. You are offline: nothing was saved, and what you typed stays here. Try again once you are back online.';

/** What the events' forms say when a change cannot reach the server (FormStatus). */
export const EVENT_CONNECTION_TEXTS: ConnectionTexts = {
  offline: EVENTS_NEED_CONNECTION,
  unreachable: `${EVENTS_OFFLINE_MESSAGE} What you typed stays here: try again once it answers.`,
};

/**
 * Record an event that was held: checked on the device with the server's own schema and date
 * rule, then saved in one request; the server's refusal lands next to the field it names.
 */
export function EventForm({
  amenities,
  today,
  currency,
  onDone,
}: {
  /** The live amenities, in display order. */
  amenities: readonly AmenitySetup[];
  /** The community's local date (yyyy-mm-dd). */
  today: string;
  currency: string;
  onDone: (saved: HeldEvent | null) => void;
}) {
  const cancel = useDialogClose(() => onDone(null));
  const amenityIds = useMemo(() => amenities.map((a) => a.id), [amenities]);
  const { values, errors, set, submit, formRef, text, end } = useCheckedForm({
    initial: () => emptyEventForm(today, amenityIds),
    check: (form: EventFormValues) => eventInputOf(form, today),
    save: recordEvent,
    fieldOf: eventFieldOf,
    refresh: refreshEvents,
    connectionTexts: EVENT_CONNECTION_TEXTS,
    onSaved: onDone,
  });

  if (amenities.length === 0)
    return <NoAmenityYet action="recorded" onClose={() => onDone(null)} />;

  const amenityOptions = [
    ...(values.amenityId === '' ? [{ value: '', label: 'Choose an amenity' }] : []),
    ...amenities.map((a) => ({ value: a.id, label: a.name })),
  ];

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      {text(
        'title',
        'Title',
        { autoComplete: 'off' },
        {
          hint: 'Held one of Amy’s suggestions? Give it the same title, so her next ones learn from it.',
        },
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField<string>
          label="Amenity"
          name="amenityId"
          value={values.amenityId}
          options={amenityOptions}
          onChange={(amenityId) => set('amenityId')(amenityId)}
          error={errors.amenityId}
        />
        {text('heldOn', 'Held on', { type: 'date', max: today })}
        {text('attendance', 'People who came', { inputMode: 'numeric', autoComplete: 'off' })}
        {text('plannedAttendance', 'People planned for', {
          inputMode: 'numeric',
          autoComplete: 'off',
        })}
        <SelectField
          label="Category"
          name="category"
          value={values.category}
          options={EVENT_CATEGORY_OPTIONS}
          onChange={(category) => set('category')(category)}
          error={errors.category}
        />
        {text('cost', `Cost (${currency})`, { inputMode: 'decimal', autoComplete: 'off' })}
      </div>
      {end('Record event', cancel)}
    </form>
  );
}
