import type { Context } from 'hono';
import type { ResponseKit } from '../http';
import { encodedBody } from './compression';
import { API_ONLY_CSP } from './csp';
import { etagFor, type StaticSite } from './site';

/**
 * The handler for the built app: prerendered pages, the SPA shell and static files, with ETags
 * and precompressed bodies; API only (a plain 404) when there is no built app.
 */
export function siteHandler(site: StaticSite | null, { reply, problem }: ResponseKit) {
  return (c: Context) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return problem(405, `Method ${c.req.method} not allowed`, { Allow: 'GET, HEAD' });
    }
    if (!site) {
      return reply(
        404,
        'Not found. The web app is not built (npm run build); only /api is served.',
        {
          'Content-Type': 'text/plain; charset=utf-8',
        },
      );
    }
    const resolution = site.resolve(c.req.path);
    if (resolution.kind === 'redirect') {
      return reply(301, null, { Location: resolution.location });
    }
    const { file, status } = resolution;
    const { body, encoding } = encodedBody(file, c.req.header('Accept-Encoding'));
    const etag = etagFor(file, encoding);
    const headers: Record<string, string> = {
      'Cache-Control': file.cacheControl,
      ETag: etag,
      Vary: 'Accept-Encoding',
      ...(file.governsLoads ? {} : { 'Content-Security-Policy': API_ONLY_CSP }),
    };
    const ifNoneMatch = c.req.header('If-None-Match');
    if (status === 200 && ifNoneMatch?.split(/\s*,\s*/).includes(etag)) {
      return reply(304, null, headers);
    }
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Type'] = file.type;
    // Hono answers HEAD by running the GET route and dropping the body.
    return reply(status, body, headers);
  };
}
