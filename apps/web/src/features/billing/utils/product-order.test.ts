import type { Product } from '@plansight/contracts';
import { describe, expect, it } from 'vitest';
import { byPlanCount, byPrice } from './product-order';

const product = (name: string, unit_label: string, amount: number | null): Product => ({
  id: name, product_id: name, name, description: '', features: [], unit_label, plans_count: 0,
  price: amount === null ? null : { amount, currency: 'AUD', interval: null }, price_id: amount === null ? null : `price_${name}`,
});

describe('product order', () => {
  const list = [product('Business', '50 plans', 15000), product('Custom', 'by arrangement', null), product('Starter', '5 plans', 2500), product('Team', '15 plans', 1000)];

  it('sorts the purchase page by the number in unit_label (not as text), then by name', () => {
    expect(byPlanCount(list).map((p) => p.name)).toEqual(['Starter', 'Team', 'Business', 'Custom']);
    expect(byPlanCount([product('B', 'plans', 1), product('A', 'plans', 2)]).map((p) => p.name)).toEqual(['A', 'B']);
  });

  it('sorts the pricing modal by ascending price with unpriced products last', () => {
    expect(byPrice(list).map((p) => p.name)).toEqual(['Team', 'Starter', 'Business', 'Custom']);
  });
});
