import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

export type StaticServer = { url: string; close: () => Promise<void> };

/**
 * Serves a built directory on loopback for the benches (gzip when asked, as the app's server
 * does), and passes `/api/` requests through to `apiOrigin` when one is given, so a page built
 * here reads the same data as the app.
 */
export async function serveStatic(dir: string, apiOrigin?: string): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (apiOrigin && url.pathname.startsWith('/api/')) {
      fetch(`${apiOrigin}${url.pathname}${url.search}`)
        .then(async (upstream) => {
          res.writeHead(upstream.status, {
            'Content-Type': upstream.headers.get('content-type') ?? 'application/json',
          });
          res.end(Buffer.from(await upstream.arrayBuffer()));
        })
        .catch(() => res.writeHead(502).end());
      return;
    }
    const file = path.join(dir, url.pathname === '/' ? 'index.html' : url.pathname);
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      res.writeHead(404).end();
      return;
    }
    const headers: Record<string, string> = {
      'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream',
    };
    if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      body = gzipSync(body);
      headers['Content-Encoding'] = 'gzip';
    }
    res.writeHead(200, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
