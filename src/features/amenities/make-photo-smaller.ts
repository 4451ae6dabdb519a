import { fitWithin, PHOTO_SEND_MAX_SIDE } from '../../lib/photo-size';

/** JPEG at this quality: a 1,600 px photo comes to ~200-500 KB with no visible loss on a card. */
const JPEG_QUALITY = 0.85;

/**
 * A smaller JPEG copy of an image file, drawn by the browser: at most `maxSide` on its longest
 * side, turned upright as the camera recorded (createImageBitmap applies the EXIF orientation),
 * and without the file's metadata (a phone photo's GPS position stays on the phone). Null when
 * this browser cannot decode or encode it; the caller then judges the file as it is.
 */
export async function makePhotoSmaller(
  file: Blob,
  maxSide = PHOTO_SEND_MAX_SIDE,
): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const { width, height } = fitWithin(bitmap, maxSide);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    // JPEG has no transparency: a PNG's clear parts become white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob | null>((resolve) => {
      canvas.toBlob((blob) => resolve(blob), 'image/jpeg', JPEG_QUALITY);
    });
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}
