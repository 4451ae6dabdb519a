import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { sensorsFixture } from '../../mocks/fixtures';
import { API_PATHS, type Sensor } from '../../src/api/contract';
import { SensorsCard } from '../../src/features/amenities/sensors-card';
import { renderWithApp } from '../render';

const names = new Map([['great-lawn', 'The Great Lawn']]);
const lawn = sensorsFixture.sensors[0] as Sensor;

/** The Sensors card showing one sensor (the lawn's) with `changes`; its "Uplinks, 24 h" value. */
async function uplinksOf(changes: Partial<Sensor>) {
  server.use(
    http.get(API_PATHS.sensors, () =>
      HttpResponse.json({ sensors: [{ ...lawn, ...changes }], discovered: [] }),
    ),
  );
  renderWithApp(<SensorsCard amenityNames={names} />);
  const section = await screen.findByRole('region', { name: 'Sensors' });
  const term = await within(section).findByText('Uplinks, 24 h');
  return term.nextElementSibling?.textContent;
}

describe('Amenities → Sensors: uplinks in the last 24 hours', () => {
  it('expects none yet from a counter registered less than a report interval ago', async () => {
    // Its uplinks as an unknown device, before it was registered, count in the 24 h.
    expect(await uplinksOf({ uplinks24h: 3, expected24h: 0 })).toBe('3, none expected yet');
  });

  it('says more than expected as both figures, not "9 of 6" or a made-up "9 of 9"', async () => {
    expect(await uplinksOf({ uplinks24h: 9, expected24h: 6 })).toBe('9, 6 expected');
  });

  it('says how many of those expected arrived', async () => {
    expect(await uplinksOf({ uplinks24h: 60, expected24h: 144 })).toBe('60 of 144');
  });
});

describe('Amenities → Sensors with none yet', () => {
  it('says where in the product an Admin connects sensors, not the README', async () => {
    server.use(
      http.get(API_PATHS.sensors, () => HttpResponse.json({ sensors: [], discovered: [] })),
    );
    renderWithApp(<SensorsCard amenityNames={names} />);
    const note = (await screen.findByText('No sensors yet')).parentElement;
    expect(note).toHaveTextContent('Settings → Integrations');
    expect(note).toHaveTextContent('LoRaWAN network servers');
    expect(note).toHaveTextContent('People counters');
    expect(note).not.toHaveTextContent(/README/);
  });
});
