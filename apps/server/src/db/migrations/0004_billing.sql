CREATE TABLE products (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  features text[] NOT NULL DEFAULT '{}',
  plans_count integer NOT NULL CHECK (plans_count > 0),
  amount_cents integer CHECK (amount_cents >= 0),
  currency text NOT NULL DEFAULT 'aud',
  price_id text UNIQUE,
  active boolean NOT NULL DEFAULT true
);
INSERT INTO products (id, name, description, features, plans_count, amount_cents, price_id) VALUES
  ('plans_5', 'Starter', 'For a small crew measuring a few jobs a month.', '{"5 project plans","PDF reports"}', 5, 2500, 'price_plans_5'),
  ('plans_15', 'Professional', 'For busy estimators.', '{"15 project plans","PDF reports","Priority support"}', 15, 6000, 'price_plans_15'),
  ('plans_50', 'Business', 'For companies with many sites.', '{"50 project plans","PDF reports","Priority support"}', 50, 15000, 'price_plans_50');
-- provider_session_id is unique so a repeated webhook or confirm can credit only once.
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id text NOT NULL REFERENCES products(id),
  provider_session_id text NOT NULL UNIQUE,
  plans_count integer NOT NULL,
  amount_cents integer NOT NULL,
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_user_created_idx ON payments (user_id, created_at DESC);
