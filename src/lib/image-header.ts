import { AMENITY_PHOTO, type AmenityPhotoType } from '../api/contract';
import { formatCount } from './format';
import { formatFileSize, formatImageSize } from './photo-size';

/**
 * What an image file is, from its own bytes: JPEG, PNG or WebP by their magic numbers, and the
 * width and height its header declares. Pure and dependency-free, used by the server (the
 * authority on uploads) and by the photo field (the same checks before anything is sent).
 */
export type ImageHeader = { type: AmenityPhotoType; width: number; height: number };

export type ImageHeaderResult =
  | { ok: true; image: ImageHeader }
  /** `unknown`: not one of the three formats; `damaged`: it starts like one but is broken. */
  | { ok: false; reason: 'unknown' | 'damaged'; type: AmenityPhotoType | null };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) + (b[at + 2] ?? 0) * 0x10000;
const u32le = (b: Uint8Array, at: number) => u16le(b, at) + u16le(b, at + 2) * 0x10000;

/** The type its magic number says, whatever the rest holds; null for anything else. */
export function sniffImageType(bytes: Uint8Array): AmenityPhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

const sized = (type: AmenityPhotoType, width: number, height: number): ImageHeaderResult =>
  width > 0 && height > 0
    ? { ok: true, image: { type, width, height } }
    : { ok: false, reason: 'damaged', type };

/**
 * PNG: the signature, then the IHDR chunk (length 13) with width and height, big-endian; and its
 * chunks whole up to IEND, so a file cut off after its header is not taken for an image.
 */
function png(bytes: Uint8Array): ImageHeaderResult {
  const damaged = { ok: false, reason: 'damaged', type: 'image/png' } as const;
  if (bytes.length < 33 || u32be(bytes, 8) !== 13 || ascii(bytes, 12, 4) !== 'IHDR') {
    return damaged;
  }
  let at = 8;
  for (;;) {
    if (at + 12 > bytes.length) return damaged;
    const length = u32be(bytes, at);
    if (ascii(bytes, at + 4, 4) === 'IEND') break;
    at += 12 + length;
  }
  return sized('image/png', u32be(bytes, 16), u32be(bytes, 20));
}

/**
 * Whether a JPEG runs on, after its frame header at `at`, to an end-of-image marker (FF D9): one
 * cut off short of it is damaged. Compressed data never holds FF D9 (a 0xFF there is followed by
 * 0x00 or a restart marker), and a thumbnail's own end comes before the frame header.
 */
function reachesEndOfImage(bytes: Uint8Array, at: number): boolean {
  for (let i = at; i + 1 < bytes.length; i++) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  }
  return false;
}

/** Start-of-frame markers (C0-CF except DHT C4, JPG C8 and DAC CC) carry the frame's size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: walks the marker segments up to the first start-of-frame (height, then width). */
function jpeg(bytes: Uint8Array): ImageHeaderResult {
  const damaged = { ok: false, reason: 'damaged', type: 'image/jpeg' } as const;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return damaged;
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[at] === 0xff) at++;
    const marker = bytes[at];
    at++;
    if (marker === undefined || marker === 0x00) return damaged;
    // Markers without a length: restart markers, TEM, and a stray start-of-image.
    if ((marker >= 0xd0 && marker <= 0xd8) || marker === 0x01) continue;
    // End of image or start of scan before any frame header: there is no size to read.
    if (marker === 0xd9 || marker === 0xda) return damaged;
    if (at + 2 > bytes.length) return damaged;
    const length = u16be(bytes, at);
    if (length < 2 || at + length > bytes.length) return damaged;
    if (isStartOfFrame(marker)) {
      if (length < 7) return damaged;
      if (!reachesEndOfImage(bytes, at + length)) return damaged;
      return sized('image/jpeg', u16be(bytes, at + 5), u16be(bytes, at + 3));
    }
    at += length;
  }
  return damaged;
}

/**
 * WebP: a RIFF container whose first chunk is VP8 (lossy: a key frame with 14-bit sizes), VP8L
 * (lossless: 14-bit sizes minus one) or VP8X (extended: 24-bit canvas sizes minus one).
 */
function webp(bytes: Uint8Array): ImageHeaderResult {
  const damaged = { ok: false, reason: 'damaged', type: 'image/webp' } as const;
  // The RIFF size counts everything after its own 8 bytes; a shorter file was cut off.
  if (bytes.length < 30 || u32le(bytes, 4) + 8 > bytes.length) return damaged;
  const chunk = ascii(bytes, 12, 4);
  const data = 20;
  if (chunk === 'VP8 ') {
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], data + 3)) return damaged;
    return sized('image/webp', u16le(bytes, data + 6) & 0x3fff, u16le(bytes, data + 8) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (bytes[data] !== 0x2f) return damaged;
    const bits = u32le(bytes, data + 1);
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    return sized('image/webp', u24le(bytes, data + 4) + 1, u24le(bytes, data + 7) + 1);
  }
  return damaged;
}

/** The type and size an image file declares, or why there is none. */
export function readImageHeader(bytes: Uint8Array): ImageHeaderResult {
  const type = sniffImageType(bytes);
  switch (type) {
    case 'image/png':
      return png(bytes);
    case 'image/jpeg':
      return jpeg(bytes);
    case 'image/webp':
      return webp(bytes);
    case null:
      return { ok: false, reason: 'unknown', type: null };
  }
}

export type PhotoCheck =
  | { ok: true; image: ImageHeader }
  /** The HTTP status the server answers with: 413 too large, 415 not an image, 400 broken. */
  | { ok: false; status: 400 | 413 | 415; message: string };

/** The refusal of a file over `bytes`, the server's limit or the device's (the photo field's). */
export const photoLargerThan = (bytes: number) =>
  `The photo is larger than ${formatFileSize(bytes)}: choose a smaller image`;

export const PHOTO_MESSAGES = {
  empty: 'The photo is empty: choose an image file',
  tooLarge: photoLargerThan(AMENITY_PHOTO.maxBytes),
  wrongType: 'The photo must be a JPEG, PNG or WebP image',
  damaged: 'The photo looks damaged or cut off: it could not be read to its end',
} as const;

/** Whether `bytes` are an acceptable amenity photo (the rules of AMENITY_PHOTO in the contract). */
export function checkPhoto(bytes: Uint8Array): PhotoCheck {
  if (bytes.length === 0) return { ok: false, status: 400, message: PHOTO_MESSAGES.empty };
  if (bytes.length > AMENITY_PHOTO.maxBytes) {
    return { ok: false, status: 413, message: PHOTO_MESSAGES.tooLarge };
  }
  return checkPhotoImage(bytes);
}

/**
 * The rules of `checkPhoto` but its size in bytes: a type it may be, a header read to its end,
 * at most AMENITY_PHOTO.maxSide on each side. The photo field asks this of a file it may still
 * make smaller before sending.
 */
export function checkPhotoImage(bytes: Uint8Array): PhotoCheck {
  if (bytes.length === 0) return { ok: false, status: 400, message: PHOTO_MESSAGES.empty };
  const header = readImageHeader(bytes);
  if (!header.ok) {
    return header.reason === 'unknown'
      ? { ok: false, status: 415, message: PHOTO_MESSAGES.wrongType }
      : { ok: false, status: 400, message: PHOTO_MESSAGES.damaged };
  }
  const { width, height } = header.image;
  if (width > AMENITY_PHOTO.maxSide || height > AMENITY_PHOTO.maxSide) {
    return {
      ok: false,
      status: 400,
      message: `The photo is ${formatImageSize(header.image)} pixels: at most ${formatCount(AMENITY_PHOTO.maxSide)} on each side`,
    };
  }
  return { ok: true, image: header.image };
}
