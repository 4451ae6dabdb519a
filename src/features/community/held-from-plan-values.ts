import { PlannedHeldInputSchema, type PlannedHeldInput } from '../../api/contract';
import { EVENT_FIELD_MESSAGES, amount, wholeNumber } from './event-form-values';

/**
 * The "Record as held" form as typed: what a planned event needs to become an event held (the
 * plan gives its title, amenity, date, category and planned attendance).
 */
export type HeldFromPlanValues = {
  attendance: string;
  cost: string;
};

export type HeldFromPlanField = keyof HeldFromPlanValues;
export type HeldFromPlanErrors = Partial<Record<HeldFromPlanField, string>>;

/** Nobody counted yet (the attendance is asked, never guessed from the plan); no cost. */
export const emptyHeldFromPlan = (): HeldFromPlanValues => ({ attendance: '', cost: '0' });

const isField = (key: string): key is HeldFromPlanField => key === 'attendance' || key === 'cost';

/** The form field a server refusal names ("attendance: …"), if any. */
export function heldFromPlanFieldOf(inputField: string | null): HeldFromPlanField | null {
  return inputField !== null && isField(inputField) ? inputField : null;
}

/**
 * The form's values as the API's input, or the errors to show next to each field: the server's
 * own schema, with the words of the events held form (the same bounds).
 */
export function heldFromPlanInputOf(
  values: HeldFromPlanValues,
): { ok: true; input: PlannedHeldInput } | { ok: false; errors: HeldFromPlanErrors } {
  const parsed = PlannedHeldInputSchema.safeParse({
    attendance: wholeNumber(values.attendance),
    cost: amount(values.cost),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: HeldFromPlanErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (isField(field) && !errors[field]) errors[field] = EVENT_FIELD_MESSAGES[field];
  }
  return { ok: false, errors };
}
