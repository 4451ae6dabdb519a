-- Ingest bounds and 64-bit sums. A community has a creation instant: readings from before it are
-- refused (for existing communities it is the start of their recorded history). Rollup entry
-- counts are bigint, so no sum of bounded readings can overflow.
ALTER TABLE communities ADD COLUMN IF NOT EXISTS created_at timestamptz;
UPDATE communities c
   SET created_at = COALESCE(
         (SELECT min(h.hour) FROM readings_hourly h WHERE h.community_id = c.id), now())
 WHERE created_at IS NULL;
ALTER TABLE communities ALTER COLUMN created_at SET DEFAULT now();
ALTER TABLE communities ALTER COLUMN created_at SET NOT NULL;
ALTER TABLE readings_hourly ALTER COLUMN entries TYPE bigint;
ALTER TABLE readings_daily ALTER COLUMN entries TYPE bigint;
