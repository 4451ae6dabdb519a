-- CommonGround schema. Every row carries a community id, so one deployment can serve many
-- communities. Times are timestamptz (instants); "local" days and hours are in the community's
-- time zone. Readings are the raw facts; the endpoints read the hourly and daily rollups.

CREATE TABLE communities (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  time_zone text NOT NULL
);

CREATE TABLE amenities (
  id serial PRIMARY KEY,
  community_id int NOT NULL REFERENCES communities (id),
  slug text NOT NULL,
  name text NOT NULL,
  type text NOT NULL
    CHECK (type IN ('lawn', 'hall', 'yard', 'lake', 'heritage', 'street', 'playground')),
  description text NOT NULL DEFAULT '',
  capacity int NOT NULL CHECK (capacity > 0),
  -- Opening hours in minutes after local midnight; 0 and 1440 mean open all day.
  opens_minute int NOT NULL CHECK (opens_minute BETWEEN 0 AND 1439),
  closes_minute int NOT NULL CHECK (closes_minute BETWEEN 1 AND 1440),
  color text NOT NULL CHECK (color ~ '^#[0-9a-f]{6}$'),
  position int NOT NULL DEFAULT 0,
  UNIQUE (community_id, slug),
  UNIQUE (community_id, id),
  CHECK (closes_minute > opens_minute)
);

-- One sensor reading: people present at `time`, people who came in since the previous reading,
-- and the mean visit length (minutes) of those visits.
CREATE TABLE readings (
  community_id int NOT NULL,
  amenity_id int NOT NULL,
  time timestamptz NOT NULL,
  occupancy int NOT NULL CHECK (occupancy >= 0),
  entries int NOT NULL CHECK (entries >= 0),
  dwell_minutes real NOT NULL CHECK (dwell_minutes >= 0),
  PRIMARY KEY (community_id, amenity_id, time),
  FOREIGN KEY (community_id, amenity_id) REFERENCES amenities (community_id, id)
);

-- Rollups per amenity per local hour and per local day. dwell_total is the sum of
-- entries x dwell_minutes, so a mean session time is dwell_total / entries.
CREATE TABLE readings_hourly (
  community_id int NOT NULL,
  hour timestamptz NOT NULL,
  amenity_id int NOT NULL,
  readings int NOT NULL,
  entries int NOT NULL,
  occupancy_sum bigint NOT NULL,
  occupancy_max int NOT NULL,
  dwell_total float8 NOT NULL,
  PRIMARY KEY (community_id, hour, amenity_id)
);

CREATE TABLE readings_daily (
  community_id int NOT NULL,
  day date NOT NULL,
  amenity_id int NOT NULL,
  readings int NOT NULL,
  entries int NOT NULL,
  occupancy_sum bigint NOT NULL,
  occupancy_max int NOT NULL,
  dwell_total float8 NOT NULL,
  PRIMARY KEY (community_id, day, amenity_id)
);

-- Events held at an amenity. `kind` names the event template when there is one (Amy compares
-- like with like); planned_attendance is the turnout the organisers planned for.
CREATE TABLE events (
  id serial PRIMARY KEY,
  community_id int NOT NULL,
  amenity_id int NOT NULL,
  held_on date NOT NULL,
  kind text,
  title text NOT NULL,
  category text NOT NULL
    CHECK (category IN ('seasonal', 'community', 'recreational', 'educational', 'wellness')),
  attendance int NOT NULL CHECK (attendance >= 0),
  planned_attendance int NOT NULL CHECK (planned_attendance > 0),
  cost float8 NOT NULL CHECK (cost >= 0),
  UNIQUE (community_id, held_on, amenity_id, title),
  FOREIGN KEY (community_id, amenity_id) REFERENCES amenities (community_id, id)
);
