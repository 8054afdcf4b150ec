import type { Project } from '@plansight/contracts';
import { ApiError } from '../../../lib/api-client';

/** Long US date ('November 23, 2026'), or 'N/A' when missing or unreadable (spec section 2). */
export function formatLongUsDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? 'N/A' : d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

type LooseProject = Partial<Project> & { id?: string; createdAt?: string };

/** Display name: filename, else name, else title, else 'Project N' (N = position in the whole list). */
export const projectDisplayName = (p: LooseProject, n: number) => p.filename || p.name || p.title || `Project ${n}`;
export const projectIdOf = (p: LooseProject) => p.project_id ?? p.id ?? '';
export const projectCreatedAt = (p: LooseProject) => p.created_at ?? p.createdAt ?? null;

/** Page numbers to show: the current page plus or minus 2, within 1..total (at most five). */
export function pagerWindow(current: number, totalPages: number): number[] {
  const first = Math.max(1, current - 2);
  const last = Math.min(totalPages, current + 2);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}

/** Clicking the current column toggles asc/desc; another column starts at desc (spec section 4). */
export function nextSort<C extends string>(current: { by: C; order: 'asc' | 'desc' }, clicked: C): { by: C; order: 'asc' | 'desc' } {
  if (current.by === clicked) return { by: clicked, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { by: clicked, order: 'desc' };
}

/** Create-project failure text per spec section 8. */
export function createProjectErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    const body = err.body as { detail?: unknown; message?: unknown } | undefined;
    if (typeof body?.detail === 'string') return body.detail;
    if (Array.isArray(body?.detail)) return `Validation error: ${body.detail.map((d: { msg?: string }) => d?.msg ?? '').join(', ')}`;
    if (typeof body?.message === 'string') return body.message;
    if (err.text) return err.text;
    return err.status ? `Failed to create project (${err.status})` : 'Failed to create project';
  }
  if (err instanceof Error && err.message === 'Authentication required') return err.message;
  return 'Failed to create project. Please try again.';
}

/** Plan errors are styled apart (spec section 5). */
export const isPlanError = (text: string) => /plan|upgrade|remaining|subscription|limit/i.test(text);

/** Create-button label and tooltip from the allowance (spec section 4). */
export function createButtonState(remaining: number | undefined, canCreate: boolean) {
  const n = remaining === undefined || Number.isNaN(remaining) ? '?' : String(remaining);
  return canCreate
    ? { label: `Create New Project (${n} remaining)`, tooltip: null }
    : { label: `No Plans Remaining (${n} left)`, tooltip: `No remaining plans (${n} left). Please upgrade your plan.` };
}
