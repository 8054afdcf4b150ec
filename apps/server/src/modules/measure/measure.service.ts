import {
  resolveScaleOption, type AllDetectionsQuery, type AnalysisStatus, type AllDetectionsResponse, type CeilingScale, type CeilingScaleRequest,
  type ResultDto,
} from '@plansight/contracts';
import type { AppContext } from '../../context.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { findOwnProject, type ProjectRow } from '../projects/projects.repository.js';
import { analysisParams, ensureAnalysis, lastMinRoom, waitForAnalysis } from './analysis.service.js';
import { getAnalysis, getRoomEdits, getSettings, upsertSettings, type SettingsRow } from './measure.repository.js';
import { getEditVersion } from './room-edits.repository.js';
import { toResultDto } from './result.dto.js';
import { failureReason } from './analysis-failure.js';
import { projectSettings, withEstimate } from '../estimate/estimate.service.js';

/** Every measure call is owner-only: someone else's project answers exactly like a missing one. */
export async function ownProject(ctx: AppContext, userId: string, projectId: string): Promise<ProjectRow> {
  const p = await findOwnProject(ctx.db, userId, projectId);
  if (!p) throw notFound('Project not found');
  return p;
}

const toCeilingScale = (s: SettingsRow): CeilingScale => ({
  scale_ratio: s.scaleRatio, scale_number: s.scaleNumber, paper_size: s.paperSize as CeilingScale['paper_size'], ceilling_hight_mm: s.ceilingHeightMm,
});

export async function getCeilingScale(ctx: AppContext, userId: string, projectId: string): Promise<CeilingScale> {
  await ownProject(ctx, userId, projectId);
  const s = await getSettings(ctx.db, projectId);
  if (!s) throw new AppError(404, 'ceiling_scale_not_set', 'Ceiling height and scale are not set for this project yet.');
  return toCeilingScale(s);
}

/**
 * Saves the ceiling height and scale (an unknown scale becomes 1:100 on A2) and starts measuring with them at
 * once. A change makes a new run that replaces the old result; no plan is spent (only creating a project is).
 */
export async function saveCeilingScale(ctx: AppContext, userId: string, projectId: string, body: CeilingScaleRequest, log: (e: unknown) => void): Promise<CeilingScale> {
  const project = await ownProject(ctx, userId, projectId);
  const option = resolveScaleOption(body);
  const saved = await upsertSettings(ctx.db, {
    projectId, scaleRatio: option.scale_ratio, scaleNumber: option.scale_number, paperSize: option.paper_size, ceilingHeightMm: body.ceilling_hight_mm,
  });
  try {
    const before = await getAnalysis(ctx.db, projectId);
    await ensureAnalysis(ctx, projectId, analysisParams(project, saved, lastMinRoom(before)));
  } catch (e) {
    // The settings are saved; all-detections (or the worker's sweep) starts the run if this send failed.
    log(e);
  }
  return toCeilingScale(saved);
}

/** Starts the project's analysis or joins the running one, and waits (bounded) for it to end. */
export async function runAllDetections(ctx: AppContext, userId: string, projectId: string, q: AllDetectionsQuery, waitMs?: number): Promise<{ status: 200 | 202; body: AllDetectionsResponse }> {
  const project = await ownProject(ctx, userId, projectId);
  const settings = await getSettings(ctx.db, projectId);
  if (!settings) throw conflict('Set the ceiling height and scale before measuring this project.', 'ceiling_scale_required');
  await ensureAnalysis(ctx, projectId, analysisParams(project, settings, { widthMm: q.min_room_width, heightMm: q.min_room_height }));
  const row = await waitForAnalysis(ctx, projectId, waitMs);
  if (row?.status === 'failed') {
    // Read again: the run may have failed (and given the plan back) while this request waited.
    const now = (await findOwnProject(ctx.db, userId, projectId)) ?? project;
    throw new AppError(422, 'analysis_failed', failureReason(row.errorCode, now.planState === 'refunded').message);
  }
  if (row?.status === 'done') {
    return { status: 200, body: { project_id: projectId, status: 'done', has_result: true, rooms_count: row.result?.rooms.length ?? 0, detail: 'Analysis complete.' } };
  }
  return {
    status: 202,
    body: { project_id: projectId, status: (row?.status ?? 'queued') as AnalysisStatus, has_result: false, detail: 'The analysis is still running. Please check again in a moment.' },
  };
}

export async function getResult(ctx: AppContext, userId: string, projectId: string): Promise<ResultDto> {
  const project = await ownProject(ctx, userId, projectId);
  const row = await getAnalysis(ctx.db, projectId);
  if (!row) throw new AppError(404, 'result_not_found', 'This project has not been measured yet. Set the ceiling height and scale first.');
  if (row.status === 'failed') throw new AppError(422, 'analysis_failed', failureReason(row.errorCode, project.planState === 'refunded').message);
  if (row.status !== 'done' || !row.result) throw conflict('The analysis is still running. Please try again in a moment.', 'result_processing');
  const result = toResultDto(project, { ...row, result: row.result }, await getRoomEdits(ctx.db, projectId), await getEditVersion(ctx.db, projectId));
  return withEstimate(result, (await projectSettings(ctx, userId, projectId)).settings);
}
