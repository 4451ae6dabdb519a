import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { SAVED_UNKNOWN, type Outcome } from '../../api/send';
import type { ConnectionTexts } from '../../lib/connection-notice';
import { useConnectivity } from '../../lib/connectivity';
import { fieldMessage, fieldOfError } from '../../lib/field-error';
import { Button } from '../../ui/button';
import { FormStatus } from '../../ui/form-status';
import { TextField } from '../../ui/text-field';
import { useFocusFirstProblem } from '../../ui/use-focus-first-problem';

type Checked<I, F extends string> =
  { ok: true; input: I } | { ok: false; errors: Partial<Record<F, string>> };

/**
 * What the community's forms (a resident, an event held, an event planned) share: checked on the
 * device with the server's own schema, then saved in one request, offline said plainly with what
 * was typed kept, and the server's refusal put next to the field it names.
 */
export function useCheckedForm<V extends Record<F, string>, F extends string, I, S>({
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
  const text = (
    field: F,
    label: string,
    inputProps: Record<string, string> = {},
    { hint, optional = false }: { hint?: string; optional?: boolean } = {},
  ) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      onChange={set(field)}
      hint={hint}
      error={errors[field]}
      optional={optional}
      inputProps={inputProps}
    />
  );

  /** The form's end: what stopped the save, if anything, then Cancel and the submit button. */
  const end = (submitLabel: string, onCancel: () => void) => (
    <>
      <FormStatus
        online={connectivity === 'online'}
        offlineText={connectionTexts.offline}
        unreachableText={connectionTexts.unreachable}
        failure={failure}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </>
  );

  return {
    values,
    errors,
    set,
    submit,
    formRef,
    text,
    end,
  };
}
