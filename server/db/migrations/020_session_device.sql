-- A short, readable name of the browser that started each session ("Chrome on Android"), so a
-- user can tell their sessions apart on the Account page and end the one on a lost phone.
-- Sessions started before this migration have none and show as an unknown browser.
ALTER TABLE sessions ADD COLUMN device text CHECK (char_length(device) <= 60);
