import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { COMMUNITY_PATH, CommunityProfileSchema, type CommunityProfile } from './contract';
import { useMe } from './me';
import { contractQueryFn } from './query-fn';

/**
 * The community profile (issue 11): name, code, address, time zone and currency, stored on the
 * server and the same for every user. Every date, time and amount of the app is shown in it. It
 * is part of the offline snapshot, so a device offline keeps the community's zone.
 */
export function communityQuery() {
  return queryOptions({
    queryKey: [COMMUNITY_PATH],
    queryFn: contractQueryFn(CommunityProfileSchema),
    staleTime: 5 * 60_000,
  });
}

/** Until the profile has loaded once: the demo community's zone and currency. */
export const FALLBACK_PROFILE: CommunityProfile = {
  slug: '',
  name: 'CommonGround',
  code: '',
  address: '',
  timeZone: 'America/Los_Angeles',
  currency: 'USD',
};

/** The profile as loaded, or the fallback (named as /api/me names the community) until then. */
export function useCommunity(): CommunityProfile {
  const profile = useQuery(communityQuery()).data;
  const me = useMe().data;
  return profile ?? { ...FALLBACK_PROFILE, name: me?.community.name ?? FALLBACK_PROFILE.name };
}

/** The same outside React (CSV downloads): what the query cache holds, else the fallback. */
export function communityOf(client: QueryClient): CommunityProfile {
  return client.getQueryData(communityQuery().queryKey) ?? FALLBACK_PROFILE;
}
