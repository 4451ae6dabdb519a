import { useState } from 'react';
import type { Suggestion } from '../../api/contract';
import {
  BUDGET_FIXED_ITEMS,
  budgetFromSuggestion,
  calculateBudget,
  EMPTY_BUDGET_INPUT,
  type BudgetField,
  type BudgetInput,
} from './budget';
import { formatMoney } from '../../lib/format';
import { numberFormat } from '../../lib/intl-formats';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { SelectField } from '../../ui/select-field';

/** Money with cents, for the small per-attendee figure (whole amounts use formatMoney). */
function formatCents(value: number, currency: string): string {
  return numberFormat('en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).format(value);
}

/** The budget calculator (lib/budget.ts does the sums). Nothing is saved. */
export function BudgetDialog({
  open,
  onClose,
  suggestions,
  currency,
}: {
  open: boolean;
  onClose: () => void;
  suggestions: readonly Suggestion[];
  currency: string;
}) {
  const [input, setInput] = useState<BudgetInput>(EMPTY_BUDGET_INPUT);
  const [suggestionId, setSuggestionId] = useState('');
  const outcome = calculateBudget(input);
  const errors = outcome.ok ? {} : outcome.errors;
  const suggestion = suggestions.find((item) => item.id === suggestionId);
  const money = (value: number) => formatMoney(value, currency);

  const field = (key: BudgetField, label: string, hint?: string) => (
    <Field key={key} label={label} hint={hint} error={errors[key]}>
      {(aria) => (
        <input
          {...aria}
          type="text"
          inputMode="decimal"
          value={input[key]}
          onChange={(event) => setInput((current) => ({ ...current, [key]: event.target.value }))}
          className={CONTROL_CLASSES}
        />
      )}
    </Field>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Budget Calculator"
      description="Estimate what an event costs. Empty fields count as zero."
    >
      <div className="grid gap-4">
        {suggestions.length > 0 ? (
          <SelectField
            label="Start from a suggestion"
            value={suggestionId}
            options={[
              { value: '', label: 'None' },
              ...suggestions.map((item) => ({ value: item.id, label: item.title })),
            ]}
            onChange={(value) => {
              setSuggestionId(value);
              const picked = suggestions.find((item) => item.id === value);
              if (picked) setInput(budgetFromSuggestion(picked));
            }}
          />
        ) : null}
        <div className="grid gap-4 min-[360px]:grid-cols-2">
          {field('attendees', 'Expected attendance')}
          {field('perPerson', `Food and drink per person (${currency})`)}
          {BUDGET_FIXED_ITEMS.map((item) =>
            field(
              item.key,
              `${item.label} (${currency})`,
              item.key === 'resources' && suggestion
                ? `Amy's estimate for: ${suggestion.requiredResources.join(', ')}.`
                : undefined,
            ),
          )}
          {field(
            'contingencyPercent',
            'Contingency (%)',
            'For the unexpected, as a share of the rest.',
          )}
        </div>

        <section
          aria-label="Budget total"
          className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60"
        >
          {outcome.ok ? (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" aria-live="polite">
              <dt>Per-person costs</dt>
              <dd className="text-right tabular-nums">{money(outcome.result.perPersonTotal)}</dd>
              <dt>Fixed costs</dt>
              <dd className="text-right tabular-nums">{money(outcome.result.fixedTotal)}</dd>
              <dt>Contingency</dt>
              <dd className="text-right tabular-nums">{money(outcome.result.contingency)}</dd>
              <dt className="border-t border-slate-200 pt-1 font-semibold dark:border-slate-700">
                Total
              </dt>
              <dd className="border-t border-slate-200 pt-1 text-right font-semibold tabular-nums dark:border-slate-700">
                {money(outcome.result.total)}
              </dd>
              <dt>Cost per attendee</dt>
              <dd className="text-right tabular-nums">
                {outcome.result.costPerAttendee === null
                  ? '—'
                  : formatCents(outcome.result.costPerAttendee, currency)}
              </dd>
              {suggestion ? (
                <>
                  <dt>Amy&apos;s estimate</dt>
                  <dd className="text-right tabular-nums">{money(suggestion.estimatedCost)}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <p className="text-sm text-red-700 dark:text-red-300">
              Fix the highlighted fields to see the total.
            </p>
          )}
        </section>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => setInput(EMPTY_BUDGET_INPUT)}>
            Reset
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
