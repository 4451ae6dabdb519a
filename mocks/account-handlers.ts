import { http, HttpResponse } from 'msw';
import {
  ACCOUNT_PATHS,
  AUTH_PATHS,
  AUTHENTICATOR_CODE_WRONG,
  AUTHENTICATOR_REPLACEMENT_NOT_STARTED,
  AUTHENTICATOR_SETUP_RESTARTED,
  CURRENT_PASSWORD_WRONG,
  NEW_AUTHENTICATOR_CODE_WRONG,
  PasswordChangeSchema,
  describeIssues,
  type AccountSession,
} from '../src/api/contract';

/** The password the mocked account has (the demo accounts' password). */
export const MOCK_ACCOUNT_PASSWORD = 'commonground-demo';

/** The signed-in user's sessions: this browser and a phone. */
export const accountSessionsFixture: AccountSession[] = [
  {
    id: '0123456789abcdef',
    device: 'Chrome on Linux',
    signedInAt: '2026-03-18T15:00:00.000Z',
    lastActiveAt: '2026-03-18T19:00:00.000Z',
    current: true,
  },
  {
    id: 'fedcba9876543210',
    device: 'Safari on iPhone',
    signedInAt: '2026-03-16T16:30:00.000Z',
    lastActiveAt: '2026-03-18T13:05:00.000Z',
    current: false,
  },
];

/** The authenticator code the mocked Admin's app shows. */
export const MOCK_AUTHENTICATOR_CODE = '123456';

/** The new authenticator's secret and the code its app shows (a replaced phone). */
export const MOCK_NEW_TOTP_SECRET = 'NEWPHONEKEY234567NEWPHONEKEY2345';
export const MOCK_NEW_AUTHENTICATOR_CODE = '246810';

export const mockRecoveryCodes = Array.from(
  { length: 10 },
  (_, i) => `abcde-${String(i).padStart(5, '0')}`,
);

// Whether a new authenticator's set-up was started (confirming needs one, as on the server).
let replacementStarted = false;

/** The account page's routes, with the server's answers; nothing else is kept. */
export const accountHandlers = [
  http.get(ACCOUNT_PATHS.sessions, () => HttpResponse.json(accountSessionsFixture)),
  http.delete(ACCOUNT_PATHS.session, ({ params }) =>
    accountSessionsFixture.some((s) => s.id === params.id && !s.current)
      ? HttpResponse.json({ ok: true })
      : HttpResponse.json({ error: 'No such session; it may have ended already' }, { status: 404 }),
  ),
  http.post(ACCOUNT_PATHS.password, async ({ request }) => {
    const parsed = PasswordChangeSchema.safeParse(await request.json());
    if (!parsed.success) {
      return HttpResponse.json({ error: describeIssues(parsed.error) }, { status: 400 });
    }
    if (parsed.data.currentPassword !== MOCK_ACCOUNT_PASSWORD) {
      return HttpResponse.json({ error: CURRENT_PASSWORD_WRONG }, { status: 400 });
    }
    return HttpResponse.json({ ok: true, otherSessionsEnded: accountSessionsFixture.length - 1 });
  }),
  http.get(ACCOUNT_PATHS.recoveryCodes, () => HttpResponse.json({ remaining: 7, total: 10 })),
  http.post(ACCOUNT_PATHS.recoveryCodes, async ({ request }) => {
    const body = (await request.json()) as { code?: unknown };
    return body.code === MOCK_AUTHENTICATOR_CODE
      ? HttpResponse.json({ recoveryCodes: mockRecoveryCodes })
      : HttpResponse.json({ error: AUTHENTICATOR_CODE_WRONG }, { status: 400 });
  }),
  http.post(ACCOUNT_PATHS.authenticator, async ({ request }) => {
    const body = (await request.json()) as { password?: unknown };
    if (body.password !== MOCK_ACCOUNT_PASSWORD) {
      return HttpResponse.json({ error: CURRENT_PASSWORD_WRONG }, { status: 400 });
    }
    replacementStarted = true;
    return HttpResponse.json({
      secret: MOCK_NEW_TOTP_SECRET,
      uri: `otpauth://totp/CommonGround:admin%40willowcreek.example?secret=${MOCK_NEW_TOTP_SECRET}&issuer=CommonGround`,
    });
  }),
  http.post(ACCOUNT_PATHS.authenticatorConfirm, async ({ request }) => {
    const body = (await request.json()) as { code?: unknown; secret?: unknown };
    if (!replacementStarted) {
      return HttpResponse.json({ error: AUTHENTICATOR_REPLACEMENT_NOT_STARTED }, { status: 409 });
    }
    if (body.secret !== MOCK_NEW_TOTP_SECRET) {
      return HttpResponse.json({ error: AUTHENTICATOR_SETUP_RESTARTED }, { status: 409 });
    }
    if (body.code !== MOCK_NEW_AUTHENTICATOR_CODE) {
      return HttpResponse.json({ error: NEW_AUTHENTICATOR_CODE_WRONG }, { status: 400 });
    }
    replacementStarted = false;
    return HttpResponse.json({
      recoveryCodes: mockRecoveryCodes,
      otherSessionsEnded: accountSessionsFixture.length - 1,
    });
  }),
  http.post(AUTH_PATHS.signOutEverywhere, () =>
    HttpResponse.json({ ok: true, sessionsEnded: accountSessionsFixture.length }),
  ),
];
