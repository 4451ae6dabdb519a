import { useQueryClient } from '@tanstack/react-query';
import type { Resident, ResidentStatus } from '../../api/contract';
import {
  createResident,
  refreshResidents,
  removeResident,
  RESIDENTS_OFFLINE_MESSAGE,
  updateResident,
  type Outcome,
} from '../../api/residents';
import { SAVED_UNKNOWN } from '../../api/send';
import type { ConnectionTexts } from '../../lib/connection-notice';
import { useConnectivity } from '../../lib/connectivity';
import { useDialogClose } from '../../ui/dialog';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { ConfirmAction } from '../../ui/confirm-action';
import { SelectField } from '../../ui/select-field';
import {
  changedResidentFields,
  EMPTY_RESIDENT_FORM,
  residentFieldOf,
  residentFormValuesOf,
  residentInputOf,
} from './resident-form-values';
import { useCheckedForm } from './use-checked-form';

export const RESIDENTS_NEED_CONNECTION =
  'Changing the residents directory needs a connection to CommonGround. You are offline: nothing was saved. Try again once you are back online.';

/** What the directory's forms say when a change cannot reach the server (FormStatus). */
const CONNECTION_TEXTS: ConnectionTexts = {
  offline: RESIDENTS_NEED_CONNECTION,
  unreachable: RESIDENTS_OFFLINE_MESSAGE,
};

const STATUS_OPTIONS = [
  { value: 'active' as const, label: 'Active' },
  { value: 'inactive' as const, label: 'Inactive' },
];

/**
 * Add Resident (no `resident`) or Edit: checked on the device with the server's own schema, then
 * saved in one request; the server's refusal lands next to the field it names.
 */
export function ResidentForm({
  resident,
  onDone,
}: {
  resident?: Resident;
  onDone: (saved: Resident | null) => void;
}) {
  // Cancel asks first, like Escape, once something has been typed.
  const cancel = useDialogClose(() => onDone(null));
  const { values, errors, set, submit, formRef, text, end } = useCheckedForm({
    initial: () => (resident ? residentFormValuesOf(resident) : EMPTY_RESIDENT_FORM),
    check: residentInputOf,
    save: (input) =>
      resident
        ? updateResident(resident.id, changedResidentFields(resident, input))
        : createResident(input),
    fieldOf: residentFieldOf,
    refresh: refreshResidents,
    connectionTexts: CONNECTION_TEXTS,
    onSaved: onDone,
  });

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      {text('name', 'Name', { autoComplete: 'off' })}
      {text('unit', 'Unit or address', { autoComplete: 'off' })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('email', 'Email', { type: 'email', autoComplete: 'off' }, { optional: true })}
        {text('phone', 'Phone', { type: 'tel', autoComplete: 'off' }, { optional: true })}
        {text('householdSize', 'Household size', { inputMode: 'numeric' }, { optional: true })}
        {text('joinedOn', 'Joined', { type: 'date' }, { optional: true })}
      </div>
      <SelectField<ResidentStatus>
        label="Status"
        name="status"
        value={values.status}
        options={STATUS_OPTIONS}
        onChange={(status) => set('status')(status)}
        error={errors.status}
      />
      <Field label="Notes" error={errors.notes} optional>
        {(control) => (
          <textarea
            {...control}
            name="notes"
            rows={2}
            value={values.notes}
            onChange={(event) => set('notes')(event.target.value)}
            className={CONTROL_CLASSES}
          />
        )}
      </Field>
      {end(resident ? 'Save changes' : 'Add resident', cancel)}
    </form>
  );
}

/** Remove, after the dialog that holds this has asked; nothing is removed offline. */
export function RemoveResident({
  resident,
  onDone,
}: {
  resident: Resident;
  onDone: (removed: boolean) => void;
}) {
  const client = useQueryClient();
  const online = useConnectivity() === 'online';
  const remove = async () => {
    const outcome: Outcome<Resident> = await removeResident(resident.id);
    if (outcome.ok || outcome.error === SAVED_UNKNOWN) await refreshResidents(client);
    return outcome;
  };
  return (
    <ConfirmAction
      actionLabel="Remove resident"
      online={online}
      offlineText={CONNECTION_TEXTS.offline}
      unreachableText={CONNECTION_TEXTS.unreachable}
      act={remove}
      onDone={onDone}
    >
      {resident.name} ({resident.unit}) leaves the directory. This cannot be undone; the audit log
      keeps a record of the removal.
    </ConfirmAction>
  );
}
