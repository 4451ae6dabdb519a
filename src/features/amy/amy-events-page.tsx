import { useId, useState, type ReactNode } from 'react';
import { useAmenityAnalytics } from '../../api/amenity-analytics';
import { useAmenitySetup } from '../../api/amenity-setup';
import type { AmenityAnalytics, EventAnalysis, Suggestion } from '../../api/contract';
import { useAmyAnalysis } from '../../api/amy-analysis';
import { useAmySuggestions } from '../../api/amy-suggestions';
import { cx } from '../../lib/cx';
import { formatCount } from '../../lib/format';
import { liveReading, noReadingText, peakOf } from '../../lib/live-reading';
import { useNow } from '../../lib/use-now';
import { timeZoneLabel } from '../../lib/community-profile';
import { useCommunity } from '../../api/community';
import { useMe } from '../../api/me';
import { DEMO_COMMUNITY_SLUG } from '../../lib/demo-community';
import { TimesIn } from '../../ui/times-in';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { EventAnalysisCard } from '../../widgets/event-analysis-card';
import { EmptyNote } from '../../ui/empty-note';
import { PageIcon, type PageIconName } from '../../ui/page-icons';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryState, type QueryLike } from '../../ui/query-state';
import { Skeleton } from '../../ui/skeleton';
import { StatusBadge } from '../../ui/status-badge';
import { BudgetDialog } from './budget-dialog';
import { addSuggestionToCalendar } from './calendar-file';
import { ChecklistDialog } from './checklist-dialog';
import { CreateEventDialog } from './create-event-dialog';
import { MONTH_NAMES, monthName } from '../../lib/months';
import { SuggestionCard } from './suggestion-card';
import { successMetrics } from './success-metrics';
import { QueryCard } from '../../ui/query-card';
import { TemplatesDialog } from './templates-dialog';
import { VendorDialog } from './vendor-dialog';
import { PageHeader } from '../../ui/page-header';
import { SelectField, type SelectOption } from '../../ui/select-field';

type OpenDialog = 'create' | 'checklist' | 'vendors' | 'budget' | 'templates' | null;

const PLANNING_TOOLS: readonly {
  dialog: Exclude<OpenDialog, null | 'create'>;
  label: string;
  detail: string;
  icon: PageIconName;
}[] = [
  {
    dialog: 'checklist',
    label: 'Event Checklist',
    detail: 'Step by step, kept on this device',
    icon: 'check',
  },
  {
    dialog: 'vendors',
    label: 'Vendor Directory',
    detail: 'Who to book and what to ask',
    icon: 'users',
  },
  {
    dialog: 'budget',
    label: 'Budget Calculator',
    detail: 'Costs per event and per person',
    icon: 'dollar',
  },
  {
    dialog: 'templates',
    label: 'Marketing Templates',
    detail: 'Announcements ready to copy',
    icon: 'mail',
  },
];

/**
 * Amy Events (spec section 2): Amy's suggestions with the month filter, the event analysis,
 * planning tools and success metrics. Events become calendar files made on this device, and a
 * Manager or Admin of a community of its own may also save a custom event to its planned events
 * (the server's); the tools are dialogs kept on this device.
 */
export function AmyEventsPage() {
  const community = useCommunity();
  const [month, setMonth] = useState<number | undefined>(undefined);
  const suggestions = useAmySuggestions(month);
  const amenities = useAmenityAnalytics();
  const analysis = useAmyAnalysis();
  const me = useMe().data;
  // A Manager or Admin of a community of its own saves events to it (the demo's are examples).
  const canSave =
    me != null && !me.demo && me.user.role !== 'board' && community.slug !== DEMO_COMMUNITY_SLUG;
  // Their opening hours, for the save to be checked before it is sent (plannedHoursProblem).
  const setup = useAmenitySetup({ enabled: canSave });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [templateFor, setTemplateFor] = useState<string | undefined>(undefined);
  const [planning, setPlanning] = useState<Suggestion | null>(null);
  const close = () => setDialog(null);
  const suggestionList: readonly Suggestion[] = suggestions.data ?? [];
  const amenityByName = (name: string) =>
    amenities.data?.find((amenity) => amenity.name.toLowerCase() === name.toLowerCase());

  return (
    <div className="grid gap-4 sm:gap-6">
      <PageHeader
        title="Amy Events"
        description={
          <>
            Event ideas from Amy, your AI event planner, and the tools to run them.{' '}
            <TimesIn timeZone={community.timeZone} />
          </>
        }
        actions={
          <Button
            onClick={() => {
              setPlanning(null);
              setDialog('create');
            }}
          >
            <PageIcon name="plus" className="h-4 w-4" />
            Create Custom Event
          </Button>
        }
      />

      <IntroCard />

      <SuggestionsSection
        month={month}
        onMonthChange={setMonth}
        query={suggestions}
        renderSuggestion={(suggestion) => (
          <SuggestionCard
            key={suggestion.id}
            suggestion={suggestion}
            amenity={amenityByName(suggestion.suggestedAmenity)}
            currency={community.currency}
            onAddToCalendar={() => addSuggestionToCalendar(suggestion, community.timeZone)}
            onWriteAnnouncement={() => {
              setTemplateFor(suggestion.id);
              setDialog('templates');
            }}
            onPlan={
              canSave
                ? () => {
                    setPlanning(suggestion);
                    setDialog('create');
                  }
                : undefined
            }
          />
        )}
      />

      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <PlanningTools
          onOpen={(tool) => {
            setTemplateFor(undefined);
            setDialog(tool);
          }}
        />
        <SuccessMetrics query={analysis} />
      </div>

      <AmenityStatusCard query={amenities} timeZone={community.timeZone} />
      <EventAnalysisCard query={analysis} />

      <CreateEventDialog
        open={dialog === 'create'}
        onClose={close}
        amenityNames={amenities.data?.map((amenity) => amenity.name) ?? []}
        timeZone={community.timeZone}
        timeZoneLabel={timeZoneLabel(community.timeZone)}
        saveTo={
          canSave
            ? (amenities.data?.map(({ id, name }) => {
                const setupOf = setup.data?.find((amenity) => amenity.id === id);
                return { id, name, hours: setupOf?.hours, closures: setupOf?.closures };
              }) ?? [])
            : null
        }
        suggestion={planning}
      />
      <ChecklistDialog open={dialog === 'checklist'} onClose={close} />
      <VendorDialog open={dialog === 'vendors'} onClose={close} suggestions={suggestionList} />
      <BudgetDialog
        open={dialog === 'budget'}
        onClose={close}
        suggestions={suggestionList}
        currency={community.currency}
      />
      <TemplatesDialog
        open={dialog === 'templates'}
        onClose={close}
        suggestions={suggestionList}
        initialSuggestionId={templateFor}
        communityName={community.name}
      />
    </div>
  );
}

function IntroCard() {
  return (
    <section
      aria-labelledby="amy-intro"
      className="flex flex-col gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 sm:flex-row sm:items-start sm:p-5 dark:border-brand-900 dark:bg-brand-900/30"
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
        <PageIcon name="sparkles" />
      </span>
      <div className="min-w-0">
        <h2 id="amy-intro" className="text-base font-semibold">
          Meet Amy, your AI event planner
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Amy studies how residents use each amenity (when it is busy, when it sits empty, which
          past events drew a crowd) and suggests events that fit. Every suggestion says how
          confident Amy is and why, so you decide with the reasons in front of you.
        </p>
      </div>
    </section>
  );
}

function SuggestionsSection({
  month,
  onMonthChange,
  query,
  renderSuggestion,
}: {
  month: number | undefined;
  onMonthChange: (month: number | undefined) => void;
  query: QueryLike<Suggestion[]>;
  renderSuggestion: (suggestion: Suggestion) => ReactNode;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Event Suggestions"
        description={month ? `Ideas for ${monthName(month)}` : 'Ideas for the coming weeks'}
        actions={
          <SelectField
            layout="inline"
            label="Month"
            value={month ?? ''}
            options={MONTH_OPTIONS}
            onChange={(value) => onMonthChange(value === '' ? undefined : value)}
          />
        }
      />
      <CardBody>
        <QueryState
          query={query}
          label="Amy's suggestions"
          skeleton={
            <div className="grid gap-4 lg:grid-cols-2">
              <Skeleton className="h-80 w-full rounded-xl" />
              <Skeleton className="h-80 w-full rounded-xl" />
            </div>
          }
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyNote title="No suggestions yet">
              Amy is analyzing your community data to generate personalized event suggestions.
            </EmptyNote>
          }
        >
          {(list) => (
            <div
              aria-busy={query.isPlaceholderData || undefined}
              className={cx(
                'grid gap-4 transition-opacity lg:grid-cols-2',
                query.isPlaceholderData && 'opacity-50',
              )}
            >
              {list.map(renderSuggestion)}
            </div>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}

function PlanningTools({
  onOpen,
}: {
  onOpen: (tool: (typeof PLANNING_TOOLS)[number]['dialog']) => void;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader id={headingId} title="Planning Tools" description="Everything for event day" />
      {/* Two a row only where a tile has room for "Announcements" (the half-page card at 1024 px
          has not): by the card's width, not the screen's. */}
      <CardBody className="@container">
        <ul className="grid gap-2 @min-[26rem]:grid-cols-2">
          {PLANNING_TOOLS.map((tool) => (
            <li key={tool.dialog}>
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={() => onOpen(tool.dialog)}
                className="flex min-h-11 w-full items-start gap-3 rounded-lg border border-slate-200 p-3 text-left hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800"
              >
                <PageIcon
                  name={tool.icon}
                  className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-500"
                />
                <span>
                  <span className="block text-sm font-semibold">{tool.label}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {tool.detail}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

/** Success Metrics: what the events held in the last 12 months achieved (success-metrics.ts). */
function SuccessMetrics({ query }: { query: QueryLike<EventAnalysis> }) {
  return (
    <QueryCard
      bodyClassName="@container"
      title="Success Metrics"
      description="Events held in the last 12 months, from the event records"
      query={query}
      label="success metrics"
      skeleton={<ListSkeleton rows={4} />}
      isEmpty={(analysis) => successMetrics(analysis) === null}
      empty={<EmptyNote title="No events held in the last 12 months yet." />}
    >
      {(analysis) => (
        // Two a row where the card has room (phones from about 390 px, the half-page card from lg
        // up; one a row on the narrowest phones), by content rather than by a fixed grid: a tile
        // goes on a row of its own, as wide as the card, when its longest word (a category name
        // at text-2xl) would not fit in half the row, and the tile it leaves alone widens to fill
        // its row. So no word is ever split and nothing overflows, whatever the font, while a
        // short category stays two by two. Each tile's icon sits beside its figure where there
        // is room for a 9rem figure and label, else above them (as the same-width tiles of a row
        // do alike); only a word wider than the whole card still wraps within itself.
        <ul aria-label="Success metrics" className="flex flex-wrap gap-3">
          {(successMetrics(analysis) ?? []).map((metric) => (
            <li
              key={metric.label}
              // The tile's minimum width is its longest word (min-width auto), capped at the
              // row: that is what sends a tile to a row of its own. No @container here, which
              // would make that minimum zero.
              className="max-w-full grow basis-full rounded-xl border border-slate-200 p-4 @min-[18rem]:basis-[calc(50%-0.375rem)] dark:border-slate-800"
            >
              <div className="flex flex-wrap items-start gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-900/50 dark:text-brand-100"
                >
                  <PageIcon name={metric.icon} />
                </span>
                <p className="flex min-w-0 grow basis-36 flex-col-reverse">
                  <span className="text-sm text-slate-600 dark:text-slate-400">{metric.label}</span>
                  <span className="text-2xl font-bold tracking-tight tabular-nums [overflow-wrap:break-word]">
                    {metric.value}
                  </span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </QueryCard>
  );
}

/** The amenities with their live status, for picking a time and place. */
function AmenityStatusCard({
  query,
  timeZone,
}: {
  query: QueryLike<AmenityAnalytics[]>;
  timeZone: string;
}) {
  const headingId = useId();
  const now = useNow(60_000);
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Amenity Status"
        description="How busy each amenity is now, to pick a place that has room"
      />
      <CardBody>
        <QueryState
          query={query}
          label="amenity status"
          skeleton={<ListSkeleton rows={4} />}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyNote title="No amenities reported yet." />}
        >
          {(list) => (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((amenity) => {
                const reading = liveReading(amenity);
                const peak = peakOf(amenity);
                return (
                  <li
                    key={amenity.id}
                    className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-medium">{amenity.name}</span>
                      <StatusBadge status={amenity.status} live={reading.live} />
                    </div>
                    <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                      {reading.live
                        ? `${formatCount(reading.users)} of ${formatCount(amenity.capacity)} (${reading.percent}%)`
                        : noReadingText(reading.lastReadingAt, now, timeZone)}{' '}
                      · {peak ? <>peak {peak.time} (30&nbsp;days)</> : 'no peak data yet'}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}

const MONTH_OPTIONS: readonly SelectOption<number | ''>[] = [
  { value: '', label: 'Current month' },
  ...MONTH_NAMES.map((name, index) => ({ value: index + 1, label: name })),
];
