import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormStatus } from '../../ui/form-status';
import { useQueryClient } from '@tanstack/react-query';
import {
  deleteReportSchedule,
  saveReportSchedule,
  useReportRecipients,
  useReportSchedules,
} from '../../api/alerts';
import type { ReportRecipient, ReportSchedule } from '../../api/contract';
import { ROLE_LABELS, useMe } from '../../api/me';
import { ACCOUNT_UNKNOWN_NOTE, isAccountUnknown } from '../../api/account-unknown';
import { SCHEDULED_REPORTS_ANCHOR } from '../../lib/app-pages';
import { useConnectivity } from '../../lib/connectivity';
import { formatDateTime } from './report-format';
import { useCommunity } from '../../api/community';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmButton, outcomeOf } from '../../ui/confirm-button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { CONTROL_CLASSES, Field, INLINE_FORM_CLASSES } from '../../ui/field';
import { PageIcon } from '../../ui/page-icons';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryState } from '../../ui/query-state';
import { SelectField } from '../../ui/select-field';
import { SwitchField } from '../../ui/switch';
import { useFocusFirstProblem } from '../../ui/use-focus-first-problem';
import {
  NEW_SCHEDULE_DRAFT,
  WEEKDAYS,
  checkScheduleDraft,
  describeSchedule,
  draftFromSchedule,
  everyoneWarning,
  scheduleAudience,
  toggleRecipient,
  type ScheduleDraft,
  type ScheduleErrors,
} from './schedule-draft';

const CADENCE_LABELS = { weekly: 'Weekly', monthly: 'Monthly' } as const;

/** Managers and Admins edit the schedules (never in the read-only demo). */
export function useCanManageSchedules(): boolean {
  const me = useMe();
  return !me.data?.demo && (me.data?.user?.role === 'manager' || me.data?.user?.role === 'admin');
}

/**
 * Issue 14: the server's report schedules. At the due time the server builds the usage report
 * and stores it in the archive, and queues its notice per recipient and channel
 * (server/delivery/fan-out.ts): push, and email when the server has SMTP_URL. Managers and Admins
 * edit the schedules here.
 */
export function ScheduledReportsCard() {
  const me = useMe();
  const canManage = useCanManageSchedules();
  return (
    <Card aria-labelledby={SCHEDULED_REPORTS_ANCHOR}>
      <CardHeader
        id={SCHEDULED_REPORTS_ANCHOR}
        title="Scheduled Reports"
        description="The server builds each scheduled usage report at its time (in the community's time zone) and stores it in the report archive. Its recipients are told as each chose in Settings → Notifications: by push, and by email with the CSV attached when this server sends email. A schedule with no recipients goes to everyone who turned report notifications on."
      />
      <CardBody>
        {canManage ? (
          <SchedulesEditor />
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {me.data?.demo
              ? 'The demo is read-only: sign in as an HOA Manager or Administrator to schedule reports.'
              : isAccountUnknown(me)
                ? `${ACCOUNT_UNKNOWN_NOTE}, and report schedules are not saved on this device: they load when the connection returns.`
                : 'Report schedules are set by HOA Managers and Administrators. The reports they produce appear in the report archive.'}
          </p>
        )}
      </CardBody>
    </Card>
  );
}

/** Where focus goes when the form closes: a schedule's Edit button, or New schedule. */
type FocusTarget = { schedule: number } | 'new';

function SchedulesEditor() {
  const schedules = useReportSchedules({ enabled: true });
  const zone = useCommunity().timeZone;
  const [editing, setEditing] = useState<{ schedule?: ReportSchedule } | null>(null);
  const [focusNext, setFocusNext] = useState<FocusTarget | null>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  const newButton = useRef<HTMLButtonElement>(null);

  // A closed form takes the focused control with it: put focus back in the list, not the body.
  useEffect(() => {
    if (focusNext === null) return;
    const target =
      (focusNext === 'new' ? null : editButtons.current.get(focusNext.schedule)) ??
      newButton.current;
    if (!target) return;
    target.focus();
    setFocusNext(null);
  }, [focusNext, schedules.data]);

  const close = useCallback((target: FocusTarget) => {
    setEditing(null);
    setFocusNext(target);
  }, []);
  return (
    <div className="grid gap-4">
      <QueryState
        query={schedules}
        label="report schedules"
        skeleton={<ListSkeleton rows={2} />}
        isEmpty={(list: ReportSchedule[]) => list.length === 0}
        empty={<p className="text-sm">No reports are scheduled.</p>}
      >
        {(list) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {list.map((schedule) => (
              <li key={schedule.id} className="flex flex-wrap items-center gap-3 py-3">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                >
                  <PageIcon name="calendar" />
                </span>
                <div className="min-w-0 flex-1 basis-48">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-medium">Usage report</h3>
                    <Badge tone="blue">{CADENCE_LABELS[schedule.cadence]}</Badge>
                    {schedule.enabled ? null : <Badge>Paused</Badge>}
                  </div>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {/* A removal's note, not "everyone": its empty list is not anyone's choice. */}
                    {describeSchedule(schedule)} · {scheduleAudience(schedule)}
                  </p>
                  {schedule.enabled ? (
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      {/* With its zone, as every report time: "Dec 1, 2026, 8:00 AM PST". */}
                      Next: {formatDateTime(Date.parse(schedule.nextRunAt), zone)}
                    </p>
                  ) : null}
                </div>
                <Button
                  ref={(element) => {
                    if (element) editButtons.current.set(schedule.id, element);
                    else editButtons.current.delete(schedule.id);
                  }}
                  variant="secondary"
                  size="sm"
                  aria-label={`Edit: ${describeSchedule(schedule)}`}
                  aria-expanded={editing?.schedule?.id === schedule.id}
                  onClick={() => setEditing({ schedule })}
                >
                  Edit
                </Button>
                {/* In place, under its row: on a phone a form below the list is off screen. */}
                {editing?.schedule?.id === schedule.id ? (
                  <div className="basis-full">
                    <ScheduleForm key={schedule.id} schedule={schedule} onDone={close} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {editing && !editing.schedule ? (
        <ScheduleForm key="new" schedule={undefined} onDone={close} />
      ) : (
        <div>
          <Button ref={newButton} onClick={() => setEditing({})}>
            New schedule
          </Button>
        </div>
      )}
    </div>
  );
}

const CADENCE_OPTIONS = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
] as const;
const WEEKDAY_OPTIONS = WEEKDAYS.map((label, value) => ({ value, label }));
const DAY_OPTIONS = Array.from({ length: 28 }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

const SCHEDULES_NEED_CONNECTION = 'You are offline. Changes to schedules need a connection.';

function ScheduleForm({
  schedule,
  onDone,
}: {
  schedule: ReportSchedule | undefined;
  onDone: (focus: FocusTarget) => void;
}) {
  const client = useQueryClient();
  const online = useConnectivity() === 'online';
  const [draft, setDraft] = useState<ScheduleDraft>(
    schedule ? draftFromSchedule(schedule) : NEW_SCHEDULE_DRAFT,
  );
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const refused = useFocusFirstProblem(formRef);
  const title = schedule ? 'Edit schedule' : 'New schedule';
  const noteId = useId();
  const pausedNote = schedule?.pausedNote ?? null;
  const warning = everyoneWarning(draft);

  // Opened from a button elsewhere on the page: bring the form into view with focus in it.
  useEffect(() => {
    const first = formRef.current?.querySelector<HTMLElement>('input, select');
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView?.({ block: 'center' });
  }, []);

  const run = async (action: () => Promise<FocusTarget>) => {
    setFailure(null);
    setBusy(true);
    try {
      onDone(await action());
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      refused();
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkScheduleDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      refused();
      return;
    }
    setErrors({});
    void run(async () => ({
      schedule: (await saveReportSchedule(client, schedule, checked.input)).id,
    }));
  };

  return (
    <form
      ref={formRef}
      aria-label={title}
      aria-describedby={pausedNote ? noteId : undefined}
      noValidate
      onSubmit={submit}
      className={INLINE_FORM_CLASSES}
    >
      <h3 className="font-semibold">{title}</h3>
      {pausedNote ? (
        <p
          id={noteId}
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {pausedNote} Tick who should receive it. Switched on with no one ticked, it would go to
          everyone who chose report notifications.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Report"
          value="usage"
          options={[{ value: 'usage', label: 'Usage report' }]}
          onChange={() => undefined}
        />
        <SelectField
          label="Frequency"
          value={draft.cadence}
          options={CADENCE_OPTIONS}
          onChange={(cadence) => setDraft({ ...draft, cadence })}
        />
        {draft.cadence === 'weekly' ? (
          <SelectField
            label="Day of the week"
            value={draft.weekday}
            options={WEEKDAY_OPTIONS}
            onChange={(weekday) => setDraft({ ...draft, weekday })}
          />
        ) : (
          <SelectField
            label="Day of the month"
            hint="1 to 28, so every month has it."
            value={draft.dayOfMonth}
            options={DAY_OPTIONS}
            onChange={(dayOfMonth) => setDraft({ ...draft, dayOfMonth })}
          />
        )}
        <Field
          label="Time of day"
          hint="24-hour HH:MM in the community's time zone."
          error={errors.timeOfDay}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              inputMode="numeric"
              value={draft.timeOfDay}
              onChange={(event) => setDraft({ ...draft, timeOfDay: event.target.value })}
              className={CONTROL_CLASSES}
            />
          )}
        </Field>
      </div>
      <RecipientsField
        value={draft.recipients}
        error={errors.recipients}
        onChange={(recipients) => setDraft({ ...draft, recipients })}
      />
      <SwitchField
        label="Enabled"
        description={
          warning ? (
            <span className="font-medium text-amber-900 dark:text-amber-200">{warning}</span>
          ) : undefined
        }
        checked={draft.enabled}
        onCheckedChange={(enabled) => setDraft({ ...draft, enabled })}
      />
      <FormStatus online={online} offlineText={SCHEDULES_NEED_CONNECTION} failure={failure} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy} disabled={!online}>
          {busy ? 'Saving…' : 'Save schedule'}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => onDone(schedule ? { schedule: schedule.id } : 'new')}
        >
          Cancel
        </Button>
        {schedule ? (
          <ConfirmButton
            label="Delete schedule"
            title="Delete this schedule?"
            actionLabel="Delete schedule"
            online={online}
            offlineText={SCHEDULES_NEED_CONNECTION}
            act={() => outcomeOf(() => deleteReportSchedule(client, schedule.id))}
            onDone={() => onDone('new')}
          >
            No more reports are built for it; the reports already in the archive stay. This cannot
            be undone.
          </ConfirmButton>
        ) : null}
      </div>
    </form>
  );
}

/**
 * Who gets the report, among the community's users: each is pushed or emailed as they chose in
 * Settings (email only when the server has SMTP_URL). None ticked: everyone who chose report
 * notifications.
 */
function RecipientsField({
  value,
  error,
  onChange,
}: {
  value: readonly number[];
  error?: string;
  onChange: (recipients: number[]) => void;
}) {
  const users = useReportRecipients();
  const errorId = useId();
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium">Recipients</legend>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Each is told the report is ready as they chose in Settings → Notifications: by push, and by
        email with the CSV attached when this server sends email. None ticked: everyone who turned
        report notifications on. Every report is also in the archive below.
      </p>
      <QueryState
        query={users}
        label="the community's users"
        skeleton={<ListSkeleton rows={2} />}
        isEmpty={(list: ReportRecipient[]) => list.length === 0}
        empty={<p className="text-sm">No users yet.</p>}
      >
        {(list) => (
          <ul className="grid gap-1 sm:grid-cols-2">
            {list.map((user) => (
              <li key={user.id}>
                <label className="flex min-h-11 items-center gap-3 rounded-md px-2 hover:bg-slate-50 dark:hover:bg-slate-800">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    checked={value.includes(user.id)}
                    onChange={() => onChange(toggleRecipient(value, user.id))}
                  />
                  <span className="text-sm">
                    {user.name}{' '}
                    <span className="text-slate-600 dark:text-slate-400">
                      ({ROLE_LABELS[user.role]})
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
