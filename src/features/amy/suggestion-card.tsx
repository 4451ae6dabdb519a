import { useId, useState, type ReactNode } from 'react';
import type { Suggestion } from '../../api/contract';
import { splitResources } from '../../lib/display-rules';
import { formatCalendarDate, formatCount, formatMoney, titleCase } from '../../lib/format';
import { liveReading } from '../../lib/live-reading';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { PageIcon, type PageIconName } from '../../ui/page-icons';
import { ConfidenceBadge, StatusBadge } from '../../ui/status-badge';
import type { AmenityAnalytics } from '../../api/contract';

const CATEGORY_TONES: Record<Suggestion['category'], BadgeTone> = {
  seasonal: 'amber',
  community: 'blue',
  recreational: 'green',
  educational: 'purple',
  wellness: 'brand',
};

function Fact({
  icon,
  label,
  children,
}: {
  icon: PageIconName;
  label: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
        <PageIcon name={icon} className="h-4 w-4 shrink-0" />
        {label}
      </dt>
      {children}
    </div>
  );
}

const VALUE = 'mt-0.5 pl-[1.375rem] text-sm font-medium';

/** One of Amy's suggestions (spec section 3), with what a manager can do with it here. */
export function SuggestionCard({
  suggestion,
  amenity,
  currency,
  onAddToCalendar,
  onWriteAnnouncement,
  onPlan,
}: {
  suggestion: Suggestion;
  /** The suggested amenity's live figures, when the amenity list has it: its status now. */
  amenity: AmenityAnalytics | undefined;
  currency: string;
  onAddToCalendar: () => void;
  onWriteAnnouncement: () => void;
  /** Opens the plan form filled in from it: for those who may save the community's events. */
  onPlan?: () => void;
}) {
  const headingId = useId();
  const resourcesId = useId();
  const [allResources, setAllResources] = useState(false);
  const { shown, moreLabel } = splitResources(suggestion.requiredResources);
  const resources = allResources ? suggestion.requiredResources : shown;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={CATEGORY_TONES[suggestion.category]}>{titleCase(suggestion.category)}</Badge>
        <ConfidenceBadge confidence={suggestion.confidence} />
      </div>
      <h3 id={headingId} className="mt-2 text-base font-semibold">
        {suggestion.title}
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{suggestion.description}</p>

      <dl className="mt-3 grid grid-cols-1 gap-3 min-[360px]:grid-cols-2">
        <Fact icon="building" label="Amenity">
          <dd className={VALUE}>{suggestion.suggestedAmenity}</dd>
          {amenity ? (
            // "Now": next to the suggested date, a bare "Closed" read as closed on that day.
            <dd className="mt-1 flex flex-wrap items-center gap-1.5 pl-[1.375rem] text-xs text-slate-600 dark:text-slate-400">
              Now
              <StatusBadge status={amenity.status} live={liveReading(amenity).live} />
            </dd>
          ) : null}
        </Fact>
        <Fact icon="calendar" label="Date">
          <dd className={VALUE}>{formatCalendarDate(suggestion.suggestedDate)}</dd>
        </Fact>
        <Fact icon="clock" label="Time">
          <dd className={VALUE}>{suggestion.suggestedTime}</dd>
        </Fact>
        <Fact icon="users" label="Expected attendance">
          <dd className={VALUE}>{formatCount(suggestion.expectedAttendance)}</dd>
        </Fact>
        <Fact icon="dollar" label="Estimated cost">
          <dd className={VALUE}>{formatMoney(suggestion.estimatedCost, currency)}</dd>
        </Fact>
      </dl>

      <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
        <p className="flex items-center gap-1.5 text-xs font-semibold text-slate-700 dark:text-slate-300">
          <PageIcon name="lightbulb" className="h-4 w-4" />
          Why Amy suggests it
        </p>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{suggestion.reasoning}</p>
      </div>

      {suggestion.requiredResources.length > 0 ? (
        <div className="mt-3">
          <p className="text-xs font-semibold text-slate-700 dark:text-slate-300">
            Required resources
          </p>
          <ul id={resourcesId} className="mt-1 flex flex-wrap gap-1.5">
            {resources.map((resource) => (
              <li key={resource}>
                <Badge tone="gray">{resource}</Badge>
              </li>
            ))}
            {moreLabel ? (
              <li>
                <button
                  type="button"
                  aria-expanded={allResources}
                  aria-controls={resourcesId}
                  onClick={() => setAllResources((open) => !open)}
                  className="-my-3 inline-flex min-h-11 items-center rounded-full px-2 text-xs font-medium text-brand-800 underline-offset-2 hover:underline md:my-0 md:min-h-0 dark:text-brand-100"
                >
                  {allResources ? 'Show fewer' : moreLabel}
                </button>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}

      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {onPlan ? (
          <Button size="sm" onClick={onPlan}>
            <PageIcon name="plus" className="h-4 w-4" />
            Plan this event
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" onClick={onAddToCalendar}>
          <PageIcon name="calendar" className="h-4 w-4" />
          Add to calendar
        </Button>
        <Button variant="ghost" size="sm" onClick={onWriteAnnouncement}>
          <PageIcon name="mail" className="h-4 w-4" />
          Write announcement
        </Button>
      </div>
    </article>
  );
}
