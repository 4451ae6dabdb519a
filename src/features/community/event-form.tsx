import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { EVENT_CATEGORIES, type AmenitySetup, type HeldEvent } from '../../api/contract';
import { EVENTS_OFFLINE_MESSAGE, recordEvent, refreshEvents } from '../../api/events';
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
  emptyEventForm,
  eventFieldOf,
  eventInputOf,
  type EventFormErrors,
  type EventFormField,
  type EventFormValues,
} from './event-form-values';

export const EVENTS_NEED_CONNECTION =
  'Recording an event needs a connection to CommonGround. You are offline: nothing was saved, and what you typed stays here. Try again once you are back online.';

/** What the events' forms say when a change cannot reach the server (FormStatus). */
export const EVENT_CONNECTION_TEXTS: ConnectionTexts = {
  offline: EVENTS_NEED_CONNECTION,
  unreachable: `${EVENTS_OFFLINE_MESSAGE} What you typed stays here: try again once it answers.`,
};

const CATEGORY_OPTIONS = EVENT_CATEGORIES.map((value) => ({
  value,
  label: EVENT_CATEGORY_LABELS[value],
}));

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
  const client = useQueryClient();
  const connectivity = useConnectivity();
  const amenityIds = useMemo(() => amenities.map((a) => a.id), [amenities]);
  const [values, setValues] = useState<EventFormValues>(() => emptyEventForm(today, amenityIds));
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const refused = useFocusFirstProblem(formRef);

  const set = (field: EventFormField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = eventInputOf(values, today);
    if (!checked.ok) {
      setErrors(checked.errors);
      refused();
      return;
    }
    if (connectivity !== 'online') {
      setFailure(EVENT_CONNECTION_TEXTS[connectivity]);
      refused();
      return;
    }
    setBusy(true);
    try {
      const result = await recordEvent(checked.input);
      if (result.ok) {
        await refreshEvents(client);
        onDone(result.value);
        return;
      }
      // Perhaps saved: the list behind the dialog shows what is stored.
      if (result.error === SAVED_UNKNOWN) await refreshEvents(client);
      // Only the server's own words can name a field (the offline message is ours).
      const field = result.status === null ? null : eventFieldOf(fieldOfError(result.error));
      if (field) setErrors({ [field]: fieldMessage(result.error) });
      else setFailure(result.status === null ? EVENT_CONNECTION_TEXTS.unreachable : result.error);
      refused();
    } finally {
      setBusy(false);
    }
  };

  const text = (
    field: EventFormField,
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
          An event is recorded at one of the community’s amenities, and it has none yet. Add one on
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
      {text(
        'title',
        'Title',
        { autoComplete: 'off' },
        'Held one of Amy’s suggestions? Give it the same title, so her next ones learn from it.',
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
          options={CATEGORY_OPTIONS}
          onChange={(category) => set('category')(category)}
          error={errors.category}
        />
        {text('cost', `Cost (${currency})`, { inputMode: 'decimal', autoComplete: 'off' })}
      </div>
      <FormStatus
        online={connectivity === 'online'}
        offlineText={EVENT_CONNECTION_TEXTS.offline}
        unreachableText={EVENT_CONNECTION_TEXTS.unreachable}
        failure={failure}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={cancel}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Record event
        </Button>
      </div>
    </form>
  );
}
