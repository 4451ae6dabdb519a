import { useQueryClient } from '@tanstack/react-query';
import type { HeldEvent, PlannedEvent } from '../../api/contract';
import {
  HELD_FROM_PLAN_OFFLINE_MESSAGE,
  recordPlannedAsHeld,
  refreshHeldFromPlan,
} from '../../api/events';
import type { ConnectionTexts } from '../../lib/connection-notice';
import { useDialogClose } from '../../ui/dialog';
import {
  emptyHeldFromPlan,
  heldFromPlanFieldOf,
  heldFromPlanInputOf,
  type HeldFromPlanValues,
} from './held-from-plan-values';
import { PlannedEventDetails } from './planned-event-details';
import { useCheckedForm } from './use-checked-form';

export const HELD_FROM_PLAN_NEEDS_CONNECTION =
  'Recording a planned event as held needs a connection to CommonGround. You are offline: nothing was saved, and what you typed stays here. Try again once you are back online.';

/** What the "Record as held" form says when the change cannot reach the server (FormStatus). */
export const HELD_FROM_PLAN_CONNECTION_TEXTS: ConnectionTexts = {
  offline: HELD_FROM_PLAN_NEEDS_CONNECTION,
  unreachable: `${HELD_FROM_PLAN_OFFLINE_MESSAGE} What you typed stays here: try again once it answers.`,
};

export const HELD_FROM_PLAN_NOTE =
  'It joins the events held with the plan’s title, amenity, date, category and planned attendance, and leaves the planned events. Amy’s analysis counts it at once.';

/**
 * Record a planned event that has ended as an event held: the plan gives everything but how
 * many people came (and what it cost), which this asks; the server adds the event held and
 * removes the plan in one transaction.
 */
export function HeldFromPlanForm({
  plan,
  currency,
  onDone,
}: {
  plan: PlannedEvent;
  currency: string;
  onDone: (saved: HeldEvent | null) => void;
}) {
  const client = useQueryClient();
  const cancel = useDialogClose(() => onDone(null));
  const { submit, formRef, text, end } = useCheckedForm({
    initial: emptyHeldFromPlan,
    check: (form: HeldFromPlanValues) => heldFromPlanInputOf(form),
    save: async (input) => {
      const outcome = await recordPlannedAsHeld(plan.id, input);
      // Gone (recorded or deleted meanwhile) or already among the events held: the lists behind
      // the dialog show what is stored now, while the dialog says why.
      if (!outcome.ok && (outcome.status === 404 || outcome.status === 409)) {
        await refreshHeldFromPlan(client);
      }
      return outcome;
    },
    fieldOf: heldFromPlanFieldOf,
    refresh: refreshHeldFromPlan,
    connectionTexts: HELD_FROM_PLAN_CONNECTION_TEXTS,
    onSaved: onDone,
  });

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
        <PlannedEventDetails event={plan} />
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">{HELD_FROM_PLAN_NOTE}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('attendance', 'People who came', { inputMode: 'numeric', autoComplete: 'off' })}
        {text(
          'cost',
          `Cost (${currency})`,
          { inputMode: 'decimal', autoComplete: 'off' },
          { hint: '0 when it cost nothing' },
        )}
      </div>
      {end('Record as held', cancel)}
    </form>
  );
}
