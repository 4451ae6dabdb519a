-- Failed keys at the machine-to-machine endpoints (POST /api/readings' ingest key, an
-- integration's secret at POST /api/integrations/:id/uplink), per scope ("ingest:<address>",
-- "uplink:<address>") in a fixed window ending at window_end. Counted here rather than in each
-- process's memory, so servers sharing one database share the count: 10 failures a minute from an
-- address, not 10 per process. Rows whose window has ended are dropped when a new window starts.
CREATE TABLE key_failures (
  scope text PRIMARY KEY,
  window_end timestamptz NOT NULL,
  failures int NOT NULL CHECK (failures >= 0)
);
CREATE INDEX key_failures_window_end ON key_failures (window_end);
