import { useId, useState, type FormEvent } from 'react';
import { FormStatus } from '../../ui/form-status';
import { useQueryClient } from '@tanstack/react-query';
import { deleteAlertRule, saveAlertRule, useAlertRules } from '../../api/alerts';
import { useAmenityAnalytics } from '../../api/amenity-analytics';
import { ALERT_KINDS, type AlertKind, type AlertRule } from '../../api/contract';
import { useMe } from '../../api/me';
import {
  ALERT_KIND_LABELS,
  ALERT_LEVEL_UNITS,
  ALERT_RULES_ANCHOR,
  describeRuleLevels,
} from '../../lib/alert-labels';
import { useConnectivity } from '../../lib/connectivity';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryState } from '../../ui/query-state';
import { SelectField } from '../../ui/select-field';
import { SwitchField } from '../../ui/switch';
import {
  checkRuleDraft,
  draftFromRule,
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
              : 'Alert rules are managed by HOA Managers and Administrators. You receive the alerts in the inbox above.'}
          </p>
        )}
      </CardBody>
    </Card>
  );
}

function RulesEditor() {
  const rules = useAlertRules({ enabled: true });
  const amenities = useAmenityAnalytics({ refresh: false });
  const [editing, setEditing] = useState<{ rule?: AlertRule; draft: RuleDraft } | null>(null);
  const names = new Map((amenities.data ?? []).map((amenity) => [amenity.id, amenity.name]));
  const firstAmenity = amenities.data?.[0]?.id ?? '';
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
            {list.map((rule) => (
              <li
                key={rule.id}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              >
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-semibold">
                    {names.get(rule.amenityId) ?? rule.amenityId} · {ALERT_KIND_LABELS[rule.kind]}
                  </p>
                  <p className="text-slate-700 dark:text-slate-300">{describeRuleLevels(rule)}</p>
                </div>
                {rule.enabled ? null : <Badge>Off</Badge>}
                {rule.phase === 'firing' ? <Badge tone="amber">Firing</Badge> : null}
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setEditing({ rule, draft: draftFromRule(rule) })}
                >
                  Edit{' '}
                  <span className="sr-only">
                    {names.get(rule.amenityId) ?? rule.amenityId} {ALERT_KIND_LABELS[rule.kind]}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {editing ? (
        <RuleForm
          key={editing.rule?.id ?? 'new'}
          rule={editing.rule}
          initial={editing.draft}
          amenities={(amenities.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          onDone={() => setEditing(null)}
        />
      ) : (
        <div>
          <Button
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

function RuleForm({
  rule,
  initial,
  amenities,
  onDone,
}: {
  rule: AlertRule | undefined;
  initial: RuleDraft;
  amenities: { value: string; label: string }[];
  onDone: () => void;
}) {
  const client = useQueryClient();
  const online = useConnectivity() === 'online';
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<RuleErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const unit = ALERT_LEVEL_UNITS[draft.kind];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRuleDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await saveAlertRule(client, rule, checked.input);
      onDone();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!rule) return;
    setBusy(true);
    setFailure(null);
    try {
      await deleteAlertRule(client, rule.id);
      onDone();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
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

  return (
    <form
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-lg border border-slate-200 p-3 sm:p-4 dark:border-slate-700"
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
        {text('threshold', 'Threshold', `Alerts at or above this, in ${unit}.`)}
        {text('rearmBelow', 'Re-arm below', `May alert again once below this, in ${unit}.`)}
        {text('cooldownMinutes', 'Cool-down (minutes)', 'The least time between two alerts.')}
      </div>
      <SwitchField
        label="Enabled"
        checked={draft.enabled}
        onCheckedChange={(enabled) => setDraft({ ...draft, enabled })}
      />
      <FormStatus
        online={online}
        offlineText="You are offline. Changes to alert rules need a connection."
        failure={failure}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || !online}>
          {busy ? 'Saving…' : 'Save rule'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        {rule ? (
          <Button
            type="button"
            variant="danger"
            disabled={busy || !online}
            onClick={() => void remove()}
          >
            Delete rule
          </Button>
        ) : null}
      </div>
    </form>
  );
}
