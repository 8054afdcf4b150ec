import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { getCeilingScale, getProject, getResult, runAllDetections, type CeilingScaleDto, type ResultDto } from './measure-api';

/** Query keys of the measure feature; the result cache is shared by the results page and the walls view. */
export const measureKeys = {
  result: (projectId: string) => ['measure', 'result', projectId] as const,
  visit: (projectId: string, visit: string) => ['measure', 'visit', projectId, visit] as const,
};

export const RESULT_ATTEMPTS = 3;
export const RESULT_RETRY_DELAY_MS = 1500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const complete = (c?: Partial<CeilingScaleDto> | null) => !!c && !!c.scale_ratio && !!c.scale_number && !!c.paper_size && c.ceilling_hight_mm != null;

/** Rule 5: the result fetch is tried up to 3 times, 1.5 s apart. */
export async function fetchResultWithRetries(projectId: string): Promise<ResultDto> {
  let last: unknown;
  for (let i = 0; i < RESULT_ATTEMPTS; i++) {
    try {
      return await getResult(projectId);
    } catch (e) {
      last = e;
      if (i < RESULT_ATTEMPTS - 1) await sleep(RESULT_RETRY_DELAY_MS);
    }
  }
  // A failed analysis answers 422 with the reason in words; show it rather than a bare status.
  if (last instanceof ApiError && last.status === 422 && typeof last.body?.detail === 'string') throw new Error(last.body.detail);
  throw new Error(last instanceof ApiError ? `Result request failed with status ${last.status}` : 'Failed to load results');
}

type Arrival = { ceiling?: CeilingScaleDto; project?: any };
type Outcome = { redirect: true; partial?: Partial<CeilingScaleDto> } | { redirect: false; ceiling: CeilingScaleDto | null; project: any };

/** The loading sequence of spec section 4 (rules 1-7). The result lands in the shared result cache. */
async function runSequence(qc: QueryClient, projectId: string, arrival: Arrival, onStep: (s: number) => void): Promise<Outcome> {
  let ceiling = arrival.ceiling ?? null;
  if (!arrival.project?.has_result && !arrival.ceiling) {
    let rec: CeilingScaleDto;
    try {
      rec = await getCeilingScale(projectId);
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) throw new Error(`Failed to fetch ceilling-scale data: ${e instanceof ApiError ? e.status : 'network'}`);
      runAllDetections(projectId).catch(() => undefined);
      return { redirect: true };
    }
    if (!complete(rec)) {
      runAllDetections(projectId).catch(() => undefined);
      return { redirect: true, partial: rec };
    }
    ceiling = rec;
  }
  onStep(1);
  await runAllDetections(projectId).catch(() => undefined); // rule 4: never blocks the result fetch
  onStep(2);
  const result = await fetchResultWithRetries(projectId);
  let project = arrival.project ?? null;
  if (!result.project_data?.s3_png_url && !project?.s3_png_url) project = await getProject(projectId).catch(() => project); // rule 6
  if (!ceiling) ceiling = await getCeilingScale(projectId).catch(() => null); // only for the sidebar's scale ratio
  qc.setQueryData(measureKeys.result(projectId), result);
  return { redirect: false, ceiling, project };
}

/** Runs the sequence once per visit (keyed by the router's location key, so re-renders never repeat calls). */
export function useResults(projectId: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const arrival = (location.state ?? {}) as Arrival;
  const qc = useQueryClient();
  const [step, setStep] = useState(0);
  const stepRef = useRef(setStep);
  const visit = useQuery({
    queryKey: measureKeys.visit(projectId, location.key),
    queryFn: () => runSequence(qc, projectId, arrival, (s) => stepRef.current(s)),
    retry: false, staleTime: Infinity, gcTime: 0,
  });
  const out = visit.data;
  useEffect(() => {
    if (out?.redirect) navigate(`/projects/${projectId}/ceiling-scale`, { replace: true, state: out.partial ? { partial: out.partial } : undefined });
  }, [out, navigate, projectId]);
  const ready = !!out && !out.redirect;
  // Reads the cache the sequence filled; edits from the walls view (rename, exclude) show up here too.
  const { data: result } = useQuery({ queryKey: measureKeys.result(projectId), queryFn: () => fetchResultWithRetries(projectId), enabled: ready, staleTime: Infinity });
  const ceiling = ready ? out.ceiling : null;
  const project = ready ? out.project : arrival.project;
  const imageUrl: string | undefined = result?.project_data?.s3_png_url ?? project?.s3_png_url;
  const title: string = projectTitle(projectId, project, result);
  const error = visit.error ? (visit.error instanceof Error ? visit.error.message : 'Failed to load results') : null;
  return { step, error, result: ready ? result ?? null : null, ceiling, imageUrl, title };
}

export function projectTitle(projectId: string, project: any, result?: ResultDto | null): string {
  return project?.filename ?? project?.name ?? project?.title ?? result?.project_name ?? result?.filename ?? result?.name ?? result?.title
    ?? result?.project_data?.name ?? `Project ${projectId}`;
}
