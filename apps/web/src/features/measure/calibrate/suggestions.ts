/**
 * The page's own word on its scale (GET page-scale) turned into scales to offer, each with its check: a
 * dimension string printed on the plan against its line measured at that scale ("3600 printed, 3596
 * measured at 1:100").
 */
import { PAPER_SIZE_MM, type PageScale } from '@plansight/contracts';
import { mmPerPt, nearestStandard, scaleText, type PageSize } from './scale-math';

/** A printed scale and the dimension strings agree when they are this close. */
export const SCALES_AGREE = 0.02;

export interface ScaleSuggestion {
  source: 'printed' | 'dimensions' | 'scale bar';
  scaleNumber: number;
  paper: string;
  /** What was read ('1:100 printed on the plan'). */
  title: string;
  /** The dimension check at this scale, when the plan has dimension strings. */
  check?: string;
  /** false when the plan's own dimension strings do not fit this scale. */
  checked?: boolean;
}

const close = (a: number, b: number) => Math.abs(a / b - 1) <= SCALES_AGREE;

function checkAt(ps: PageScale, page: PageSize, n: number, paper: string): string | undefined {
  const c = ps.dimensions?.checks[0];
  if (!c) return undefined;
  return `${Math.round(c.printed_mm)} printed, ${Math.round(c.length_pt * mmPerPt(n, paper, page))} measured at 1:${Math.round(n)}`;
}

/** The sheet a drawing at 1:printed was made on, when the page is a reduced or enlarged print of it. */
function drawnOn(printed: number, onPage: number, page: PageSize): string | null {
  for (const p of Object.keys(PAPER_SIZE_MM)) {
    if (close(printed * (mmPerPt(1, p, page) / mmPerPt(1, 'PAGE', page)), onPage)) return p;
  }
  return null;
}

export function scaleSuggestions(ps: PageScale | undefined): ScaleSuggestion[] {
  if (!ps || ps.status !== 'ready') return [];
  const page: PageSize = { widthPt: ps.page_width_pt, heightPt: ps.page_height_pt };
  const pagePaper = ps.sheet ?? 'PAGE';
  const dims = ps.dimensions?.scale_number ?? null;
  const out: ScaleSuggestion[] = [];
  const add = (source: ScaleSuggestion['source'], n: number, paper: string, title: string) => {
    const check = checkAt(ps, page, n, paper);
    out.push({ source, scaleNumber: n, paper, title, ...(check ? { check, checked: dims == null || close(n * (mmPerPt(1, paper, page) / mmPerPt(1, 'PAGE', page)), dims) } : {}) });
  };
  if (ps.printed_scale) {
    const p = ps.printed_scale;
    const sheet = dims != null && !close(p, dims) ? drawnOn(p, dims, page) : null;
    if (sheet && sheet !== pagePaper) add('printed', p, sheet, `1:${p} printed on the plan; its dimensions show it was drawn on ${sheet} and printed ${ps.sheet ? `on ${ps.sheet}` : 'at another size'}`);
    else add('printed', p, pagePaper, `1:${p} printed on the plan`);
  }
  if (dims != null && !out.some((s) => s.checked)) {
    const n = nearestStandard(dims, pagePaper) ?? Math.round(dims);
    add('dimensions', n, pagePaper, `${scaleText(n, pagePaper)} from the plan's dimension strings`);
  }
  if (ps.scale_bar_scale && !out.length) {
    const n = nearestStandard(ps.scale_bar_scale, pagePaper) ?? Math.round(ps.scale_bar_scale);
    add('scale bar', n, pagePaper, `${scaleText(n, pagePaper)} from the plan's scale bar`);
  }
  return out;
}
