-- Why a schedule is paused, when a user's removal paused it (server/schedules/leave-schedules.ts):
-- its list is empty, which by itself reads "everyone who chose report notifications", so the
-- Reports page shows this note instead, until the schedule is next edited (PATCH clears it).
ALTER TABLE report_schedules ADD COLUMN paused_note text
  CHECK (paused_note IS NULL OR char_length(paused_note) BETWEEN 1 AND 300);
-- Schedules paused before this migration (by 022, or by a removal since): no name is known, so a
-- generic note. Only where the audit log tells them apart from schedules a person paused: the
-- last change made through the schedule routes (each audited) left the schedule enabled with
-- recipients, so it was paused and emptied since, and only a removal does that. A schedule with
-- no such audit row (saved before schedules were audited) is left alone.
UPDATE report_schedules s
   SET paused_note = 'Paused: its recipients were removed.'
 WHERE NOT s.enabled
   AND cardinality(s.recipient_ids) = 0
   AND s.paused_note IS NULL
   AND coalesce((
         SELECT l.after -> 'enabled' = 'true'::jsonb
                AND CASE WHEN jsonb_typeof(l.after -> 'recipients') = 'array'
                         THEN jsonb_array_length(l.after -> 'recipients') > 0
                         ELSE false END
           FROM audit_log l
          WHERE l.community_id = s.community_id
            AND l.target = s.id::text
            AND l.action IN ('report-schedule.create', 'report-schedule.update')
          ORDER BY l.id DESC
          LIMIT 1), false);
