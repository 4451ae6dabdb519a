import { describe, expect, it } from 'vitest';
import { AMENITY_PHOTO } from '../../src/api/contract';
import {
  checkPhoto,
  checkPhotoImage,
  PHOTO_MESSAGES,
  readImageHeader,
  sniffImageType,
} from '../../src/lib/image-header';
import {
  JPEG_3X2,
  pngOf,
  simpleWebp,
  WEBP_ALPHA_7X4,
  WEBP_LOSSLESS_6X9,
  WEBP_LOSSY_5X3,
} from '../images';

const header = (bytes: Uint8Array) => {
  const result = readImageHeader(bytes);
  return result.ok ? result.image : result;
};

describe('reading an image header', () => {
  it('reads the type and size of real JPEG, PNG and WebP files', () => {
    expect(header(JPEG_3X2)).toEqual({ type: 'image/jpeg', width: 3, height: 2 });
    expect(header(pngOf(4, 3))).toEqual({ type: 'image/png', width: 4, height: 3 });
    expect(header(pngOf(1, 1))).toEqual({ type: 'image/png', width: 1, height: 1 });
    // Chromium's WebP files are extended (VP8X) ones; unwrapped, the simple lossy and lossless.
    expect(header(WEBP_LOSSY_5X3)).toEqual({ type: 'image/webp', width: 5, height: 3 });
    expect(header(WEBP_ALPHA_7X4)).toEqual({ type: 'image/webp', width: 7, height: 4 });
    expect(header(WEBP_LOSSLESS_6X9)).toEqual({ type: 'image/webp', width: 6, height: 9 });
    expect(header(simpleWebp(WEBP_LOSSY_5X3))).toEqual({
      type: 'image/webp',
      width: 5,
      height: 3,
    });
    expect(header(simpleWebp(WEBP_LOSSLESS_6X9))).toEqual({
      type: 'image/webp',
      width: 6,
      height: 9,
    });
  });

  it('recognises the type by the magic number alone', () => {
    expect(sniffImageType(JPEG_3X2)).toBe('image/jpeg');
    expect(sniffImageType(pngOf(2, 2))).toBe('image/png');
    expect(sniffImageType(WEBP_LOSSY_5X3)).toBe('image/webp');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(sniffImageType(svg)).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89a......'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('calls a file that starts like an image but breaks off damaged', () => {
    const damaged = (type: string) => ({ ok: false, reason: 'damaged', type });
    // Cut off before the frame header, the IHDR, the RIFF's declared length.
    expect(header(JPEG_3X2.subarray(0, 20))).toEqual(damaged('image/jpeg'));
    expect(header(pngOf(4, 3).subarray(0, 20))).toEqual(damaged('image/png'));
    expect(header(WEBP_LOSSY_5X3.subarray(0, WEBP_LOSSY_5X3.length - 1))).toEqual(
      damaged('image/webp'),
    );
    // A JPEG whose first segment claims more bytes than there are.
    const longSegment = JPEG_3X2.slice();
    longSegment[4] = 0xff;
    longSegment[5] = 0xff;
    expect(header(longSegment)).toEqual(damaged('image/jpeg'));
    // Just the magic number, and a zero width.
    expect(header(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toEqual(damaged('image/jpeg'));
    expect(header(pngOf(3, 3, { declared: { width: 0, height: 3 } }))).toEqual(
      damaged('image/png'),
    );
    // Cut off after the header: a PNG without its IEND, a JPEG without its end of image.
    const png = pngOf(4, 3);
    expect(header(png.subarray(0, 33))).toEqual(damaged('image/png'));
    expect(header(png.subarray(0, png.length - 1))).toEqual(damaged('image/png'));
    expect(header(JPEG_3X2.subarray(0, JPEG_3X2.length - 2))).toEqual(damaged('image/jpeg'));
    // Bytes after the end (a camera's padding) are no damage.
    const padded = new Uint8Array(JPEG_3X2.length + 16);
    padded.set(JPEG_3X2);
    expect(header(padded)).toEqual({ type: 'image/jpeg', width: 3, height: 2 });
    // A PNG whose first chunk is not IHDR.
    const noIhdr = pngOf(2, 2);
    noIhdr.set(new TextEncoder().encode('IDAT'), 12);
    expect(header(noIhdr)).toEqual(damaged('image/png'));
  });

  it('says a text or other format is not an image it knows', () => {
    expect(readImageHeader(new TextEncoder().encode('<html><script>alert(1)</script>'))).toEqual({
      ok: false,
      reason: 'unknown',
      type: null,
    });
  });
});

describe('checking a photo', () => {
  it('accepts the three formats within the limits', () => {
    expect(checkPhoto(JPEG_3X2)).toEqual({
      ok: true,
      image: { type: 'image/jpeg', width: 3, height: 2 },
    });
    expect(checkPhoto(pngOf(AMENITY_PHOTO.maxSide, 1)).ok).toBe(true);
  });

  it('refuses empty, too large, unknown, damaged and absurdly sized files with their status', () => {
    expect(checkPhoto(new Uint8Array())).toEqual({
      ok: false,
      status: 400,
      message: PHOTO_MESSAGES.empty,
    });
    const big = new Uint8Array(AMENITY_PHOTO.maxBytes + 1);
    big.set(JPEG_3X2);
    expect(checkPhoto(big)).toEqual({ ok: false, status: 413, message: PHOTO_MESSAGES.tooLarge });
    expect(checkPhoto(new TextEncoder().encode('%PDF-1.7'))).toEqual({
      ok: false,
      status: 415,
      message: PHOTO_MESSAGES.wrongType,
    });
    expect(checkPhoto(JPEG_3X2.subarray(0, 30))).toEqual({
      ok: false,
      status: 400,
      message: PHOTO_MESSAGES.damaged,
    });
    // A few hundred bytes that claim 100 000 × 100 000 pixels: a decompression bomb.
    expect(checkPhoto(pngOf(4, 4, { declared: { width: 100_000, height: 100_000 } }))).toEqual({
      ok: false,
      status: 400,
      message: 'The photo is 100,000 × 100,000 pixels: at most 8,000 on each side',
    });
    expect(checkPhoto(pngOf(1, 2, { declared: { width: 1, height: 8001 } })).ok).toBe(false);
  });

  it('the size limit is 2 MB, exactly as the messages say', () => {
    expect(AMENITY_PHOTO.maxBytes).toBe(2 * 1024 * 1024);
    expect(PHOTO_MESSAGES.tooLarge).toMatch(/larger than 2 MB/);
    const atLimit = new Uint8Array(AMENITY_PHOTO.maxBytes);
    atLimit.set(JPEG_3X2);
    expect(checkPhoto(atLimit).ok).toBe(true);
  });

  it('checks the image of a file over the size limit, for the device to make it smaller', () => {
    const big = new Uint8Array(AMENITY_PHOTO.maxBytes + 1);
    big.set(JPEG_3X2);
    expect(checkPhoto(big)).toMatchObject({ ok: false, status: 413 });
    expect(checkPhotoImage(big)).toEqual({
      ok: true,
      image: { type: 'image/jpeg', width: 3, height: 2 },
    });
    // Every other rule still holds.
    expect(checkPhotoImage(new Uint8Array(0))).toMatchObject({ ok: false, status: 400 });
    expect(checkPhotoImage(new TextEncoder().encode('hello'))).toMatchObject({ status: 415 });
    expect(checkPhotoImage(pngOf(4, 4, { declared: { width: 9000, height: 4 } }))).toMatchObject({
      ok: false,
      status: 400,
    });
  });
});
