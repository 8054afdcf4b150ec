import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments, products } from '../../db/schema/billing.js';
import { users } from '../../db/schema/users.js';

export async function listActiveProducts(db: Db) {
  return db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.plansCount));
}

export async function findProductByPriceId(db: Db, priceId: string) {
  const [row] = await db.select().from(products).where(eq(products.priceId, priceId));
  return row;
}

export async function insertPendingPayment(db: Db, v: typeof payments.$inferInsert) {
  await db.insert(payments).values(v);
}

export async function findPaymentBySession(db: Db, sessionId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
  return row;
}

export type Fulfilment = { payment: typeof payments.$inferSelect; email: string; remainPlan: number; productName: string };

/**
 * Marks a pending payment paid and credits its plans in one transaction. The conditional update makes a
 * repeated webhook or confirm a no-op: only the call that credited gets a result, every other gets null.
 * With `userId`, a session stored for another user is never touched.
 */
export async function fulfilPayment(db: Db, sessionId: string, userId?: string): Promise<Fulfilment | null> {
  return db.transaction(async (tx) => {
    const where = and(
      eq(payments.providerSessionId, sessionId),
      eq(payments.status, 'pending'),
      userId ? eq(payments.userId, userId) : undefined,
    );
    const [paid] = await tx.update(payments).set({ status: 'paid' }).where(where).returning();
    if (!paid) return null;
    const [user] = await tx
      .update(users)
      .set({ remainPlan: sql`${users.remainPlan} + ${paid.plansCount}`, totalPlan: sql`${users.totalPlan} + ${paid.plansCount}` })
      .where(eq(users.id, paid.userId))
      .returning({ email: users.email, remainPlan: users.remainPlan });
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, paid.productId));
    return { payment: paid, email: user!.email, remainPlan: user!.remainPlan, productName: product?.name ?? paid.productId };
  });
}

export async function findUserEmail(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** The plan allowance of one user with counts of their projects and bought plans (/api/usage). */
export async function findUsage(db: Db, userId: string) {
  const [row] = await db
    .select({
      remain: users.remainPlan,
      used: users.usedPlan,
      total: users.totalPlan,
      // Plain names: drizzle leaves columns unqualified in a one-table select, which a subquery would misread.
      projects: sql<number>`(SELECT count(*) FROM projects p WHERE p.user_id = ${userId})`.mapWith(Number),
      purchased: sql<number>`(SELECT coalesce(sum(pay.plans_count), 0) FROM payments pay WHERE pay.user_id = ${userId} AND pay.status = 'paid')`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The paid plan packs of one user, newest first. */
export async function listPaidPacksOf(db: Db, userId: string) {
  return db
    .select({ productId: payments.productId, name: products.name, plansCount: payments.plansCount, createdAt: payments.createdAt })
    .from(payments)
    .innerJoin(products, eq(products.id, payments.productId))
    .where(and(eq(payments.userId, userId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.createdAt));
}

export async function listPaymentsOf(db: Db, userId: string) {
  return db
    .select({ p: payments, productName: products.name, description: products.description })
    .from(payments)
    .innerJoin(products, eq(products.id, payments.productId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt));
}
