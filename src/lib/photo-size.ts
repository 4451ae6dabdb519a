import { AMENITY_PHOTO } from '../api/contract';
import { formatCount } from './format';

/**
 * The longest side a photo is sent at. A card shows it at most ~400 CSS px wide, 1,200 device
 * pixels on a 3x phone: 1,600 keeps it sharp there and on a tablet's wider card.
 */
export const PHOTO_SEND_MAX_SIDE = 1600;

/**
 * A file larger than this is not decoded on the device at all: a phone camera's photo is 2-12
 * MB, and decoding one takes ~4 bytes of memory per pixel.
 */
export const PHOTO_SOURCE_MAX_BYTES = 30 * 1024 * 1024;

export type PixelSize = { width: number; height: number };

/** `size` scaled to fit `maxSide` on its longest side, its proportions kept; never enlarged. */
export function fitWithin(size: PixelSize, maxSide = PHOTO_SEND_MAX_SIDE): PixelSize {
  const longest = Math.max(size.width, size.height);
  if (longest <= maxSide) return { width: size.width, height: size.height };
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/**
 * Whether the device makes a smaller copy before sending: the file is over the server's limit,
 * or it holds more pixels than a card can show (every card that shows it would load them all).
 */
export function shouldMakeSmaller(bytes: number, size: PixelSize): boolean {
  return bytes > AMENITY_PHOTO.maxBytes || Math.max(size.width, size.height) > PHOTO_SEND_MAX_SIDE;
}

/** A file's size as a person reads it: "412 KB", "4.8 MB" (1,024-based, as the 2 MB limit). */
export function formatFileSize(bytes: number): string {
  const kilobytes = bytes / 1024;
  if (kilobytes < 1024) return `${Math.max(1, Math.round(kilobytes))} KB`;
  const megabytes = kilobytes / 1024;
  const shown = megabytes < 10 ? Number(megabytes.toFixed(1)) : Math.round(megabytes);
  return `${shown} MB`;
}

/** An image's size as a person reads it: "1,600 × 1,200" (counts grouped, as the hint writes 1,600). */
export function formatImageSize(size: PixelSize): string {
  return `${formatCount(size.width)} × ${formatCount(size.height)}`;
}
