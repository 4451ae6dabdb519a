-- Readings are the one big table (a year of minute readings for seven amenities is 3.7 million
-- rows). Its foreign key check ran once per inserted row and cost half of every bulk load and
-- ingest; the ingest path already refuses unknown amenities, and amenities are never deleted.
ALTER TABLE readings DROP CONSTRAINT IF EXISTS readings_community_id_amenity_id_fkey;
