-- Room edits beyond rename/exclude: the user's outline, windows and doors, drawn rooms and deleted rooms.
-- Geometry is stored in PDF points of the page (not millimetres) so that a re-measure at another scale keeps
-- every edit where it was drawn on the plan. anchor_pt is the detected outline the edit was made on: after a
-- re-measure the edit goes back to the detected room with the same id, else to the one overlapping it most.
ALTER TABLE measure_room_edits
  ADD COLUMN source text NOT NULL DEFAULT 'detected' CHECK (source IN ('detected', 'added')),
  ADD COLUMN deleted boolean NOT NULL DEFAULT false,
  ADD COLUMN polygon_pt jsonb,
  ADD COLUMN anchor_pt jsonb,
  ADD COLUMN windows jsonb,
  ADD COLUMN doors jsonb,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();

-- One counter per project, raised by every saved edit: the later save wins and a second tab can tell.
CREATE TABLE measure_edit_versions (
  project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
