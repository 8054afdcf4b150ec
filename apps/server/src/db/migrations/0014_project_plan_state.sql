-- Whether a project holds one of its owner's plans: 'spent' (created by an upload), 'refunded' (given back
-- once after an analysis failed on our side) or 'free' (a duplicate, which never spent one). A plan is given
-- back only from 'spent', in the same statement that moves it to 'refunded', so it is never given back twice.
ALTER TABLE projects
  ADD COLUMN plan_state text NOT NULL DEFAULT 'spent' CHECK (plan_state IN ('spent', 'refunded', 'free'));
