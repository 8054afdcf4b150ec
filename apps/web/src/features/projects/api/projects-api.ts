import type { CreateProjectResponse, PlanStatus, Project, ProjectListResponse } from '@plansight/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getSession, updateSessionUser } from '../../../lib/session';

export interface ProjectListParams {
  page: number;
  sort_by: 'filename' | 'created_at';
  sort_order: 'asc' | 'desc';
  search: string;
}

export const PAGE_SIZE = 10;

/** The spec allows a bare array too; normalise to the object form. */
function normaliseList(raw: ProjectListResponse | Project[]): ProjectListResponse {
  if (!Array.isArray(raw)) return raw;
  return { projects: raw, total_count: raw.length, total_pages: 1, has_next: false, has_prev: false, remaining_plan: Number.NaN, page: 1 };
}

export const projectListQuery = (p: ProjectListParams) =>
  queryOptions({
    queryKey: ['projects', 'list', p],
    queryFn: async ({ signal }) =>
      normaliseList(
        await apiRequest<ProjectListResponse | Project[]>('/user/projects', {
          query: { page: p.page, limit: PAGE_SIZE, sort_by: p.sort_by, sort_order: p.sort_order, search: p.search || undefined },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useProjectList = (p: ProjectListParams) => useQuery(projectListQuery(p));

/** Plan allowance; also refreshes the stored user so the shared header shows the same numbers. */
export function usePlanStatus() {
  return useQuery({
    queryKey: ['projects', 'plan-status'],
    queryFn: async ({ signal }) => {
      const s = await apiRequest<PlanStatus>('/user/projects/plan-status', { signal });
      const u = getSession()?.user;
      if (u && (u.remain_plan !== s.remaining || u.can_create_project !== s.can_create_project))
        updateSessionUser({ remain_plan: s.remaining, used_plan: s.used, total_plan: s.total, can_create_project: s.can_create_project });
      return s;
    },
  });
}

export interface CreateProjectInput { file: File; filename: string; pageno: number }

export async function createProject(input: CreateProjectInput): Promise<CreateProjectResponse> {
  if (!getSession()) throw new Error('Authentication required');
  const form = new FormData();
  // Text fields first so the server knows them before the (large) file streams in.
  form.append('filename', input.filename.trim());
  form.append('pageno', String(input.pageno));
  form.append('file', input.file, input.file.name);
  return apiRequest<CreateProjectResponse>('/user/projects', { method: 'POST', form });
}

export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => {
      // One plan was spent; keep the header's count right until the next plan-status call.
      const u = getSession()?.user;
      if (u && typeof u.remain_plan === 'number') {
        const left = Math.max(0, u.remain_plan - 1);
        updateSessionUser({ remain_plan: left, used_plan: (u.used_plan ?? 0) + 1, can_create_project: left > 0 });
      }
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['projects'] }),
  });
}
