import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { EVENT_CATEGORIES, type AmenitySetup, type PlannedEvent } from '../../api/contract';
import { PLANNED_EVENTS_OFFLINE_MESSAGE, planEvent, refreshPlannedEvents } from '../../api/events';
import { SAVED_UNKNOWN } from '../../api/send';
import { fieldMessage, fieldOfError } from '../../lib/field-error';
import type { ConnectionTexts } from '../../lib/connection-notice';
import { useConnectivity } from '../../lib/connectivity';
import { Button, buttonClasses } from '../../ui/button';
import { useDialogClose } from '../../ui/dialog';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { FormStatus } from '../../ui/form-status';
import { InfoNote } from '../../ui/info-note';
import { SelectField } from '../../ui/select-field';
import { useFocusFirstProblem } from '../../ui/use-focus-first-problem';
import { EVENT_CATEGORY_LABELS } from '../../lib/event-categories';
import {
  emptyPlannedForm,
  latestPlannedDay,
  plannedFieldOf,
  plannedInputOf,
  type PlannedFormErrors,
  type PlannedFormField,
  type PlannedFormValues,
} from './planned-event-form-values';

export const PLANNED_NEEDS_CONNECTION =
  'Planning an event needs a connection to CommonGround. You are offline: nothing was saved, and what you typed stays here. Try again once you are back online.';

/** What the planned events' forms say when a change cannot reach the server (FormStatus). */
export const PLANNED_CONNECTION_TEXTS: ConnectionTexts = {
  offline: PLANNED_NEEDS_CONNECTION,
  unreachable: `${PLANNED_EVENTS_OFFLINE_MESSAGE} What you typed stays here: try again once it answers.`,
};

const CATEGORY_OPTIONS = EVENT_CATEGORIES.map((value) => ({
  value,
  label: EVENT_CATEGORY_LABELS[value],
}));

/**
 * Plan an upcoming event: checked on the device with the server's own schema, date and window
 * rules, then saved in one request; the server's refusal (opening hours, a duplicate) lands next
 * to the field it names.
 */
export function PlannedEventForm({
  amenities,
  today,
  timeZone,
  onDone,
}: {
  /** The live amenities, in display order. */
  amenities: readonly AmenitySetup[];
  /** The community's local date (yyyy-mm-dd). */
  today: string;
  timeZone: string;
  onDone: (saved: PlannedEvent | null) => void;
}) {
  const cancel = useDialogClose(() => onDone(null));
  const client = useQueryClient();
  const connectivity = useConnectivity();
  const amenityIds = useMemo(() => amenities.map((a) => a.id), [amenities]);
  const [values, setValues] = useState<PlannedFormValues>(() =>
    emptyPlannedForm(today, amenityIds),
  );
  const [errors, setErrors] = useState<PlannedFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const refused = useFocusFirstProblem(formRef);

  const set = (field: PlannedFormField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = plannedInputOf(values, today);
    if (!checked.ok) {
      setErrors(checked.errors);
      refused();
      return;
    }
    if (connectivity !== 'online') {
      setFailure(PLANNED_CONNECTION_TEXTS[connectivity]);
      refused();
      return;
    }
    setBusy(true);
    try {
      const result = await planEvent(checked.input);
      if (result.ok) {
        await refreshPlannedEvents(client);
        onDone(result.value);
        return;
      }
      if (result.error === SAVED_UNKNOWN) await refreshPlannedEvents(client);
      const field = result.status === null ? null : plannedFieldOf(fieldOfError(result.error));
      if (field) setErrors({ [field]: fieldMessage(result.error) });
      else setFailure(result.status === null ? PLANNED_CONNECTION_TEXTS.unreachable : result.error);
      refused();
    } finally {
      setBusy(false);
    }
  };

  const text = (
    field: PlannedFormField,
    label: string,
    props: Record<string, string> = {},
    hint?: string,
  ) => (
    <Field label={label} error={errors[field]} hint={hint}>
      {(control) => (
        <input
          {...control}
          {...props}
          name={field}
          value={values[field]}
          onChange={(event) => set(field)(event.target.value)}
          className={CONTROL_CLASSES}
        />
      )}
    </Field>
  );

  if (amenities.length === 0) {
    return (
      <div className="grid gap-4">
        <InfoNote>
          An event is planned at one of the community’s amenities, and it has none yet. Add one on
          the Amenities page first.
        </InfoNote>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onDone(null)}>
            Close
          </Button>
          <Link to="/amenities" className={buttonClasses('primary')}>
            Open Amenities
          </Link>
        </div>
      </div>
    );
  }

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
          options={CATEGORY_OPTIONS}
          onChange={(category) => set('category')(category)}
          error={errors.category}
        />
        {text('startsOn', 'Date', { type: 'date', min: today, max: latestPlannedDay(today) })}
        {text('plannedAttendance', 'People planned for', {
          inputMode: 'numeric',
          autoComplete: 'off',
        })}
        {text('startTime', 'Starts at', { type: 'time' }, `Community time (${timeZone})`)}
        {text('endTime', 'Ends at', { type: 'time' }, 'Within the amenity’s opening hours')}
      </div>
      <FormStatus
        online={connectivity === 'online'}
        offlineText={PLANNED_CONNECTION_TEXTS.offline}
        unreachableText={PLANNED_CONNECTION_TEXTS.unreachable}
        failure={failure}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={cancel}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Plan event
        </Button>
      </div>
    </form>
  );
}
