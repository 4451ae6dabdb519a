import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ApiErrorSchema,
  IntegrationListSchema,
  SENSOR_ADMIN_PATHS,
  sensorAdminPath,
  type DeviceCreateBody,
  type DeviceUpdateBody,
  type IntegrationCreateBody,
} from './contract';
import { contractQueryFn } from './query-fn';
import { send } from './send';

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
  const result = await send(method, path, {
    json: body,
    offlineMessage: "Can't reach CommonGround; nothing was changed. Try again online.",
  });
  if (result.ok) return { ok: true, json: result.value };
  // Without the server's own reason these forms say the status alone, with no "; try again".
  const reason = ApiErrorSchema.safeParse(result.body);
  return {
    ok: false,
    error:
      result.status === null || reason.success
        ? result.error
        : `The server answered ${result.status}`,
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
