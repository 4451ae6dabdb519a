-- Bumped by every change to what readings are judged and rolled up by (the time zone, the
-- amenities and their capacities), under the community's settings lock: a server process that
-- stores readings reloads its copy when the number moved (server/settings-lock.ts), so two
-- processes on one database never judge a reading by different settings.
ALTER TABLE communities ADD COLUMN settings_version bigint NOT NULL DEFAULT 0;
