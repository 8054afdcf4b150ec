-- Per-account failed-login counter (keyed by the lower-cased e-mail, whether or not an account exists, so
-- that a lock-out never tells an attacker which addresses have accounts).
CREATE TABLE login_failures (
  email text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);
