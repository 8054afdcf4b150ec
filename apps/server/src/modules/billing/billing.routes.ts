import type { FastifyInstance } from 'fastify';
import { createCheckoutRequestSchema, type PlansResponse, type Product, type UsageResponse } from '@plansight/contracts';
import type { AppContext } from '../../context.js';
import { notFound, parseOr422 } from '../../errors.js';
import { abuseLimit } from '../../lib/abuse-limits.js';
import { findUsage, listActiveProducts, listPaidPacksOf, listPaymentsOf } from './billing.repository.js';
import { fulfil, handleStripeWebhook, startCheckout } from './billing.service.js';

type ProductRow = Awaited<ReturnType<typeof listActiveProducts>>[number];
const toProduct = (p: ProductRow): Product => ({
  id: p.id,
  product_id: p.id,
  name: p.name,
  description: p.description,
  features: p.features,
  unit_label: `${p.plansCount} plans`,
  plans_count: p.plansCount,
  price: p.amountCents === null ? null : { amount: p.amountCents, currency: p.currency.toUpperCase(), interval: null },
  // Nothing to buy without a price: no price id, so the client shows the spec's alert instead of a checkout.
  price_id: p.amountCents === null ? null : p.priceId,
});

/**
 * Routes of the billing module: products, checkout (Stripe Checkout with PAYMENTS=stripe, the local test-mode
 * page with PAYMENTS=test, none with PAYMENTS=off), the Stripe webhook, purchase history, and the usage/plans summaries.
 */
export async function billingRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // Public: the pricing modal is shown to visitors.
  api.get('/user-plan/products', async () => ({ products: (await listActiveProducts(ctx.db)).map(toProduct) }));

  api.post('/user-plan/create-checkout-session', { preHandler: [api.authenticate, abuseLimit(ctx.limits.checkout)] }, async (req) =>
    startCheckout(ctx, req.userId, parseOr422(createCheckoutRequestSchema, req.body)),
  );

  // Test mode only: the user "pays" on the in-app test page; same fulfilment as the webhook.
  api.post<{ Params: { sessionId: string } }>('/user-plan/checkout/test/:sessionId/confirm', { preHandler: api.authenticate }, async (req) => {
    // Only where test payments were asked for (PAYMENTS=test): anywhere else this would be free plans.
    if (ctx.config.PAYMENTS !== 'test') throw notFound();
    const done = await fulfil(ctx, req.log, req.params.sessionId, req.userId);
    return { ok: true, credited: done !== null };
  });

  // The signature is computed over the exact bytes Stripe sent, so this one route keeps the raw body.
  await api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post('/user-plan/webhook', async (req) =>
      handleStripeWebhook(ctx, req.log, req.body as Buffer, String(req.headers['stripe-signature'] ?? '')),
    );
  });

  api.get('/user-plan/my-payments', { preHandler: api.authenticate }, async (req) => {
    const rows = await listPaymentsOf(ctx.db, req.userId);
    return {
      payments: rows.map((r) => ({
        id: r.p.id,
        product_name: r.productName,
        description: r.description,
        amount: r.p.amountCents,
        currency: r.p.currency.toUpperCase(),
        created_at: r.p.createdAt.toISOString(),
        status: r.p.status,
      })),
    };
  });

  // Configured but unused by the spec's client (section 7); both readings of '/api/usage' answer, as
  // auth does for /api/user/profile.
  const usage = async (req: { userId: string }): Promise<UsageResponse> => {
    const u = await findUsage(ctx.db, req.userId);
    if (!u) throw notFound('User not found');
    return {
      remain_plan: u.remain,
      used_plan: u.used,
      total_plan: u.total,
      can_create_project: u.remain > 0,
      projects_count: u.projects,
      purchased_plans: u.purchased,
    };
  };
  const plans = async (req: { userId: string }): Promise<PlansResponse> => {
    const [u, packs, available] = await Promise.all([findUsage(ctx.db, req.userId), listPaidPacksOf(ctx.db, req.userId), listActiveProducts(ctx.db)]);
    if (!u) throw notFound('User not found');
    return {
      remain_plan: u.remain,
      used_plan: u.used,
      total_plan: u.total,
      purchases: packs.map((p) => ({ product_id: p.productId, name: p.name, plans_count: p.plansCount, created_at: p.createdAt.toISOString() })),
      available: available.map(toProduct),
    };
  };
  for (const prefix of ['', '/api']) {
    api.get(`${prefix}/usage`, { preHandler: api.authenticate }, usage);
    api.get(`${prefix}/plans`, { preHandler: api.authenticate }, plans);
  }
}
