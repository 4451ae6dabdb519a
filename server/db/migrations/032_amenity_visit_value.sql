-- What one visit to an amenity is worth, set by its community (Amenities → Settings), in the
-- community's currency. NULL: the default of its type (src/lib/visit-value.ts VISIT_VALUE), as
-- every amenity had before. Read by the dashboard's Revenue Impact and the financial report.
ALTER TABLE amenities
  ADD COLUMN visit_value numeric(8, 2) CHECK (visit_value BETWEEN 0 AND 1000);
