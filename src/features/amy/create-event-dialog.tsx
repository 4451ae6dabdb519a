import { useId, useRef, useState, type FormEvent } from 'react';
import {
  DESCRIPTION_MAX,
  EMPTY_CUSTOM_EVENT,
  TITLE_MAX,
  validateCustomEvent,
  type CustomEventErrors,
  type CustomEventField,
  type CustomEventInput,
} from './custom-event';
import type { CalendarEvent } from './ics';
import { todayIn } from '../../lib/zoned-time';
import { Button } from '../../ui/button';
import { Dialog, useDialogClose } from '../../ui/dialog';
import { PageIcon } from '../../ui/page-icons';
import { saveCalendarFile } from './calendar-file';
import { CONTROL_CLASSES, Field } from '../../ui/field';

const FIELD_ORDER: readonly CustomEventField[] = [
  'title',
  'amenity',
  'date',
  'startTime',
  'endTime',
  'attendance',
  'description',
];

/**
 * Create Custom Event. There is no event back office, so the honest result is a calendar file
 * (.ics) made on this device, which the manager adds to their own calendar or shares.
 */
export function CreateEventDialog({
  open,
  onClose,
  amenityNames,
  timeZone,
  timeZoneLabel,
}: {
  open: boolean;
  onClose: () => void;
  amenityNames: readonly string[];
  timeZone: string;
  timeZoneLabel: string;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Create Custom Event"
      description="Plan an event of your own. You get a calendar file to add to your calendar or share with residents."
    >
      {/* Mounted only while open, so every opening starts from an empty form. */}
      {open ? (
        <CreateEventForm
          amenityNames={amenityNames}
          timeZone={timeZone}
          timeZoneLabel={timeZoneLabel}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function CreateEventForm({
  amenityNames,
  timeZone,
  timeZoneLabel,
  onClose,
}: {
  amenityNames: readonly string[];
  timeZone: string;
  timeZoneLabel: string;
  onClose: () => void;
}) {
  // Cancel asks first, like Escape, once something has been typed.
  const cancel = useDialogClose(onClose);
  const [values, setValues] = useState<CustomEventInput>(EMPTY_CUSTOM_EVENT);
  const [errors, setErrors] = useState<CustomEventErrors>({});
  const [created, setCreated] = useState<{ event: CalendarEvent; fileName: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const listId = useId();

  const set = (field: CustomEventField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = validateCustomEvent(values, { timeZone });
    if (!outcome.ok) {
      setErrors(outcome.errors);
      const first = FIELD_ORDER.find((field) => outcome.errors[field]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first ?? ''}"]`)?.focus();
      return;
    }
    setCreated({ event: outcome.event, fileName: saveCalendarFile(outcome.event) });
  };

  if (created) {
    return (
      <div role="status" className="grid gap-4">
        <p className="flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950/60 dark:text-green-100">
          <PageIcon name="check" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            <strong>{created.fileName}</strong> was downloaded to this device. Open it to add “
            {created.event.title}” to your calendar, or send it to residents. It is not stored
            anywhere else.
          </span>
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => saveCalendarFile(created.event)}>
            <PageIcon name="download" className="h-4 w-4" />
            Download again
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setCreated(null);
              setValues(EMPTY_CUSTOM_EVENT);
            }}
          >
            Create another
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    );
  }

  const text = (field: CustomEventField) => ({
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => set(field)(e.target.value),
    className: CONTROL_CLASSES,
  });

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
      <Field label="Title" error={errors.title}>
        {(aria) => (
          <input
            {...aria}
            {...text('title')}
            type="text"
            maxLength={TITLE_MAX + 20}
            autoComplete="off"
          />
        )}
      </Field>
      <Field
        label="Amenity or place"
        hint="Pick an amenity or type a place."
        error={errors.amenity}
      >
        {(aria) => (
          <>
            <input {...aria} {...text('amenity')} type="text" list={listId} autoComplete="off" />
            <datalist id={listId}>
              {amenityNames.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field label="Date" error={errors.date}>
        {(aria) => <input {...aria} {...text('date')} type="date" min={todayIn(timeZone)} />}
      </Field>
      <div className="grid gap-4 min-[360px]:grid-cols-2">
        <Field label="Start time" hint={timeZoneLabel} error={errors.startTime}>
          {(aria) => <input {...aria} {...text('startTime')} type="time" />}
        </Field>
        <Field label="End time" error={errors.endTime}>
          {(aria) => <input {...aria} {...text('endTime')} type="time" />}
        </Field>
      </div>
      <Field label="Expected attendance" optional error={errors.attendance}>
        {(aria) => <input {...aria} {...text('attendance')} type="text" inputMode="numeric" />}
      </Field>
      <Field
        label="Description"
        optional
        hint={`Up to ${DESCRIPTION_MAX} characters.`}
        error={errors.description}
      >
        {(aria) => <textarea {...aria} {...text('description')} rows={3} />}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={cancel}>
          Cancel
        </Button>
        <Button type="submit">
          <PageIcon name="calendar" className="h-4 w-4" />
          Create calendar file
        </Button>
      </div>
    </form>
  );
}
