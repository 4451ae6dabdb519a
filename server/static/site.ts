import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  APP_PATHS,
  htmlFileFor,
  PUBLIC_PATHS,
  type AppPath,
  type PublicPath,
} from '../../src/lib/route-paths';
import { SERVICE_WORKER_URL } from '../../src/lib/service-worker-url';
import { COMPRESS_MIN_BYTES, type Encodable } from './compression';
import { contentSecurityPolicy } from './csp';

/**
 * The built app (dist/) served from memory: every file is read once at start-up, so serving
 * never touches the disk and no request path can reach a file outside dist/.
 */

export type StaticFile = Encodable & {
  type: string;
  etag: string;
  cacheControl: string;
  /**
   * Whether the site's policy governs what the file loads: a page, or the service worker (whose
   * own response's policy applies to the worker and to the scripts it imports). Any other file
   * (a script, a stylesheet, an image) is governed by the page that loads it, so it carries the
   * short nothing-loads policy instead of the site's ~1.3 KB one on each of a page's requests.
   */
  governsLoads: boolean;
};

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

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

/** Hashed build assets never change; the worker, manifest and pages must revalidate. */
export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  if (
    urlPath === SERVICE_WORKER_URL ||
    // Imported by sw.js (push handling): a change must reach the next update check.
    urlPath === '/push-sw.js' ||
    urlPath === '/manifest.webmanifest' ||
    urlPath.endsWith('.html')
  ) {
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
      governsLoads: type.startsWith('text/html') || urlPath === SERVICE_WORKER_URL,
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

/** A representation's ETag: the file's, marked with its content encoding. */
export function etagFor(file: StaticFile, encoding?: 'br' | 'gzip'): string {
  return encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
}
