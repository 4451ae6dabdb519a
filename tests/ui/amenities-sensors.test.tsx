import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { amenitiesFixture, sensorsFixture } from '../../mocks/fixtures';
import { API_PATHS } from '../../src/api/contract';
import { AmenitiesPage } from '../../src/features/amenities/amenities-page';
import { renderWithApp } from '../render';

function renderPage() {
  return renderWithApp(<AmenitiesPage />, { route: '/amenities' });
}

const card = (name: string) => screen.getByRole('article', { name });

describe('Amenities page sensors', () => {
  it('puts a sensor badge on each amenity card, naming what needs attention', async () => {
    renderPage();
    expect(
      await within(await screen.findByRole('article', { name: 'The Great Lawn' })).findByText(
        '1 sensor ok',
      ),
    ).toBeInTheDocument();
    expect(card('Solis Hall')).toHaveTextContent('1 late');
    expect(card('Grand Lake')).toHaveTextContent('1 silent');
    expect(card('Sunny Side Playground')).toHaveTextContent('1 never seen');
    expect(card('Market Street Promenade')).toHaveTextContent('1 sensor ok');
  });

  it('lists every sensor with its status, last uplink, uplinks, battery and signal', async () => {
    renderPage();
    const section = await screen.findByRole('region', { name: 'Sensors' });
    const items = await within(section).findAllByRole('listitem');
    const lake = items.find((item) => item.textContent?.includes('24E124C0DE000004'));
    expect(lake).toHaveTextContent('Grand Lake');
    expect(lake).toHaveTextContent('silent');
    expect(lake).toHaveTextContent('VS121 area counter');
    expect(lake).toHaveTextContent('60 of 144');
    expect(lake).toHaveTextContent('8%');
    expect(lake).toHaveTextContent('-97 dBm, SNR 6.5 dB');
    expect(lake).toHaveTextContent('Missing uplinks · Low battery');
    const playground = items.find((item) => item.textContent?.includes('24E124C0DE000007'));
    expect(playground).toHaveTextContent('never seen');
    expect(playground).toHaveTextContent('Last uplinkNever');
    expect(playground).toHaveTextContent('BatteryNot reported');
    const hall = items.filter((item) => item.textContent?.startsWith('Solis Hall'));
    expect(hall).toHaveLength(1);
    expect(hall[0]).toHaveTextContent('late');
    expect(within(section).queryByRole('button')).toBeNull(); // read-only
  });

  it('shows unknown devices with what they last sent, never hiding them', async () => {
    renderPage();
    const section = await screen.findByRole('region', { name: 'Sensors' });
    const unknown = await within(section).findByRole('region', { name: 'Unknown devices (1)' });
    expect(unknown).toHaveTextContent('A84041000181C0DE');
    expect(unknown).toHaveTextContent('lobby-counter');
    expect(unknown).toHaveTextContent('12 uplinks via demo-tts');
    expect(unknown).toHaveTextContent('raw Milesight payload; people 4');
  });

  it('keeps the amenity cards when the sensors cannot be loaded', async () => {
    server.use(
      http.get(API_PATHS.sensors, () => new HttpResponse('database busy', { status: 500 })),
    );
    renderPage();
    expect(await screen.findAllByRole('article')).toHaveLength(amenitiesFixture.length);
    const section = await screen.findByRole('region', { name: 'Sensors' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('500: database busy');
    expect(card('The Great Lawn')).not.toHaveTextContent('sensor');
  });

  it('says how many entries a counter reported that were not counted, when and why', async () => {
    const reason = 'entries 446 is more than 10 times the capacity of 40';
    server.use(
      http.get(API_PATHS.sensors, () =>
        HttpResponse.json({
          ...sensorsFixture,
          sensors: sensorsFixture.sensors.map((s) =>
            s.amenityId === 'heritage-tree'
              ? {
                  ...s,
                  warnings: ['uncounted-entries'],
                  uncounted: [
                    {
                      from: '2025-03-14T09:10:00.000Z',
                      to: '2025-03-14T16:30:00.000Z',
                      entries: 446,
                      uplinks: 1,
                      reason,
                    },
                  ],
                }
              : s,
          ),
        }),
      ),
    );
    renderPage();
    const section = await screen.findByRole('region', { name: 'Sensors' });
    const items = await within(section).findAllByRole('listitem');
    const tree = items.find((item) => item.textContent?.includes('24E124C0DE000005'));
    expect(tree).toHaveTextContent('Entries not counted');
    expect(tree).toHaveTextContent(/446 entries not counted between .+ and .+ \(1 uplink: /);
    expect(tree).toHaveTextContent(reason);
  });

  it('says when no sensor is connected yet', async () => {
    server.use(
      http.get(API_PATHS.sensors, () => HttpResponse.json({ sensors: [], discovered: [] })),
    );
    renderPage();
    expect(await screen.findByText('No sensors yet')).toBeInTheDocument();
    expect(card('The Great Lawn')).toHaveTextContent('No sensor');
  });
});
