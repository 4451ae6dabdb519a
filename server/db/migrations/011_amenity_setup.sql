-- What a community sets up itself (issue 11): each amenity's monthly operating cost (read by the
-- fee reports) and archiving. An archived amenity leaves the live views but keeps its readings,
-- so its history stays in reports; amenities are never deleted.
ALTER TABLE amenities
  ADD COLUMN monthly_operating_cost numeric(12, 2)
    CHECK (monthly_operating_cost BETWEEN 0 AND 10000000);
ALTER TABLE amenities ADD COLUMN archived_at timestamptz;

-- The demo community's costs were constants in the analytics endpoint until now.
UPDATE amenities a
   SET monthly_operating_cost = v.cost
  FROM communities c,
       (VALUES ('great-lawn', 4200), ('solis-hall', 6800), ('the-yard', 2900),
               ('grand-lake', 5400), ('heritage-tree', 800), ('sunny-playground', 1500))
         AS v (slug, cost)
 WHERE c.id = a.community_id AND c.slug = 'willow-creek' AND a.slug = v.slug;

-- Invitations to join a community: the SHA-256 of a random token shown once to the inviting
-- Admin (a copy of this table lets no one in). Accepting one creates the account, once.
CREATE TABLE invites (
  token_hash text PRIMARY KEY,
  community_id int NOT NULL REFERENCES communities (id),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  role text NOT NULL CHECK (role IN ('admin', 'manager', 'board')),
  invited_by int REFERENCES users (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz
);
CREATE INDEX invites_community ON invites (community_id);
