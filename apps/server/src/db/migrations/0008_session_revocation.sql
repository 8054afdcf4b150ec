-- Access tokens issued before this moment are refused (set when the password changes, e.g. by a reset).
ALTER TABLE users ADD COLUMN IF NOT EXISTS sessions_revoked_at timestamptz;
