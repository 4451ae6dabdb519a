-- Email as a delivery channel (issue 14): each user's choice of alert and report emails. Alert
-- emails are off until chosen (pushes and the inbox already carry alerts); report emails are on,
-- so a board member named on a schedule gets the report without setting anything up.
ALTER TABLE notification_preferences
  ADD COLUMN email_alerts boolean NOT NULL DEFAULT false,
  ADD COLUMN email_reports boolean NOT NULL DEFAULT true;
