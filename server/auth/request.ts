import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AuthEnv } from './middleware';

/**
 * What a request says about where it came from. Behind a reverse proxy the socket is the
 * proxy's, so X-Forwarded-Proto / X-Forwarded-For are read, but only when the operator said a
 * proxy is there (TRUST_PROXY=1): otherwise any client could claim to be on HTTPS or elsewhere.
 */

export function requestAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    // The proxy appends the address it saw: the last entry is the one it vouches for.
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local'; // in-process requests (tests) have no socket
  }
}

export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (trustProxy) {
    const proto = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase();
    if (proto) return proto === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}

/** The origin the browser sees this server at: scheme and Host. */
export function ownOrigin(c: Context, trustProxy: boolean): string {
  const host = c.req.header('Host') ?? new URL(c.req.url).host;
  return `${isHttps(c, trustProxy) ? 'https' : 'http'}://${host}`;
}

/**
 * Who made a change, as its audit row records it: the community, the signed-in user (null for
 * none) and the address the request came from.
 */
export function auditActor(
  c: Context<AuthEnv>,
  communityId: number,
  trustProxy: boolean,
): { communityId: number; userId: number | null; address: string } {
  return {
    communityId,
    userId: c.get('principal')?.user?.id ?? null,
    address: requestAddress(c, trustProxy),
  };
}
