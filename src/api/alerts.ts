import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  ALERTS_API_PATHS,
  AlertReadResultSchema,
  AlertRuleListSchema,
  AlertRuleSchema,
  ReportArchiveSchema,
  REPORT_RECIPIENTS_PATH,
  ReportRecipientListSchema,
  type AlertInbox,
  type AlertRule,
  type AlertRuleInput,
  ReportScheduleListSchema,
  ReportScheduleSchema,
  type ReportSchedule,
  type ReportScheduleInput,
} from './contract';
import {
  contractQueryFn,
  failureMessage,
  HttpError,
  NetworkError,
  parseWith,
  UNREACHABLE_MESSAGE,
} from './query-fn';
import { alertInboxQuery } from './alert-inbox';
import { getText, send } from './send';

/**
 * The alert inbox and the report archive (issue 14). Both are in the offline snapshot
 * (RESPONSE_SCHEMAS), so a board member who opened them once reads them with no network.
 */

export { alertInboxQuery, useAlertInbox } from './alert-inbox';

export function reportArchiveQuery() {
  return queryOptions({
    queryKey: [ALERTS_API_PATHS.reportArchive],
    queryFn: contractQueryFn(ReportArchiveSchema),
  });
}

export function useReportArchive() {
  return useQuery(reportArchiveQuery());
}

/** A write that could not be done, in words for the person who asked (next to the form). */
export class WriteError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'WriteError';
    this.status = status;
  }
}

/**
 * Sends one write and parses the answer with the contract. Writes need a connection: an
 * unreachable server says so plainly, and a refusal carries the server's own `error` text.
 */
export async function sendJson<S extends z.ZodMiniType>(
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  schema: S,
): Promise<z.output<S>> {
  const result = await send(method, path, { json: body, offlineMessage: WRITES_OFFLINE_MESSAGE });
  if (!result.ok) {
    if (result.status === null) throw new NetworkError(result.error);
    throw new WriteError(result.status, result.error);
  }
  // Checked here rather than by a `parse`: an answer that breaks the contract is a ContractError
  // naming the field, and a DELETE's empty answer is the null its schema expects.
  return parseWith(schema, result.value, path);
}

const WRITES_OFFLINE_MESSAGE =
  "Can't reach CommonGround. Changes need a connection; try again when online.";

/** Marks one alert read and updates the cached inbox (its flag and the unread count). */
export async function markAlertRead(client: QueryClient, id: number): Promise<void> {
  const result = await sendJson(
    'POST',
    `${ALERTS_API_PATHS.alerts}/${id}/read`,
    undefined,
    AlertReadResultSchema,
  );
  client.setQueryData(alertInboxQuery().queryKey, (inbox) =>
    inbox
      ? {
          unread: result.unread,
          alerts: inbox.alerts.map((alert) => (alert.id === id ? { ...alert, read: true } : alert)),
        }
      : inbox,
  );
}

/** The server marks alerts one at a time; "Mark all read" walks the unread ones in the list. */
export async function markAllAlertsRead(client: QueryClient, inbox: AlertInbox): Promise<void> {
  for (const alert of inbox.alerts) {
    if (!alert.read) await markAlertRead(client, alert.id);
  }
}

/** The alert rules (Managers and Admins): read only where they are edited, so not in the snapshot. */
export function alertRulesQuery() {
  return queryOptions({
    queryKey: [ALERTS_API_PATHS.alertRules],
    queryFn: contractQueryFn(AlertRuleListSchema),
  });
}

export function useAlertRules({ enabled }: { enabled: boolean }) {
  return useQuery({ ...alertRulesQuery(), enabled });
}

/** Creates or changes one rule, then refreshes the list. */
export async function saveAlertRule(
  client: QueryClient,
  existing: AlertRule | undefined,
  input: AlertRuleInput,
): Promise<AlertRule> {
  // A rule's amenity and kind are fixed once made (PATCH takes only its levels).
  const patch = {
    threshold: input.threshold,
    rearmBelow: input.rearmBelow,
    cooldownMinutes: input.cooldownMinutes,
    enabled: input.enabled,
  };
  const rule = existing
    ? await sendJson(
        'PATCH',
        `${ALERTS_API_PATHS.alertRules}/${existing.id}`,
        patch,
        AlertRuleSchema,
      )
    : await sendJson('POST', ALERTS_API_PATHS.alertRules, input, AlertRuleSchema);
  await client.invalidateQueries({ queryKey: alertRulesQuery().queryKey });
  return rule;
}

export async function deleteAlertRule(client: QueryClient, id: number): Promise<void> {
  await sendJson('DELETE', `${ALERTS_API_PATHS.alertRules}/${id}`, undefined, z.null());
  await client.invalidateQueries({ queryKey: alertRulesQuery().queryKey });
}

/** The report schedules (Managers and Admins edit them; not in the snapshot). */
export function reportSchedulesQuery() {
  return queryOptions({
    queryKey: [ALERTS_API_PATHS.reportSchedules],
    queryFn: contractQueryFn(ReportScheduleListSchema),
  });
}

export function useReportSchedules({ enabled }: { enabled: boolean }) {
  return useQuery({ ...reportSchedulesQuery(), enabled });
}

/** The users a schedule can be sent to (Managers and Admins; not kept offline). */
export function useReportRecipients() {
  return useQuery({
    queryKey: [REPORT_RECIPIENTS_PATH],
    queryFn: contractQueryFn(ReportRecipientListSchema),
  });
}

export async function saveReportSchedule(
  client: QueryClient,
  existing: ReportSchedule | undefined,
  input: ReportScheduleInput,
): Promise<ReportSchedule> {
  const schedule = existing
    ? await sendJson(
        'PATCH',
        `${ALERTS_API_PATHS.reportSchedules}/${existing.id}`,
        input,
        ReportScheduleSchema,
      )
    : await sendJson('POST', ALERTS_API_PATHS.reportSchedules, input, ReportScheduleSchema);
  await client.invalidateQueries({ queryKey: reportSchedulesQuery().queryKey });
  return schedule;
}

export async function deleteReportSchedule(client: QueryClient, id: number): Promise<void> {
  await sendJson('DELETE', `${ALERTS_API_PATHS.reportSchedules}/${id}`, undefined, z.null());
  await client.invalidateQueries({ queryKey: reportSchedulesQuery().queryKey });
}

/**
 * An archived report's CSV, as the server built it. Kept in the offline snapshot (persist.ts)
 * so an entry seen once downloads with no network.
 */
export function archivedReportCsvQuery(id: number) {
  return queryOptions({
    queryKey: [ALERTS_API_PATHS.reportArchive, id],
    queryFn: async ({ signal }) => fetchText(`${ALERTS_API_PATHS.reportArchive}/${id}`, signal),
    staleTime: Infinity,
  });
}

/** The archived CSV for its query, failing with the errors every query fails with. */
async function fetchText(url: string, signal: AbortSignal): Promise<string> {
  const answer = await getText(url, { offlineMessage: UNREACHABLE_MESSAGE, signal });
  if (answer.ok) return answer.text;
  if (answer.status === null) {
    throw signal.aborted ? new Error('Cancelled') : new NetworkError(answer.error);
  }
  throw new HttpError(answer.status, failureMessage(answer.status, answer.statusText, answer.text));
}
