-- A pending invite needs a name the Users tab can list and revoke it by: the token's hash is a
-- secret and stays inside the server. Existing invites are numbered as the column is added.
ALTER TABLE invites ADD COLUMN id serial UNIQUE;
