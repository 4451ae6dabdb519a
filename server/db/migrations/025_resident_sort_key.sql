-- The residents directory's order: the name without case, accents or the kind of apostrophe
-- (residentSortKey in src/lib/resident-search.ts), compared byte by byte (COLLATE "C"), then the
-- id. Until now it was lower(name) in the database's collation, so PGlite (C) put Élodie after z
-- and PostgreSQL ordered by the server's locale. The server writes the key with every name. SQL
-- cannot fold the same way (PGlite has no unaccent, and lower() under C leaves É as it is), so
-- the rows already here get theirs from the server right after migrating (fillResidentSortKeys
-- in server/residents/store.ts), as does any row written without one. Such a row lists last
-- (NULLS LAST) until then, still in a fixed order for paging.
ALTER TABLE residents ADD COLUMN sort_key text COLLATE "C";
CREATE INDEX residents_sort_key ON residents (community_id, sort_key, id);
-- Nothing orders by lower(name) any more.
DROP INDEX residents_name;
