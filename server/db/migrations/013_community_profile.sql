-- The community profile (issue 11): what Settings → General edits for every user of the
-- community. The name and time zone were already here.
ALTER TABLE communities
  ADD COLUMN code text NOT NULL DEFAULT '' CHECK (length(code) <= 40);
ALTER TABLE communities
  ADD COLUMN address text NOT NULL DEFAULT '' CHECK (length(address) <= 300);
ALTER TABLE communities
  ADD COLUMN currency text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$');
UPDATE communities SET code = upper(slug) WHERE code = '';
UPDATE communities
   SET code = 'WCCA-2024', address = '1200 Willow Creek Parkway, Irvine, CA 92618'
 WHERE slug = 'willow-creek';

-- Opening hours per weekday (0 = Sunday ... 6 = Saturday); no row is closed that day. Hours never
-- cross midnight (1440 is the end of the day). The one pair of times of every amenity becomes
-- the same hours on all seven days.
CREATE TABLE amenity_hours (
  amenity_id int NOT NULL REFERENCES amenities (id),
  weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  opens_minute int NOT NULL CHECK (opens_minute BETWEEN 0 AND 1439),
  closes_minute int NOT NULL CHECK (closes_minute BETWEEN 1 AND 1440),
  CHECK (closes_minute > opens_minute),
  PRIMARY KEY (amenity_id, weekday)
);
INSERT INTO amenity_hours (amenity_id, weekday, opens_minute, closes_minute)
SELECT a.id, d.weekday, a.opens_minute, a.closes_minute
  FROM amenities a CROSS JOIN generate_series(0, 6) AS d (weekday);
ALTER TABLE amenities DROP COLUMN opens_minute;
ALTER TABLE amenities DROP COLUMN closes_minute;

-- The Admins' audit page reads newest first, page by page.
CREATE INDEX audit_log_community_id ON audit_log (community_id, id DESC);
