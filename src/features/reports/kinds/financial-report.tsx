import { formatCount, formatMoney } from '../../../lib/format';
import { formatQuantity, QUANTITY_DECIMALS } from '../../../lib/line-amounts';
import { visitValueOf, visitValueRates } from '../../../lib/visit-value';
import { addDays } from '../../../lib/calendar-date';
import { zonedDate } from '../calendar';
import { amenityLabel, summarizeCosts, summarizeValue } from '../report-builders';
import { usageOf } from '../report-data';
import { formatCents } from '../../../lib/format';
import { formatDateTime, formatDates } from '../report-format';
import type { ReportContext } from '../report-kind';
import { Figures, MissingSource, MissingTimeline, Notice, Section } from '../report-sections';
import { ReportTable } from '../report-table';

/** How an amenity without an operating cost reads, everywhere in the report. */
const COST_NOT_ENTERED = 'cost not entered';

/** The server's Revenue Impact counts today and the 29 days before (RECENT_DAYS). */
const VALUE_DAYS = 30;

/**
 * The period of the monthly amenity value, named under the figure: the spec fixes its label
 * ("Monthly amenity value"), but the server counts the last 30 days up to when it answered, in
 * the community's zone, not a calendar month and not the report's period.
 */
function valuePeriod(updatedAt: number, timeZone: string): string {
  const to = zonedDate(updatedAt, timeZone);
  const from = addDays(to, -(VALUE_DAYS - 1));
  return `Last ${VALUE_DAYS} days: ${formatDates(from, to)} (up to ${formatDateTime(updatedAt, timeZone)}, when it was loaded), not the report’s period.`;
}

export default function FinancialReport({ context }: { context: ReportContext }) {
  const { data, level, currency, timeZone } = context;
  const usage = usageOf(data, timeZone);
  const amenities = data.amenities.status === 'ready' ? data.amenities.data : [];
  const costs = new Map(amenities.map((amenity) => [amenity.id, amenity.monthlyOperatingCost]));
  const summary = usage ? summarizeCosts(usage, costs) : null;
  // Archived amenities' visits are in the period too: their values come from the set-up list.
  const rates = new Map(
    [...data.setup, ...amenities].map((amenity) => [amenity.id, visitValueOf(amenity)]),
  );
  const rateOf = (id: string) => rates.get(id);
  const value = usage ? summarizeValue(usage, rateOf) : null;
  return (
    <>
      <Section
        title="Amenity value in the period"
        level={level}
        note="The period’s visits to each amenity times its value per visit: the dashboard’s Revenue Impact, made for this report’s period."
      >
        {!usage ? (
          <MissingTimeline context={context} />
        ) : !value || !usage.hasData ? (
          <Notice>No data: no sensor reported in this period.</Notice>
        ) : (
          <>
            <Figures
              items={[['Amenity value in the period', formatCents(value.total, currency)]]}
            />
            <ReportTable
              caption="Amenity value in the period"
              head={['Amenity', 'Visits', 'Value per visit', 'Value']}
              numeric={[1, 2, 3]}
              rows={value.perAmenity.map((row) => [
                amenityLabel(row, usage, timeZone),
                formatCount(row.visits),
                row.rate === null ? 'type not known' : formatCents(row.rate, currency),
                row.value === null ? 'type not known' : formatCents(row.value, currency),
              ])}
            />
          </>
        )}
      </Section>
      <Section
        title="Monthly amenity value"
        level={level}
        note="The dashboard’s Revenue Impact: visits over the last 30 days times each amenity’s value per visit."
      >
        {data.metrics.status === 'ready' ? (
          <>
            <Figures
              items={[
                ['Monthly amenity value', formatMoney(data.metrics.data.revenueImpact, currency)],
              ]}
            />
            <p className="-mt-2 mb-4 text-sm text-slate-600 dark:text-slate-400">
              {valuePeriod(data.metrics.updatedAt, timeZone)}
            </p>
          </>
        ) : (
          <MissingSource source={data.metrics} what="The dashboard metrics" />
        )}
      </Section>
      <Section
        title="Operating cost per visit"
        level={level}
        note="Each amenity’s monthly operating cost, times the period’s months and the part of them its sensor reported, divided by its visits in that time."
      >
        {!usage ? (
          <MissingTimeline context={context} />
        ) : !summary || !usage.hasData ? (
          <Notice>No data: no sensor reported in this period.</Notice>
        ) : (
          <>
            {data.amenities.status === 'ready' ? null : (
              <MissingSource source={data.amenities} what="The amenities’ operating costs" />
            )}
            <Figures
              items={[
                ['Operating cost in the period', formatCents(summary.totalCost, currency)],
                [
                  'Cost per visit',
                  summary.costPerVisit === null ? '—' : formatCents(summary.costPerVisit, currency),
                ],
              ]}
            />
            <ReportTable
              caption="Operating cost per visit"
              head={[
                'Amenity',
                'Visits',
                'Monthly cost',
                'Months covered',
                'Cost in period',
                'Cost per visit',
              ]}
              numeric={[1, 2, 3, 4, 5]}
              rows={summary.perAmenity.map((row) => [
                amenityLabel(row, usage, timeZone),
                formatCount(row.visits),
                // Costs in cents, as the treasurer's books keep them, and months covered to four
                // decimals: what the costs are computed from, so a reader multiplying a row and
                // adding the rows gets the figures shown (lib/line-amounts.ts: why not dollars).
                row.monthlyCost === null
                  ? COST_NOT_ENTERED
                  : formatCents(row.monthlyCost, currency),
                formatQuantity(row.monthsCovered),
                row.periodCost === null ? COST_NOT_ENTERED : formatCents(row.periodCost, currency),
                row.monthlyCost === null
                  ? COST_NOT_ENTERED
                  : row.costPerVisit === null
                    ? 'no visits'
                    : formatCents(row.costPerVisit, currency),
              ])}
            />
          </>
        )}
      </Section>
      <Section title="How these figures are made" level={level}>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          <li>
            Amenity value in the period = each amenity’s visits in the period × its value per visit,
            each row to the cent; the total is the sum of the rows. An amenity’s value per visit is
            set in its settings (Amenities); one left empty counts its type’s default (
            {visitValueRates(currency)}).
          </li>
          <li>
            Monthly amenity value is the dashboard’s Revenue Impact: the same values per visit times
            the visits of the last 30 days up to when it was loaded, in {currency} as set in
            Settings.
          </li>
          <li>
            Cost per visit = monthly operating cost × months covered ÷ visits. Months covered is the
            period’s months
            {summary ? ` (${formatQuantity(summary.months)} here)` : ''} times the share of the
            period the amenity’s own sensor reported (see Coverage), as in the table; a month counts
            by the share of its days in the period. An amenity added in the period counts from then
            on: none of its cost before. The total cost per visit counts only the amenities with a
            cost.
          </li>
          <li>
            Months covered is shown to {QUANTITY_DECIMALS} decimal places, and each cost in the
            period is the monthly cost × the months covered as shown, rounded to the cent. The
            operating cost in the period is the sum of those costs, so the rows add up to it.
          </li>
          {summary?.notEntered.length ? (
            <li>
              No operating cost has been entered for {summary.notEntered.join(', ')} (
              {COST_NOT_ENTERED}
              ): left out of the totals.
            </li>
          ) : null}
          <li>Amounts are shown in {currency} as set in Settings; no exchange rate is applied.</li>
        </ul>
      </Section>
    </>
  );
}
