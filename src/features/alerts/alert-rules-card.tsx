import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormStatus } from '../../ui/form-status';
import { useQueryClient } from '@tanstack/react-query';
import { deleteAlertRule, saveAlertRule, useAlertRules, WriteError } from '../../api/alerts';
import { useAmenityAnalytics } from '../../api/amenity-analytics';
import {
  ALERT_KINDS,
  ALERT_THRESHOLD_RANGES,
  type AlertKind,
  type AlertRule,
} from '../../api/contract';
import { useMe } from '../../api/me';
import { ACCOUNT_UNKNOWN_NOTE, isAccountUnknown } from '../../api/account-unknown';
import { ALERT_RULES_ANCHOR } from '../../lib/app-pages';
import {
  ALERT_KIND_LABELS,
  ALERT_LEVEL_UNITS,
  describeRuleLevels,
  formatAlertValue,
} from '../../lib/alert-labels';
import { useConnectivity } from '../../lib/connectivity';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmButton, outcomeOf } from '../../ui/confirm-button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { CONTROL_CLASSES, Field, INLINE_FORM_CLASSES } from '../../ui/field';
import { cx } from '../../lib/cx';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryState } from '../../ui/query-state';
import { SelectField } from '../../ui/select-field';
import { SwitchField } from '../../ui/switch';
import {
  checkRuleDraft,
  draftFromRule,
  fieldErrorOfServer,
  newRuleDraft,
  type RuleDraft,
  type RuleErrors,
} from './rule-draft';

/** The rules per amenity: Managers and Admins edit them; everyone else is told why not. */
export function AlertRulesCard() {
  const me = useMe();
  const headingId = useId();
  const canManage =
    !me.data?.demo && (me.data?.user?.role === 'manager' || me.data?.user?.role === 'admin');
  return (
    <Card aria-labelledby={headingId} id={ALERT_RULES_ANCHOR}>
      <CardHeader
        id={headingId}
        title="Alert rules"
        description="When an amenity should raise an alert. One alert when a level is crossed; it may fire again only after falling below the re-arm level and after the cool-down."
      />
      <CardBody>
        {canManage ? (
          <RulesEditor />
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {me.data?.demo
              ? 'The demo is read-only: sign in as an HOA Manager or Administrator to manage alert rules.'
              : isAccountUnknown(me)
                ? `${ACCOUNT_UNKNOWN_NOTE}, and alert rules are not saved on this device: they load when the connection returns.`
                : 'Alert rules are managed by HOA Managers and Administrators. You receive the alerts in the inbox above.'}
          </p>
        )}
      </CardBody>
    </Card>
  );
}

/** Where focus goes when a form closes: a rule's Edit button, or New rule. */
type FocusTarget = { rule: number } | 'new';

function RulesEditor() {
  const rules = useAlertRules({ enabled: true });
  const amenities = useAmenityAnalytics({ refresh: false });
  const [editing, setEditing] = useState<{ rule?: AlertRule; draft: RuleDraft } | null>(null);
  const [focusNext, setFocusNext] = useState<FocusTarget | null>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  const newButton = useRef<HTMLButtonElement>(null);
  const names = new Map((amenities.data ?? []).map((amenity) => [amenity.id, amenity.name]));
  const firstAmenity = amenities.data?.[0]?.id ?? '';
  const nameOf = (rule: AlertRule) =>
    rule.amenityName ?? names.get(rule.amenityId) ?? rule.amenityId;

  // A closed form takes the focused control with it; without this, focus drops to the body and
  // a keyboard or screen-reader user is back at the top of the page.
  useEffect(() => {
    if (focusNext === null) return;
    const target =
      (focusNext === 'new' ? null : editButtons.current.get(focusNext.rule)) ?? newButton.current;
    if (!target) return;
    target.focus();
    setFocusNext(null);
  }, [focusNext, rules.data]);

  const close = useCallback((target: FocusTarget) => {
    setEditing(null);
    setFocusNext(target);
  }, []);

  const form = (rule: AlertRule | undefined, draft: RuleDraft) => (
    <RuleForm
      key={rule?.id ?? 'new'}
      rule={rule}
      ruleName={rule ? nameOf(rule) : ''}
      initial={draft}
      amenities={(amenities.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
      onDone={close}
    />
  );

  return (
    <div className="grid gap-4">
      <QueryState
        query={rules}
        label="alert rules"
        skeleton={<ListSkeleton rows={2} />}
        isEmpty={(list: AlertRule[]) => list.length === 0}
        empty={<p className="text-sm">No rules yet.</p>}
      >
        {(list) => (
          <ul className="grid gap-2">
            {list.map((rule) => {
              const open = editing?.rule?.id === rule.id;
              const name = nameOf(rule);
              return (
                <li
                  key={rule.id}
                  className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
                >
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-semibold">
                      {name}
                      {rule.amenityArchived ? ' (archived)' : ''} · {ALERT_KIND_LABELS[rule.kind]}
                    </p>
                    <p className="text-slate-700 dark:text-slate-300">{describeRuleLevels(rule)}</p>
                    {rule.amenityArchived ? (
                      <p className="text-slate-700 dark:text-slate-300">
                        Does not fire: {name} is archived. It cannot be changed; delete it when it
                        is no longer needed.
                      </p>
                    ) : null}
                  </div>
                  {rule.amenityArchived ? (
                    <>
                      <Badge>Archived</Badge>
                      <DeleteRuleButton
                        rule={rule}
                        name={name}
                        label="Delete"
                        ariaLabel={`Delete: ${name} ${ALERT_KIND_LABELS[rule.kind]} at ${formatAlertValue(rule.kind, rule.threshold)}`}
                        size="sm"
                        variant="secondary"
                        onDeleted={() => close('new')}
                      />
                    </>
                  ) : (
                    <>
                      {rule.enabled ? null : <Badge>Off</Badge>}
                      {rule.phase === 'firing' ? <Badge tone="amber">Firing</Badge> : null}
                      <Button
                        ref={(element) => {
                          if (element) editButtons.current.set(rule.id, element);
                          else editButtons.current.delete(rule.id);
                        }}
                        variant="secondary"
                        size="sm"
                        aria-expanded={open}
                        onClick={() => setEditing({ rule, draft: draftFromRule(rule) })}
                      >
                        Edit{' '}
                        <span className="sr-only">
                          {name} {ALERT_KIND_LABELS[rule.kind]} at{' '}
                          {formatAlertValue(rule.kind, rule.threshold)}
                        </span>
                      </Button>
                    </>
                  )}
                  {/* In place, under its row: on a phone a form below the whole list is off screen. */}
                  {open && editing ? (
                    <div className="basis-full">{form(editing.rule, editing.draft)}</div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      {editing && !editing.rule ? (
        form(undefined, editing.draft)
      ) : (
        <div>
          <Button
            ref={newButton}
            onClick={() => setEditing({ draft: newRuleDraft(firstAmenity, 'occupancy') })}
            disabled={!amenities.data}
          >
            New rule
          </Button>
        </div>
      )}
    </div>
  );
}

const DELETE_RULE_TEXT =
  'its alerts stop, and the alerts it raised stay in the inbox. This cannot be undone.';
const RULES_NEED_CONNECTION = 'You are offline. Changes to alert rules need a connection.';

/** Deleting a rule, from its row (an archived amenity's) or its form: asked in a dialog first. */
function DeleteRuleButton({
  rule,
  name,
  label,
  ariaLabel,
  size,
  variant,
  onDeleted,
}: {
  rule: AlertRule;
  /** The amenity's name. */
  name: string;
  label: string;
  ariaLabel?: string;
  size?: 'sm';
  variant?: 'secondary';
  onDeleted: () => void;
}) {
  const client = useQueryClient();
  const online = useConnectivity() === 'online';
  return (
    <ConfirmButton
      label={label}
      ariaLabel={ariaLabel}
      size={size}
      variant={variant}
      title="Delete this rule?"
      actionLabel="Delete rule"
      online={online}
      offlineText={RULES_NEED_CONNECTION}
      act={() => outcomeOf(() => deleteAlertRule(client, rule.id))}
      onDone={onDeleted}
    >
      {name} · {ALERT_KIND_LABELS[rule.kind]} at {formatAlertValue(rule.kind, rule.threshold)}:{' '}
      {DELETE_RULE_TEXT}
    </ConfirmButton>
  );
}

function RuleForm({
  rule,
  ruleName,
  initial,
  amenities,
  onDone,
}: {
  rule: AlertRule | undefined;
  /** Its amenity's name, for the delete dialog. */
  ruleName: string;
  initial: RuleDraft;
  amenities: { value: string; label: string }[];
  onDone: (focus: FocusTarget) => void;
}) {
  const client = useQueryClient();
  const online = useConnectivity() === 'online';
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<RuleErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Bumped by each refusal: the effect below then takes focus to the first field in error.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const unit = ALERT_LEVEL_UNITS[draft.kind];
  const cancelTarget: FocusTarget = rule ? { rule: rule.id } : 'new';

  // Opened from a button elsewhere on the page: bring the form into view and start in its first
  // field, or on a phone nothing seems to happen.
  useEffect(() => {
    const first = formRef.current?.querySelector<HTMLElement>(
      'input:not(:disabled), select:not(:disabled)',
    );
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView?.({ block: 'center' });
  }, []);

  useEffect(() => {
    if (refusals === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    invalid.focus({ preventScroll: true });
    invalid.scrollIntoView?.({ block: 'center' });
  }, [refusals]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRuleDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      setRefusals((count) => count + 1);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const saved = await saveAlertRule(client, rule, checked.input);
      onDone({ rule: saved.id });
    } catch (error) {
      // A field the server still refused is marked at that field, in a sentence.
      const atField =
        error instanceof WriteError && error.status === 400
          ? fieldErrorOfServer(error.message)
          : null;
      if (atField) {
        setErrors({ [atField.field]: atField.text });
        setRefusals((count) => count + 1);
      } else {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const text = (
    field: 'threshold' | 'rearmBelow' | 'cooldownMinutes',
    label: string,
    hint: string,
  ) => (
    <Field label={label} hint={hint} error={errors[field]}>
      {(props) => (
        <input
          {...props}
          type="text"
          inputMode="decimal"
          value={draft[field]}
          onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
          className={CONTROL_CLASSES}
        />
      )}
    </Field>
  );
  const range = ALERT_THRESHOLD_RANGES[draft.kind];

  return (
    <form
      ref={formRef}
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => void submit(event)}
      className={cx('scroll-mt-24', INLINE_FORM_CLASSES)}
    >
      <h3 id={headingId} className="font-semibold">
        {rule ? 'Edit rule' : 'New rule'}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Amenity"
          value={draft.amenityId}
          options={amenities}
          error={errors.amenityId}
          disabled={Boolean(rule)}
          onChange={(amenityId) => setDraft({ ...draft, amenityId })}
        />
        <SelectField<AlertKind>
          label="Kind"
          value={draft.kind}
          disabled={Boolean(rule)}
          options={ALERT_KINDS.map((kind) => ({ value: kind, label: ALERT_KIND_LABELS[kind] }))}
          onChange={(kind) => setDraft({ ...newRuleDraft(draft.amenityId, kind) })}
        />
        {text(
          'threshold',
          'Threshold',
          `Alerts at or above this: ${range.min} to ${range.max} ${unit}.`,
        )}
        {text('rearmBelow', 'Re-arm below', `May alert again once below this, in ${unit}.`)}
        {text('cooldownMinutes', 'Cool-down (minutes)', 'The least time between two alerts.')}
      </div>
      <SwitchField
        label="Enabled"
        checked={draft.enabled}
        onCheckedChange={(enabled) => setDraft({ ...draft, enabled })}
      />
      <FormStatus online={online} offlineText={RULES_NEED_CONNECTION} failure={failure} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy} disabled={!online}>
          {busy ? 'Saving…' : 'Save rule'}
        </Button>
        <Button type="button" variant="secondary" onClick={() => onDone(cancelTarget)}>
          Cancel
        </Button>
        {rule ? (
          <DeleteRuleButton
            rule={rule}
            name={ruleName}
            label="Delete rule"
            onDeleted={() => onDone('new')}
          />
        ) : null}
      </div>
    </form>
  );
}
