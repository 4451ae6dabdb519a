import { useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AmenitySetup } from '../../api/contract';
import { SAVED_UNKNOWN, type Outcome } from '../../api/send';
import type { ConnectionTexts } from '../../lib/connection-notice';
import { useConnectivity } from '../../lib/connectivity';
import { fieldMessage, fieldOfError } from '../../lib/field-error';
import { Button, buttonClasses } from '../../ui/button';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { InfoNote } from '../../ui/info-note';
import { useFocusFirstProblem } from '../../ui/use-focus-first-problem';

type Checked<I, F extends string> =
  { ok: true; input: I } | { ok: false; errors: Partial<Record<F, string>> };

/**
 * What the events' two forms (an event held, an event planned) share: checked on the device with
 * the server's own schema, then saved in one request, offline said plainly with what was typed
 * kept, and the server's refusal put next to the field it names.
 */
export function useEventForm<V extends Record<F, string>, F extends string, I, S>({
  initial,
  check,
  save,
  fieldOf,
  refresh,
  connectionTexts,
  onSaved,
}: {
  initial: () => V;
  check: (values: V) => Checked<I, F>;
  save: (input: I) => Promise<Outcome<S>>;
  /** The form's field that a server refusal names ("title: …"), if any. */
  fieldOf: (inputField: string | null) => F | null;
  /** Reads again what a save changes (and, when it may have been saved, what is stored). */
  refresh: (client: QueryClient) => Promise<void>;
  connectionTexts: ConnectionTexts;
  onSaved: (saved: S) => void;
}) {
  const client = useQueryClient();
  const connectivity = useConnectivity();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const refused = useFocusFirstProblem(formRef);

  const set = (field: F) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = check(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      refused();
      return;
    }
    if (connectivity !== 'online') {
      setFailure(connectionTexts[connectivity]);
      refused();
      return;
    }
    setBusy(true);
    try {
      const result = await save(checked.input);
      if (result.ok) {
        await refresh(client);
        onSaved(result.value);
        return;
      }
      // Perhaps saved: the list behind the dialog shows what is stored.
      if (result.error === SAVED_UNKNOWN) await refresh(client);
      // Only the server's own words can name a field (the offline message is ours).
      const field = result.status === null ? null : fieldOf(fieldOfError(result.error));
      if (field) setErrors({ [field]: fieldMessage(result.error) } as Partial<Record<F, string>>);
      else setFailure(result.status === null ? connectionTexts.unreachable : result.error);
      refused();
    } finally {
      setBusy(false);
    }
  };

  /** A text input of the form, labelled, with its hint and error. */
  const text = (field: F, label: string, props: Record<string, string> = {}, hint?: string) => (
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

  return {
    values,
    errors,
    failure,
    busy,
    set,
    submit,
    formRef,
    text,
    online: connectivity === 'online',
  };
}

/** In place of an event form while the community has no amenity to hold an event at. */
export function NoAmenityYet({ action, onClose }: { action: string; onClose: () => void }) {
  return (
    <div className="grid gap-4">
      <InfoNote>
        An event is {action} at one of the community’s amenities, and it has none yet. Add one on
        the Amenities page first.
      </InfoNote>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Link to="/amenities" className={buttonClasses('primary')}>
          Open Amenities
        </Link>
      </div>
    </div>
  );
}

/**
 * An event form once the amenities are in (`children`, given the live ones), or why it cannot be
 * shown yet: still loading, offline before they ever loaded, or refused.
 */
export function WithLiveAmenities({
  query,
  action,
  offlineText,
  children,
}: {
  query: UseQueryResult<AmenitySetup[]>;
  /** "recorded", "planned": what cannot be done without them. */
  action: string;
  offlineText: string;
  children: (live: AmenitySetup[]) => ReactNode;
}) {
  if (query.data) return children(query.data.filter((amenity) => !amenity.archived));
  if (query.isError) {
    return (
      <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
        The amenities could not be loaded, so an event cannot be {action} now: {query.error.message}
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      {query.fetchStatus === 'paused' ? offlineText : 'Loading the amenities…'}
    </p>
  );
}
