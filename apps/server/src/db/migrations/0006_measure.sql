-- Measure module: ceiling and scale per project, the project's current analysis (a job's state and result),
-- and the user's room edits, kept apart from the engine's result so a re-measure keeps them.
CREATE TABLE measure_settings (
  project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  scale_ratio text NOT NULL,
  scale_number integer NOT NULL CHECK (scale_number > 0),
  paper_size text NOT NULL CHECK (paper_size IN ('A0', 'A1', 'A2', 'A3', 'A4')),
  ceiling_height_mm double precision NOT NULL CHECK (ceiling_height_mm > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One current analysis per project. run_id changes whenever the inputs change, so a late job of an old run
-- can never overwrite a newer one; heartbeat_at is the running worker's lease (stale = the worker died).
CREATE TABLE measure_analyses (
  project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  run_id uuid NOT NULL,
  params jsonb NOT NULL,
  params_key text NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'processing', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  result jsonb,
  error text,
  error_code text,
  queued_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  heartbeat_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX measure_analyses_open_idx ON measure_analyses (status, heartbeat_at) WHERE status IN ('queued', 'processing');

CREATE TABLE measure_room_edits (
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  room_id text NOT NULL,
  label text,
  excluded boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, room_id)
);
