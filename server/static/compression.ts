import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlib,
  gzip as gzipCompress,
  gzipSync,
} from 'node:zlib';

/** Compression of static files (once, in the background) and API bodies (once per body). */

/** A response body that can be sent compressed; compressed copies are made once, on demand. */
export type Encodable = {
  body: Uint8Array<ArrayBuffer>;
  compressible: boolean;
  encoded: Map<'br' | 'gzip', Uint8Array<ArrayBuffer>>;
};

/** Smaller bodies are not worth compressing. */
export const COMPRESS_MIN_BYTES = 1024;

/** An Encodable for a text body (API JSON). */
export function encodable(text: string): Encodable {
  const body = new TextEncoder().encode(text);
  return { body, compressible: body.length >= COMPRESS_MIN_BYTES, encoded: new Map() };
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

/**
 * Compresses every compressible file in the background (libuv's thread pool, so the event loop
 * stays free): the strongest brotli and gzip, once per start. Until a file's copy is ready it is
 * sent as it is.
 */
export async function precompress(files: Iterable<Encodable>): Promise<void> {
  for (const file of files) {
    if (!file.compressible) continue;
    const [br, gz] = await Promise.all([
      brotli(file.body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 11,
          [zlib.BROTLI_PARAM_SIZE_HINT]: file.body.length,
        },
      }),
      gzip(file.body, { level: 9 }),
    ]);
    file.encoded.set('br', new Uint8Array(br));
    file.encoded.set('gzip', new Uint8Array(gz));
  }
}

/**
 * The body in the best encoding the client accepts that is ready (brotli, then gzip). Static
 * files use their precompressed copies; `dynamic` bodies (API JSON, small) are compressed here
 * at a fast level, once, and kept with the body.
 */
export function encodedBody(
  item: Encodable,
  acceptEncoding: string | undefined,
  { dynamic = false }: { dynamic?: boolean } = {},
): { body: Uint8Array<ArrayBuffer>; encoding?: 'br' | 'gzip' } {
  if (!item.compressible || !acceptEncoding) return { body: item.body };
  const accepted = acceptedEncodings(acceptEncoding);
  for (const encoding of ['br', 'gzip'] as const) {
    if (!accepted.has(encoding)) continue;
    let body = item.encoded.get(encoding);
    if (!body && dynamic) {
      body = new Uint8Array(
        encoding === 'br'
          ? brotliCompressSync(item.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(item.body, { level: 6 }),
      );
      item.encoded.set(encoding, body);
    }
    if (body) return { body, encoding };
  }
  return { body: item.body };
}

/** Encodings an Accept-Encoding header allows (q > 0), lower-cased. */
export function acceptedEncodings(header: string): Set<string> {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}
