-- When each amenity was added (GET /api/usage/gaps: an amenity is not silent before it existed,
-- README "Coverage"). NULL for the amenities already here: they count as there since the
-- beginning, as before. The server sets it on every insert (the community's creation time for
-- the amenities created with it, the request's time for one added in Settings).
ALTER TABLE amenities ADD COLUMN created_at timestamptz;
