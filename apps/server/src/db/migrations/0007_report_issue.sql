-- Issue reports from the in-app dialog; their attachments live in storage under storage_key.
CREATE TABLE issue_reports (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL,
  severity text NOT NULL,
  category text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX issue_reports_user_idx ON issue_reports (user_id, created_at DESC);
CREATE TABLE issue_report_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  report_id uuid NOT NULL REFERENCES issue_reports(id) ON DELETE CASCADE,
  filename text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  storage_key text NOT NULL UNIQUE
);
CREATE INDEX issue_report_files_report_idx ON issue_report_files (report_id);
