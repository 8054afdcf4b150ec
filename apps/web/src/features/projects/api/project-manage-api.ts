import type { Project } from '@plansight/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const path = (id: string) => `/user/projects/${encodeURIComponent(id)}`;

export const renameProject = (id: string, name: string) => apiRequest<Project>(path(id), { method: 'PATCH', json: { name } });
/** A copy of the project (same page, settings, result, edits and estimate); spends no plan. */
export const duplicateProject = (id: string) => apiRequest<Project>(`${path(id)}/duplicate`, { method: 'POST' });
/** Deletes the project and its stored files. */
export const deleteProject = (id: string) => apiRequest<void>(path(id), { method: 'DELETE' });

/** Rename, duplicate and delete; each refreshes the list (and the plan count, which none of them changes). */
export function useProjectActions() {
  const qc = useQueryClient();
  const onSettled = () => qc.invalidateQueries({ queryKey: ['projects'] });
  return {
    rename: useMutation({ mutationFn: (v: { id: string; name: string }) => renameProject(v.id, v.name), onSettled }),
    duplicate: useMutation({ mutationFn: (id: string) => duplicateProject(id), onSettled }),
    remove: useMutation({ mutationFn: (id: string) => deleteProject(id), onSettled }),
  };
}
