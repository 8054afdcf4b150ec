/**
 * The real vector PDFs of ../shared/plans: options we know for some of them (scale and paper printed on
 * the sheet), and a little ground truth established by hand from the sheets' own printed room sizes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { AnalyzeOptions } from '../src/types.js';

import { SHARED_DIR } from './shared-dir.js';

export const REAL_PLANS_DIR = join(SHARED_DIR, 'plans');
/** Pages of each real PDF the benches analyse (its first ones). */
export const MAX_REAL_PAGES = 4;

export interface RealTruthRoom {
  /** Label as printed (matched after normalisation, or by `match` when the engine's label differs). */
  label: string;
  /** Area from the printed W x L, m² (rooms drawn as rectangles). */
  areaM2: number;
}

export interface RealPlan {
  file: string;
  /** Options per page; pages not listed use the defaults below. */
  options: Partial<AnalyzeOptions>;
  note: string;
  rooms?: RealTruthRoom[];
  /** Overall building size from the printed dimension chains, mm (either orientation). */
  exteriorMm?: [number, number];
  /** Room tags printed on the sheet ('name number'): each should label one room. */
  expectLabels?: string[];
}

const JSBA_03 = [
  'Caferteria 224', 'Copy/Print 228', 'Office 230', 'Office 231', 'Lounge 223', 'Administration 229', 'Women 225', 'Men 226',
  'Stair 233', 'Electrical 227', 'Toilet 232', 'Corridor 234', 'Computer Lab 222', 'Instruction 221', 'Electrical 220', 'Lobby 216',
  'Library 219', 'Corridor 235', 'Electrical 214', 'Stair 217', 'Stair 201', 'Instruction 218', 'Computer Lab 209', 'Drafting 208',
  'Copy/Print 207', 'Lounge 206', 'Instruction 205', 'Instruction 204', 'Computer Lab 203', 'Instruction 202', 'Lounge 212',
  'Women 211', 'Men 210',
];

const FT = 0.3048;
const ftIn = (ft: number, inch = 0) => ft * FT + inch * 0.0254;

/** What the sheets say about themselves (see each folder's SOURCES.md). */
export const KNOWN: Record<string, RealPlan> = {
  'jsba-cloudcore-tests/Multiple rooms with room tags (no noise).pdf': {
    file: '', options: { scale: 100 }, note: '33 tagged rooms (scale unknown)', expectLabels: JSBA_03,
  },
  'bungalow-planning-drawing/FloorPlans.pdf': { file: '', options: { scale: 100, paper: 'A1' }, note: '1:100 @ A1 (sheet), several views' },
  'qm-s-3-quinta-monroy/A101.pdf': { file: '', options: { scale: 50, paper: 'A2' }, note: '1:50 @ A2 (sheet)', exteriorMm: [9140, 6050] },
  // 1/4" = 1'-0" is 1:48 on the 11x17 page itself.
  'takeoffs-test-pdfs/first-floor.pdf': { file: '', options: { scale: 48 }, note: '1/4"=1\'-0" on 11x17 (1:48)', exteriorMm: [ftIn(32) * 1000, ftIn(16) * 1000] },
  'floorplan-dimension-extraction/floorplan.pdf': {
    file: '',
    options: { scale: 100 },
    note: 'scale not printed; room W x L printed',
    exteriorMm: [ftIn(50) * 1000, ftIn(30) * 1000],
    rooms: [
      { label: 'DINING', areaM2: ftIn(14) * ftIn(8) },
      { label: 'KITCHEN', areaM2: ftIn(9, 3) * ftIn(10, 3) },
      { label: 'DRAWING ROOM', areaM2: ftIn(14) * ftIn(14) },
      { label: 'POOJA', areaM2: ftIn(4) * ftIn(4, 9) },
      { label: 'STORE', areaM2: ftIn(4) * ftIn(5) },
      { label: 'PARKING', areaM2: ftIn(11, 3) * ftIn(15, 3) },
    ],
  },
  'awaiskamboh9-house-drawings/LAYOUT PLAN-Model.pdf': {
    file: '',
    options: { scale: 100 },
    note: 'scale not printed; room W x L printed',
    rooms: [
      { label: 'GUEST ROOM', areaM2: ftIn(18, 9) * ftIn(11) },
      { label: 'DINING ROOM', areaM2: ftIn(11, 5) * ftIn(10) },
      { label: 'DRAWING ROOM', areaM2: ftIn(18, 9) * ftIn(11) },
    ],
  },
};

export function findRealPlans(dir = REAL_PLANS_DIR): RealPlan[] {
  const out: RealPlan[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.toLowerCase().endsWith('.pdf')) {
        const rel = p.slice(dir.length + 1);
        const known = KNOWN[rel];
        out.push({ ...(known ?? { options: {}, note: 'scale unknown: 1:100, page as paper' }), file: p });
      }
    }
  };
  walk(dir);
  return out;
}

/** A page of a real PDF the benches analyse, with the options they give it. */
export interface RealPlanPage { plan: RealPlan; rel: string; page: number; options: AnalyzeOptions }

/**
 * The pages the benches analyse: the first MAX_REAL_PAGES of each real PDF (its first page alone when pdf-lib cannot
 * count them; the engine is still asked), at 1:100 with a 2.4 m ceiling unless the plan's own options say otherwise.
 */
export async function realPlanPages(plans: RealPlan[] = findRealPlans()): Promise<RealPlanPage[]> {
  const out: RealPlanPage[] = [];
  for (const plan of plans) {
    let count = 1;
    try {
      count = (await PDFDocument.load(readFileSync(plan.file), { ignoreEncryption: true, updateMetadata: false })).getPageCount();
    } catch {
      /* a file pdf-lib cannot open: its first page is still asked */
    }
    for (let page = 1; page <= Math.min(count, MAX_REAL_PAGES); page++) {
      out.push({ plan, rel: plan.file.slice(REAL_PLANS_DIR.length + 1), page, options: { page, scale: 100, ceilingHeightMm: 2400, ...plan.options } });
    }
  }
  return out;
}
