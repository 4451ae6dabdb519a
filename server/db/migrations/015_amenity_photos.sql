-- An amenity's photo (issue 11, optional): the image itself, in the database so every server
-- process on one PostgreSQL serves the same one. At most one per amenity; replacing it rewrites
-- the row. The bytes were checked by server/amenities/photo-routes.ts (type from the magic
-- number, size from the header); `sha256` names the version (ETag, the URL's ?v=).
CREATE TABLE amenity_photos (
  amenity_id int PRIMARY KEY REFERENCES amenities (id),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  bytes bytea NOT NULL,
  size int NOT NULL CHECK (size BETWEEN 1 AND 2097152),
  width int NOT NULL CHECK (width BETWEEN 1 AND 8000),
  height int NOT NULL CHECK (height BETWEEN 1 AND 8000),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  updated_at timestamptz NOT NULL,
  updated_by int REFERENCES users (id),
  CHECK (octet_length(bytes) = size)
);
