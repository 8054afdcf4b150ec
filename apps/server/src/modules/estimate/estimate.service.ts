import {
  DEFAULT_ESTIMATE_SETTINGS, applyDeduction, computeEstimate, describeDeduction, estimateSettingsSchema,
  type EstimateSettings, type ResultDto,
} from '@plansight/contracts';
import type { AppContext } from '../../context.js';
import { totalsOf } from '../measure/result.dto.js';
import { getAccountEstimateDefaults, getProjectEstimateSettings, upsertAccountEstimateDefaults, upsertProjectEstimateSettings } from './estimate.repository.js';

export type SettingsSource = 'project' | 'account' | 'default';

/** A stored value read with the current schema; a row that no longer fits counts as absent. */
const valid = (v: unknown): EstimateSettings | null => {
  const p = estimateSettingsSchema.safeParse(v);
  return p.success ? p.data : null;
};

export async function accountDefaults(ctx: AppContext, userId: string): Promise<{ settings: EstimateSettings; source: SettingsSource }> {
  const own = valid(await getAccountEstimateDefaults(ctx.db, userId));
  return own ? { settings: own, source: 'account' } : { settings: DEFAULT_ESTIMATE_SETTINGS, source: 'default' };
}

/** The project's own settings, else the account's defaults, else the product's. Ownership is the caller's check. */
export async function projectSettings(ctx: AppContext, userId: string, projectId: string): Promise<{ settings: EstimateSettings; source: SettingsSource }> {
  const own = valid(await getProjectEstimateSettings(ctx.db, projectId));
  return own ? { settings: own, source: 'project' } : accountDefaults(ctx, userId);
}

export async function saveProjectSettings(ctx: AppContext, userId: string, projectId: string, settings: EstimateSettings, asDefault: boolean): Promise<void> {
  await upsertProjectEstimateSettings(ctx.db, projectId, settings);
  if (asDefault) await upsertAccountEstimateDefaults(ctx.db, userId, settings);
}

export async function saveAccountDefaults(ctx: AppContext, userId: string, settings: EstimateSettings): Promise<void> {
  await upsertAccountEstimateDefaults(ctx.db, userId, settings);
}

/**
 * The result as the user's rule sees it: every room's net wall area (and so the totals) follows the
 * project's deduction rule, the rule is named in the metadata, and the estimate comes along.
 */
export function withEstimate(result: ResultDto, settings: EstimateSettings): ResultDto {
  const rooms = applyDeduction(result.rooms, settings.deduction);
  const totals = totalsOf(rooms);
  return {
    ...result,
    rooms,
    totals,
    metadata: { ...result.metadata, deduction: settings.deduction, deduction_rule: describeDeduction(settings.deduction) },
    estimate: computeEstimate({ ...result, rooms }, settings),
  };
}
