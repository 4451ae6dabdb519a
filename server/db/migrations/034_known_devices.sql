-- Browsers that have signed in to an account, by the hash of the token in their cg_device
-- cookie (server/auth/known-devices.ts). A sign-in or password check from one is counted against
-- that browser instead of the account, so wrong passwords sent from elsewhere lock the account
-- for everyone else but not for its own browsers: an outsider cannot keep a user out for good.
CREATE TABLE known_devices (
  token_hash text PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);
CREATE INDEX known_devices_user ON known_devices (user_id, created_at);
