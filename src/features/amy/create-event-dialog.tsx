import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  plannedHoursProblem,
  type EventCategory,
  type PlannedEventInput,
  type Suggestion,
} from '../../api/contract';
import type { AmenityClosure } from '../../lib/amenity-closures';
import type { WeeklyHours } from '../../lib/weekly-hours';
import { planEvent, refreshPlannedEvents } from '../../api/events';
import { SAVED_UNKNOWN } from '../../api/send';
import { useConnectivity } from '../../lib/connectivity';
import { fieldMessage, fieldOfError } from '../../lib/field-error';
import { SelectField } from '../../ui/select-field';
import { toast } from '../../ui/toast';
import { EVENT_CATEGORY_OPTIONS } from '../../lib/event-categories';
import {
  DESCRIPTION_MAX,
  EMPTY_CUSTOM_EVENT,
  TITLE_MAX,
  customEventOfSuggestion,
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

/** An amenity the event can be saved at: its public slug and name. */
/**
 * An amenity the event may be saved at, with its opening hours and closures once known (checked
 * first).
 */
export type SaveAmenity = {
  id: string;
  name: string;
  hours?: WeeklyHours;
  closures?: readonly AmenityClosure[];
};

export const SAVE_NEEDS_CONNECTION =
  'Saving to the community’s events needs a connection to CommonGround. You are offline: nothing was saved, and what you typed stays here. The calendar file works offline.';
export const SAVE_UNREACHABLE =
  'Can’t reach CommonGround: nothing was saved, and what you typed stays here. Try again once it answers.';
export const SAVE_NEEDS_AMENITY =
  'To save it to the community’s events, choose one of the community’s amenities.';
export const SAVE_NEEDS_ATTENDANCE =
  'To save it to the community’s events, enter how many people it is planned for (1 or more).';

/** The server's field names (POST /api/events/planned), as this form's. */
const SAVE_FIELD_OF: Record<string, CustomEventField | 'category'> = {
  amenityId: 'amenity',
  startsOn: 'date',
  startMinute: 'startTime',
  endMinute: 'endTime',
  title: 'title',
  plannedAttendance: 'attendance',
  category: 'category',
};

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export const PLAN_SUGGESTION_TITLE = 'Plan this event';
export const PLAN_SUGGESTION_DESCRIPTION =
  'Amy’s suggestion, filled in: check it and change what you need, then save it to the community’s events or get a calendar file.';

/**
 * Create Custom Event: a calendar file (.ics) made on this device, which the manager adds to
 * their own calendar or shares; and, for a Manager or Admin of a community of its own (`saveTo`),
 * saving it to the community's planned events (Community management's Upcoming events). Opened
 * for one of Amy's suggestions (`suggestion`), the same form starts filled in from it.
 */
export function CreateEventDialog({
  open,
  onClose,
  amenityNames,
  timeZone,
  timeZoneLabel,
  saveTo = null,
  suggestion = null,
}: {
  open: boolean;
  onClose: () => void;
  amenityNames: readonly string[];
  timeZone: string;
  timeZoneLabel: string;
  /** The community's amenities when this user may save events to it; null otherwise. */
  saveTo?: readonly SaveAmenity[] | null;
  /** The suggestion to plan, or null for an event of the manager's own. */
  suggestion?: Suggestion | null;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={suggestion ? PLAN_SUGGESTION_TITLE : 'Create Custom Event'}
      description={
        suggestion
          ? PLAN_SUGGESTION_DESCRIPTION
          : saveTo
            ? 'Plan an event of your own: save it to the community’s events, or get a calendar file to add to your calendar or share with residents.'
            : 'Plan an event of your own. You get a calendar file to add to your calendar or share with residents.'
      }
    >
      {/* Mounted only while open, so every opening starts from an empty (or the suggestion's) form. */}
      {open ? (
        <CreateEventForm
          key={suggestion?.id ?? 'own'}
          suggestion={suggestion}
          amenityNames={amenityNames}
          timeZone={timeZone}
          timeZoneLabel={timeZoneLabel}
          saveTo={saveTo}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function CreateEventForm({
  suggestion,
  amenityNames,
  timeZone,
  timeZoneLabel,
  saveTo,
  onClose,
}: {
  suggestion: Suggestion | null;
  amenityNames: readonly string[];
  timeZone: string;
  timeZoneLabel: string;
  saveTo: readonly SaveAmenity[] | null;
  onClose: () => void;
}) {
  // Cancel asks first, like Escape, once something has been typed.
  const cancel = useDialogClose(onClose);
  const [values, setValues] = useState<CustomEventInput>(() =>
    suggestion ? customEventOfSuggestion(suggestion) : EMPTY_CUSTOM_EVENT,
  );
  const [errors, setErrors] = useState<CustomEventErrors>({});
  const [created, setCreated] = useState<{ event: CalendarEvent; fileName: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const listId = useId();
  const client = useQueryClient();
  const connectivity = useConnectivity();
  const [category, setCategory] = useState<EventCategory>(suggestion?.category ?? 'community');
  const [categoryError, setCategoryError] = useState<string | undefined>(undefined);
  const [saveFailure, setSaveFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (field: CustomEventField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusFirst = (found: CustomEventErrors) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    formRef.current?.querySelector<HTMLElement>(`[name="${first ?? ''}"]`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaveFailure(null);
    const outcome = validateCustomEvent(values, { timeZone });
    if (!outcome.ok) {
      setErrors(outcome.errors);
      focusFirst(outcome.errors);
      return;
    }
    setCreated({ event: outcome.event, fileName: saveCalendarFile(outcome.event) });
  };

  /** Saves the event to the community's planned events; a toast only once the server stored it. */
  const save = async () => {
    if (!saveTo || saving) return;
    setSaveFailure(null);
    setCategoryError(undefined);
    const outcome = validateCustomEvent(values, { timeZone });
    const found: CustomEventErrors = outcome.ok ? {} : { ...outcome.errors };
    const amenity = saveTo.find(
      (a) => a.name.toLowerCase() === values.amenity.trim().toLowerCase(),
    );
    if (!found.amenity && !amenity) found.amenity = SAVE_NEEDS_AMENITY;
    const attendance = values.attendance.trim();
    if (!found.attendance && (attendance === '' || Number(attendance) < 1)) {
      found.attendance = SAVE_NEEDS_ATTENDANCE;
    }
    if (Object.keys(found).length > 0 || !amenity) {
      setErrors(found);
      focusFirst(found);
      return;
    }
    if (connectivity !== 'online') {
      setSaveFailure(SAVE_NEEDS_CONNECTION);
      return;
    }
    const end = minuteOf(values.endTime);
    const input: PlannedEventInput = {
      amenityId: amenity.id,
      startsOn: values.date,
      startMinute: minuteOf(values.startTime),
      endMinute: end === 0 ? 1440 : end,
      title: values.title.trim(),
      category,
      plannedAttendance: Number(attendance),
    };
    // The amenity's hours and closures, refused as the server would word it (it judges anyway).
    const { hours, closures } = amenity;
    const closed = hours
      ? plannedHoursProblem(input, { name: amenity.name, hours, closures })
      : null;
    const closedField = closed === null ? undefined : SAVE_FIELD_OF[fieldOfError(closed) ?? ''];
    if (closed !== null && closedField !== undefined && closedField !== 'category') {
      const next = { [closedField]: fieldMessage(closed) };
      setErrors(next);
      focusFirst(next);
      return;
    }
    setSaving(true);
    try {
      const result = await planEvent(input);
      if (result.ok) {
        await refreshPlannedEvents(client);
        toast({
          title: 'Saved to the community’s events',
          description: `${result.value.title}: listed under Upcoming events on Community management.`,
        });
        onClose();
        return;
      }
      if (result.error === SAVED_UNKNOWN) await refreshPlannedEvents(client);
      const named = result.status === null ? null : fieldOfError(result.error);
      const field = named === null ? undefined : SAVE_FIELD_OF[named];
      if (field === 'category') setCategoryError(fieldMessage(result.error));
      else if (field) {
        const next = { [field]: fieldMessage(result.error) };
        setErrors(next);
        focusFirst(next);
      } else setSaveFailure(result.status === null ? SAVE_UNREACHABLE : result.error);
    } finally {
      setSaving(false);
    }
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
      {saveTo ? (
        <SelectField
          label="Category"
          name="category"
          hint="For saving it to the community’s events."
          value={category}
          options={EVENT_CATEGORY_OPTIONS}
          onChange={(next) => {
            setCategory(next);
            setCategoryError(undefined);
          }}
          error={categoryError}
        />
      ) : null}
      {saveFailure ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {saveFailure}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={cancel}>
          Cancel
        </Button>
        {saveTo ? (
          <Button variant="secondary" busy={saving} onClick={() => void save()}>
            <PageIcon name="plus" className="h-4 w-4" />
            Save to the community’s events
          </Button>
        ) : null}
        <Button type="submit">
          <PageIcon name="calendar" className="h-4 w-4" />
          Create calendar file
        </Button>
      </div>
    </form>
  );
}
