-- Schedule recipients are users of the community (issue 14), not free text: a report is pushed
-- and emailed to them (an empty list: to everyone who chose report notifications). Names or
-- addresses typed before this migration are matched to users by email or exact name; others
-- are dropped (they were never sent anything).
ALTER TABLE report_schedules ADD COLUMN recipient_ids int[] NOT NULL DEFAULT '{}';
UPDATE report_schedules s
   SET recipient_ids = ARRAY(
     SELECT u.id FROM users u
      WHERE u.community_id = s.community_id AND u.removed_at IS NULL
        AND (lower(u.email) IN (SELECT lower(trim(r)) FROM unnest(s.recipients) AS r)
             OR u.name IN (SELECT trim(r) FROM unnest(s.recipients) AS r))
      ORDER BY u.id);
ALTER TABLE report_schedules DROP COLUMN recipients;
ALTER TABLE report_schedules
  ADD CONSTRAINT report_schedules_recipients_bounded CHECK (cardinality(recipient_ids) <= 50);
