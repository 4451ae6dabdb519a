import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportServerReached, reportServerUnreachable } from '../lib/connectivity';
import {
  ApiErrorSchema,
  IntegrationListSchema,
  SENSOR_ADMIN_PATHS,
  sensorAdminPath,
  type DeviceCreateBody,
  type DeviceUpdateBody,
  type IntegrationCreateBody,
} from './contract';
import { contractQueryFn, REQUEST_TIMEOUT_MS } from './query-fn';
import { reportAccessRefused } from './session-end';

/**
 * Sensor management (Admin only): the integrations list and the writes. Writes need a
 * connection; a failure carries the server's own message (it names the field at fault).
 */
export function integrationsQuery() {
  return queryOptions({
    queryKey: [SENSOR_ADMIN_PATHS.integrations],
    queryFn: contractQueryFn(IntegrationListSchema),
  });
}

export function useIntegrations({ enabled }: { enabled: boolean }) {
  return useQuery({ ...integrationsQuery(), enabled });
}

export type WriteResult = { ok: true; json: unknown } | { ok: false; error: string };

export async function sendWrite(
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<WriteResult> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, {
      method,
      credentials: 'include',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    text = await res.text();
  } catch {
    reportServerUnreachable();
    return { ok: false, error: "Can't reach CommonGround; nothing was changed. Try again online." };
  }
  reportServerReached();
  if (res.status === 401 || res.status === 403) reportAccessRefused();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: described below
  }
  if (res.ok) return { ok: true, json };
  const problem = ApiErrorSchema.safeParse(json);
  return {
    ok: false,
    error: problem.success ? problem.data.error : `The server answered ${res.status}`,
  };
}

export const sensorAdmin = {
  createIntegration: (body: IntegrationCreateBody) =>
    sendWrite('POST', SENSOR_ADMIN_PATHS.integrations, body),
  rotateSecret: (id: string) =>
    sendWrite('POST', sensorAdminPath(SENSOR_ADMIN_PATHS.integrationSecret, id)),
  deleteIntegration: (id: string) =>
    sendWrite('DELETE', sensorAdminPath(SENSOR_ADMIN_PATHS.integration, id)),
  registerDevice: (body: DeviceCreateBody) => sendWrite('POST', SENSOR_ADMIN_PATHS.devices, body),
  updateDevice: (devEui: string, body: DeviceUpdateBody) =>
    sendWrite('PATCH', sensorAdminPath(SENSOR_ADMIN_PATHS.device, devEui), body),
  removeDevice: (devEui: string) =>
    sendWrite('DELETE', sensorAdminPath(SENSOR_ADMIN_PATHS.device, devEui)),
};
