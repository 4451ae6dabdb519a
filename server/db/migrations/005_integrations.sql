-- LoRaWAN sensors (issue 12). An integration is one network-server application posting to
-- /api/integrations/{id}/uplink with its own secret; only a SHA-256 hash of the secret is kept
-- (secrets are random and long, so a plain hash is enough; it is compared in constant time).
CREATE TABLE integrations (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{2,63}$'),
  community_id int NOT NULL REFERENCES communities (id),
  kind text NOT NULL CHECK (kind IN ('tts', 'chirpstack', 'readings')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  secret_sha256 text NOT NULL CHECK (secret_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A registered people counter: which amenity it counts for and how. counter_state is the
-- running-total state of server/lorawan/to-readings.ts (DeviceState), updated with each uplink
-- under a row lock, so two servers never apply the same device's uplinks from the same state.
CREATE TABLE devices (
  id serial PRIMARY KEY,
  community_id int NOT NULL,
  dev_eui text NOT NULL CHECK (dev_eui ~ '^[0-9A-F]{16}$'),
  amenity_id int NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  model text NOT NULL CHECK (model IN ('vs121', 'vs133')),
  counting_mode text NOT NULL CHECK (counting_mode IN ('area', 'line')),
  -- Lines / regions that count; NULL = all.
  lines int[] CHECK (lines IS NULL OR cardinality(lines) <= 4),
  regions int[] CHECK (regions IS NULL OR cardinality(regions) <= 16),
  -- How often the device is configured to report: the base of its health figures.
  report_interval_s int NOT NULL DEFAULT 600 CHECK (report_interval_s BETWEEN 10 AND 86400),
  last_uplink_at timestamptz,
  battery real CHECK (battery BETWEEN 0 AND 100),
  rssi real,
  snr real,
  counter_state jsonb NOT NULL DEFAULT '{"recent":[],"totals":{},"occupancy":0,"fromZero":false}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (community_id, dev_eui),
  FOREIGN KEY (community_id, amenity_id) REFERENCES amenities (community_id, id)
);

-- Uplinks from dev EUIs no device is registered for: kept for the Admin to assign, never dropped.
CREATE TABLE discovered_devices (
  community_id int NOT NULL REFERENCES communities (id),
  dev_eui text NOT NULL CHECK (dev_eui ~ '^[0-9A-F]{16}$'),
  integration_id text NOT NULL REFERENCES integrations (id),
  device_name text,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  uplinks int NOT NULL DEFAULT 1 CHECK (uplinks >= 1),
  -- What the last uplink said (fPort, decoder, counts or decode error), shown to the Admin.
  last_summary text NOT NULL CHECK (length(last_summary) <= 500),
  PRIMARY KEY (community_id, dev_eui)
);

-- Every uplink (and ChirpStack status event) handled, keyed by the network server's own id of
-- the message: a second delivery hits the primary key and stores nothing new, whichever server
-- process receives it. Also what "uplinks in the last 24 h" is counted from.
CREATE TABLE uplinks (
  integration_id text NOT NULL REFERENCES integrations (id),
  dedup_key text NOT NULL CHECK (length(dedup_key) <= 300),
  community_id int NOT NULL,
  dev_eui text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('uplink', 'status')),
  received_at timestamptz NOT NULL,
  PRIMARY KEY (integration_id, dedup_key)
);
CREATE INDEX uplinks_by_device ON uplinks (community_id, dev_eui, received_at);
