-- Whole days an amenity is closed whatever its weekly hours say (a pool closed for the winter, a
-- hall over the holidays): days of the community's zone, first to last both included. Written
-- with the amenity's settings (server/amenities/routes.ts); the bounds are
-- src/lib/amenity-closures.ts's, checked there first.
CREATE TABLE amenity_closures (
  amenity_id int NOT NULL REFERENCES amenities (id),
  first_day date NOT NULL CHECK (first_day BETWEEN '2000-01-01' AND '2999-12-31'),
  last_day date NOT NULL CHECK (last_day BETWEEN '2000-01-01' AND '2999-12-31'),
  reason text NOT NULL DEFAULT '' CHECK (char_length(reason) <= 80),
  CHECK (last_day >= first_day AND last_day - first_day < 366),
  PRIMARY KEY (amenity_id, first_day)
);
