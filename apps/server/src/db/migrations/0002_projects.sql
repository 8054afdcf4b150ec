CREATE TABLE projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  original_filename text NOT NULL,
  page_no integer NOT NULL CHECK (page_no >= 1),
  page_count integer NOT NULL CHECK (page_count >= 1),
  pdf_key text NOT NULL,
  png_key text,
  png_width integer,
  png_height integer,
  page_width_pt double precision,
  page_height_pt double precision,
  file_size integer NOT NULL DEFAULT 0,
  has_result boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_user_created_idx ON projects (user_id, created_at DESC, id);
CREATE INDEX projects_user_name_idx ON projects (user_id, lower(name));
