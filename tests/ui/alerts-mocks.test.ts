import { describe, expect, it } from 'vitest';
import {
  AlertInboxSchema,
  AlertReadResultSchema,
  AlertRuleListSchema,
  AlertRuleSchema,
  ReportArchiveSchema,
  ReportScheduleListSchema,
} from '../../src/api/contract';

/** The alert and report mocks the UI tests will use answer like the server (issue 14). */

const url = (path: string) => new URL(path, window.location.href).toString();
const send = (method: string, path: string, body?: unknown) =>
  fetch(url(path), {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('alerts and report mocks', () => {
  it('serve fixtures that satisfy the contract', async () => {
    AlertRuleListSchema.parse(await (await send('GET', '/api/alert-rules')).json());
    const inbox = AlertInboxSchema.parse(await (await send('GET', '/api/alerts')).json());
    expect(inbox.unread).toBe(inbox.alerts.filter((a) => !a.read).length);
    ReportScheduleListSchema.parse(await (await send('GET', '/api/report-schedules')).json());
    const archive = ReportArchiveSchema.parse(
      await (await send('GET', '/api/report-archive')).json(),
    );
    const csv = await send('GET', `/api/report-archive/${archive[0]?.id}`);
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(await csv.text()).toMatch(/^Report,/);
  });

  it('check bodies with the server’s schemas', async () => {
    const bad = await send('POST', '/api/alert-rules', { amenityId: 'great-lawn', kind: 'fire' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^kind: /);
    const created = await send('POST', '/api/alert-rules', {
      amenityId: 'great-lawn',
      kind: 'occupancy',
      threshold: 75,
    });
    expect(created.status).toBe(201);
    expect(AlertRuleSchema.parse(await created.json())).toMatchObject({
      threshold: 75,
      rearmBelow: 65,
    });
    const read = await send('POST', '/api/alerts/12/read');
    expect(AlertReadResultSchema.parse(await read.json())).toEqual({
      id: 12,
      read: true,
      unread: 0,
    });
    expect((await send('POST', '/api/alerts/999/read')).status).toBe(404);
    const weekly = await send('POST', '/api/report-schedules', {
      kind: 'usage',
      cadence: 'weekly',
      timeOfDay: '07:00',
    });
    expect(weekly.status).toBe(400);
  });
});
