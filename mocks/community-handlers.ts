import { http, HttpResponse } from 'msw';
import {
  AUDIT_PATH,
  COMMUNITY_PATH,
  CommunityPatchSchema,
  describeIssues,
  type AuditEntry,
  type AuditPage,
  type CommunityProfile,
} from '../src/api/contract';
import { auditActionMatches } from '../src/lib/audit-filters';
import { isTimeZone } from '../src/lib/community-profile-rules';

/** The demo community's profile (issue 11). */
export const communityFixture: CommunityProfile = {
  slug: 'willow-creek',
  name: 'Willow Creek Community Association',
  code: 'WCCA-2024',
  address: '1200 Willow Creek Parkway, Irvine, CA 92618',
  timeZone: 'America/Los_Angeles',
  currency: 'USD',
};

/** A few audit rows, newest first, as an Admin sees them (secrets already hidden). */
export const auditFixture: AuditEntry[] = [
  {
    id: 3,
    at: '2026-11-20T17:05:00.000Z',
    actor: { id: 1, name: 'Alex Admin', email: 'admin@willowcreek.example' },
    action: 'community.update',
    target: 'willow-creek',
    before: { name: 'Willow Creek', timeZone: 'America/Los_Angeles' },
    after: { name: 'Willow Creek Community Association', timeZone: 'America/Los_Angeles' },
  },
  {
    id: 2,
    at: '2026-11-19T16:00:00.000Z',
    actor: { id: 2, name: 'Sarah Johnson', email: 'manager@willowcreek.example' },
    action: 'amenity.update',
    target: 'solis-hall',
    before: { capacity: 100 },
    after: { capacity: 120 },
  },
  {
    id: 1,
    at: '2026-11-18T15:00:00.000Z',
    actor: null,
    action: 'sign-in.failed',
    target: 'nobody@example.org',
    before: null,
    after: { reason: 'unknown account', secretHash: '[hidden]' },
  },
];

const badRequest = (message: string) => HttpResponse.json({ error: message }, { status: 400 });

/** Read and change the profile, checked like the server checks it; nothing is kept. */
export const communityHandlers = [
  http.get(COMMUNITY_PATH, () => HttpResponse.json(communityFixture)),
  http.patch(COMMUNITY_PATH, async ({ request }) => {
    const parsed = CommunityPatchSchema.safeParse(await request.json());
    if (!parsed.success) return badRequest(describeIssues(parsed.error));
    if (parsed.data.timeZone !== undefined && !isTimeZone(parsed.data.timeZone)) {
      return badRequest('timeZone: not a time zone; use an IANA name such as America/Los_Angeles');
    }
    return HttpResponse.json({ ...communityFixture, ...parsed.data });
  }),
  http.get(AUDIT_PATH, ({ request }) => {
    const url = new URL(request.url);
    const action = url.searchParams.get('action') ?? '';
    const before = Number(url.searchParams.get('before') ?? Infinity);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const matching = auditFixture.filter(
      (entry) => entry.id < before && auditActionMatches(action, entry.action),
    );
    const entries = matching.slice(0, limit);
    const page: AuditPage = {
      entries,
      nextBefore: matching.length > limit ? (entries.at(-1)?.id ?? null) : null,
    };
    return HttpResponse.json(page);
  }),
];
