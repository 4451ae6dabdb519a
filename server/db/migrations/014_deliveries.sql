-- Delivery of alerts and scheduled reports to people (issue 14): a durable queue of deliveries,
-- one row per destination (a push subscription, later an email address), that every server
-- process works through with FOR UPDATE SKIP LOCKED; Web Push subscriptions and the VAPID keys
-- all processes share; each user's notification preferences.

-- Keys generated once and shared by every server process (the VAPID key pair).
CREATE TABLE server_keys (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE push_subscriptions (
  id serial PRIMARY KEY,
  community_id int NOT NULL REFERENCES communities (id),
  user_id int NOT NULL REFERENCES users (id),
  endpoint text NOT NULL CHECK (length(endpoint) BETWEEN 9 AND 2048),
  p256dh text NOT NULL CHECK (length(p256dh) BETWEEN 80 AND 100),
  auth text NOT NULL CHECK (length(auth) BETWEEN 16 AND 32),
  created_at timestamptz NOT NULL,
  UNIQUE (endpoint)
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- No row: the defaults (push on for alerts and reports, no quiet hours).
CREATE TABLE notification_preferences (
  user_id int PRIMARY KEY REFERENCES users (id),
  push_alerts boolean NOT NULL DEFAULT true,
  push_reports boolean NOT NULL DEFAULT true,
  -- Local minutes after midnight in the community's zone; both null means none.
  quiet_start_minute int CHECK (quiet_start_minute BETWEEN 0 AND 1439),
  quiet_end_minute int CHECK (quiet_end_minute BETWEEN 0 AND 1439),
  updated_at timestamptz NOT NULL,
  CHECK ((quiet_start_minute IS NULL) = (quiet_end_minute IS NULL))
);

CREATE TABLE deliveries (
  id bigserial PRIMARY KEY,
  community_id int NOT NULL REFERENCES communities (id),
  user_id int NOT NULL REFERENCES users (id),
  -- A channel of server/delivery/channels.ts ('push'; 'email' plugs in the same way).
  channel text NOT NULL CHECK (length(channel) BETWEEN 1 AND 32),
  -- The channel's destination: a push subscription id; an email address.
  target text,
  alert_id int REFERENCES alerts (id) ON DELETE CASCADE,
  report_id int REFERENCES report_archive (id) ON DELETE CASCADE,
  -- What is sent, fixed at fan-out, so a retry sends the same message.
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
  attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- Due time; while a worker holds a claim it is the end of the claim's lease.
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  CHECK ((alert_id IS NULL) <> (report_id IS NULL))
);
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX deliveries_alert ON deliveries (alert_id) WHERE alert_id IS NOT NULL;
CREATE INDEX deliveries_report ON deliveries (report_id) WHERE report_id IS NOT NULL
