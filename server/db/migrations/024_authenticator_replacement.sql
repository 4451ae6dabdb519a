-- An Admin who lost the phone with the authenticator signs in with a recovery code and sets up a
-- new authenticator from the Account page. The new secret waits here until a code from the new
-- app confirms it; until then the old one still signs in (a set-up left half-done locks no one out).
ALTER TABLE users ADD COLUMN totp_pending_secret text CHECK (char_length(totp_pending_secret) <= 64);
