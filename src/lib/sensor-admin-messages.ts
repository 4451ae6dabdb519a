import { DEV_EUI_PATTERN, type DeviceCreateBody, type IntegrationKind } from '../api/contract';
import { INTEGRATION_KIND_LABELS } from './lorawan-setup';

/**
 * What Settings → Integrations says about a device or network server that cannot be saved, field
 * by field, in one set of sentences: the forms check with them before sending, and the server
 * (server/integrations/manage-routes.ts) refuses with them, after the field's name ("name: Enter
 * a name for the device."), which the forms read to put each at its field (lib/field-error.ts).
 */
export const DEVICE_NAME_MAX = 100;

export const SENSOR_ADMIN_MESSAGES = {
  devEui: 'Enter the dev EUI: 16 hex digits (0-9 and A-F), like 24E124C0DE000001.',
  name: 'Enter a name for the device.',
  nameTooLong: `Keep the device name to ${DEVICE_NAME_MAX} characters or fewer.`,
  amenityId:
    'Choose the amenity the device counts. If the list is empty, add an amenity under Amenities first.',
  unknownAmenity: 'Choose an amenity from the list: the one chosen is not in this community.',
  model: 'Choose the model: Milesight VS121 (area) or VS133 (line crossing).',
  countingMode: 'Choose the counting mode: area (people present) or line (people passing).',
  reportIntervalSeconds:
    'Set a report interval from 10 seconds to 24 hours (86,400 seconds), in whole seconds.',
  integrationName: 'Enter a name for the network server.',
  integrationNameTooLong: `Keep the network server's name to ${DEVICE_NAME_MAX} characters or fewer.`,
  kind: `Choose the network server: ${listOf(
    (Object.keys(INTEGRATION_KIND_LABELS) as IntegrationKind[]).map(
      (kind) => INTEGRATION_KIND_LABELS[kind],
    ),
  )}.`,
} as const;

function listOf(items: string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

/** The fields of the device form that a person types or chooses, in their order on screen. */
export type DeviceFormField = 'devEui' | 'name' | 'amenityId';
export type DeviceFormErrors = Partial<Record<DeviceFormField, string>>;

/** A device's name as typed: what is wrong with it, or undefined. */
export function deviceNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return SENSOR_ADMIN_MESSAGES.name;
  if (trimmed.length > DEVICE_NAME_MAX) return SENSOR_ADMIN_MESSAGES.nameTooLong;
  return undefined;
}

/**
 * Every field of the device form that cannot be sent as it is, with what to do about it; empty
 * when the form may be sent. The server checks again and says the same.
 */
export function deviceFormErrors(
  body: Pick<DeviceCreateBody, 'devEui' | 'name' | 'amenityId'>,
): DeviceFormErrors {
  const errors: DeviceFormErrors = {};
  if (!DEV_EUI_PATTERN.test(body.devEui.trim())) errors.devEui = SENSOR_ADMIN_MESSAGES.devEui;
  const name = deviceNameError(body.name);
  if (name) errors.name = name;
  if (!body.amenityId) errors.amenityId = SENSOR_ADMIN_MESSAGES.amenityId;
  return errors;
}

/** A network server's name as typed: what is wrong with it, or undefined. */
export function integrationNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return SENSOR_ADMIN_MESSAGES.integrationName;
  if (trimmed.length > DEVICE_NAME_MAX) return SENSOR_ADMIN_MESSAGES.integrationNameTooLong;
  return undefined;
}
