import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlib,
  gzip as gzipCompress,
  gzipSync,
} from 'node:zlib';
import {
  APP_PATHS,
  htmlFileFor,
  PUBLIC_PATHS,
  type AppPath,
  type PublicPath,
} from '../src/lib/route-paths';

/**
 * The built app (dist/) served from memory: every file is read once at start-up, so serving
 * never touches the disk and no request path can reach a file outside dist/.
 */

/** A response body that can be sent compressed; compressed copies are made once, on demand. */
export type Encodable = {
  body: Uint8Array<ArrayBuffer>;
  compressible: boolean;
  encoded: Map<'br' | 'gzip', Uint8Array<ArrayBuffer>>;
};

export type StaticFile = Encodable & { type: string; etag: string; cacheControl: string };

/** An Encodable for a text body (API JSON). */
export function encodable(text: string): Encodable {
  const body = new TextEncoder().encode(text);
  return { body, compressible: body.length >= COMPRESS_MIN_BYTES, encoded: new Map() };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/;
/** Smaller bodies are not worth compressing. */
const COMPRESS_MIN_BYTES = 1024;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

/** Hashed build assets never change; the worker, manifest and pages must revalidate. */
export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  if (urlPath === '/sw.js' || urlPath === '/manifest.webmanifest' || urlPath.endsWith('.html')) {
    return NO_CACHE;
  }
  return SHORT;
}

function* walk(dir: string, base = ''): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = `${base}/${entry.name}`;
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), rel);
    else if (entry.isFile()) yield rel;
  }
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('base64');

/** The CSP source hashes ('sha256-…') of every inline <script> in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${sha256(match[2] ?? '')}'`);
  }
  return hashes;
}

/** The same for inline <style> elements and style="…" attributes. */
export function inlineStyleHashes(html: string): { elements: string[]; attributes: string[] } {
  const elements = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map(
    (m) => `'sha256-${sha256(m[1] ?? '')}'`,
  );
  const attributes = [...html.matchAll(/\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map(
    (m) => `'sha256-${sha256(decodeEntities(m[1] ?? m[2] ?? ''))}'`,
  );
  return { elements, attributes };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const unique = (values: string[]) => [...new Set(values)].sort();

/**
 * The Content-Security-Policy for the site: scripts from this origin plus exactly the inline
 * scripts found in the built pages (by hash); styles from this origin plus any inline styles
 * found there (by hash). React and uPlot set styles through the CSSOM, which CSP allows.
 */
export function contentSecurityPolicy(htmlDocuments: readonly string[]): string {
  const scripts = unique(htmlDocuments.flatMap(inlineScriptHashes));
  const styles = htmlDocuments.map(inlineStyleHashes);
  const styleElements = unique(styles.flatMap((s) => s.elements));
  const styleAttributes = unique(styles.flatMap((s) => s.attributes));
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scripts].join(' ')}`,
    `style-src ${["'self'", ...styleElements].join(' ')}`,
    ...(styleAttributes.length
      ? [`style-src-attr ${["'unsafe-hashes'", ...styleAttributes].join(' ')}`]
      : []),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Policy when there are no pages (API only): nothing may load. */
export const API_ONLY_CSP = "default-src 'none'; frame-ancestors 'none'";

export type StaticSite = {
  files: ReadonlyMap<string, StaticFile>;
  csp: string;
  /** What a request path resolves to: a file, a status, or a redirect. */
  resolve(urlPath: string): Resolution;
};

export type Resolution =
  { kind: 'file'; file: StaticFile; status: 200 | 404 } | { kind: 'redirect'; location: string };

const publicPaths: ReadonlySet<string> = new Set(PUBLIC_PATHS);
const appPaths: ReadonlySet<string> = new Set(APP_PATHS);

/** Reads dist/ into memory, or returns null when there is no built app there. */
export function loadStaticSite(distDir: string): StaticSite | null {
  if (!existsSync(path.join(distDir, 'app.html'))) return null;
  const files = new Map<string, StaticFile>();
  const documents: string[] = [];
  for (const urlPath of walk(distDir)) {
    const body = new Uint8Array(readFileSync(path.join(distDir, urlPath)));
    const type = TYPES[path.extname(urlPath).toLowerCase()] ?? 'application/octet-stream';
    if (urlPath.endsWith('.html')) documents.push(Buffer.from(body).toString('utf8'));
    files.set(urlPath, {
      body,
      type,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      cacheControl: cacheControlFor(urlPath),
      compressible: COMPRESSIBLE.test(type) && body.length >= COMPRESS_MIN_BYTES,
      encoded: new Map(),
    });
  }
  const shell = files.get('/app.html');
  if (!shell) return null;

  return {
    files,
    csp: contentSecurityPolicy(documents),
    resolve(urlPath) {
      if (publicPaths.has(urlPath)) {
        const page = files.get(`/${htmlFileFor(urlPath as PublicPath)}`);
        return { kind: 'file', file: page ?? shell, status: 200 };
      }
      if (appPaths.has(urlPath)) {
        // An app route's prerendered first frame, or the bare shell (e.g. /start).
        const page = files.get(`/${htmlFileFor(urlPath as AppPath)}`);
        return { kind: 'file', file: page ?? shell, status: 200 };
      }
      const file = files.get(urlPath);
      if (file) return { kind: 'file', file, status: 200 };
      const trimmed = urlPath.replace(/\/+$/, '');
      if (trimmed !== urlPath && (publicPaths.has(trimmed) || appPaths.has(trimmed))) {
        return { kind: 'redirect', location: trimmed };
      }
      // Unknown path: the SPA shell shows its 404 page, with a real 404 status.
      return { kind: 'file', file: shell, status: 404 };
    },
  };
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

/**
 * Compresses every compressible file in the background (libuv's thread pool, so the event loop
 * stays free): the strongest brotli and gzip, once per start. Until a file's copy is ready it is
 * sent as it is.
 */
export async function precompress(files: Iterable<StaticFile>): Promise<void> {
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

/** A representation's ETag: the file's, marked with its content encoding. */
export function etagFor(file: StaticFile, encoding?: 'br' | 'gzip'): string {
  return encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
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
