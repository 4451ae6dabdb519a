-- Alerts and scheduled reports (issue 14). Rules are per amenity; every rule has one state row
-- that evaluations lock (SELECT ... FOR UPDATE), so several servers on one database fire each
-- alert once. Until users exist, the inbox and its read state are per community: read state is
-- keyed by a recipient id string ('community' for now, a user id later) and alerts carry a
-- nullable user_id for targeted alerts.

CREATE TABLE alert_rules (
  id serial PRIMARY KEY,
  community_id int NOT NULL,
  amenity_id int NOT NULL,
  kind text NOT NULL CHECK (kind IN ('occupancy', 'silent', 'unusual', 'after_hours')),
  -- Fires at or above threshold; re-arms below rearm_below (hysteresis). Units by kind:
  -- occupancy % of capacity, silent reporting intervals, unusual robust z-score, after_hours people.
  threshold float8 NOT NULL CHECK (threshold > 0 AND threshold <= 1000),
  rearm_below float8 NOT NULL CHECK (rearm_below >= 0),
  cooldown_minutes int NOT NULL CHECK (cooldown_minutes BETWEEN 0 AND 10080),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (rearm_below <= threshold),
  FOREIGN KEY (community_id, amenity_id) REFERENCES amenities (community_id, id)
);
CREATE INDEX alert_rules_amenity ON alert_rules (community_id, amenity_id);

-- Amenities whose default rules were created once (deleting a default rule keeps it deleted).
CREATE TABLE alert_rule_defaults (
  community_id int NOT NULL,
  amenity_id int NOT NULL,
  PRIMARY KEY (community_id, amenity_id)
);

CREATE TABLE alert_state (
  rule_id int PRIMARY KEY REFERENCES alert_rules (id) ON DELETE CASCADE,
  phase text NOT NULL DEFAULT 'armed' CHECK (phase IN ('armed', 'firing')),
  last_fired_at timestamptz,
  -- Readings up to this instant have been judged: a reading is never judged twice.
  evaluated_through timestamptz
);

CREATE TABLE alerts (
  id serial PRIMARY KEY,
  community_id int NOT NULL,
  rule_id int REFERENCES alert_rules (id) ON DELETE SET NULL,
  amenity_id int NOT NULL,
  kind text NOT NULL,
  message text NOT NULL,
  value float8 NOT NULL,
  -- The reading (or check) that crossed the threshold.
  observed_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  user_id int,
  -- A second guard under the row lock: one alert per rule per observation.
  UNIQUE (rule_id, observed_at)
);
CREATE INDEX alerts_inbox ON alerts (community_id, created_at DESC, id DESC);

CREATE TABLE alert_reads (
  alert_id int NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  recipient text NOT NULL,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (alert_id, recipient)
);

CREATE TABLE report_schedules (
  id serial PRIMARY KEY,
  community_id int NOT NULL REFERENCES communities (id),
  kind text NOT NULL CHECK (kind IN ('usage')),
  cadence text NOT NULL CHECK (cadence IN ('weekly', 'monthly')),
  weekday int CHECK (weekday BETWEEN 0 AND 6),
  day_of_month int CHECK (day_of_month BETWEEN 1 AND 28),
  minute_of_day int NOT NULL CHECK (minute_of_day BETWEEN 0 AND 1439),
  recipients text[] NOT NULL DEFAULT '{}',
  enabled boolean NOT NULL DEFAULT true,
  next_run_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((cadence = 'weekly') = (weekday IS NOT NULL)),
  CHECK ((cadence = 'monthly') = (day_of_month IS NOT NULL))
);
CREATE INDEX report_schedules_due ON report_schedules (next_run_at) WHERE enabled;

CREATE TABLE report_archive (
  id serial PRIMARY KEY,
  community_id int NOT NULL REFERENCES communities (id),
  schedule_id int REFERENCES report_schedules (id) ON DELETE SET NULL,
  kind text NOT NULL,
  title text NOT NULL,
  period_from date NOT NULL,
  period_to date NOT NULL,
  built_at timestamptz NOT NULL,
  csv text NOT NULL,
  summary jsonb NOT NULL
);
CREATE INDEX report_archive_list ON report_archive (community_id, built_at DESC, id DESC);
