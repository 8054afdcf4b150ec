import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { sendAnalysisJob } from '../../jobs/queue.js';
import type { ProjectRow } from '../projects/projects.repository.js';
import { activeRunsOfOwner, getAnalysis, startRun, type AnalysisParams, type AnalysisRow, type SettingsRow } from './measure.repository.js';

/** Spec section 9: the sliver filter's default minimum room width and height. */
export const DEFAULT_MIN_ROOM_MM = 200;
/** How long GET all-detections waits for a run before answering "still processing". */
export const ALL_DETECTIONS_WAIT_MS = 60_000;
const WAIT_POLL_MS = 250;

/** Engine errors about the input itself: running the same inputs again gives the same answer. */
const PERMANENT_ERRORS: readonly string[] = ['not_pdf', 'encrypted', 'page_out_of_range', 'no_vector_drawing', 'unreadable_scan', 'bad_options', 'corrupt', 'too_complex'];

export interface MinRoomMm { widthMm: number; heightMm: number }

export function analysisParams(project: ProjectRow, s: SettingsRow, min: MinRoomMm): AnalysisParams {
  return {
    page: project.pageNo, scale: s.scaleNumber, paper: s.paperSize, scaleRatio: s.scaleRatio,
    ceilingHeightMm: s.ceilingHeightMm, minRoomWidthMm: min.widthMm, minRoomHeightMm: min.heightMm,
  };
}

/** The sliver filter of the project's last run, else the spec's default (a settings change keeps it). */
export function lastMinRoom(row: AnalysisRow | undefined): MinRoomMm {
  return {
    widthMm: row?.params.minRoomWidthMm ?? DEFAULT_MIN_ROOM_MM,
    heightMm: row?.params.minRoomHeightMm ?? DEFAULT_MIN_ROOM_MM,
  };
}

/**
 * Makes sure a run with these inputs exists: joins the queued, running or finished one, otherwise starts a
 * new run (which clears the old result) and sends its job. A failed run is retried unless it failed on the
 * input itself (a scanned page stays a scanned page). Never runs the engine here: that is the worker's job.
 */
export async function ensureAnalysis(ctx: AppContext, projectId: string, params: AnalysisParams): Promise<AnalysisRow> {
  const runId = randomUUID();
  if (await startRun(ctx.db, projectId, runId, params, PERMANENT_ERRORS)) {
    await sendAnalysisJob(ctx, { projectId, runId }, -(await activeRunsOfOwner(ctx.db, projectId)));
  }
  const row = await getAnalysis(ctx.db, projectId);
  if (!row) throw new Error(`analysis row of ${projectId} vanished`);
  return row;
}

/** Polls the database (any process may be running the job) until the run ends or `waitMs` passes. */
export async function waitForAnalysis(ctx: AppContext, projectId: string, waitMs = ALL_DETECTIONS_WAIT_MS): Promise<AnalysisRow | undefined> {
  const until = Date.now() + waitMs;
  for (;;) {
    const row = await getAnalysis(ctx.db, projectId);
    if (!row || row.status === 'done' || row.status === 'failed' || Date.now() >= until) return row;
    await new Promise((r) => setTimeout(r, WAIT_POLL_MS));
  }
}
