-- Events a community plans to hold (upcoming), beside the events it held (events): a date, a time
-- window within the day in the community's zone (minutes after local midnight, never crossing
-- midnight, as amenity_hours), and how many people it is planned for. Written by
-- server/events/planned-routes.ts (Community management's "Upcoming events", Amy Events' "Save
-- to the community's events"); the same day, amenity and title is one event.
CREATE TABLE planned_events (
  id serial PRIMARY KEY,
  community_id int NOT NULL,
  amenity_id int NOT NULL,
  starts_on date NOT NULL,
  start_minute int NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
  end_minute int NOT NULL CHECK (end_minute BETWEEN 1 AND 1440),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  category text NOT NULL
    CHECK (category IN ('seasonal', 'community', 'recreational', 'educational', 'wellness')),
  planned_attendance int NOT NULL CHECK (planned_attendance BETWEEN 1 AND 100000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_minute > start_minute),
  UNIQUE (community_id, starts_on, amenity_id, title),
  FOREIGN KEY (community_id, amenity_id) REFERENCES amenities (community_id, id)
);
