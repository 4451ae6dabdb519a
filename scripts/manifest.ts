import type { ManifestOptions } from 'vite-plugin-pwa';

export const THEME_COLOR = '#0f766e';

export const manifest: Partial<ManifestOptions> = {
  id: '/start',
  name: 'CommonGround — Amenity Intelligence',
  short_name: 'CommonGround',
  description:
    'Live amenity usage, AI event suggestions from Amy and fee-justification reports for homeowners associations.',
  lang: 'en',
  start_url: '/start',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: '#ffffff',
  categories: ['business', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
  screenshots: [
    {
      src: '/screenshots/dashboard-narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Live amenity dashboard on a phone',
    },
    {
      src: '/screenshots/dashboard-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Live amenity dashboard on a desktop',
    },
  ],
};
