import { http, HttpResponse } from 'msw';
import {
  ACCEPT_INVITE_CHECK_PATH,
  INVITES_PATH,
  InviteCheckInputSchema,
  InviteInputSchema,
  USERS_PATH,
  UserPatchSchema,
  describeIssues,
  type InviteCheck,
  type PendingInvite,
  type UserSummary,
} from '../src/api/contract';

/** The community's users as an Admin sees them (issue 11). */
export const usersFixture: UserSummary[] = [
  {
    id: 1,
    name: 'Alex Admin',
    email: 'admin@willowcreek.example',
    role: 'admin',
    totpEnabled: true,
  },
  {
    id: 2,
    name: 'Sarah Johnson',
    email: 'manager@willowcreek.example',
    role: 'manager',
    totpEnabled: false,
  },
  {
    id: 3,
    name: 'Bob Board',
    email: 'board@willowcreek.example',
    role: 'board',
    totpEnabled: false,
  },
];

/** One invite waiting to be accepted, as the Users tab lists it. */
export const pendingInvitesFixture: PendingInvite[] = [
  {
    id: 1,
    email: 'treasurer@willowcreek.example',
    role: 'board',
    createdAt: '2026-03-18T12:00:00.000Z',
    expiresAt: '2026-03-25T12:00:00.000Z',
    invitedBy: 'Alex Admin',
  },
];

const LAST_ADMIN = 'The last Admin cannot be removed or demoted; make another user Admin first';

/** What any invite link checks as here: live (tests override it for a dead link). */
export const inviteCheckFixture: InviteCheck = {
  email: 'new@example.org',
  role: 'board',
  expiresAt: '2026-03-25T12:00:00.000Z',
};

/** Invite, revoke, change role, remove, with the server's last-Admin rule; nothing is kept. */
export const usersHandlers = [
  http.get(USERS_PATH, () => HttpResponse.json(usersFixture)),
  http.get(INVITES_PATH, () => HttpResponse.json(pendingInvitesFixture)),
  http.delete(`${INVITES_PATH}/:id`, ({ params }) =>
    pendingInvitesFixture.some((i) => String(i.id) === params.id)
      ? new HttpResponse(null, { status: 204 })
      : HttpResponse.json({ error: `No pending invite ${String(params.id)}` }, { status: 404 }),
  ),
  http.post(INVITES_PATH, async ({ request }) => {
    const parsed = InviteInputSchema.safeParse(await request.json());
    if (!parsed.success) {
      return HttpResponse.json({ error: describeIssues(parsed.error) }, { status: 400 });
    }
    return HttpResponse.json(
      {
        ...parsed.data,
        invitePath: '/accept-invite#token=fixture-token-0123456789abcdef',
        expiresAt: '2026-03-25T12:00:00.000Z',
      },
      { status: 201 },
    );
  }),
  http.post(ACCEPT_INVITE_CHECK_PATH, async ({ request }) => {
    const parsed = InviteCheckInputSchema.safeParse(await request.json());
    if (!parsed.success) {
      return HttpResponse.json({ error: describeIssues(parsed.error) }, { status: 400 });
    }
    return HttpResponse.json(inviteCheckFixture);
  }),
  http.patch(`${USERS_PATH}/:id`, async ({ params, request }) => {
    const user = usersFixture.find((u) => String(u.id) === params.id);
    const parsed = UserPatchSchema.safeParse(await request.json());
    if (!user || !parsed.success)
      return HttpResponse.json({ error: 'No such user' }, { status: 404 });
    if (user.role === 'admin' && parsed.data.role !== 'admin') {
      return HttpResponse.json({ error: LAST_ADMIN }, { status: 409 });
    }
    return HttpResponse.json({ ...user, role: parsed.data.role });
  }),
  http.delete(`${USERS_PATH}/:id`, ({ params }) => {
    const user = usersFixture.find((u) => String(u.id) === params.id);
    if (!user) return HttpResponse.json({ error: 'No such user' }, { status: 404 });
    if (user.role === 'admin') return HttpResponse.json({ error: LAST_ADMIN }, { status: 409 });
    return new HttpResponse(null, { status: 204 });
  }),
];
