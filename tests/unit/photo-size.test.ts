import { describe, expect, it } from 'vitest';
import { AMENITY_PHOTO } from '../../src/api/contract';
import {
  fitWithin,
  formatFileSize,
  formatImageSize,
  PHOTO_SEND_MAX_SIDE,
  shouldMakeSmaller,
} from '../../src/lib/photo-size';

describe('the size a photo is sent at', () => {
  it('scales the longest side down to 1,600 px and keeps the proportions', () => {
    expect(PHOTO_SEND_MAX_SIDE).toBe(1600);
    // A phone camera's 12 MP photo, landscape and portrait.
    expect(fitWithin({ width: 4032, height: 3024 })).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 1200, height: 1600 });
    // A panorama: the short side rounds, and never falls to 0.
    expect(fitWithin({ width: 8000, height: 1000 })).toEqual({ width: 1600, height: 200 });
    expect(fitWithin({ width: 8000, height: 3 })).toEqual({ width: 1600, height: 1 });
  });

  it('never enlarges a photo that already fits', () => {
    expect(fitWithin({ width: 1600, height: 900 })).toEqual({ width: 1600, height: 900 });
    expect(fitWithin({ width: 32, height: 18 })).toEqual({ width: 32, height: 18 });
    expect(fitWithin({ width: 400, height: 300 }, 200)).toEqual({ width: 200, height: 150 });
  });

  it('makes a smaller copy of a file over the 2 MB limit or over 1,600 px, only then', () => {
    const small = { width: 1600, height: 1200 };
    expect(shouldMakeSmaller(AMENITY_PHOTO.maxBytes, small)).toBe(false);
    expect(shouldMakeSmaller(AMENITY_PHOTO.maxBytes + 1, small)).toBe(true);
    expect(shouldMakeSmaller(300_000, { width: 1601, height: 900 })).toBe(true);
    expect(shouldMakeSmaller(300_000, { width: 900, height: 1601 })).toBe(true);
  });

  it('states a file size as a person reads it, 1,024-based like the 2 MB limit', () => {
    expect(formatFileSize(AMENITY_PHOTO.maxBytes)).toBe('2 MB');
    expect(formatFileSize(30 * 1024 * 1024)).toBe('30 MB');
    expect(formatFileSize(4_812_000)).toBe('4.6 MB');
    expect(formatFileSize(412 * 1024)).toBe('412 KB');
    expect(formatFileSize(100)).toBe('1 KB');
  });

  it('states an image size with its counts grouped, as the hint writes 1,600', () => {
    expect(formatImageSize({ width: 1600, height: 1200 })).toBe('1,600 × 1,200');
    expect(formatImageSize({ width: 800, height: 64 })).toBe('800 × 64');
    expect(formatImageSize({ width: 100_000, height: 100_000 })).toBe('100,000 × 100,000');
  });
});
