import type { PageScale } from '@plansight/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Poll interval while the server is still reading the page. */
const READING_POLL_MS = 3000;

export const getPageScale = (projectId: string) => apiRequest<PageScale>(`/user/projects/${projectId}/page-scale`);

/** What the plan's page says about its scale, and its lines to snap to; asked again while the page is being read. */
export function usePageScale(projectId: string, enabled = true) {
  return useQuery({
    queryKey: ['measure', 'page-scale', projectId], queryFn: () => getPageScale(projectId), enabled: enabled && !!projectId,
    staleTime: Infinity, retry: 1, refetchInterval: (q) => (q.state.data?.status === 'reading' ? READING_POLL_MS : false),
  });
}
