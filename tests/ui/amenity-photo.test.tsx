import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { amenitySetupFixture } from '../../mocks/amenity-setup-handlers';
import { amenitiesFixture } from '../../mocks/fixtures';
import { server } from '../../mocks/node';
import {
  AMENITY_PHOTO,
  AMENITY_SETUP_PATH,
  API_PATHS,
  amenityPhotoPath,
} from '../../src/api/contract';
import { AmenitiesPage } from '../../src/features/amenities/amenities-page';
import { NEEDS_CONNECTION } from '../../src/features/amenities/amenity-form';
import {
  PHOTO_HINT,
  PHOTO_TOO_LARGE_TO_READ,
  photoOfFile,
} from '../../src/features/amenities/photo-field';
import { PHOTO_MESSAGES } from '../../src/lib/image-header';
import { JPEG_3X2, pngOf } from '../images';
import { renderWithApp } from '../render';

const HALL_PHOTO = '/api/amenities/solis-hall/photo?v=0123456789abcdef';

// jsdom draws no canvas: the browser's smaller copy is played by this stand-in (its own code is
// exercised in a real browser, tests/e2e/amenity-setup.test.ts). By default it cannot, as jsdom.
const makePhotoSmaller = vi.hoisted(() => vi.fn<(file: Blob) => Promise<Blob | null>>());
vi.mock('../../src/features/amenities/make-photo-smaller', () => ({ makePhotoSmaller }));
beforeEach(() => {
  makePhotoSmaller.mockReset();
  makePhotoSmaller.mockResolvedValue(null);
});

/** A file over the 2 MB limit whose image (a 4 × 4 PNG) is sound: a phone camera's photo. */
function cameraFile(name = 'camera.png') {
  const big = new Uint8Array(AMENITY_PHOTO.maxBytes + 1);
  big.set(pngOf(4, 4));
  return new File([big], name, { type: 'image/png' });
}

const smallJpeg = () => new Blob([JPEG_3X2], { type: 'image/jpeg' });

function renderPage() {
  return renderWithApp(<AmenitiesPage />, { route: '/amenities' });
}

/** The writes the page sends: method, path and body size (photos are bytes, not JSON). */
function captureWrites() {
  const sent: { method: string; path: string; type: string | null; bytes: number }[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET') return;
    void request
      .clone()
      .arrayBuffer()
      .then((body) =>
        sent.push({
          method: request.method,
          path: new URL(request.url).pathname,
          type: request.headers.get('Content-Type'),
          bytes: body.byteLength,
        }),
      );
  });
  return sent;
}

const fileOf = (bytes: Uint8Array<ArrayBuffer>, name: string, type = 'image/png') =>
  new File([bytes], name, { type });

async function openSettings(name: string) {
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: `Settings: ${name}` }));
  const dialog = screen.getByRole('dialog', { name: `${name} settings` });
  const input = within(dialog).getByTestId('amenity-photo-input');
  return { user, dialog, input };
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

describe('the photo field', () => {
  it.each([
    ['a text file named .png', new TextEncoder().encode('hello, not an image'), 'notes.png'],
    ['a GIF', new TextEncoder().encode('GIF89a\x01\x00\x01\x00'), 'anim.gif'],
  ])('refuses %s by its bytes, whatever its name or type says', async (_, bytes, name) => {
    const sent = captureWrites();
    const { user, dialog, input } = await openSettings('Solis Hall');
    await user.upload(input, fileOf(bytes, name));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.wrongType);
    expect(within(dialog).queryByRole('img')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    // The refused file was never sent: only the (empty) settings edit was.
    expect(sent.filter((write) => write.path.endsWith('/photo'))).toEqual([]);
  });

  it('refuses a file over 2 MB and a damaged image with their own messages', async () => {
    const { user, dialog, input } = await openSettings('Solis Hall');
    const big = new Uint8Array(AMENITY_PHOTO.maxBytes + 1);
    big.set(pngOf(4, 4));
    await user.upload(input, fileOf(big, 'huge.png'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The photo is larger than 2 MB: choose a smaller image',
    );
    await user.upload(input, fileOf(pngOf(8, 8).subarray(0, 24), 'cut.png'));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.damaged),
    );
    // The choose button is described by the error, for screen readers.
    expect(
      within(dialog).getByRole('button', { name: 'Choose photo' }),
    ).toHaveAccessibleDescription(expect.stringContaining(PHOTO_MESSAGES.damaged) as string);
  });

  it('previews a chosen photo and uploads its bytes on Save', async () => {
    const sent = captureWrites();
    const { user, dialog, input } = await openSettings('Solis Hall');
    expect(within(dialog).getByText('No photo yet.')).toBeVisible();
    const png = pngOf(32, 18);
    await user.upload(input, fileOf(png, 'hall.png'));
    const preview = await within(dialog).findByRole('img', {
      name: 'Chosen for Solis Hall: hall.png',
    });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(within(dialog).getByText(/New photo: hall\.png \(32 × 18\)/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent).toEqual([
      { method: 'PUT', path: amenityPhotoPath('solis-hall'), type: 'image/png', bytes: png.length },
    ]);
  });

  it('removes the current photo on Save, and can be undone before', async () => {
    server.use(
      http.get(AMENITY_SETUP_PATH, () =>
        HttpResponse.json(
          amenitySetupFixture.map((a) =>
            a.id === 'solis-hall' ? { ...a, photoUrl: HALL_PHOTO } : a,
          ),
        ),
      ),
    );
    const sent = captureWrites();
    const { user, dialog } = await openSettings('Solis Hall');
    expect(within(dialog).getByRole('img', { name: 'Current view of Solis Hall' })).toHaveAttribute(
      'src',
      HALL_PHOTO,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    expect(within(dialog).getByText('The photo will be removed when you save.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Keep the photo' }));
    expect(within(dialog).getByRole('img', { name: 'Current view of Solis Hall' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent).toEqual([
      { method: 'DELETE', path: amenityPhotoPath('solis-hall'), type: null, bytes: 0 },
    ]);
  });

  it('a photo the server refuses saves nothing, and says why next to the photo', async () => {
    server.use(
      http.put(`${AMENITY_SETUP_PATH}/:id/photo`, () =>
        HttpResponse.json(
          { error: 'The photo must be a JPEG, PNG or WebP image' },
          { status: 415 },
        ),
      ),
    );
    const sent = captureWrites();
    const { user, dialog, input } = await openSettings('Solis Hall');
    const capacity = within(dialog).getByLabelText('Capacity (people)');
    await user.clear(capacity);
    await user.type(capacity, '90');
    await user.upload(input, fileOf(JPEG_3X2, 'hall.jpg', 'image/jpeg'));
    await within(dialog).findByRole('img', { name: 'Chosen for Solis Hall: hall.jpg' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const alerts = await within(dialog).findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('The photo must be a JPEG, PNG or WebP image') as string,
      'Nothing was saved: the photo could not be saved (The photo must be a JPEG, PNG or WebP image).',
    ]);
    expect(dialog).toBeVisible();
    // The capacity was not sent after the refused photo.
    expect(sent.map((write) => write.method)).toEqual(['PUT']);
  });

  it('offline, a chosen photo is not sent and the form says a connection is needed', async () => {
    const { user, dialog, input } = await openSettings('Solis Hall');
    const sent = captureWrites();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await user.upload(input, fileOf(pngOf(4, 4), 'hall.png'));
    await within(dialog).findByRole('img', { name: 'Chosen for Solis Hall: hall.png' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
    expect(sent).toEqual([]);
  });

  it('a new amenity is created, then gets its photo', async () => {
    const sent = captureWrites();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Amenity' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Amenity' });
    await user.type(within(dialog).getByLabelText('Name'), 'Pool');
    await user.type(within(dialog).getByLabelText('Capacity (people)'), '10');
    await user.upload(
      within(dialog).getByTestId('amenity-photo-input'),
      fileOf(pngOf(4, 4), 'p.png'),
    );
    await within(dialog).findByRole('img', { name: 'Chosen for Pool: p.png' });
    // The mock server knows no amenity "pool": the photo fails after the creation.
    await user.click(within(dialog).getByRole('button', { name: 'Add amenity' }));
    const alerts = await within(dialog).findAllByRole('alert');
    expect(alerts.at(-1)).toHaveTextContent(
      'Pool was added, but its photo was not saved (No such amenity). Save again to retry',
    );
    expect(sent.map((write) => `${write.method} ${write.path}`)).toEqual([
      `POST ${AMENITY_SETUP_PATH}`,
      `PUT ${amenityPhotoPath('pool')}`,
    ]);
    // Saving again retries the photo only; it is not created twice.
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeVisible();
  });
});

describe('a photo larger than a card shows', () => {
  it('is made smaller on the device, and the smaller copy is what is sent', async () => {
    makePhotoSmaller.mockResolvedValue(smallJpeg());
    const sent = captureWrites();
    const { user, dialog, input } = await openSettings('Solis Hall');
    expect(within(dialog).getByText(PHOTO_HINT)).toBeVisible();
    expect(PHOTO_HINT).toBe(
      "JPEG, PNG or WebP. A photo over 2 MB or 1,600 px is made smaller on this device before it is sent. Shown on the amenity's card.",
    );
    const file = cameraFile();
    await user.upload(input, file);
    const preview = await within(dialog).findByRole('img', {
      name: 'Chosen for Solis Hall: camera.png',
    });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    expect(
      within(dialog).getByText(
        'New photo: camera.png (3 × 2), made smaller on this device (2 MB → 1 KB), saved with the form.',
      ),
    ).toBeVisible();
    expect(makePhotoSmaller).toHaveBeenCalledWith(file);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: amenityPhotoPath('solis-hall'),
        type: 'image/jpeg',
        bytes: JPEG_3X2.length,
      },
    ]);
  });

  it('under 2 MB but over 1,600 px, is sent as chosen where the browser cannot make it smaller', async () => {
    const sent = captureWrites();
    const { user, dialog, input } = await openSettings('Solis Hall');
    const wide = pngOf(1700, 2);
    await user.upload(input, fileOf(wide, 'wide.png'));
    expect(
      await within(dialog).findByText('New photo: wide.png (1,700 × 2), saved with the form.'),
    ).toBeVisible();
    expect(makePhotoSmaller).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: amenityPhotoPath('solis-hall'),
        type: 'image/png',
        bytes: wide.length,
      },
    ]);
  });

  it('keeps Save waiting while it is prepared, then saves it', async () => {
    let finish: (blob: Blob | null) => void = () => undefined;
    makePhotoSmaller.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const sent = captureWrites();
    const { user, dialog, input } = await openSettings('Solis Hall');
    await user.upload(input, cameraFile());
    // Said as it happens (a status), not only shown.
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('Preparing camera.png…'),
    );
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    // Busy, not disabled: whoever pressed it keeps their place (a disabled button drops focus).
    expect(within(dialog).getByRole('button', { name: 'Choose photo' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(save);
    expect(dialog).toBeVisible();
    expect(sent).toEqual([]);
    finish(smallJpeg());
    await within(dialog).findByRole('img', { name: 'Chosen for Solis Hall: camera.png' });
    expect(save).not.toHaveAttribute('aria-disabled');
    await user.click(save);
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(sent.map((write) => `${write.method} ${write.type} ${write.bytes}`)).toEqual([
      `PUT image/jpeg ${JPEG_3X2.length}`,
    ]);
  });

  it('over 2 MB, is refused with the limit where the browser cannot make it smaller, the photo before kept', async () => {
    const { user, dialog, input } = await openSettings('Solis Hall');
    await user.upload(input, fileOf(pngOf(4, 4), 'first.png'));
    await within(dialog).findByRole('img', { name: 'Chosen for Solis Hall: first.png' });
    await user.upload(input, cameraFile());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.tooLarge);
    // The photo chosen before is still the one the form will save.
    expect(
      within(dialog).getByRole('img', { name: 'Chosen for Solis Hall: first.png' }),
    ).toBeVisible();
    expect(within(dialog).getByText(/New photo: first\.png \(4 × 4\)/)).toBeVisible();
  });
});

describe('photoOfFile', () => {
  it('refuses a file over 30 MB without reading it or trying to make it smaller', async () => {
    const huge = new File([new Uint8Array(30 * 1024 * 1024 + 1)], 'huge.jpg');
    const read = vi.spyOn(huge, 'arrayBuffer');
    expect(await photoOfFile(huge, makePhotoSmaller)).toEqual({
      ok: false,
      message: PHOTO_TOO_LARGE_TO_READ,
    });
    expect(PHOTO_TOO_LARGE_TO_READ).toBe('The photo is larger than 30 MB: choose a smaller image');
    expect(read).not.toHaveBeenCalled();
    expect(makePhotoSmaller).not.toHaveBeenCalled();
  });

  it('judges the file as it is when the smaller copy is not an acceptable photo', async () => {
    const broken = async () => new Blob([new TextEncoder().encode('not an image')]);
    expect(await photoOfFile(cameraFile(), broken)).toEqual({
      ok: false,
      message: PHOTO_MESSAGES.tooLarge,
    });
  });

  it('never tries to make smaller what the server would refuse anyway', async () => {
    const gif = new File([new TextEncoder().encode('GIF89a\x01\x00\x01\x00')], 'a.gif');
    expect(await photoOfFile(gif, makePhotoSmaller)).toEqual({
      ok: false,
      message: PHOTO_MESSAGES.wrongType,
    });
    const bomb = new File([pngOf(4, 4, { declared: { width: 9000, height: 9000 } })], 'b.png');
    expect(await photoOfFile(bomb, makePhotoSmaller)).toMatchObject({ ok: false });
    expect(makePhotoSmaller).not.toHaveBeenCalled();
  });

  it('leaves a photo that fits as it is, bytes and all', async () => {
    const result = await photoOfFile(new File([JPEG_3X2], 'hall.jpg'), makePhotoSmaller);
    expect(result).toMatchObject({
      ok: true,
      choice: { kind: 'new', name: 'hall.jpg', image: { type: 'image/jpeg', width: 3, height: 2 } },
    });
    expect(result.ok && result.choice.bytes).toEqual(JPEG_3X2);
    expect(result.ok && 'madeSmallerFrom' in result.choice).toBe(false);
    expect(makePhotoSmaller).not.toHaveBeenCalled();
  });
});

describe('the amenity cards', () => {
  it('show a photo where there is one, in a fixed box, lazily, with its alt text', async () => {
    server.use(
      http.get(API_PATHS.amenityAnalytics, () =>
        HttpResponse.json(
          amenitiesFixture.map((a) => (a.id === 'solis-hall' ? { ...a, photoUrl: HALL_PHOTO } : a)),
        ),
      ),
    );
    renderPage();
    const photo = await screen.findByRole('img', { name: 'View of Solis Hall' });
    expect(photo).toHaveAttribute('src', HALL_PHOTO);
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo.parentElement).toHaveClass('aspect-video');
    // The others have no photo and no image at all.
    expect(screen.getAllByRole('img', { name: /^View of / })).toHaveLength(1);
    // A photo that cannot load (offline, never kept) leaves its box, not a broken image.
    const box = photo.parentElement;
    fireEvent.error(photo);
    expect(screen.queryByRole('img', { name: 'View of Solis Hall' })).toBeNull();
    expect(box).toBeInTheDocument();
    expect(box?.querySelector('svg')).not.toBeNull();
  });
});
