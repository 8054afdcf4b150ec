/**
 * The page's own word on its scale (GET /user/projects/{id}/page-scale): the engine reads the stored PDF
 * page once, in a worker, and the answer is kept beside the PDF (a project's page never changes). A dense
 * sheet takes a while to read, so the first calls answer 'reading' after a short wait and the client asks
 * again; the page size comes from the project at once, so a length can be measured meanwhile.
 */
import type { PageScale } from '@plansight/contracts';
import { readPageScaleInWorker, type PageScaleReading } from '@plansight/engine/server';
import type { AppContext } from '../../context.js';
import { createLimiter } from '../projects/render-limiter.js';
import type { ProjectRow } from '../projects/projects.repository.js';
import { ownProject } from './measure.service.js';
import { heldPageName } from './held-page-name.js';

/** How long one call waits for a reading before answering 'reading'. */
export const PAGE_SCALE_WAIT_MS = 8000;
/** A page that takes longer than this to read gets no reading (the calibration still works without it). */
const READ_TIMEOUT_MS = 90_000;
/** Readings at once in this process (each is a worker thread busy on one page). */
const readLimiter = createLimiter(1);

type Stored = { ok: true; reading: PageScaleReading } | { ok: false };
/** Readings under way, by storage key; a second call joins the first. */
const inFlight = new Map<string, Promise<Stored>>();

const keyOf = (p: ProjectRow) => `projects/${p.id}/page-${p.pageNo}-scale-v1.json`;

async function stored(ctx: AppContext, key: string): Promise<Stored | null> {
  try {
    return JSON.parse((await ctx.storage.get(key)).toString('utf8')) as Stored;
  } catch {
    return null;
  }
}

/**
 * The page's name under which the engine keeps it as read for the analysis the user asks for next (the page is first
 * read on the ceiling-scale step, which ends in one: analysis.job.ts), when this process runs analyses; a web-only
 * process's kept page would wait for an analysis that runs elsewhere.
 */
const holdName = (ctx: AppContext, project: ProjectRow) => (ctx.config.ROLE === 'all' ? heldPageName(project.pdfKey, project.pageNo) : undefined);

function startReading(ctx: AppContext, project: ProjectRow, key: string, log: (e: unknown) => void): Promise<Stored> {
  const running = inFlight.get(key);
  if (running) return running;
  const p = readLimiter.run(async () => {
    const pdf = new Uint8Array(await ctx.storage.get(project.pdfKey));
    return readPageScaleInWorker(pdf, project.pageNo, { timeoutMs: READ_TIMEOUT_MS, hold: holdName(ctx, project) });
  }).then((reading): Stored => ({ ok: true, reading }), (e: unknown): Stored => { log(e); return { ok: false }; })
    .then(async (s) => {
      await ctx.storage.put(key, Buffer.from(JSON.stringify(s)), 'application/json').catch(log);
      return s;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, p);
  return p;
}

function toDto(project: ProjectRow, s: Stored | null): PageScale {
  const r = s?.ok ? s.reading : null;
  return {
    page_width_pt: r?.widthPt ?? project.pageWidthPt ?? 0, page_height_pt: r?.heightPt ?? project.pageHeightPt ?? 0,
    sheet: r?.sheet ?? null, status: s ? (s.ok ? 'ready' : 'unavailable') : 'reading',
    printed_scale: r?.printedScale ?? null, scale_bar_scale: r?.scaleBarScale ?? null,
    dimensions: r?.dimensions ? { scale_number: r.dimensions.scale, disagreeing: r.dimensions.disagreeing, checks: r.dimensions.checks.map((c) => ({ printed_mm: c.printedMm, length_pt: c.lengthPt, at_pt: c.atPt })) } : null,
    lines: r?.lines ?? [],
  };
}

export async function getPageScale(ctx: AppContext, userId: string, projectId: string, log: (e: unknown) => void, waitMs = PAGE_SCALE_WAIT_MS): Promise<PageScale> {
  const project = await ownProject(ctx, userId, projectId);
  const key = keyOf(project);
  const done = await stored(ctx, key);
  if (done) return toDto(project, done);
  const reading = startReading(ctx, project, key, log);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = await Promise.race([reading, new Promise<null>((r) => { timer = setTimeout(() => r(null), waitMs); })]);
  clearTimeout(timer);
  return toDto(project, waited);
}
