import Stripe from 'stripe';
import type { AppContext } from '../../context.js';

export interface CheckoutSessionInput {
  productId: string;
  productName: string;
  amountCents: number;
  currency: string;
  userId: string;
  userEmail?: string;
  successUrl: string;
  cancelUrl: string;
}

/** The one Stripe API call the app makes. An interface so tests can stand in for Stripe without network. */
export interface StripeGateway {
  createCheckoutSession: (input: CheckoutSessionInput) => Promise<{ id: string; url: string | null }>;
}

/**
 * Real Stripe Checkout. The price is sent as price_data from our products table (the database is the one
 * source of prices), so no Stripe-side catalogue has to be kept in step. The user id travels in metadata
 * and client_reference_id; the webhook checks it against the stored session.
 */
export function createStripeGateway(secretKey: string): StripeGateway {
  const stripe = new Stripe(secretKey);
  return {
    createCheckoutSession: async (i) => {
      const s = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: i.currency, unit_amount: i.amountCents, product_data: { name: i.productName } } }],
        success_url: i.successUrl,
        cancel_url: i.cancelUrl,
        client_reference_id: i.userId,
        customer_email: i.userEmail,
        metadata: { user_id: i.userId, product_id: i.productId },
      });
      return { id: s.id, url: s.url };
    },
  };
}

const gateways = new WeakMap<AppContext, StripeGateway>();

/** Replaces the Stripe client of one app (tests: no network calls to Stripe). */
export function overrideStripeGateway(ctx: AppContext, gateway: StripeGateway): void {
  gateways.set(ctx, gateway);
}

/** The app's Stripe client, or null in local test mode (no STRIPE_SECRET_KEY). Created on first use. */
export function stripeGatewayOf(ctx: AppContext): StripeGateway | null {
  const key = ctx.config.STRIPE_SECRET_KEY;
  if (!key) return null;
  let g = gateways.get(ctx);
  if (!g) gateways.set(ctx, (g = createStripeGateway(key)));
  return g;
}

/** Verifies the Stripe-Signature header over the raw body; throws on a bad or missing signature. */
export function verifyStripeEvent(rawBody: Buffer, signature: string, webhookSecret: string) {
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
}
