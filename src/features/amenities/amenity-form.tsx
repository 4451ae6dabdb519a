import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  archiveAmenity,
  createAmenity,
  OFFLINE_MESSAGE,
  refreshAmenityViews,
  removeAmenityPhoto,
  updateAmenity,
  uploadAmenityPhoto,
  type SaveResult,
} from '../../api/amenity-setup';
import { useCommunity } from '../../api/community';
import { SAVED_UNKNOWN } from '../../api/send';
import { AMENITY_TYPES, type AmenitySetup, type AmenityType } from '../../api/contract';
import { connectionNotice, type ConnectionTexts } from '../../lib/connection-notice';
import { useConnectivity } from '../../lib/connectivity';
import { titleCase } from '../../lib/format';
import { fieldMessage } from '../../lib/field-error';
import { Button } from '../../ui/button';
import { useDialogClose } from '../../ui/dialog';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { TextField } from '../../ui/text-field';
import { formatVisitValue, VISIT_VALUE } from '../../lib/visit-value';
import { InfoNote } from '../../ui/info-note';
import { SelectField } from '../../ui/select-field';
import { useFocusFirstProblem } from '../../ui/use-focus-first-problem';
import { colorChoicesFor } from '../../lib/amenity-color-choices';
import { DEFAULT_AMENITY_COLORS } from '../../lib/amenity-colors';
import { timeZoneLabel } from '../../lib/community-profile';
import { todayIn } from '../../lib/zoned-time';
import {
  amenityInputOf,
  changedFields,
  closureErrorOfServer,
  closureErrorsOf,
  currencySymbol,
  dayErrorOfServer,
  dayErrorsOf,
  EMPTY_AMENITY_FORM,
  formFieldOf,
  formValuesOf,
  type AmenityFormErrors,
  type AmenityFormValues,
  type AmenityTextField,
  type ClosureFormValues,
  type DayFormValues,
} from './amenity-form-values';
import { ClosuresEditor } from './closures-editor';
import { PhotoField, type PhotoChoice } from './photo-field';
import { WeekdayHoursEditor } from './weekday-hours-editor';

const TYPE_OPTIONS = AMENITY_TYPES.map((type) => ({ value: type, label: titleCase(type) }));

export const NEEDS_CONNECTION =
  'Changing amenities needs a connection to CommonGround. You are offline: nothing was saved.';

/** Offline, or online with a server that does not answer: each said only while true. */
export const AMENITY_CONNECTION_TEXTS: ConnectionTexts = {
  offline: NEEDS_CONNECTION,
  unreachable: OFFLINE_MESSAGE,
};

/** Sends the photo change the form holds (never `unchanged`). */
const savePhoto = (id: string, photo: PhotoChoice & { kind: 'new' | 'remove' }) =>
  photo.kind === 'new'
    ? uploadAmenityPhoto(id, photo.bytes, photo.image.type)
    : removeAmenityPhoto(id);

/** A failure to name inside a longer sentence (the offline one says "nothing was saved"). */
const reasonOf = (error: string) =>
  error === OFFLINE_MESSAGE ? "CommonGround can't be reached" : error.replace(/\.$/, '');

/**
 * Add Amenity (no `amenity`) or an amenity's Settings: checked on the device with the server's
 * own schema, then saved; the server's error lands next to the field it names. The photo is its
 * own request: on an edit it goes first, so a refused photo saves nothing; a new amenity is
 * created first and then gets its photo, and if that fails the form says exactly what was saved.
 */
export function AmenityForm({
  amenity,
  onDone,
}: {
  amenity?: AmenitySetup;
  onDone: (saved: AmenitySetup | null) => void;
}) {
  const client = useQueryClient();
  const connectivity = useConnectivity();
  const { currency, timeZone } = useCommunity();
  const cancel = useDialogClose(() => onDone(null));
  const formRef = useRef<HTMLFormElement>(null);
  // Called by each refused save: focus goes to the first field at fault (else the alert shows).
  const refused = useFocusFirstProblem(formRef);
  const [values, setValues] = useState<AmenityFormValues>(
    amenity ? formValuesOf(amenity) : EMPTY_AMENITY_FORM,
  );
  const [errors, setErrors] = useState<AmenityFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The amenity as last saved: the one edited, or the one this form has just created.
  const [saved, setSaved] = useState<AmenitySetup | undefined>(amenity);
  const [photo, setPhoto] = useState<PhotoChoice>({ kind: 'unchanged' });
  const [photoError, setPhotoError] = useState<string | null>(null);
  // Archiving takes the amenity off every live view: a second click confirms it.
  const [confirmArchive, setConfirmArchive] = useState(false);
  const archiveNoteId = useId();

  const set = (field: AmenityTextField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const setDays = (days: DayFormValues[]) => {
    setValues((current) => ({ ...current, days }));
    // Errors of the days follow the edit: fixed ones go, others stay until the next save.
    setErrors((current) => {
      const next: AmenityFormErrors = {};
      for (const [key, value] of Object.entries(current)) {
        if (!key.startsWith('day') && key !== 'hours') Object.assign(next, { [key]: value });
      }
      const dayErrors = dayErrorsOf(days);
      const shown = Object.keys(dayErrors).filter((key) => key in current);
      for (const key of shown) Object.assign(next, { [key]: dayErrors[key as `day${number}`] });
      if (shown.length) next.hours = current.hours;
      return next;
    });
  };
  const setClosures = (closures: ClosureFormValues[]) => {
    setValues((current) => ({ ...current, closures }));
    // As the days: a row's error goes once fixed; rows move as one is removed, so they are checked
    // again by the rule, only where an error was shown.
    setErrors((current) => {
      const next: AmenityFormErrors = {};
      for (const [key, value] of Object.entries(current)) {
        if (!key.startsWith('closure')) Object.assign(next, { [key]: value });
      }
      if (!Object.keys(current).some((key) => key.startsWith('closure'))) return next;
      const closureErrors = closureErrorsOf(closures);
      Object.assign(next, closureErrors);
      if (Object.keys(closureErrors).length > 0) next.closures ??= current.closures;
      return next;
    });
  };

  const finish = async (result: SaveResult) => {
    if (result.ok) {
      await refreshAmenityViews(client);
      onDone(result.amenity);
      return;
    }
    // Perhaps saved: the cards and lists behind the dialog show what is stored.
    if (result.error === SAVED_UNKNOWN) await refreshAmenityViews(client);
    const day = dayErrorOfServer(result.error);
    const closure = closureErrorOfServer(result.error);
    const field = formFieldOf(result.field);
    if (day) setErrors({ hours: 'Fix the opening hours marked below', [day.key]: day.text });
    else if (closure) {
      setErrors({ closures: 'Fix the closures marked below', [closure.key]: closure.text });
    } else if (field) setErrors({ [field]: fieldMessage(result.error) });
    else setFormError(result.error);
    refused();
  };

  const done = async (result: AmenitySetup) => {
    await refreshAmenityViews(client);
    onDone(result);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A photo still being prepared would be left out: Save waits for it (its button shows busy).
    if (photo.kind === 'preparing') return;
    setFormError(null);
    if (connectivity !== 'online') {
      setFormError(AMENITY_CONNECTION_TEXTS[connectivity]);
      refused();
      return;
    }
    const checked = amenityInputOf(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      refused();
      return;
    }
    setBusy(true);
    try {
      if (!saved) {
        const created = await createAmenity(checked.input);
        if (!created.ok || photo.kind === 'unchanged') {
          await finish(created);
          return;
        }
        setSaved(created.amenity);
        const withPhoto = await savePhoto(created.amenity.id, photo);
        if (withPhoto.ok) {
          await done(withPhoto.amenity);
          return;
        }
        await refreshAmenityViews(client);
        setPhotoError(reasonOf(withPhoto.error));
        setFormError(
          `${created.amenity.name} was added, but its photo was not saved (${reasonOf(withPhoto.error)}). Save again to retry, or close this and add a photo later from its Settings.`,
        );
        refused();
        return;
      }
      let current = saved;
      const photoChanged = photo.kind !== 'unchanged';
      if (photo.kind !== 'unchanged') {
        const result = await savePhoto(current.id, photo);
        if (!result.ok) {
          // Nothing else has been sent: the whole form is unsaved.
          setPhotoError(reasonOf(result.error));
          setFormError(
            `Nothing was saved: the photo could not be saved (${reasonOf(result.error)}).`,
          );
          refused();
          return;
        }
        current = result.amenity;
        setSaved(current);
        setPhoto({ kind: 'unchanged' });
      }
      const patch = changedFields(current, checked.input);
      if (photoChanged && Object.keys(patch).length === 0) {
        await done(current);
        return;
      }
      const result = await updateAmenity(current.id, patch);
      await finish(result);
      if (!result.ok && photoChanged) {
        await refreshAmenityViews(client);
        setFormError(
          `The photo was saved; the other changes were not (${reasonOf(result.error)}).`,
        );
      }
    } finally {
      setBusy(false);
    }
  };

  const archive = async () => {
    if (!amenity) return;
    setFormError(null);
    if (!confirmArchive) {
      setConfirmArchive(true);
      return;
    }
    if (connectivity !== 'online') {
      setFormError(AMENITY_CONNECTION_TEXTS[connectivity]);
      return;
    }
    setBusy(true);
    try {
      await finish(await archiveAmenity(amenity.id));
    } finally {
      setBusy(false);
    }
  };

  // The connection is named once, as it is now, and not once it is back (connectionNotice).
  const notice = connectionNotice(connectivity, AMENITY_CONNECTION_TEXTS, formError);

  const text = (
    field: AmenityTextField,
    label: string,
    inputProps: Record<string, string> = {},
    hint?: string,
  ) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      onChange={set(field)}
      hint={hint}
      error={errors[field]}
      optional={field === 'monthlyOperatingCost' || field === 'visitValue'}
      inputProps={inputProps}
    />
  );

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      {notice.note ? <InfoNote>{notice.note}</InfoNote> : null}
      {text('name', 'Name', { autoComplete: 'off' })}
      <SelectField<AmenityType>
        label="Type"
        name="type"
        value={values.type}
        options={TYPE_OPTIONS}
        onChange={(type) => {
          set('type')(type);
          // A new amenity takes its type's colour until one is chosen.
          if (!amenity && values.color === DEFAULT_AMENITY_COLORS[values.type]) {
            set('color')(DEFAULT_AMENITY_COLORS[type]);
          }
        }}
        error={errors.type}
      />
      {text('capacity', 'Capacity (people)', { inputMode: 'numeric' })}
      <SelectField<string>
        label="Colour"
        name="color"
        hint="Its mark on the amenity cards and in the popularity chart."
        value={values.color}
        options={colorChoicesFor(amenity?.color ?? '')}
        onChange={(color) => set('color')(color)}
        error={errors.color}
      />
      <WeekdayHoursEditor days={values.days} errors={errors} onChange={setDays} />
      <ClosuresEditor
        closures={values.closures}
        errors={errors}
        today={todayIn(timeZone)}
        timeZoneLabel={timeZoneLabel(timeZone)}
        onChange={setClosures}
      />
      {text('monthlyOperatingCost', `Monthly operating cost (${currencySymbol(currency)})`, {
        inputMode: 'decimal',
      })}
      {text(
        'visitValue',
        `Value per visit (${currencySymbol(currency)})`,
        { inputMode: 'decimal', placeholder: formatVisitValue(VISIT_VALUE[values.type], currency) },
        `What one visit is worth to a resident, such as a day pass: the dashboard's Revenue Impact counts it. Empty: ${formatVisitValue(VISIT_VALUE[values.type], currency)}, the default for its type.`,
      )}
      <PhotoField
        amenityName={values.name.trim()}
        currentUrl={saved?.photoUrl ?? null}
        choice={photo}
        error={photoError}
        disabled={busy}
        onChoose={setPhoto}
        onError={setPhotoError}
      />
      <Field label="Description" error={errors.description} optional>
        {(control) => (
          <textarea
            {...control}
            name="description"
            rows={2}
            value={values.description}
            onChange={(event) => set('description')(event.target.value)}
            className={CONTROL_CLASSES}
          />
        )}
      </Field>
      {amenity && confirmArchive ? (
        <div id={archiveNoteId}>
          <InfoNote>
            Archiving takes {amenity.name} off the cards and every live view, and its sensors&apos;
            readings are refused from now on; what it recorded stays in the reports. You can restore
            it later from Archived amenities on this page.
          </InfoNote>
        </div>
      ) : null}
      {notice.failure ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {notice.failure}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {amenity ? (
          <Button
            variant="danger"
            className="mr-auto"
            busy={busy}
            aria-describedby={confirmArchive ? archiveNoteId : undefined}
            onClick={() => void archive()}
          >
            {confirmArchive ? 'Confirm archive' : 'Archive'}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={cancel}>
          Cancel
        </Button>
        <Button type="submit" busy={busy || photo.kind === 'preparing'}>
          {saved ? 'Save changes' : 'Add amenity'}
        </Button>
      </div>
    </form>
  );
}
