-- The list orders by (created_at, id) or (lower(name), id), both columns in the same direction. The old
-- (created_at DESC, id) index matched neither order, so every page needed a sort step; plain ascending
-- indexes serve both directions by scanning forwards or backwards.
DROP INDEX IF EXISTS projects_user_created_idx;
DROP INDEX IF EXISTS projects_user_name_idx;
CREATE INDEX projects_user_created_idx ON projects (user_id, created_at, id);
CREATE INDEX projects_user_name_idx ON projects (user_id, lower(name), id);
