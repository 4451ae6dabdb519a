-- Accounts, sessions, sign-in attempt counters and the audit log. Everything a second server
-- process must see lives here, never in one process's memory.

CREATE TABLE users (
  id serial PRIMARY KEY,
  community_id int NOT NULL REFERENCES communities (id),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  role text NOT NULL CHECK (role IN ('admin', 'manager', 'board')),
  -- argon2id, PHC string format.
  password_hash text NOT NULL,
  -- Base32 TOTP secret; enabled once the user has confirmed a code from it.
  totp_secret text,
  totp_enabled boolean NOT NULL DEFAULT false,
  -- The last time step accepted, so one code cannot be used twice.
  totp_last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  CHECK (NOT totp_enabled OR totp_secret IS NOT NULL)
);
-- One account per address, whatever its letter case.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_community ON users (community_id);

-- Single-use recovery codes, stored as SHA-256 (they are long random strings, so a fast hash is
-- enough); used_at marks one spent.
CREATE TABLE recovery_codes (
  user_id int NOT NULL REFERENCES users (id),
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- A session is the SHA-256 of a random token held in the browser's cookie: a copy of this table
-- signs no one in. Idle (12 h) and absolute (30 days) expiry are checked against these times.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Failed sign-ins per scope ("account:<email>" or "address:<ip>") in a fixed window.
CREATE TABLE sign_in_attempts (
  scope text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  failures int NOT NULL CHECK (failures >= 0)
);
CREATE INDEX sign_in_attempts_window ON sign_in_attempts (window_start);

-- Who did what, when, to what, with the values before and after.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  community_id int NOT NULL REFERENCES communities (id),
  user_id int REFERENCES users (id),
  at timestamptz NOT NULL,
  action text NOT NULL,
  target text,
  before jsonb,
  after jsonb,
  address text
);
CREATE INDEX audit_log_community_at ON audit_log (community_id, at);
