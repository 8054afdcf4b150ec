import type { Product, UsageResponse } from '@plansight/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { updateSessionUser } from '../../../lib/session';

export interface PaymentRow { id: string; product_name: string; description: string; amount: number; currency: string; created_at: string; status: string }

export const fetchProducts = () => apiRequest<{ products: Product[] }>('/user-plan/products', { auth: false }).then((r) => r.products);
export const fetchPayments = () => apiRequest<{ payments: PaymentRow[] }>('/user-plan/my-payments').then((r) => r.payments);
export const createCheckout = (priceId: string) =>
  apiRequest<{ url: string; checkout_url: string }>('/user-plan/create-checkout-session', {
    method: 'POST',
    json: { price_id: priceId, success_url: window.location.origin, cancel_url: window.location.origin, metadata: {} },
  });
export const confirmTestCheckout = (sessionId: string) =>
  apiRequest<{ credited: boolean }>(`/user-plan/checkout/test/${encodeURIComponent(sessionId)}/confirm`, { method: 'POST' });

/** Re-reads the allowance after a purchase so the header and the projects page show the new count. */
export async function refreshPlanCount(): Promise<UsageResponse> {
  const u = await apiRequest<UsageResponse>('/usage');
  updateSessionUser({ remain_plan: u.remain_plan, used_plan: u.used_plan, total_plan: u.total_plan, can_create_project: u.can_create_project });
  return u;
}

/** Spec section 9: cents / 100 as '$x.xx CURRENCY'; a missing price reads 'Contact us for pricing'. */
export function formatPrice(p: Product['price']): string {
  if (!p) return 'Contact us for pricing';
  return `$${(p.amount / 100).toFixed(2)} ${p.currency || 'AUD'}`;
}

/** '/month' for a recurring price, otherwise 'one-time' (spec section 9). */
export const billingPeriod = (p: Product['price']) => (p?.interval ? `/${p.interval}` : 'one-time');

/** The payment-history alerts of spec section 8, by status. */
export function paymentHistoryError(err: unknown): string {
  const status = err instanceof ApiError ? err.status : 0;
  if (status === 500) return 'The payment history service is temporarily unavailable. Please try again later.';
  if (status === 404) return 'The payment history endpoint was not found. Please contact support.';
  if (status === 401 || status === 403) return 'Your session could not be verified. Please log out and log back in.';
  return (err instanceof ApiError && ApiError.messageOf(err.body)) || 'Failed to load payment history.';
}
