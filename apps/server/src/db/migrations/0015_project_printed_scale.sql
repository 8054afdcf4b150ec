-- The 1:N printed for the plan view of the project's page, read at upload; the ceiling-scale form offers it.
ALTER TABLE projects ADD COLUMN printed_scale integer;
