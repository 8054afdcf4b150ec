-- Any common sheet: ISO A0-A4, ANSI A-E, ARCH A-E1 and PAGE (the page's own printed size is the paper).
ALTER TABLE measure_settings DROP CONSTRAINT IF EXISTS measure_settings_paper_size_check;
ALTER TABLE measure_settings ADD CONSTRAINT measure_settings_paper_size_check CHECK (paper_size IN (
  'A0', 'A1', 'A2', 'A3', 'A4',
  'ANSI A', 'ANSI B', 'ANSI C', 'ANSI D', 'ANSI E',
  'ARCH A', 'ARCH B', 'ARCH C', 'ARCH D', 'ARCH E', 'ARCH E1',
  'PAGE'
));
