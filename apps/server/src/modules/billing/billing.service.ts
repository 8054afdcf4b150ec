import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutResponse, CreateCheckoutRequest } from '@plansight/contracts';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../errors.js';
import { findPaymentBySession, findProductByPriceId, findUserEmail, fulfilPayment, insertPendingPayment, type Fulfilment } from './billing.repository.js';
import { stripeGatewayOf, verifyStripeEvent } from './billing.stripe.js';

/**
 * Where Stripe may send the browser back to: only our own origins (PUBLIC_URL, CORS_ORIGINS), so a
 * checkout cannot be turned into an open redirect. A bare origin (the spec's default) lands on
 * /upgrade-plans, which shows the new count.
 */
export function returnUrl(ctx: AppContext, asked: string | undefined, outcome: 'success' | 'cancelled'): string {
  const allowed = [ctx.config.PUBLIC_URL, ...ctx.config.CORS_ORIGINS.split(',')].map((o) => o.trim()).filter(Boolean).map((o) => new URL(o).origin);
  let url: URL;
  try {
    url = new URL(asked ?? ctx.config.PUBLIC_URL);
  } catch {
    url = new URL(ctx.config.PUBLIC_URL);
  }
  if (!allowed.includes(url.origin)) url = new URL(ctx.config.PUBLIC_URL);
  if (url.pathname === '/' && !url.search) return `${url.origin}/upgrade-plans?checkout=${outcome}`;
  return url.toString();
}

/** Records a pending payment for the product behind `price_id` and answers where the browser pays. */
export async function startCheckout(ctx: AppContext, userId: string, body: CreateCheckoutRequest): Promise<CheckoutResponse> {
  const product = await findProductByPriceId(ctx.db, body.price_id);
  if (!product || product.amountCents === null) throw badRequest('Unable to find price information for this product. Please contact support.', 'unknown_price');
  if (ctx.config.PAYMENTS === 'off') throw new AppError(503, 'payments_disabled', 'Online payment is not available at the moment. Please contact support.');
  const stripe = ctx.config.PAYMENTS === 'stripe' ? stripeGatewayOf(ctx) : null;
  let sessionId = `test_${randomUUID()}`;
  let url = `/checkout/test/${sessionId}`;
  if (stripe) {
    const s = await stripe.createCheckoutSession({
      productId: product.id,
      productName: product.name,
      amountCents: product.amountCents,
      currency: product.currency,
      userId,
      userEmail: await findUserEmail(ctx.db, userId),
      successUrl: returnUrl(ctx, body.success_url, 'success'),
      cancelUrl: returnUrl(ctx, body.cancel_url, 'cancelled'),
    });
    if (!s.url) throw new AppError(502, 'checkout_failed', 'No checkout URL received from server');
    sessionId = s.id;
    url = s.url;
  }
  await insertPendingPayment(ctx.db, {
    userId,
    productId: product.id,
    providerSessionId: sessionId,
    plansCount: product.plansCount,
    amountCents: product.amountCents,
    currency: product.currency,
    status: 'pending',
  });
  return { url, checkout_url: url, session_id: sessionId };
}

const money = (cents: number, currency: string) => `$${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * The one fulfilment path (test-mode confirm and Stripe webhook): credits once, then mails a receipt.
 * A failed receipt is logged, not thrown: the plans are already credited and a retry would not resend it.
 */
export async function fulfil(ctx: AppContext, log: FastifyBaseLogger, sessionId: string, userId: string): Promise<Fulfilment | null> {
  const done = await fulfilPayment(ctx.db, sessionId, userId);
  if (!done) return null;
  const p = done.payment;
  try {
    await ctx.mailer.send({
      to: done.email,
      subject: `Your Plansight receipt: ${done.productName}`,
      text: [
        'Thank you for your purchase.',
        '',
        `Product: ${done.productName}`,
        `Plans added: ${p.plansCount}`,
        `Amount paid: ${money(p.amountCents, p.currency)}`,
        `Plans remaining now: ${done.remainPlan}`,
        `Date: ${new Date().toUTCString()}`,
        `Reference: ${sessionId}`,
      ].join('\n'),
    });
  } catch (err) {
    log.error({ err, sessionId }, 'receipt mail failed');
  }
  return done;
}

interface CheckoutSessionObject {
  id: string;
  payment_status?: string;
  amount_subtotal?: number | null;
  currency?: string | null;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
}

/**
 * Stripe webhook: the signature over the raw body is checked first; a checkout.session.completed (or the
 * async success of a delayed payment) credits the session's own user once. The metadata user id must be
 * the one stored with the session and the amount must match, so an event cannot credit anyone else.
 */
export async function handleStripeWebhook(ctx: AppContext, log: FastifyBaseLogger, rawBody: Buffer, signature: string) {
  const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError(503, 'webhook_not_configured', 'Stripe webhook is not configured');
  let event: { id: string; type: string; data: { object: unknown } };
  try {
    event = verifyStripeEvent(rawBody, signature, secret);
  } catch {
    throw badRequest('Invalid Stripe signature', 'invalid_signature');
  }
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') {
    return { received: true, credited: false };
  }
  const s = event.data.object as CheckoutSessionObject;
  // A delayed payment method completes the session unpaid; its async_payment_succeeded event credits.
  if (s.payment_status !== 'paid' && s.payment_status !== 'no_payment_required') return { received: true, credited: false };
  const userId = s.metadata?.user_id;
  const stored = await findPaymentBySession(ctx.db, s.id);
  const refuse = (why: string) => {
    log.warn({ eventId: event.id, sessionId: s.id, why }, 'stripe event not credited');
    return { received: true, credited: false };
  };
  if (!stored) return refuse('unknown session');
  if (!userId || userId !== stored.userId || (s.client_reference_id && s.client_reference_id !== stored.userId)) return refuse('user mismatch');
  if (typeof s.amount_subtotal === 'number' && s.amount_subtotal !== stored.amountCents) return refuse('amount mismatch');
  if (s.currency && s.currency.toLowerCase() !== stored.currency.toLowerCase()) return refuse('currency mismatch');
  const done = await fulfil(ctx, log, s.id, userId);
  return { received: true, credited: done !== null };
}
