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

/** A point in PDF points of the page (origin top-left, y down): edits keep their place at any scale. */
export type PointPt = [x: number, y: number];
/** A window or door the user set; position in page points. */
export interface OpeningEditPt { id: string; width: number; height: number; positionPt?: PointPt; tag?: string }

/**
 * The user's edits of a room of the result (0006, 0010): a new name, left out of the totals, a redrawn outline,
 * its windows and doors, a room drawn by the user ('added') or a detected room deleted.
 */
export const measureRoomEdits = pgTable('measure_room_edits', {
  projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  roomId: text('room_id').notNull(),
  label: text('label'),
  excluded: boolean('excluded').notNull().default(false),
  source: text('source').$type<'detected' | 'added'>().notNull().default('detected'),
  deleted: boolean('deleted').notNull().default(false),
  polygonPt: jsonb('polygon_pt').$type<PointPt[] | null>(),
  anchorPt: jsonb('anchor_pt').$type<PointPt[] | null>(),
  windows: jsonb('windows').$type<OpeningEditPt[] | null>(),
  doors: jsonb('doors').$type<OpeningEditPt[] | null>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.projectId, t.roomId] })]);

/** Mirrors migrations/0010_room_edits.sql: one counter per project raised by every saved room edit. */
export const measureEditVersions = pgTable('measure_edit_versions', {
  projectId: uuid('project_id').primaryKey().references(() => projects.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
