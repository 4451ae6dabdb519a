import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { useAmenityAnalytics } from '../../api/amenity-analytics';
import {
  amenitySetupQuery,
  OFFLINE_MESSAGE,
  refreshAmenityViews,
  restoreAmenity,
  useAmenitySetup,
} from '../../api/amenity-setup';
import { useCommunity } from '../../api/community';
import { useMe } from '../../api/me';
import type { AmenityAnalytics, AmenitySetup, Sensor } from '../../api/contract';
import { useSensors } from '../../api/sensors';
import { connectionNotice } from '../../lib/connection-notice';
import { useConnectivity } from '../../lib/connectivity';
import { formatCount, formatPercent, titleCase } from '../../lib/format';
import { liveReading, noReadingText, peakOf } from '../../lib/live-reading';
import { useNow } from '../../lib/use-now';
import { sensorBadge } from '../../lib/sensor-health';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { closureNoticeText } from '../../lib/amenity-closures';
import { Dialog } from '../../ui/dialog';
import { EmptyNote } from '../../ui/empty-note';
import { Group } from '../../ui/group';
import { PageIcon, amenityIcon } from '../../ui/page-icons';
import { InfoNote } from '../../ui/info-note';
import { ProgressBar } from '../../ui/progress-bar';
import { QueryState } from '../../ui/query-state';
import { Skeleton } from '../../ui/skeleton';
import { StatusBadge } from '../../ui/status-badge';
import { PageHeader } from '../../ui/page-header';
import { TimesIn } from '../../ui/times-in';
import { toast } from '../../ui/toast';
import { useFocusAfterRemoval, type RemovedRow } from '../../ui/use-focus-after-removal';
import { AMENITY_CONNECTION_TEXTS, AmenityForm } from './amenity-form';
import { SensorsCard } from './sensors-card';

/**
 * What the page says above the grid: how many amenities, how many open, and how many people in
 * them now, counted only where a reading is live (`silent` amenities have none: not 0 people).
 */
export function amenitySummary(amenities: readonly AmenityAnalytics[]) {
  const open = amenities.filter((amenity) => amenity.status !== 'closed');
  const readings = amenities.map(liveReading);
  return {
    total: amenities.length,
    open: open.length,
    currentUsers: readings.reduce((sum, reading) => sum + (reading.live ? reading.users : 0), 0),
    silent: readings.filter((reading) => !reading.live).length,
  };
}

/** "7 amenities · 6 open · 349 people using them now (1 without a live reading)". */
export function amenitySummaryText(summary: ReturnType<typeof amenitySummary>): string {
  const head = `${formatCount(summary.total)} ${summary.total === 1 ? 'amenity' : 'amenities'} · ${formatCount(summary.open)} open · `;
  if (summary.silent > 0 && summary.silent === summary.total) return `${head}no live reading`;
  const people = `${formatCount(summary.currentUsers)} ${summary.currentUsers === 1 ? 'person' : 'people'} using them now`;
  return summary.silent === 0
    ? head + people
    : `${head}${people} (${formatCount(summary.silent)} without a live reading)`;
}

/**
 * Spec section 2, Amenities Management: a card per amenity from the amenity analytics data.
 * Managers and Admins add amenities, change their settings and restore archived ones here; Board
 * members and the demo viewer see no such buttons (the server refuses them anyway).
 */
export function AmenitiesPage() {
  const query = useAmenityAnalytics();
  const sensors = useSensors().data?.sensors;
  const me = useMe().data;
  const canManage = me != null && !me.demo && me.user.role !== 'board';
  const setup = useAmenitySetup({ enabled: canManage });
  const [adding, setAdding] = useState(false);
  const addRef = useRef<HTMLButtonElement>(null);
  const [selected, setSelected] = useState<AmenityAnalytics | null>(null);
  const selectedSetup = selected ? setup.data?.find((a) => a.id === selected.id) : undefined;
  // The amenity archived from its Settings: its card goes, and focus moves on from it.
  const archivedRef = useRef<RemovedRow | null>(null);
  const { timeZone } = useCommunity();

  return (
    <>
      <PageHeader
        title="Amenities Management"
        description={
          <>
            Every amenity CommonGround tracks, with who is using it now.{' '}
            <TimesIn timeZone={timeZone} />
          </>
        }
        actions={
          canManage ? (
            <Button ref={addRef} onClick={() => setAdding(true)}>
              <PageIcon name="plus" className="h-4 w-4" />
              Add Amenity
            </Button>
          ) : undefined
        }
      />

      <div className="mt-6">
        <QueryState
          query={query}
          label="amenities"
          skeleton={
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {Array.from({ length: 6 }, (_, index) => (
                <Skeleton key={index} className="h-64 w-full rounded-xl" />
              ))}
            </div>
          }
          isEmpty={(amenities) => amenities.length === 0}
          empty={
            <>
              {/* The last card archived: focus goes to Add Amenity. */}
              <AmenityCards
                amenities={[]}
                archivedRef={archivedRef}
                dialogOpen={selected !== null}
                addRef={addRef}
              />
              <EmptyNote title="No amenities yet">
                {canManage && setup.data?.length && setup.data.every((amenity) => amenity.archived)
                  ? 'Every amenity is archived. Restore one under Archived amenities, or add one.'
                  : canManage
                    ? 'Add the amenities your community shares to start tracking them.'
                    : 'Amenities appear here once the CommonGround server tracks them.'}
              </EmptyNote>
            </>
          }
        >
          {(amenities) => {
            return (
              <>
                <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">
                  {amenitySummaryText(amenitySummary(amenities))}
                </p>
                <AmenityCards
                  amenities={amenities}
                  archivedRef={archivedRef}
                  dialogOpen={selected !== null}
                  addRef={addRef}
                >
                  {(amenity) => (
                    <AmenityCard
                      key={amenity.id}
                      amenity={amenity}
                      sensors={sensors?.filter((s) => s.amenityId === amenity.id)}
                      onSettings={canManage ? () => setSelected(amenity) : null}
                      timeZone={timeZone}
                    />
                  )}
                </AmenityCards>
                <div className="mt-6">
                  <SensorsCard
                    amenityNames={
                      new Map([
                        // An archived amenity's sensors stay listed, named as archived.
                        ...(setup.data ?? [])
                          .filter((a) => a.archived)
                          .map((a): [string, string] => [a.id, `${a.name} (archived)`]),
                        ...amenities.map((a): [string, string] => [a.id, a.name]),
                      ])
                    }
                  />
                </div>
              </>
            );
          }}
        </QueryState>
      </div>

      {canManage ? <ArchivedAmenities setup={setup.data} addRef={addRef} /> : null}

      <Dialog open={adding} onClose={() => setAdding(false)} title="Add Amenity">
        {adding ? <AmenityForm onDone={() => setAdding(false)} /> : null}
      </Dialog>

      <Dialog
        open={selected !== null}
        onClose={() => setSelected(null)}
        title={selected ? `${selected.name} settings` : 'Amenity settings'}
      >
        {selectedSetup ? (
          <AmenityForm
            key={selectedSetup.id}
            amenity={selectedSetup}
            onDone={(saved) => {
              if (saved?.archived) {
                const row = query.data?.findIndex((a) => a.id === saved.id) ?? -1;
                archivedRef.current = { key: saved.id, row: Math.max(row, 0) };
              }
              setSelected(null);
            }}
          />
        ) : (
          <InfoNote>
            {setup.isError
              ? 'The settings could not be loaded; editing needs a connection to CommonGround.'
              : 'Loading the settings…'}
          </InfoNote>
        )}
      </Dialog>
    </>
  );
}

/**
 * The cards. An amenity archived from its Settings leaves them (its Settings button, which opened
 * the dialog, with it): focus goes to the Settings of the card that took its place, else of the
 * new last card, else (no card left) to Add Amenity, as Restore does below. Here, where the list
 * is rendered as shown, so that focus moves once the card has gone (useFocusAfterRemoval).
 */
function AmenityCards({
  amenities,
  archivedRef,
  dialogOpen,
  addRef,
  children,
}: {
  amenities: readonly AmenityAnalytics[];
  archivedRef: RefObject<RemovedRow | null>;
  dialogOpen: boolean;
  addRef: RefObject<HTMLButtonElement | null>;
  /** Without it (no amenity left), nothing is rendered; focus still moves. */
  children?: (amenity: AmenityAnalytics) => ReactNode;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  useFocusAfterRemoval({
    removedRef: archivedRef,
    keys: amenities.map((amenity) => amenity.id),
    paused: dialogOpen,
    listRef,
    selector: '[data-amenity-settings]',
    fallbackRef: addRef,
  });
  if (!children) return null;
  return (
    <ul ref={listRef} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {amenities.map(children)}
    </ul>
  );
}

/**
 * Below the cards, for those who may manage amenities: the archived ones, each with Restore. It
 * is there only while there are some (or a failed restore has something to say). A restored one
 * leaves the list at once and its card comes back above; focus goes to the Restore button that
 * took its place, else to this section's heading, else (the section gone) to Add Amenity. Always
 * mounted for them, so that focus still moves when the last row, and the section, goes.
 */
function ArchivedAmenities({
  setup,
  addRef,
}: {
  /** Every amenity's settings, archived ones included, once loaded. */
  setup: readonly AmenitySetup[] | undefined;
  addRef: RefObject<HTMLButtonElement | null>;
}) {
  const client = useQueryClient();
  const connectivity = useConnectivity();
  const archived = setup?.filter((amenity) => amenity.archived) ?? [];
  // Each restore under way, by amenity id: its button is busy; another row's still works.
  const [restoring, setRestoring] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const restoredRef = useRef<RemovedRow | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Read when focus moves: the heading while the section is shown, else Add Amenity.
  const fallbackRef = useMemo(
    () => ({
      get current(): HTMLElement | null {
        return headingRef.current ?? addRef.current;
      },
    }),
    [addRef],
  );
  useFocusAfterRemoval({
    removedRef: restoredRef,
    keys: archived.map((amenity) => amenity.id),
    paused: false,
    listRef,
    selector: '[data-restore-amenity]',
    fallbackRef,
  });

  const restore = async (amenity: AmenitySetup, row: number) => {
    setFailure(null);
    if (connectivity !== 'online') {
      setFailure(AMENITY_CONNECTION_TEXTS[connectivity]);
      return;
    }
    setRestoring((ids) => new Set(ids).add(amenity.id));
    try {
      const result = await restoreAmenity(amenity.id);
      if (!result.ok) {
        setFailure(result.error);
        // The server answered (a 404 or 409: restored or changed elsewhere): the list is out of
        // date, and a row that goes with the refetch takes focus along as a restore would.
        if (result.error !== OFFLINE_MESSAGE) {
          restoredRef.current = { key: amenity.id, row };
          await refreshAmenityViews(client);
        }
        return;
      }
      // Gone from the list at once, even if the refetch below fails.
      client.setQueryData<AmenitySetup[]>(amenitySetupQuery().queryKey, (list) =>
        list?.map((a) => (a.id === result.amenity.id ? result.amenity : a)),
      );
      restoredRef.current = { key: amenity.id, row };
      toast({ title: 'Amenity restored', description: result.amenity.name });
      await refreshAmenityViews(client);
    } finally {
      setRestoring((ids) => new Set([...ids].filter((id) => id !== amenity.id)));
    }
  };

  // A press without a connection is said as the connection is now, and not once it is back.
  const shown = connectionNotice(connectivity, AMENITY_CONNECTION_TEXTS, failure).failure;
  if (archived.length === 0 && shown === null) return null;
  return (
    <div className="mt-6">
      <Group
        title="Archived amenities"
        headingRef={headingRef}
        description="Off the cards and live views; what they recorded stays in the reports. Restore one to bring it back with its sensors and alert rules."
      >
        {shown ? (
          <p role="alert" className="mb-3 text-sm font-medium text-red-700 dark:text-red-300">
            {shown}
          </p>
        ) : null}
        {archived.length > 0 ? (
          <ul ref={listRef} className="divide-y divide-slate-200 dark:divide-slate-800">
            {archived.map((amenity, row) => (
              <li key={amenity.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1 basis-40">
                  <p className="font-medium break-words text-slate-900 dark:text-slate-50">
                    {amenity.name}
                  </p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {titleCase(amenity.type)} · capacity {formatCount(amenity.capacity)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Restore: ${amenity.name}`}
                  data-restore-amenity=""
                  busy={restoring.has(amenity.id)}
                  onClick={() => void restore(amenity, row)}
                >
                  {restoring.has(amenity.id) ? 'Restoring…' : 'Restore'}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </Group>
    </div>
  );
}

/**
 * The amenity's photo across the top of its card: a fixed 16:9 box, so the card never moves when
 * the image arrives, loaded only near the viewport. A photo that cannot load (offline, and not
 * kept by the service worker) leaves the box with a quiet picture mark, never a broken image.
 */
function CardPhoto({ url, name }: { url: string; name: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className="-mx-4 -mt-4 mb-4 flex aspect-video items-center justify-center overflow-hidden rounded-t-xl bg-slate-100 text-slate-500 sm:-mx-5 sm:-mt-5 dark:bg-slate-800 dark:text-slate-400">
      {failed === url ? (
        <PageIcon name="image" className="h-8 w-8" />
      ) : (
        <img
          src={url}
          alt={`View of ${name}`}
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
          onError={() => setFailed(url)}
        />
      )}
    </div>
  );
}

function AmenityCard({
  amenity,
  sensors,
  onSettings,
  timeZone,
}: {
  amenity: AmenityAnalytics;
  /** The zone times are shown in (the page says which). */
  timeZone: string;
  /** Its sensors, once the sensors query has answered. */
  sensors: readonly Sensor[] | undefined;
  /** Null for those who may not change amenities: no Settings button. */
  onSettings: (() => void) | null;
}) {
  const badge = sensors ? sensorBadge(sensors) : null;
  const status = amenity.status;
  const reading = liveReading(amenity);
  const peak = peakOf(amenity);
  const now = useNow(60_000);
  const headingId = `amenity-${amenity.id}`;
  return (
    <li className="flex">
      <article
        aria-labelledby={headingId}
        className="flex w-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        {amenity.photoUrl ? <CardPhoto url={amenity.photoUrl} name={amenity.name} /> : null}
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-slate-100 dark:bg-slate-800"
            style={{ color: amenity.color }}
          >
            <PageIcon name={amenityIcon(amenity.type)} className="h-6 w-6" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="font-semibold text-slate-900 dark:text-slate-50">
              {amenity.name}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">{titleCase(amenity.type)}</p>
          </div>
          <StatusBadge status={status} live={reading.live} />
        </div>
        {badge ? (
          <p className="mt-2">
            <Badge tone={badge.tone}>
              <PageIcon name="activity" className="h-3 w-3" />
              {badge.label}
            </Badge>
          </p>
        ) : null}
        {amenity.closure ? (
          <p className="mt-2 flex items-start gap-1.5 text-sm font-medium text-amber-800 dark:text-amber-200">
            <PageIcon name="calendar" className="mt-0.5 h-4 w-4 shrink-0" />
            {closureNoticeText(amenity.closure, amenity.closure.now)}
          </p>
        ) : null}
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{amenity.description}</p>
        <dl className="mt-4 grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-3 text-sm">
          <div className="col-span-2 grid grid-cols-[1fr_auto] items-baseline gap-x-2">
            <dt className="text-slate-600 dark:text-slate-400">Current users</dt>
            {reading.live ? (
              <>
                <dd className="font-semibold text-slate-900 tabular-nums dark:text-slate-50">
                  {formatCount(reading.users)} / {formatCount(amenity.capacity)}{' '}
                  <span className="font-normal text-slate-600 dark:text-slate-400">
                    ({formatPercent(reading.percent)})
                  </span>
                </dd>
                <dd className="col-span-2 mt-2">
                  <ProgressBar percent={reading.percent} color={amenity.color} />
                </dd>
              </>
            ) : (
              <dd className="col-span-2 font-medium text-slate-900 dark:text-slate-100">
                {noReadingText(reading.lastReadingAt, now, timeZone)}
              </dd>
            )}
          </div>
          {peak ? (
            <>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Peak time (30&nbsp;days)</dt>
                <dd className="font-medium text-slate-900 dark:text-slate-100">{peak.time}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Peak users (30&nbsp;days)</dt>
                <dd className="font-medium text-slate-900 tabular-nums dark:text-slate-100">
                  {formatCount(peak.users)}
                </dd>
              </div>
            </>
          ) : (
            <div className="col-span-2">
              <dt className="text-slate-600 dark:text-slate-400">Peak (30&nbsp;days)</dt>
              <dd className="font-medium text-slate-900 dark:text-slate-100">No data yet</dd>
            </div>
          )}
        </dl>
        <div className="mt-auto flex gap-2 pt-4">
          <Link
            to={`/analytics?amenity=${encodeURIComponent(amenity.id)}`}
            className={`${buttonClasses('secondary', 'sm')} flex-1`}
            aria-label={`Analytics: ${amenity.name}`}
          >
            <PageIcon name="chart" className="h-4 w-4" />
            Analytics
          </Link>
          {onSettings ? (
            <Button
              variant="secondary"
              size="sm"
              className="flex-1"
              aria-label={`Settings: ${amenity.name}`}
              data-amenity-settings=""
              onClick={onSettings}
            >
              <PageIcon name="settings" className="h-4 w-4" />
              Settings
            </Button>
          ) : null}
        </div>
      </article>
    </li>
  );
}
