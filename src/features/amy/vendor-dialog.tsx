import { useState } from 'react';
import type { Suggestion } from '../../api/contract';
import { VENDOR_CATEGORIES, vendorsForResources } from './event-planning';
import { cx } from '../../lib/cx';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { SelectField } from '../../ui/select-field';

/**
 * The vendor directory: the kinds of vendors community events need, what to ask them and how far
 * ahead to book. Picking one of Amy's suggestions marks the kinds its resources call for.
 */
export function VendorDialog({
  open,
  onClose,
  suggestions,
}: {
  open: boolean;
  onClose: () => void;
  suggestions: readonly Suggestion[];
}) {
  const [suggestionId, setSuggestionId] = useState('');
  const suggestion = suggestions.find((item) => item.id === suggestionId);
  const needed = new Set(
    suggestion ? vendorsForResources(suggestion.requiredResources).map((v) => v.id) : [],
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Vendor Directory"
      description="The vendors an event may need, what to ask them and when to book."
    >
      <div className="grid gap-4">
        {suggestions.length > 0 ? (
          <SelectField
            label="Show what an event needs"
            value={suggestionId}
            options={[
              { value: '', label: 'All vendors' },
              ...suggestions.map((item) => ({ value: item.id, label: item.title })),
            ]}
            onChange={setSuggestionId}
          />
        ) : null}
        <ul className="grid gap-3">
          {VENDOR_CATEGORIES.map((category) => {
            const isNeeded = needed.has(category.id);
            return (
              <li
                key={category.id}
                className={cx(
                  'rounded-lg border p-3',
                  isNeeded
                    ? 'border-brand-600 bg-brand-50 dark:bg-brand-900/30'
                    : 'border-slate-200 dark:border-slate-800',
                )}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">{category.name}</h3>
                  <div className="flex flex-wrap gap-1.5">
                    {isNeeded ? <Badge tone="brand">Needed for this event</Badge> : null}
                    <Badge tone="gray">Book {category.bookAhead} ahead</Badge>
                  </div>
                </div>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{category.covers}</p>
                <p className="mt-2 text-xs font-semibold text-slate-700 dark:text-slate-300">
                  Ask them about
                </p>
                <ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-300">
                  {category.askFor.map((question) => (
                    <li key={question}>{question}</li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
