import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Database } from '../db/database';
import { HttpError } from '../errors';
import { SESSION_ENDED_HEADER } from '../../src/api/contract';
import type { Clock } from '../time';
import { decide, isStateChanging, principalOf, ruleFor, type PrincipalKind } from './access';
import { isHttps, ownOrigin } from './request';
import {
  SESSION_COOKIE,
  expiredSessionCookie,
  sessionEndedCookie,
  userOfSession,
} from './sessions';
import type { User } from './users';

/** Who is making the request, as the access middleware found out. */
export type Principal = {
  kind: PrincipalKind;
  /** The signed-in account, null for the demo viewer and anonymous callers. */
  user: User | null;
  /** The session token from the cookie, when it named a live session. */
  token: string | null;
  /** The cookie named a session that has ended (signed out elsewhere, expired, user removed). */
  ended?: boolean;
};

/** Said when a request carries the cookie of a session that has ended. */
export const SESSION_ENDED =
  'Your session has ended (signed out on another device, a new password, or it expired); sign in again';

export type AuthEnv = { Variables: { principal: Principal } };

export type AccessOptions = {
  db: Database;
  communityId: number;
  clock: Clock;
  /** Requests without a session are the read-only demo viewer (Board). */
  demo: boolean;
  trustProxy: boolean;
};

/**
 * The one guard of /api: finds the route's rule in the access table, checks the Origin of
 * anything that changes state (CSRF), resolves the session to a principal and lets the request
 * through only if the table allows that principal. Unknown routes pass on to the 404/405 answer.
 */
export function accessMiddleware(options: AccessOptions): MiddlewareHandler<AuthEnv> {
  const { db, communityId, clock, demo, trustProxy } = options;

  const principalOfRequest = async (c: Context): Promise<Principal> => {
    const token = getCookie(c, SESSION_COOKIE) ?? null;
    if (token) {
      const user = await userOfSession(db, token, clock());
      if (user && user.communityId === communityId) {
        return { kind: principalOf(user), user, token };
      }
      return { kind: demo ? 'demo' : 'anonymous', user: null, token: null, ended: true };
    }
    return { kind: demo ? 'demo' : 'anonymous', user: null, token: null };
  };

  return async (c, next) => {
    const rule = ruleFor(c.req.method, c.req.path);
    if (rule === null || rule === 'sessionless') return next();

    if (isStateChanging(c.req.method)) {
      const origin = c.req.header('Origin');
      // A cookie-carrying write must say where it comes from; a write without cookies (a script
      // signing in) has no ambient authority to abuse, but a foreign Origin is refused always.
      const hasCookie = getCookie(c, SESSION_COOKIE) !== undefined;
      if (origin === undefined ? hasCookie : origin !== ownOrigin(c, trustProxy)) {
        throw new HttpError(403, 'Cross-site request refused (the Origin does not match)');
      }
    }

    const principal = await principalOfRequest(c);
    // A browser still holding an ended session's cookie is told so, once, and the cookie goes
    // (the marker cookie stays until the app has wiped that session's data):
    // in demo mode it would otherwise become the read-only viewer without a word, its writes
    // refused as "the demo is read-only" while its screen still shows the user. Routes open to
    // everyone (sign in sets a new cookie, accept an invite) go ahead as for no session.
    if (principal.ended && !rule.allow.includes('anonymous')) {
      const secure = isHttps(c, trustProxy);
      throw new HttpError(401, SESSION_ENDED, {
        'Set-Cookie': [expiredSessionCookie(secure), sessionEndedCookie(secure)],
        [SESSION_ENDED_HEADER]: '1',
      });
    }
    switch (decide(rule, principal.kind)) {
      case 'unauthenticated':
        throw new HttpError(401, 'Sign in to continue');
      case 'forbidden':
        throw new HttpError(403, forbiddenMessage(principal.kind, isStateChanging(c.req.method)));
      case 'allow':
        c.set('principal', principal);
        return next();
    }
  };
}

function forbiddenMessage(kind: PrincipalKind, write: boolean): string {
  switch (kind) {
    case 'demo':
      // A read the demo may not make (the users, the audit log) is not a change refused.
      return write
        ? 'The demo is read-only: sign in to make changes'
        : 'The demo does not show this: sign in to see it';
    case 'enrolling':
      return 'Set up two-factor authentication first';
    default:
      return 'Your role does not allow this';
  }
}
