import { useId } from 'react';
import type { DiscoveredDevice, Sensor, UncountedEntries } from '../../api/contract';
import { useSensors } from '../../api/sensors';
import { formatCount, formatMoment } from '../../lib/format';
import {
  formatSignal,
  SENSOR_STATUS_LABELS,
  SENSOR_STATUS_TONES,
  SENSOR_WARNING_LABELS,
} from '../../lib/sensor-health';
import { useCommunity } from '../../api/community';
import { useNow } from '../../lib/use-now';
import { Badge } from '../../ui/badge';
import { EmptyNote } from '../../ui/empty-note';
import { QueryCard } from '../../ui/query-card';
import { Skeleton } from '../../ui/skeleton';

const muted = 'text-slate-600 dark:text-slate-400';
const strong = 'text-slate-900 dark:text-slate-100';

/**
 * The people counters behind the amenities' numbers, with their health (read-only here: Admins
 * register devices, assign discovered ones and manage integrations in Settings → Integrations).
 */
export function SensorsCard({ amenityNames }: { amenityNames: ReadonlyMap<string, string> }) {
  // The page's sensor badges keep this query fresh.
  const query = useSensors({ refresh: false });
  const zone = useCommunity().timeZone;
  const now = useNow(30_000);
  return (
    <QueryCard
      title="Sensors"
      description="People counters reporting through LoRaWAN: last uplink, uplinks in the last 24 hours, battery and signal."
      query={query}
      label="sensors"
      skeleton={<Skeleton className="h-40 w-full" />}
      isEmpty={(data) => data.sensors.length === 0 && data.discovered.length === 0}
      empty={
        // Directions within the product: a customer has no README.
        <EmptyNote title="No sensors yet">
          An Admin connects your The Things Stack or ChirpStack application in Settings →
          Integrations, under “LoRaWAN network servers”, and registers each people counter under
          “People counters”. The counters then appear here.
        </EmptyNote>
      }
    >
      {(data) => (
        <>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {data.sensors.map((sensor) => (
              <SensorItem
                key={sensor.devEui}
                sensor={sensor}
                amenity={amenityNames.get(sensor.amenityId) ?? sensor.amenityId}
                lastUplink={
                  sensor.lastUplinkAt === null
                    ? 'Never'
                    : formatMoment(Date.parse(sensor.lastUplinkAt), now, zone)
                }
                format={(at) => formatMoment(Date.parse(at), now, zone)}
              />
            ))}
          </ul>
          {data.discovered.length > 0 ? (
            <Discovered devices={data.discovered} format={(at) => formatMoment(at, now, zone)} />
          ) : null}
        </>
      )}
    </QueryCard>
  );
}

function SensorItem({
  sensor,
  amenity,
  lastUplink,
  format,
}: {
  sensor: Sensor;
  amenity: string;
  lastUplink: string;
  format: (at: string) => string;
}) {
  const signal = formatSignal(sensor);
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {/* A name may be long without a space: it wraps rather than widen the page. */}
        <span className={`font-medium wrap-anywhere ${strong}`}>{amenity}</span>
        <Badge tone={SENSOR_STATUS_TONES[sensor.status]}>
          {SENSOR_STATUS_LABELS[sensor.status]}
        </Badge>
      </div>
      <p className={`text-sm ${muted}`}>
        {sensor.model.toUpperCase()} {sensor.countingMode === 'line' ? 'line' : 'area'} counter ·
        dev EUI <span className="font-mono break-all">{sensor.devEui}</span>
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm md:grid-cols-4">
        <div>
          <dt className={muted}>Last uplink</dt>
          <dd className={strong}>{lastUplink}</dd>
        </div>
        <div>
          <dt className={muted}>Uplinks, 24 h</dt>
          <dd className={`${strong} tabular-nums`}>{uplinksText(sensor)}</dd>
        </div>
        <div>
          <dt className={muted}>Battery</dt>
          <dd className={strong}>
            {sensor.battery === null ? 'Not reported' : `${sensor.battery}%`}
          </dd>
        </div>
        <div>
          <dt className={muted}>Signal</dt>
          <dd className={strong}>{signal ?? 'Not reported'}</dd>
        </div>
      </dl>
      {sensor.warnings.length > 0 ? (
        <p className="mt-1 text-sm font-medium text-amber-900 dark:text-amber-200">
          {sensor.warnings.map((w) => SENSOR_WARNING_LABELS[w]).join(' · ')}
        </p>
      ) : null}
      {sensor.uncounted?.length ? (
        <ul className={`mt-1 text-sm ${muted}`}>
          {sensor.uncounted.map((u) => (
            <li key={u.to}>{uncountedText(u, format)}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * "3 of 6": the uplinks of the last 24 h against those expected. The server counts every uplink
 * of the dev EUI in the 24 h, also those sent as an unknown device before it was registered, but
 * expects only whole report intervals since registration: just after registering a counter that
 * had reported, it read "3 of 0". Before a whole interval has passed nothing is expected yet; more
 * than expected (a counter reporting more often than registered) is said as both figures, each
 * as counted, never "9 of 6".
 */
function uplinksText({ uplinks24h, expected24h }: Sensor): string {
  if (expected24h === 0) return `${formatCount(uplinks24h)}, none expected yet`;
  if (uplinks24h > expected24h) {
    return `${formatCount(uplinks24h)}, ${formatCount(expected24h)} expected`;
  }
  return `${formatCount(uplinks24h)} of ${formatCount(expected24h)}`;
}

/**
 * "446 entries not counted between Mar 18, 9:40 AM and 2:30 PM (1 uplink: entries 446 is more
 * than 10 times the capacity of 40)": what the uplinks out of bounds said and why none was stored.
 */
function uncountedText(u: UncountedEntries, format: (at: string) => string): string {
  const when =
    u.from === null ? `up to ${format(u.to)}` : `between ${format(u.from)} and ${format(u.to)}`;
  return (
    `${formatCount(u.entries)} ${u.entries === 1 ? 'entry' : 'entries'} not counted ${when} ` +
    `(${formatCount(u.uplinks)} uplink${u.uplinks === 1 ? '' : 's'}: ${u.reason})`
  );
}

function Discovered({
  devices,
  format,
}: {
  devices: readonly DiscoveredDevice[];
  format: (at: number) => string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <h3 id={headingId} className={`text-sm font-semibold ${strong}`}>
        Unknown devices ({formatCount(devices.length)})
      </h3>
      <p className={`mt-1 text-sm ${muted}`}>
        Uplinks from devices that are not registered are kept here, not dropped. An Admin assigns
        them to an amenity in Settings → Integrations.
      </p>
      <ul className="mt-2 space-y-2 text-sm">
        {devices.map((d) => (
          <li key={d.devEui}>
            <span className={`font-mono break-all ${strong}`}>{d.devEui}</span>
            {d.deviceName ? <span className={muted}> ({d.deviceName})</span> : null}
            <span className={muted}>
              {' '}
              · {formatCount(d.uplinks)} uplink{d.uplinks === 1 ? '' : 's'} via {d.integrationId},
              last {format(Date.parse(d.lastSeenAt))}
            </span>
            <span className={`block break-words ${muted}`}>{d.lastSummary}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
