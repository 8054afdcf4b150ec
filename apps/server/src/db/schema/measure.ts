import { boolean, doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.js';

/** Mirrors migrations/0006_measure.sql: ceiling height and scale per project. */
export const measureSettings = pgTable('measure_settings', {
  projectId: uuid('project_id').primaryKey().references(() => projects.id, { onDelete: 'cascade' }),
  scaleRatio: text('scale_ratio').notNull(),
  scaleNumber: integer('scale_number').notNull(),
  paperSize: text('paper_size').notNull(),
  ceilingHeightMm: doublePrecision('ceiling_height_mm').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The project's current analysis: job state, lease (heartbeat) and the engine's result. */
export const measureAnalyses = pgTable('measure_analyses', {
  projectId: uuid('project_id').primaryKey().references(() => projects.id, { onDelete: 'cascade' }),
  runId: uuid('run_id').notNull(),
  params: jsonb('params').notNull(),
  paramsKey: text('params_key').notNull(),
  status: text('status').notNull(),
  attempts: integer('attempts').notNull().default(0),
  result: jsonb('result'),
  error: text('error'),
  errorCode: text('error_code'),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The user's edits of a room of the result: a new name, left out of the totals. */
export const measureRoomEdits = pgTable('measure_room_edits', {
  projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  roomId: text('room_id').notNull(),
  label: text('label'),
  excluded: boolean('excluded').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.projectId, t.roomId] })]);
