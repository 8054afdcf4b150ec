/**
 * Real plans with printed room areas (shared/real-plans/<id>/{plan.pdf,truth.json}) and how they are
 * scored: a true room is found when a detected room contains its anchor; a detected room holding two or
 * more anchors is a merge; a found room is right when its area is within 3 % of the printed one, at the
 * printed scale and scale-free (every ratio divided by the plan's median ratio first).
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AnalysisResult, AnalyzeOptions, PaperSize } from '../src/types.js';
import { pointInPoly } from '../src/core/geometry.js';
import { percentile } from './summary.js';

export interface TruthRoom { label: string; area_m2: number; anchor_pt: [number, number] }
export interface TruthPlan {
  id: string;
  file: string;
  page: number;
  scale: string | null;
  paper: string | null;
  page_size_pt: [number, number];
  rooms: TruthRoom[];
}

export const RIGHT_WITHIN = 0.03;

export function loadTruthPlans(dir: string): TruthPlan[] {
  return readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, 'truth.json')))
    .sort()
    .map((id) => ({ id, file: join(dir, id, 'plan.pdf'), ...JSON.parse(readFileSync(join(dir, id, 'truth.json'), 'utf8')) }));
}

/** Engine options for a truth plan: its printed scale and paper, else 1:100 on the page itself. */
export function truthOptions(t: TruthPlan): AnalyzeOptions {
  const n = t.scale ? Number(t.scale.split(':')[1]) : 100;
  return { page: t.page, scale: n, ...(t.paper ? { paper: t.paper as PaperSize } : {}), ceilingHeightMm: 2400 };
}

export interface TruthRoomScore { label: string; found?: string; named: boolean; printed: number; measured: number | null; merged: boolean; ratio: number | null; rightPrinted: boolean; rightFree: boolean }
export interface TruthScore {
  id: string;
  rooms: TruthRoomScore[];
  found: number;
  merged: number;
  rightPrinted: number | null;
  rightFree: number;
  medianRatio: number;
  detected: number;
  named: number;
}

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
/**
 * A room labelled with its printed name: the truth's label without its hints (a number in brackets, a note in
 * parentheses, a flat's prefix 'A.01: '), against the engine's label without that number.
 */
export function namedAsPrinted(truth: string, label: string): boolean {
  const no = /\[([^\]]+)\]/.exec(truth)?.[1];
  const name = squash(truth.replace(/\s*[[(].*$/, '').replace(/^[\w.]+:\s+/, ''));
  const got = squash(no ? label.replace(no, '') : label);
  return got === name;
}

export function scoreTruthPlan(t: TruthPlan, res: AnalysisResult): TruthScore {
  const k = res.metadata.mm_per_pt;
  const h = t.page_size_pt[1];
  const anchors = t.rooms.map((r) => [r.anchor_pt[0] * k, (h - r.anchor_pt[1]) * k] as [number, number]);
  const holder = anchors.map((a) => res.rooms.findIndex((r) => r.polygon.length > 2 && pointInPoly(a[0], a[1], r.polygon)));
  const count = new Map<number, number>();
  for (const i of holder) if (i >= 0) count.set(i, (count.get(i) ?? 0) + 1);
  const rooms: TruthRoomScore[] = t.rooms.map((r, j) => {
    const i = holder[j];
    const merged = i >= 0 && (count.get(i) ?? 0) > 1;
    const measured = i >= 0 ? res.rooms[i].ceiling_area / 1e6 : null;
    const ratio = measured !== null && !merged ? measured / r.area_m2 : null;
    return { label: r.label, found: i >= 0 ? res.rooms[i].label : undefined, named: i >= 0 && namedAsPrinted(r.label, res.rooms[i].label), printed: r.area_m2, measured, merged, ratio, rightPrinted: ratio !== null && Math.abs(ratio - 1) <= RIGHT_WITHIN, rightFree: false };
  });
  const ratios = rooms.map((r) => r.ratio).filter((v): v is number => v !== null);
  const med = ratios.length ? percentile(ratios, 50) : NaN;
  for (const r of rooms) r.rightFree = r.ratio !== null && Math.abs(r.ratio / med - 1) <= RIGHT_WITHIN;
  return {
    id: t.id,
    rooms,
    found: holder.filter((i) => i >= 0).length,
    merged: rooms.filter((r) => r.merged).length,
    rightPrinted: t.scale ? rooms.filter((r) => r.rightPrinted).length : null,
    rightFree: rooms.filter((r) => r.rightFree).length,
    medianRatio: med,
    detected: res.rooms.length,
    named: rooms.filter((r) => r.named).length,
  };
}
