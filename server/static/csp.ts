import { createHash } from 'node:crypto';

/** Content-Security-Policy for the built app: inline scripts and styles allowed by hash. */

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

/**
 * Policy of every JSON answer, of every built file that is neither a page nor the service worker
 * (site.ts, `governsLoads`), and of everything when there are no pages: nothing may load.
 */
export const API_ONLY_CSP = "default-src 'none'; frame-ancestors 'none'";
