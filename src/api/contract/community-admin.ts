import * as z from 'zod/mini';
import { displayName } from './display-name';
import { CURRENCIES } from '../../lib/community-profile';
import {
  COMMUNITY_ADDRESS_MAX,
  COMMUNITY_CODE_MAX,
  COMMUNITY_CODE_PATTERN,
  COMMUNITY_NAME_MAX,
} from '../../lib/community-profile-rules';

// ---- Community profile changes (issue 11; the profile itself is in core.ts) ---------------------

/** PATCH /api/community (Admins): any subset; the server also checks the zone with Intl. */
export const CommunityPatchSchema = z.strictObject({
  name: z.optional(displayName(COMMUNITY_NAME_MAX)),
  code: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1),
        z.maxLength(COMMUNITY_CODE_MAX),
        z.regex(COMMUNITY_CODE_PATTERN, 'letters, numbers and hyphens only'),
      ),
  ),
  address: z.optional(z.string().check(z.trim(), z.maxLength(COMMUNITY_ADDRESS_MAX))),
  timeZone: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  currency: z.optional(z.enum(CURRENCIES)),
});
export type CommunityPatch = z.infer<typeof CommunityPatchSchema>;
