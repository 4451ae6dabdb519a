-- Uplinks of a people counter whose reading broke a bound of server/ingest.ts (e.g. a line
-- counter's totals jumping by more than 10 x capacity after an outage): no reading was stored for
-- them, and these are the entries not counted, between which times and why, newest last (at most
-- 20; contiguous ones merged). server/lorawan/uncounted.ts writes it; GET /api/sensors shows the
-- recent ones to the Admin as a warning. The device's counting state still moved on past them.
ALTER TABLE devices ADD COLUMN uncounted jsonb NOT NULL DEFAULT '[]';
