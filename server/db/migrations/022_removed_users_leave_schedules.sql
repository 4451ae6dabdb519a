-- Removed users no longer stay on report schedules (server/users/routes.ts takes them off when
-- they are removed, and pauses a schedule left with no one rather than sending it to everyone).
-- Schedules saved before: the same, once. A schedule that named only removed users is paused.
UPDATE report_schedules s
   SET enabled = s.enabled AND EXISTS (
         SELECT 1 FROM users u
          WHERE u.id = ANY (s.recipient_ids) AND u.removed_at IS NULL),
       recipient_ids = ARRAY(
         SELECT r FROM unnest(s.recipient_ids) AS r
          WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = r AND u.removed_at IS NULL)
          ORDER BY r)
 WHERE EXISTS (
   SELECT 1 FROM users u WHERE u.id = ANY (s.recipient_ids) AND u.removed_at IS NOT NULL);
