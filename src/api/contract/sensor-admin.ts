import * as z from 'zod/mini';
import { nonEmpty } from './primitives';

/**
 * Sensor management (issue 12), Admin only: the LoRaWAN integrations (each with its own webhook
 * URL and secret) and the registered people counters. A secret is returned once, by the create
 * and rotate answers, and never again (only its hash is kept).
 */
export const SENSOR_ADMIN_PATHS = {
  integrations: '/api/integrations',
  integration: '/api/integrations/:id',
  integrationSecret: '/api/integrations/:id/secret',
  devices: '/api/devices',
  device: '/api/devices/:devEui',
} as const;

/** The path of one integration or device: `:id` / `:devEui` filled in. */
export const sensorAdminPath = (pattern: string, key: string) =>
  pattern.replace(/:[a-zA-Z]+/, encodeURIComponent(key));

export const INTEGRATION_KINDS = ['tts', 'chirpstack', 'readings'] as const;
export const IntegrationKindSchema = z.enum(INTEGRATION_KINDS);
export type IntegrationKind = z.infer<typeof IntegrationKindSchema>;

export const IntegrationSchema = z.object({
  id: nonEmpty,
  kind: IntegrationKindSchema,
  name: nonEmpty,
  /** Path of its webhook (`/api/integrations/{id}/uplink`); the app prefixes its own origin. */
  uplinkPath: nonEmpty,
  createdAt: z.string(),
});
export type Integration = z.infer<typeof IntegrationSchema>;
export const IntegrationListSchema = z.array(IntegrationSchema);
export const IntegrationWithSecretSchema = z.object({
  integration: IntegrationSchema,
  /** Shown once: the network server sends it as `Authorization: Bearer <secret>`. */
  secret: nonEmpty,
});
export type IntegrationWithSecret = z.infer<typeof IntegrationWithSecretSchema>;

const deviceName = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));
export const IntegrationCreateBodySchema = z.strictObject({
  kind: IntegrationKindSchema,
  name: deviceName,
});
export type IntegrationCreateBody = z.infer<typeof IntegrationCreateBodySchema>;

export const DEV_EUI_PATTERN = /^[0-9A-Fa-f]{16}$/;
const devEui = z
  .string()
  .check(z.trim(), z.regex(DEV_EUI_PATTERN, { error: 'must be 16 hex digits' }));
const reportInterval = z.int().check(z.minimum(10), z.maximum(86_400));
/**
 * Registers a counter, or assigns a discovered one (same body: its dev EUI leaves the discovered
 * list). `amenityId` is the amenity's slug, as everywhere in the API.
 */
export const DeviceCreateBodySchema = z.strictObject({
  devEui,
  name: deviceName,
  model: z.enum(['vs121', 'vs133']),
  countingMode: z.enum(['area', 'line']),
  amenityId: z.string().check(z.minLength(1), z.maxLength(64)),
  reportIntervalSeconds: z.optional(reportInterval),
});
export type DeviceCreateBody = z.infer<typeof DeviceCreateBodySchema>;
export const DeviceUpdateBodySchema = z.strictObject({
  name: z.optional(deviceName),
  model: z.optional(z.enum(['vs121', 'vs133'])),
  countingMode: z.optional(z.enum(['area', 'line'])),
  amenityId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  reportIntervalSeconds: z.optional(reportInterval),
});
export type DeviceUpdateBody = z.infer<typeof DeviceUpdateBodySchema>;
