import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansResponseSchema, productsResponseSchema, usageResponseSchema } from '@plansight/contracts';
import { eq } from 'drizzle-orm';
import { products as productsTable } from '../src/db/schema/billing.js';
import { projects } from '../src/db/schema/projects.js';
import { users } from '../src/db/schema/users.js';
import { insertPendingPayment } from '../src/modules/billing/billing.repository.js';
import { createTestApp, testDbKind, type TestApp } from './helpers.js';

let n = 0;
/** A user straight in the db plus a signed token (the auth API is built elsewhere). */
async function userWithToken(t: TestApp) {
  const [u] = await t.ctx.db
    .insert(users)
    .values({ email: `buyer-${Date.now()}-${n++}@example.com`, passwordHash: 'x', companyName: 'Acme' })
    .returning();
  return { id: u!.id, auth: { authorization: `Bearer ${await t.ctx.tokens.sign(u!.id)}` } };
}

describe(`billing on ${testDbKind()}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('lists the seeded plan products publicly, with plan counts in unit_label and prices in cents', async () => {
    const res = await t.app.inject('/api/user-plan/products');
    expect(res.statusCode).toBe(200);
    const { products } = productsResponseSchema.parse(res.json());
    expect(products.map((p) => p.plans_count)).toEqual([5, 15, 50]);
    for (const p of products) {
      expect(p.unit_label).toContain(String(p.plans_count));
      expect(p.price?.currency).toBe('AUD');
      expect(p.price_id).toBeTruthy();
    }
  });

  it('credits plans once through the test-mode checkout, and only to the buyer', async () => {
    const buyer = await userWithToken(t);
    const other = await userWithToken(t);
    const co = await t.app.inject({ method: 'POST', url: '/api/user-plan/create-checkout-session', headers: buyer.auth, payload: { price_id: 'price_plans_5' } });
    expect(co.statusCode).toBe(200);
    const { session_id, url } = co.json();
    expect(url).toBe(`/checkout/test/${session_id}`);
    const confirm = (h: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/user-plan/checkout/test/${session_id}/confirm`, headers: h });
    expect((await confirm(other.auth)).json().credited).toBe(false);
    expect((await confirm(buyer.auth)).json().credited).toBe(true);
    expect((await confirm(buyer.auth)).json().credited).toBe(false);
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, buyer.id));
    expect([u!.remainPlan, u!.totalPlan]).toEqual([8, 8]);
    const mine = (await t.app.inject({ url: '/api/user-plan/my-payments', headers: buyer.auth })).json().payments;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: 2500, status: 'paid', product_name: 'Starter' });
    expect((await t.app.inject({ url: '/api/user-plan/my-payments', headers: other.auth })).json().payments).toEqual([]);
    expect((await t.app.inject({ url: '/api/user-plan/my-payments' })).statusCode).toBe(401);
  });

  it('refuses an unknown price, and offers no price id for a product without a price', async () => {
    const buyer = await userWithToken(t);
    const co = await t.app.inject({ method: 'POST', url: '/api/user-plan/create-checkout-session', headers: buyer.auth, payload: { price_id: 'nope' } });
    expect(co.statusCode).toBe(400);
    expect(co.json().detail).toBe('Unable to find price information for this product. Please contact support.');

    await t.ctx.db.insert(productsTable).values({
      id: 'plans_custom', name: 'Enterprise', description: 'Talk to us.', features: [], plansCount: 500, amountCents: null, currency: 'aud', priceId: 'price_plans_custom', active: true,
    });
    try {
      const { products } = productsResponseSchema.parse((await t.app.inject('/api/user-plan/products')).json());
      expect(products.find((p) => p.id === 'plans_custom')).toMatchObject({ price: null, price_id: null, unit_label: '500 plans' });
      const unpriced = await t.app.inject({ method: 'POST', url: '/api/user-plan/create-checkout-session', headers: buyer.auth, payload: { price_id: 'price_plans_custom' } });
      expect(unpriced.statusCode).toBe(400);
      expect(unpriced.json().detail).toBe('Unable to find price information for this product. Please contact support.');
    } finally {
      await t.ctx.db.delete(productsTable).where(eq(productsTable.id, 'plans_custom'));
    }
  });

  it('answers /api/usage and /api/plans for the signed-in user only', async () => {
    const buyer = await userWithToken(t);
    const other = await userWithToken(t);
    const co = await t.app.inject({ method: 'POST', url: '/api/user-plan/create-checkout-session', headers: buyer.auth, payload: { price_id: 'price_plans_15' } });
    await t.app.inject({ method: 'POST', url: `/api/user-plan/checkout/test/${co.json().session_id}/confirm`, headers: buyer.auth });
    await t.ctx.db.insert(projects).values({ userId: buyer.id, name: 'Flat', originalFilename: 'flat.pdf', pageNo: 1, pageCount: 1, pdfKey: 'k' });
    for (const url of ['/api/usage', '/api/api/usage']) {
      const mine = usageResponseSchema.parse((await t.app.inject({ url, headers: buyer.auth })).json());
      expect(mine).toEqual({ remain_plan: 18, used_plan: 0, total_plan: 18, can_create_project: true, projects_count: 1, purchased_plans: 15 });
      expect(usageResponseSchema.parse((await t.app.inject({ url, headers: other.auth })).json())).toMatchObject({ remain_plan: 3, projects_count: 0, purchased_plans: 0 });
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    const plans = plansResponseSchema.parse((await t.app.inject({ url: '/api/plans', headers: buyer.auth })).json());
    expect(plans.purchases.map((p) => [p.name, p.plans_count])).toEqual([['Professional', 15]]);
    expect(plans.available.map((p) => p.plans_count)).toEqual([5, 15, 50]);
    expect(plansResponseSchema.parse((await t.app.inject({ url: '/api/plans', headers: other.auth })).json()).purchases).toEqual([]);
    expect((await t.app.inject({ url: '/api/plans' })).statusCode).toBe(401);
  });
});

describe(`billing in production without payment settings on ${testDbKind()}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => t?.close());

  it('offers no test checkout: starting one answers 503 and a test confirm credits nothing', async () => {
    const buyer = await userWithToken(t);
    const co = await t.app.inject({ method: 'POST', url: '/api/user-plan/create-checkout-session', headers: buyer.auth, payload: { price_id: 'price_plans_50' } });
    expect(co.statusCode).toBe(503);
    expect(co.json()).toMatchObject({ code: 'payments_disabled', detail: 'Online payment is not available at the moment. Please contact support.' });
    await insertPendingPayment(t.ctx.db, { userId: buyer.id, productId: 'plans_50', providerSessionId: 'test_forged', plansCount: 50, amountCents: 1, currency: 'aud', status: 'pending' });
    const confirm = await t.app.inject({ method: 'POST', url: '/api/user-plan/checkout/test/test_forged/confirm', headers: buyer.auth });
    expect(confirm.statusCode).toBe(404);
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, buyer.id));
    expect(u!.remainPlan).toBe(3);
  });
});
