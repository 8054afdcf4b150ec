import type { Estimate, EstimateSettings } from '@plansight/contracts';
import { apiRequest, API_BASE, ApiError } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

export type SettingsSource = 'project' | 'account' | 'default';
export interface EstimateResponse { settings: EstimateSettings; source: SettingsSource; estimate: Estimate | null }

export const getEstimate = (projectId: string) => apiRequest<EstimateResponse>(`/user/projects/${projectId}/estimate`);
export const saveEstimate = (projectId: string, settings: EstimateSettings, saveAsDefault = false) =>
  apiRequest<EstimateResponse>(`/user/projects/${projectId}/estimate`, { method: 'PUT', json: { settings, save_as_default: saveAsDefault } });

/** Downloads the project's .xlsx or .csv for the chosen rooms (the file name comes from the server). */
export async function downloadExport(projectId: string, kind: 'xlsx' | 'csv', roomIds: string[]): Promise<void> {
  const session = getSession();
  const qs = roomIds.length ? `?rooms=${encodeURIComponent(roomIds.join(','))}` : '';
  const res = await fetch(`${API_BASE}/user/projects/${projectId}/export.${kind}${qs}`, {
    headers: session ? { Authorization: `Bearer ${session.accessToken}` } : {},
  });
  if (!res.ok) {
    const text = await res.text();
    let body: unknown;
    try { body = JSON.parse(text); } catch { body = undefined; }
    throw new ApiError(res.status, body, text);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `Plansight.${kind}`;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(await res.blob());
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
