import type { TinCount } from '@plansight/contracts';

/** '$1,234.50 AUD', as prices are shown elsewhere in the app (spec section 9). */
export const formatMoney = (v: number, currency: string) =>
  `$${v.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

/** '2 × 10 L, 1 × 4 L', or '—' when nothing is needed. */
export const formatTins = (tins: TinCount[]) => (tins.length ? tins.map((t) => `${t.count} × ${t.size_l} L`).join(', ') : '—');

/** '10, 4, 1' → [10, 4, 1]; null when any entry is not a positive number (then the last good sizes stay). */
export function parseTinSizes(text: string): number[] | null {
  const parts = text.split(/[,;\s]+/).map((p) => p.trim().replace(/l$/i, '')).filter(Boolean);
  if (!parts.length || parts.length > 8) return null;
  const sizes = parts.map(Number);
  return sizes.every((s) => Number.isFinite(s) && s > 0 && s <= 1000) ? sizes : null;
}
