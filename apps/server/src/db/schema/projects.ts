import { boolean, doublePrecision, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Mirrors migrations/0002_projects.sql. One PDF page per project. */
export const projects = pgTable('projects', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  originalFilename: text('original_filename').notNull(),
  pageNo: integer('page_no').notNull(),
  pageCount: integer('page_count').notNull(),
  pdfKey: text('pdf_key').notNull(),
  pngKey: text('png_key'),
  pngWidth: integer('png_width'),
  pngHeight: integer('png_height'),
  pageWidthPt: doublePrecision('page_width_pt'),
  pageHeightPt: doublePrecision('page_height_pt'),
  fileSize: integer('file_size').notNull().default(0),
  hasResult: boolean('has_result').notNull().default(false),
  /** 0014: 'spent' (an upload took a plan), 'refunded' (given back after our failure) or 'free' (a duplicate). */
  planState: text('plan_state').$type<'spent' | 'refunded' | 'free'>().notNull().default('spent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
