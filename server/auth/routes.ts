import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type * as z from 'zod/mini';
import {
  AUTH_PATHS,
  describeIssues,
  ME_PATH,
  SignInBodySchema,
  TotpConfirmBodySchema,
  type Me,
} from '../../src/api/contract';
import { ENTER_SIX_DIGIT_CODE } from '../../src/features/account/account-messages';
import type { Community } from '../community';
import type { Database } from '../db/database';
import { HttpError } from '../errors';
import { parseJsonText } from '../json-text';
import type { ResponseKit } from '../http';
import type { Clock } from '../time';
import { principalOf } from './access';
import {
  accountScope,
  clearAccountFailures,
  releaseAttempt,
  reserveAttempt,
  type AttemptLimits,
} from './attempts';
import { audit } from './audit';
import type { AuthEnv, Principal } from './middleware';
import { deviceLabel } from './device-label';
import { checkPassword } from './passwords';
import { knownDeviceScope, rememberDevice } from './known-devices';
import { isHttps, requestAddress } from './request';
import { acceptSecondFactor, newRecoveryCodes, storeRecoveryCodes } from './second-factor';
import {
  createSession,
  endAllSessions,
  endSession,
  pruneSessions,
  SESSION_ABSOLUTE_MS,
  sessionCookie,
} from './sessions';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';
import { findUserByEmail, type User } from './users';

export type AuthRouteOptions = {
  db: Database;
  community: Community;
  clock: Clock;
  kit: ResponseKit;
  limits: AttemptLimits;
  trustProxy: boolean;
};

/** One message for an unknown email and a wrong password: the answer names no account. */
export const WRONG_CREDENTIALS = 'Email or password is incorrect';
/** Asked of an Admin after the right password; the same words refuse a malformed set-up code. */
export const TOTP_REQUIRED = ENTER_SIX_DIGIT_CODE;
export const TOTP_WRONG = 'That code is not valid (or was already used); try the next one';

/** The display name of the anonymous demo viewer. */
export const DEMO_VIEWER_NAME = 'Demo viewer';

/** Auth request bodies are a few fields: anything larger is refused before it is read. */
const MAX_AUTH_BODY_BYTES = 8 * 1024;

/**
 * What a refused body is told: a sentence for the first problem found, said the way the form
 * that sends the body says it; undefined leaves the generic account ("Invalid body: …"), which
 * only a body no form of the app sends should get.
 */
export type BodyWording = (issue: z.core.$ZodIssue) => string | undefined;

/** The field a problem is about: its first path segment, or the unknown field sent. */
export function fieldOfIssue(issue: z.core.$ZodIssue): string | undefined {
  const first = issue.path[0];
  if (first !== undefined) return String(first);
  return issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
}

/**
 * A JSON request body checked by `schema`: 415 when not JSON, 400 otherwise, in the words of
 * `wording` where it has them.
 */
export async function readBody<S extends z.ZodMiniType>(
  c: Context,
  schema: S,
  wording?: BodyWording,
): Promise<z.output<S>> {
  if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) {
    throw new HttpError(415, 'Send the body as application/json');
  }
  const body = parseJsonText(await c.req.text());
  if (!body.ok) throw new HttpError(400, body.reason);
  const result = schema.safeParse(body.value);
  if (!result.success) {
    const [first] = result.error.issues;
    if (first && first.path.length === 0 && first.code === 'invalid_type') {
      throw new HttpError(400, 'Send the body as a JSON object.');
    }
    const said = first ? wording?.(first) : undefined;
    throw new HttpError(400, said ?? `Invalid body: ${describeIssues(result.error)}`);
  }
  return result.data;
}

/** The sign-in form's fields, in its words (src/features/account/account-messages.ts). */
const signInWording: BodyWording = (issue) => {
  switch (fieldOfIssue(issue)) {
    case 'email':
      return 'Enter your email address, like name@example.com.';
    case 'password':
      return issue.code === 'too_big'
        ? 'A password has at most 1024 characters.'
        : 'Enter your password.';
    case 'code':
      return 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';
    default:
      return undefined;
  }
};

/** The set-up's one field: whatever is wrong with it, the form asks for six digits. */
const setupCodeWording: BodyWording = () => ENTER_SIX_DIGIT_CODE;

/** The signed-in user of a request and its session token; a 401 for the demo viewer. */
export function signedIn(c: Context<AuthEnv>): { user: User; token: string } {
  const { user, token } = c.get('principal');
  if (!user || !token) throw new HttpError(401, 'Sign in to continue');
  return { user, token };
}

export function meOf(principal: Principal, community: Community): Me {
  const user = principal.user;
  return {
    demo: user === null,
    user: user
      ? { name: user.name, email: user.email, role: user.role }
      : { name: DEMO_VIEWER_NAME, email: null, role: 'board' },
    community: { slug: community.slug, name: community.name },
    totpEnrolmentRequired: principal.kind === 'enrolling',
  };
}

/** /api/me, sign-in, sign-out (here and everywhere) and TOTP enrolment. */
export function registerAuthRoutes(api: Hono<AuthEnv>, options: AuthRouteOptions): void {
  const { db, community, clock, kit, limits, trustProxy } = options;
  const route = (path: string) => path.replace(/^\/api/, '');
  const limit = bodyLimit({
    maxSize: MAX_AUTH_BODY_BYTES,
    onError: () => kit.problem(413, 'Request body too large'),
  });

  const cookie = (c: Context, token: string, maxAgeSeconds: number) =>
    sessionCookie(token, maxAgeSeconds, isHttps(c, trustProxy));
  const withCookie = (status: number, value: unknown, ...setCookies: string[]) => {
    const headers = new Headers(kit.apiHeaders);
    for (const setCookie of setCookies) headers.append('Set-Cookie', setCookie);
    return new Response(JSON.stringify(value), { status, headers });
  };

  api.get(route(ME_PATH), (c: Context<AuthEnv>) =>
    kit.json(200, meOf(c.get('principal'), community)),
  );

  api.post(route(AUTH_PATHS.signIn), limit, async (c: Context<AuthEnv>) => {
    const { email, password, code } = await readBody(c, SignInBodySchema, signInWording);
    const address = requestAddress(c, trustProxy);
    const now = clock();
    // Counted before it is judged, so attempts sent at once cannot all pass a check made before
    // any of them was counted: past the limit, even the right password is refused until the
    // window ends.
    const user = await findUserByEmail(db, community.id, email);
    const device = user ? await knownDeviceScope(db, c, user.id, now) : null;
    const reservation = await reserveAttempt(db, limits, email, address, now, device);
    if (!reservation.ok) {
      throw new HttpError(429, 'Too many failed sign-ins; try again in a few minutes', {
        'Retry-After': String(Math.ceil(reservation.waitMs / 1000)),
      });
    }
    const { reserved } = reservation;
    const passwordOk = await checkPassword(password, user?.passwordHash ?? null);
    // A wrong password or code: the attempt stays counted, and is audited.
    const fail = async (reason: string, message: string, totpRequired: boolean) => {
      await audit(
        db,
        {
          communityId: community.id,
          userId: user?.id ?? null,
          action: 'sign-in.failed',
          target: email.toLowerCase(),
          after: { reason },
          address,
        },
        now,
      );
      return kit.json(401, totpRequired ? { error: message, totpRequired } : { error: message });
    };
    if (!user || !passwordOk) return fail('credentials', WRONG_CREDENTIALS, false);

    let secondFactor: 'totp' | 'recovery' | null = null;
    if (user.role === 'admin' && user.totpEnabled) {
      // The right password is not a failure: the form asks for the code next.
      if (!code) {
        await releaseAttempt(db, reserved);
        return kit.json(401, { error: TOTP_REQUIRED, totpRequired: true });
      }
      secondFactor = await acceptSecondFactor(db, user, code, now);
      if (!secondFactor) return fail('second factor', TOTP_WRONG, true);
    }

    const secure = isHttps(c, trustProxy);
    const { token, deviceCookie } = await db.transaction(async (tx) => {
      // Signed in: the account's count starts again, and this attempt is no failure of the
      // address (or of this browser) either.
      await clearAccountFailures(tx, email);
      await releaseAttempt(
        tx,
        reserved.filter((r) => r.scope !== accountScope(email)),
      );
      await pruneSessions(tx, now);
      // One browser, one session: the one its cookie held (another account's, or this one's
      // from before) ends rather than live on unseen until it idles out.
      const previous = c.get('principal').token;
      if (previous) await endSession(tx, previous);
      const created = await createSession(
        tx,
        user.id,
        now,
        deviceLabel(c.req.header('User-Agent')),
      );
      await audit(
        tx,
        {
          communityId: community.id,
          userId: user.id,
          action: 'sign-in',
          target: user.email,
          after: { secondFactor },
          address,
        },
        now,
      );
      return {
        token: created,
        deviceCookie: await rememberDevice(tx, c, user.id, now, secure),
      };
    });
    const me = meOf({ kind: principalOf(user), user, token }, community);
    return withCookie(
      200,
      me,
      cookie(c, token, SESSION_ABSOLUTE_MS / 1000),
      ...(deviceCookie ? [deviceCookie] : []),
    );
  });

  // Signing out is idempotent: a browser whose session is already over (it idled out, was ended
  // from another device, or this same sign-out was heard first from a page left before it read
  // the answer) is where it asked to be. Answered "your session has ended" instead, that news
  // would open the app on it, for a device that signed itself out.
  api.post(route(AUTH_PATHS.signOut), async (c: Context<AuthEnv>) => {
    const { user, token } = c.get('principal');
    // Only a live session is ended, and audited; every caller gets the same answer.
    if (user && token) {
      await db.transaction(async (tx) => {
        await endSession(tx, token);
        await audit(
          tx,
          {
            communityId: community.id,
            userId: user.id,
            action: 'sign-out',
            target: user.email,
            address: requestAddress(c, trustProxy),
          },
          clock(),
        );
      });
    }
    return withCookie(200, { ok: true }, cookie(c, '', 0));
  });

  api.post(route(AUTH_PATHS.signOutEverywhere), async (c: Context<AuthEnv>) => {
    const { user } = signedIn(c);
    const ended = await db.transaction(async (tx) => {
      const count = await endAllSessions(tx, user.id);
      await audit(
        tx,
        {
          communityId: community.id,
          userId: user.id,
          action: 'sign-out-everywhere',
          target: user.email,
          after: { sessionsEnded: count },
          address: requestAddress(c, trustProxy),
        },
        clock(),
      );
      return count;
    });
    return withCookie(200, { ok: true, sessionsEnded: ended }, cookie(c, '', 0));
  });

  api.post(route(AUTH_PATHS.totpSetup), async (c: Context<AuthEnv>) => {
    const { user } = signedIn(c);
    const secret = newTotpSecret();
    await db.transaction(async (tx) => {
      const rows = await tx.query(
        `UPDATE users SET totp_secret = $2 WHERE id = $1 AND NOT totp_enabled RETURNING 1`,
        [user.id, secret],
      );
      if (rows.length === 0) throw new HttpError(409, 'Two-factor authentication is already on');
      await audit(
        tx,
        {
          communityId: community.id,
          userId: user.id,
          action: 'totp.setup-started',
          target: user.email,
          address: requestAddress(c, trustProxy),
        },
        clock(),
      );
    });
    return kit.json(200, { secret, uri: otpauthUri(secret, user.email) });
  });

  api.post(route(AUTH_PATHS.totpConfirm), limit, async (c: Context<AuthEnv>) => {
    const { user } = signedIn(c);
    const { code } = await readBody(c, TotpConfirmBodySchema, setupCodeWording);
    const now = clock();
    if (!user.totpSecret) throw new HttpError(409, 'Start the set-up first');
    const step = matchTotp(user.totpSecret, code, now);
    if (step === null) {
      throw new HttpError(400, 'That code does not match; check the time on your phone and retry');
    }
    const recoveryCodes = newRecoveryCodes();
    await db.transaction(async (tx) => {
      // Only the secret this request read: a set-up started again meanwhile wins.
      const rows = await tx.query(
        `UPDATE users SET totp_enabled = true, totp_last_step = $3
          WHERE id = $1 AND NOT totp_enabled AND totp_secret = $2 RETURNING 1`,
        [user.id, user.totpSecret, step],
      );
      if (rows.length === 0) throw new HttpError(409, 'The set-up changed; start it again');
      await storeRecoveryCodes(tx, user.id, recoveryCodes);
      await audit(
        tx,
        {
          communityId: community.id,
          userId: user.id,
          action: 'totp.enrolled',
          target: user.email,
          before: { totpEnabled: false },
          after: { totpEnabled: true, recoveryCodes: recoveryCodes.length },
          address: requestAddress(c, trustProxy),
        },
        now,
      );
    });
    return kit.json(200, { recoveryCodes });
  });
}
