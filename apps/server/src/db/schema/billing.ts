import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Mirrors migrations/0004_billing.sql. */
export const products = pgTable('products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  features: text('features').array().notNull(),
  plansCount: integer('plans_count').notNull(),
  amountCents: integer('amount_cents'),
  currency: text('currency').notNull(),
  priceId: text('price_id'),
  active: boolean('active').notNull(),
});

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  productId: text('product_id').notNull().references(() => products.id),
  providerSessionId: text('provider_session_id').notNull().unique(),
  plansCount: integer('plans_count').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
