import { http, HttpResponse } from 'msw';
import {
  ALERT_RULE_DEFAULTS,
  ALERTS_API_PATHS,
  defaultRearmBelow,
  AlertInboxQuerySchema,
  AlertRuleInputSchema,
  AlertRulePatchSchema,
  describeIssues,
  REPORT_RECIPIENTS_PATH,
  ReportScheduleInputSchema,
  ReportSchedulePatchSchema,
  type AlertRule,
  type ReportSchedule,
} from '../src/api/contract';
import {
  alertInboxFixture,
  alertRulesFixture,
  reportArchiveCsvFixture,
  reportArchiveFixture,
  reportSchedulesFixture,
} from './alerts-fixtures';
import { amenitiesFixture } from './fixtures';
import { usersFixture } from './users-handlers';

/** Schedule recipients by id, named like the server names them (unknown ids dropped). */
const named = (ids: readonly number[]) =>
  usersFixture.filter((user) => ids.includes(user.id)).map(({ id, name }) => ({ id, name }));

/**
 * Alerts and scheduled reports (issue 14). Bodies are checked with the server's schemas; the
 * answers are the fixtures (writes answer as the server would, without keeping state, so every
 * test starts from the same data).
 */

const { alertRules, alerts, reportSchedules, reportArchive } = ALERTS_API_PATHS;
const badRequest = (message: string) => HttpResponse.json({ error: message }, { status: 400 });
const notFound = (what: string) => HttpResponse.json({ error: `No ${what}` }, { status: 404 });

async function body(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

export const alertsHandlers = [
  http.get(alertRules, () => HttpResponse.json(alertRulesFixture)),
  http.post(alertRules, async ({ request }) => {
    const input = AlertRuleInputSchema.safeParse(await body(request));
    if (!input.success) return badRequest(describeIssues(input.error));
    const defaults = ALERT_RULE_DEFAULTS[input.data.kind];
    const threshold = input.data.threshold ?? defaults.threshold;
    const amenity = amenitiesFixture.find((a) => a.id === input.data.amenityId);
    if (!amenity) return badRequest(`amenityId: unknown amenity "${input.data.amenityId}"`);
    const rule: AlertRule = {
      id: 100,
      amenityId: amenity.id,
      amenityName: amenity.name,
      amenityArchived: false,
      kind: input.data.kind,
      threshold,
      rearmBelow: input.data.rearmBelow ?? defaultRearmBelow(input.data.kind, threshold),
      cooldownMinutes: input.data.cooldownMinutes ?? defaults.cooldownMinutes,
      enabled: input.data.enabled ?? true,
      phase: 'armed',
      lastFiredAt: null,
    };
    return HttpResponse.json(rule, { status: 201 });
  }),
  http.patch(`${alertRules}/:id`, async ({ request, params }) => {
    const rule = alertRulesFixture.find((r) => String(r.id) === params.id);
    if (!rule) return notFound('alert rule');
    const patch = AlertRulePatchSchema.safeParse(await body(request));
    if (!patch.success) return badRequest(describeIssues(patch.error));
    return HttpResponse.json({ ...rule, ...patch.data });
  }),
  http.delete(`${alertRules}/:id`, ({ params }) =>
    alertRulesFixture.some((r) => String(r.id) === params.id)
      ? new HttpResponse(null, { status: 204 })
      : notFound('alert rule'),
  ),
  http.get(alerts, ({ request }) => {
    const query = AlertInboxQuerySchema.safeParse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    if (!query.success) return badRequest(describeIssues(query.error));
    return HttpResponse.json({
      ...alertInboxFixture,
      alerts: alertInboxFixture.alerts.slice(0, query.data.limit),
    });
  }),
  http.post(`${alerts}/:id/read`, ({ params }) => {
    const alert = alertInboxFixture.alerts.find((a) => String(a.id) === params.id);
    if (!alert) return notFound('alert');
    const unread = alertInboxFixture.unread - (alert.read ? 0 : 1);
    return HttpResponse.json({ id: alert.id, read: true, unread });
  }),
  http.get(reportSchedules, () => HttpResponse.json(reportSchedulesFixture)),
  http.post(reportSchedules, async ({ request }) => {
    const input = ReportScheduleInputSchema.safeParse(await body(request));
    if (!input.success) return badRequest(describeIssues(input.error));
    const { cadence, weekday, dayOfMonth } = input.data;
    if (cadence === 'weekly' && weekday === undefined) return badRequest('weekday: required');
    if (cadence === 'monthly' && dayOfMonth === undefined)
      return badRequest('dayOfMonth: required');
    const schedule: ReportSchedule = {
      id: 100,
      kind: input.data.kind,
      cadence,
      weekday: cadence === 'weekly' ? (weekday ?? null) : null,
      dayOfMonth: cadence === 'monthly' ? (dayOfMonth ?? null) : null,
      timeOfDay: input.data.timeOfDay,
      recipients: named(input.data.recipients ?? []),
      enabled: input.data.enabled ?? true,
      pausedNote: null,
      nextRunAt: '2026-12-01T16:00:00.000Z',
    };
    return HttpResponse.json(schedule, { status: 201 });
  }),
  http.patch(`${reportSchedules}/:id`, async ({ request, params }) => {
    const schedule = reportSchedulesFixture.find((s) => String(s.id) === params.id);
    if (!schedule) return notFound('report schedule');
    const patch = ReportSchedulePatchSchema.safeParse(await body(request));
    if (!patch.success) return badRequest(describeIssues(patch.error));
    const { recipients, ...rest } = patch.data;
    const updated: ReportSchedule = {
      ...schedule,
      ...rest,
      ...(recipients ? { recipients: named(recipients) } : {}),
      // As the server: any edit clears a removal's note.
      pausedNote: null,
    };
    return HttpResponse.json(updated);
  }),
  http.delete(`${reportSchedules}/:id`, ({ params }) =>
    reportSchedulesFixture.some((s) => String(s.id) === params.id)
      ? new HttpResponse(null, { status: 204 })
      : notFound('report schedule'),
  ),
  http.get(REPORT_RECIPIENTS_PATH, () =>
    HttpResponse.json(usersFixture.map(({ id, name, role }) => ({ id, name, role }))),
  ),
  http.get(reportArchive, () => HttpResponse.json(reportArchiveFixture)),
  http.get(`${reportArchive}/:id`, ({ params }) => {
    const entry = reportArchiveFixture.find((r) => String(r.id) === params.id);
    if (!entry) return notFound('archived report');
    return new HttpResponse(reportArchiveCsvFixture, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${entry.kind}-${entry.periodFrom}-to-${entry.periodTo}.csv"`,
      },
    });
  }),
];
