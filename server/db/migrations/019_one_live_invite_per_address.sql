-- One live invite link per address in a community: a new invite for an address replaces its
-- pending one (server/users/routes.ts). The index is what holds this when two server processes
-- (or a double click) invite the same address at once. Links made before it: the newest pending
-- one per address stays, the older ones stop working.
DELETE FROM invites i
 WHERE i.accepted_at IS NULL
   AND EXISTS (
     SELECT 1 FROM invites n
      WHERE n.community_id = i.community_id
        AND lower(n.email) = lower(i.email)
        AND n.accepted_at IS NULL
        AND (n.created_at, n.token_hash) > (i.created_at, i.token_hash));
CREATE UNIQUE INDEX invites_one_pending_per_address
  ON invites (community_id, lower(email)) WHERE accepted_at IS NULL;
