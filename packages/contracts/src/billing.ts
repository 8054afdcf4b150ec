// Request and response schemas of the billing module (shared by web and server).
import { z } from 'zod';

/** A purchasable plan product as GET /user-plan/products answers it (spec section 3). */
export const productSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  unit_label: z.string(),
  plans_count: z.number().int(),
  price: z.object({ amount: z.number().int(), currency: z.string(), interval: z.string().nullable() }).nullable(),
  price_id: z.string().nullable(),
});
export type Product = z.infer<typeof productSchema>;
export const productsResponseSchema = z.object({ products: z.array(productSchema) });

export const createCheckoutRequestSchema = z.object({
  price_id: z.string().min(1),
  success_url: z.string().optional(),
  cancel_url: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequestSchema>;
/** `url` is Stripe Checkout's address, or the local test-mode page when no STRIPE_SECRET_KEY is set. */
export const checkoutResponseSchema = z.object({ url: z.string(), checkout_url: z.string(), session_id: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** GET /api/usage: the signed-in user's plan allowance and what they have used it on. */
export const usageResponseSchema = z.object({
  remain_plan: z.number().int(),
  used_plan: z.number().int(),
  total_plan: z.number().int(),
  can_create_project: z.boolean(),
  projects_count: z.number().int(),
  purchased_plans: z.number().int(),
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;

/** GET /api/plans: the signed-in user's allowance, the packs they bought and the packs on sale. */
export const plansResponseSchema = z.object({
  remain_plan: z.number().int(),
  used_plan: z.number().int(),
  total_plan: z.number().int(),
  purchases: z.array(z.object({ product_id: z.string(), name: z.string(), plans_count: z.number().int(), created_at: z.string() })),
  available: z.array(productSchema),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/** A payment as GET /user-plan/my-payments lists it; amount in cents. */
export const paymentSchema = z.object({
  id: z.string(),
  product_name: z.string(),
  description: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  status: z.string(),
});
export const paymentsResponseSchema = z.object({ payments: z.array(paymentSchema) });
