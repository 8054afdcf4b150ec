import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema/billing.js';
import { users } from '../src/db/schema/users.js';
import { overrideStripeGateway, type CheckoutSessionInput } from '../src/modules/billing/billing.stripe.js';
import { createTestApp, testDbKind, type TestApp } from './helpers.js';

const WEBHOOK_SECRET = 'whsec_test_plansight_webhook_secret';
let n = 0;

/** A user straight in the db plus a signed token. */
async function userWithToken(t: TestApp) {
  const email = `stripe-${Date.now()}-${n++}@example.com`;
  const [u] = await t.ctx.db.insert(users).values({ email, passwordHash: 'x', companyName: 'Acme' }).returning();
  return { id: u!.id, email, auth: { authorization: `Bearer ${await t.ctx.tokens.sign(u!.id)}` } };
}

/** A checkout.session.completed event as Stripe would send it for `sessionId`. */
function completedEvent(sessionId: string, userId: string, over: Record<string, unknown> = {}) {
  return {
    id: `evt_${n++}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_subtotal: 2500,
        currency: 'aud',
        client_reference_id: userId,
        metadata: { user_id: userId, product_id: 'plans_5' },
        ...over,
      },
    },
  };
}

describe(`Stripe checkout and webhook on ${testDbKind()}`, () => {
  let t: TestApp;
  const created: CheckoutSessionInput[] = [];
  beforeAll(async () => {
    t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_not_used_no_network', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    // Stands in for Stripe's API so no network call is made; signatures below are Stripe's real scheme.
    overrideStripeGateway(t.ctx, {
      createCheckoutSession: async (input) => {
        created.push(input);
        const id = `cs_test_${n++}`;
        return { id, url: `https://checkout.stripe.com/c/pay/${id}` };
      },
    });
  });
  afterAll(async () => t?.close());

  const send = (payload: string, signature: string) =>
    t.app.inject({ method: 'POST', url: '/api/user-plan/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  const signed = (event: object) => {
    const payload = JSON.stringify(event);
    return send(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
  };
  const plansOf = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!.remainPlan;
  async function checkout(buyer: Awaited<ReturnType<typeof userWithToken>>, body: object = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user-plan/create-checkout-session',
      headers: buyer.auth,
      payload: { price_id: 'price_plans_5', ...body },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { url: string; checkout_url: string; session_id: string };
  }

  it('creates a Stripe Checkout session with our price, the buyer in metadata and own-origin return URLs', async () => {
    const buyer = await userWithToken(t);
    const co = await checkout(buyer, { success_url: 'https://evil.example/steal', cancel_url: `${t.config.PUBLIC_URL}/upgrade-plans` });
    expect(co.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(co.checkout_url).toBe(co.url);
    const input = created.at(-1)!;
    expect(input).toMatchObject({ userId: buyer.id, userEmail: buyer.email, amountCents: 2500, currency: 'aud', productId: 'plans_5' });
    expect(input.successUrl).toBe(`${t.config.PUBLIC_URL}/upgrade-plans?checkout=success`);
    expect(input.cancelUrl).toBe(`${t.config.PUBLIC_URL}/upgrade-plans`);
    // Test mode's confirm is off once Stripe is configured: only the webhook credits.
    const confirm = await t.app.inject({ method: 'POST', url: `/api/user-plan/checkout/test/${co.session_id}/confirm`, headers: buyer.auth });
    expect(confirm.statusCode).toBe(404);
    expect(await plansOf(buyer.id)).toBe(3);
  });

  it('credits plans on a correctly signed checkout.session.completed and mails a receipt', async () => {
    const buyer = await userWithToken(t);
    const co = await checkout(buyer);
    const res = await signed(completedEvent(co.session_id, buyer.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, credited: true });
    expect(await plansOf(buyer.id)).toBe(8);
    const receipt = t.outbox().find((m) => m.includes(`To: ${buyer.email}`) && m.includes('receipt'));
    expect(receipt).toContain('Plans added: 5');
    expect(receipt).toContain('$25.00 AUD');
  });

  it('credits once when the same event arrives twice', async () => {
    const buyer = await userWithToken(t);
    const co = await checkout(buyer);
    const event = completedEvent(co.session_id, buyer.id);
    const [a, b] = await Promise.all([signed(event), signed(event)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().credited, b.json().credited].sort()).toEqual([false, true]);
    expect((await signed(event)).json().credited).toBe(false);
    expect(await plansOf(buyer.id)).toBe(8);
    expect(t.outbox().filter((m) => m.includes(`To: ${buyer.email}`))).toHaveLength(1);
  });

  it('refuses a forged, tampered or unsigned event with 400 and credits nothing', async () => {
    const buyer = await userWithToken(t);
    const co = await checkout(buyer);
    const payload = JSON.stringify(completedEvent(co.session_id, buyer.id));
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace('"amount_subtotal":2500', '"amount_subtotal":2501');
    for (const res of [await send(payload, forged), await send(tampered, good), await send(payload, ''), await send(payload, 't=1,v1=00')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('Invalid Stripe signature');
    }
    expect(await plansOf(buyer.id)).toBe(3);
  });

  it("does not let an event for another user's session credit anyone", async () => {
    const victim = await userWithToken(t);
    const attacker = await userWithToken(t);
    const co = await checkout(victim);
    // Signed, but its metadata names someone other than the user stored with the session.
    const res = await signed(completedEvent(co.session_id, attacker.id));
    expect(res.json()).toEqual({ received: true, credited: false });
    expect([await plansOf(victim.id), await plansOf(attacker.id)]).toEqual([3, 3]);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.providerSessionId, co.session_id));
    expect(row!.status).toBe('pending');
    // The genuine event still credits the buyer afterwards.
    expect((await signed(completedEvent(co.session_id, victim.id))).json().credited).toBe(true);
    expect(await plansOf(victim.id)).toBe(8);
  });

  it('does not credit an unpaid session, a wrong amount or an unknown session', async () => {
    const buyer = await userWithToken(t);
    const co = await checkout(buyer);
    expect((await signed(completedEvent(co.session_id, buyer.id, { payment_status: 'unpaid' }))).json().credited).toBe(false);
    expect((await signed(completedEvent(co.session_id, buyer.id, { amount_subtotal: 1 }))).json().credited).toBe(false);
    expect((await signed(completedEvent('cs_test_unknown', buyer.id))).json().credited).toBe(false);
    expect(await plansOf(buyer.id)).toBe(3);
  });
});

describe(`Stripe webhook without a secret on ${testDbKind()}`, () => {
  it('answers 503 and never parses the event', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/user-plan/webhook', payload: '{}', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });
});
