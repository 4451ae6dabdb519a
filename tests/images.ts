import { crc32, deflateSync } from 'node:zlib';

/**
 * Real tiny images for the photo tests. The JPEG and WebP files were encoded by Chromium's own
 * encoders (canvas.toDataURL: a 3 × 2 JPEG; 5 × 3 lossy, 7 × 4 lossy with alpha and 6 × 9
 * lossless WebP, each wrapped by Chromium in the extended VP8X format with an ICC profile);
 * `simpleWebp` unwraps their bitstream into the simple VP8 / VP8L formats. PNGs are made here.
 */
const CHROME_BASE64 = {
  jpeg: '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAH/xAAYEAEBAAMAAAAAAAAAAAAAAAABAAIRUf/EABUBAQEAAAAAAAAAAAAAAAAAAAMG/8QAGhEAAgIDAAAAAAAAAAAAAAAAAAECAzEzcf/aAAwDAQACEQMRAD8AoGJoAOEkgWCFu2S6z//Z',
  webpLossy:
    'UklGRiACAABXRUJQVlA4WAoAAAAgAAAABAAAAgAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggMgAAAHABAJ0BKgUAAwABQCYlqAJ0ACFAAP2bx66ABURhkP/5/0XXpRVcK5//jSP/6aR8poAA',
  webpAlpha:
    'UklGRjACAABXRUJQVlA4WAoAAAAwAAAABgAAAwAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZBTFBIDAAAAAEPMIAREWIeIvofA1ZQOCAuAAAAUAEAnQEqBwAEAAFAJiUAXYAoAAD+73bDTM0CLDjz3/T/pKP37/H/FwsCSAAAAA==',
  webpLossless:
    'UklGRgYCAABXRUJQVlA4WAoAAAAgAAAABQAACAAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDhMFwAAAC8FAAIAD3BV4s8o/a57/gMPcxDR//gAAA==',
};

const decode = (base64: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(Buffer.from(base64, 'base64'));

export const JPEG_3X2 = decode(CHROME_BASE64.jpeg);
export const WEBP_LOSSY_5X3 = decode(CHROME_BASE64.webpLossy);
export const WEBP_ALPHA_7X4 = decode(CHROME_BASE64.webpAlpha);
export const WEBP_LOSSLESS_6X9 = decode(CHROME_BASE64.webpLossless);

/** The first `VP8 ` or `VP8L` chunk of an extended WebP, alone in a RIFF of its own. */
export function simpleWebp(extended: Uint8Array): Uint8Array<ArrayBuffer> {
  const view = Buffer.from(extended);
  for (let at = 12; at + 8 <= view.length;) {
    const id = view.toString('latin1', at, at + 4);
    const size = view.readUInt32LE(at + 4);
    if (id === 'VP8 ' || id === 'VP8L') {
      const chunk = view.subarray(at, at + 8 + size + (size & 1));
      const header = Buffer.alloc(12);
      header.write('RIFF', 0, 'latin1');
      header.writeUInt32LE(4 + chunk.length, 4);
      header.write('WEBP', 8, 'latin1');
      return new Uint8Array(Buffer.concat([header, chunk]));
    }
    at += 8 + size + (size & 1);
  }
  throw new Error('No VP8 or VP8L chunk');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real RGB PNG of `width` × `height` (a diagonal gradient in `rgb`'s colours, or the colour
 * of each pixel as `rgb` says). The header may claim other dimensions than the pixels hold
 * (`declared`): for the decompression-bomb tests, with few bytes.
 */
export function pngOf(
  width: number,
  height: number,
  options: {
    rgb?: (x: number, y: number) => [number, number, number];
    declared?: { width: number; height: number };
  } = {},
): Uint8Array<ArrayBuffer> {
  const rgb =
    options.rgb ??
    ((x: number, y: number): [number, number, number] => [
      Math.round((x / width) * 120) + 40,
      Math.round((y / height) * 100) + 120,
      200,
    ]);
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) rows.push(...rgb(x, y));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(options.declared?.width ?? width, 0);
  header.writeUInt32BE(options.declared?.height ?? height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(Buffer.from(rows))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}
