import type { Product } from '@plansight/contracts';

const plansIn = (label: string) => Number(/\d+/.exec(label)?.[0] ?? Number.NaN);

/** The purchase page's order: by the number in unit_label, else by name (spec section 7). */
export function byPlanCount(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => {
    const x = plansIn(a.unit_label);
    const y = plansIn(b.unit_label);
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) === Number.isNaN(y) ? a.name.localeCompare(b.name) : Number.isNaN(x) ? 1 : -1;
    return x - y || a.name.localeCompare(b.name);
  });
}

/** The pricing modal's order: ascending price; products without a price last (spec section 7). */
export const byPrice = (products: readonly Product[]): Product[] =>
  [...products].sort((a, b) => (a.price?.amount ?? Infinity) - (b.price?.amount ?? Infinity));
