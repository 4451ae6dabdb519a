import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { amenitiesFixture } from '../../mocks/fixtures';
import { API_PATHS, AmenityAnalyticsListSchema } from '../../src/api/contract';
import { AmenitiesPage, amenitySummary } from '../../src/features/amenities/amenities-page';
import { renderWithApp } from '../render';

function renderPage() {
  return renderWithApp(<AmenitiesPage />, { route: '/amenities' });
}

describe('Amenities page', () => {
  it('shows a card per amenity from the amenity analytics data', async () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Amenities Management' }),
    ).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(
      amenitiesFixture.map((amenity) => amenity.name),
    );

    const lawn = screen.getByRole('article', { name: 'The Great Lawn' });
    expect(lawn).toHaveTextContent('High usage');
    expect(lawn).toHaveTextContent('142 / 200 (71%)');
    expect(lawn).toHaveTextContent('5:00 PM - 7:00 PM');
    expect(lawn).toHaveTextContent('Lawn');

    expect(screen.getByRole('article', { name: 'Solis Hall' })).toHaveTextContent('Medium usage');
    expect(screen.getByRole('article', { name: 'Grand Lake' })).toHaveTextContent('Low usage');
    expect(screen.getByRole('article', { name: 'Sunny Side Playground' })).toHaveTextContent(
      'Closed',
    );
    expect(
      screen.getByText('7 amenities · 6 open · 349 people using them now'),
    ).toBeInTheDocument();
  });

  it('shows an unknown status as closed', async () => {
    server.use(
      http.get(API_PATHS.amenityAnalytics, () =>
        HttpResponse.json([{ ...amenitiesFixture[1], status: 'renovating' }]),
      ),
    );
    renderPage();
    const card = await screen.findByRole('article', { name: 'Solis Hall' });
    expect(card).toHaveTextContent('Closed');
    expect(card).not.toHaveTextContent('Medium usage');
  });

  it('links each card to Analytics focused on that amenity', async () => {
    renderPage();
    expect(
      await screen.findByRole('link', { name: 'Analytics: Market Street Promenade' }),
    ).toHaveAttribute('href', '/analytics?amenity=market-street');
  });

  it('shows the load error with a Retry that loads the cards', async () => {
    let fail = true;
    server.use(
      http.get(API_PATHS.amenityAnalytics, () =>
        fail
          ? new HttpResponse('sensor gateway down', { status: 503 })
          : HttpResponse.json(amenitiesFixture),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('503: sensor gateway down');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('article')).toHaveLength(amenitiesFixture.length);
  });

  it('says when there are no amenities yet', async () => {
    server.use(http.get(API_PATHS.amenityAnalytics, () => HttpResponse.json([])));
    renderPage();
    expect(await screen.findByText('No amenities yet')).toBeInTheDocument();
  });
});

describe('amenitySummary', () => {
  it('counts amenities, the open ones and the people in them', () => {
    expect(amenitySummary(AmenityAnalyticsListSchema.parse(amenitiesFixture))).toEqual({
      total: 7,
      open: 6,
      currentUsers: 349,
    });
    expect(amenitySummary([])).toEqual({ total: 0, open: 0, currentUsers: 0 });
  });
});
