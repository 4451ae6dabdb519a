import { Link } from 'react-router-dom';
import type { Suggestion } from '../../api/contract';
import { formatCalendarDate, formatCount } from '../../lib/format';
import { buttonClasses } from '../../ui/button';
import { ListSkeleton } from '../../ui/list-skeleton';
import { EmptyNote } from '../../ui/empty-note';
import { PageIcon } from '../../ui/page-icons';
import type { QueryLike } from '../../ui/query-state';
import { QueryCard } from '../../ui/query-card';
import { ConfidenceBadge } from '../../ui/status-badge';

const SHOWN = 3;

/** Amy's Event Suggestions on the dashboard: the most confident few, with a way to all of them. */
export function AmySuggestionsCard({ query }: { query: QueryLike<Suggestion[]> }) {
  return (
    <QueryCard
      title="Amy's Event Suggestions"
      description="Events Amy expects to do well in the coming weeks"
      actions={
        <Link to="/amy-events" className={buttonClasses('secondary', 'sm')}>
          See all
          <span className="sr-only"> suggestions in Amy Events</span>
        </Link>
      }

      query={query}
      label="Amy's event suggestions"
      skeleton={<ListSkeleton rows={3} />}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyNote title="No suggestions yet">
          Amy is analyzing your community data to generate personalized event suggestions.
        </EmptyNote>
      }
    >
      {(suggestions) => (
        <ul className="grid gap-3">
          {[...suggestions]
            .sort((a, b) => b.confidence - a.confidence)
            .slice(0, SHOWN)
            .map((suggestion) => (
              <li
                key={suggestion.id}
                className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="font-medium">{suggestion.title}</h3>
                  <ConfidenceBadge confidence={suggestion.confidence} />
                </div>
                <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
                  <span className="inline-flex items-center gap-1">
                    <PageIcon name="building" className="h-4 w-4" />
                    {suggestion.suggestedAmenity}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <PageIcon name="calendar" className="h-4 w-4" />
                    {formatCalendarDate(suggestion.suggestedDate)}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <PageIcon name="users" className="h-4 w-4" />
                    {formatCount(suggestion.expectedAttendance)} expected
                  </span>
                </p>
              </li>
            ))}
        </ul>
      )}
    </QueryCard>
  );
}
