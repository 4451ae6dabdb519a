import { describe, expect, it } from 'vitest';
import { deviceFormErrors, integrationNameError } from '../../src/lib/sensor-admin-messages';
import { fieldMessage, fieldOfError } from '../../src/lib/field-error';

const device = { devEui: '24E124C0DE000001', name: 'Pool gate', amenityId: 'pool' };

describe('the device form’s checks', () => {
  it('passes a device that can be sent', () => {
    expect(deviceFormErrors(device)).toEqual({});
    expect(deviceFormErrors({ ...device, devEui: ' 24e124c0de000001 ' })).toEqual({});
  });

  it('says what to do at every field that cannot be sent, in the order on screen', () => {
    const errors = deviceFormErrors({ devEui: '24E1', name: '  ', amenityId: '' });
    expect(Object.entries(errors)).toEqual([
      ['devEui', 'Enter the dev EUI: 16 hex digits (0-9 and A-F), like 24E124C0DE000001.'],
      ['name', 'Enter a name for the device.'],
      [
        'amenityId',
        'Choose the amenity the device counts. If the list is empty, add an amenity under Amenities first.',
      ],
    ]);
    expect(deviceFormErrors({ ...device, name: 'x'.repeat(101) })).toEqual({
      name: 'Keep the device name to 100 characters or fewer.',
    });
  });

  it('says nothing in the schema’s words', () => {
    const all = [
      ...Object.values(deviceFormErrors({ devEui: '', name: '', amenityId: '' })),
      integrationNameError(''),
    ];
    for (const message of all) expect(message).not.toMatch(/item\(s\)|Invalid body|must have/);
  });

  it('reads the server’s refusal back to the same sentence at the same field', () => {
    const refusal = 'name: Enter a name for the device.';
    expect(fieldOfError(refusal)).toBe('name');
    expect(fieldMessage(refusal)).toBe(deviceFormErrors({ ...device, name: '' }).name);
  });

  it('checks a network server’s name', () => {
    expect(integrationNameError('Lobby TTS')).toBeUndefined();
    expect(integrationNameError(' ')).toBe('Enter a name for the network server.');
  });
});
