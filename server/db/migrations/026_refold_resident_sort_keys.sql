-- The directory's fold changed (foldForSearch in src/lib/resident-search.ts): Ø, Æ, Œ, ß, Ł,
-- Đ, Ð, Þ, ı and other letters NFD leaves whole now sort with the letters typed for them (Ørjan
-- with the Os, not after z), and apostrophes are dropped (O’Connor beside OConnor). SQL cannot
-- fold as the server does (migration 025), so every stored key is cleared here and the server
-- writes the new one right after migrating (fillResidentSortKeys in server/residents/store.ts),
-- as it did for 025. Until then the directory lists in id order (NULLS LAST, then id).
UPDATE residents SET sort_key = NULL;
