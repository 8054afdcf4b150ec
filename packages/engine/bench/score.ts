/**
 * Scores one engine result against the ground truth of a synthetic plan: rooms matched to truth rooms by
 * polygon IoU (greedy, best pairs first, IoU >= 0.5), then per matched room the relative area and
 * perimeter error and the label; openings matched by kind and position; counts and exterior length.
 */
import type { AnalysisResult, Opening } from '../src/types.js';
import { bounds, iou, ringArea, ringPerimeter, toPath, type Ring } from './poly.js';
import type { PlanTruth, TruthOpening } from './truth.js';

export const MIN_IOU = 0.5;

export interface RoomMatch {
  truthId: string;
  truthLabel: string;
  foundLabel: string;
  iou: number;
  /** |found − truth| / truth */
  areaError: number;
  perimeterError: number;
  labelRight: boolean;
}

export interface PlanScore {
  id: string;
  wallStyle: string;
  layout: string;
  truthRooms: number;
  foundRooms: number;
  matches: RoomMatch[];
  precision: number;
  recall: number;
  f1: number;
  missedRooms: string[];
  extraRooms: string[];
  doors: { truth: number; found: number };
  windows: { truth: number; found: number };
  exteriorDoors: { truth: number; found: number };
  exteriorWindows: { truth: number; found: number };
  /** |found − truth| width of matched openings, mm. */
  openingWidthErrorsMm: number[];
  /** |found − truth| height of matched openings whose height the plan states, mm. */
  openingHeightErrorsMm: number[];
  openingsMatched: number;
  /** Relative error of outside_detection.total_walls_mm against the outer wall face length; null if absent. */
  exteriorLengthError: number | null;
}

export function normalizeLabel(label: string): string {
  return label.toUpperCase().replace(/[^A-Z0-9']+/g, ' ').trim();
}

function polygonOf(points: [number, number][]): Ring {
  return points.map(([x, y]) => [x, y]);
}

function boxesOverlap(a: Ring, b: Ring): boolean {
  const ba = bounds(a);
  const bb = bounds(b);
  return ba.minX < bb.maxX && bb.minX < ba.maxX && ba.minY < bb.maxY && bb.minY < ba.maxY;
}

/** Every opening the engine reported, once (rooms share openings; outside lists repeat them). */
export function uniqueOpenings(result: AnalysisResult): Opening[] {
  const all = [
    ...result.rooms.flatMap((r) => [...(r.doors ?? []), ...(r.windows ?? [])]),
    ...(result.outside_detection?.outside_doors ?? []),
    ...(result.outside_detection?.outside_windows ?? []),
  ];
  const seen = new Map<string, Opening>();
  for (const o of all) {
    const key = o.id || `${o.kind}:${Math.round(o.position?.[0] ?? 0)}:${Math.round(o.position?.[1] ?? 0)}`;
    if (!seen.has(key)) seen.set(key, o);
  }
  return [...seen.values()];
}

function kindOf(o: Opening): 'door' | 'window' {
  return o.kind ?? (o.keyword === 'window' ? 'window' : 'door');
}

function matchOpenings(truth: TruthOpening[], found: Opening[]): [TruthOpening, Opening][] {
  const pairs: { t: TruthOpening; f: Opening; d: number }[] = [];
  for (const t of truth)
    for (const f of found) {
      if (kindOf(f) !== t.kind || !f.position) continue;
      const d = Math.hypot(f.position[0] - t.position[0], f.position[1] - t.position[1]);
      if (d <= Math.max(500, t.width / 2)) pairs.push({ t, f, d });
    }
  pairs.sort((a, b) => a.d - b.d);
  const usedT = new Set<string>();
  const usedF = new Set<Opening>();
  const out: [TruthOpening, Opening][] = [];
  for (const p of pairs) {
    if (usedT.has(p.t.id) || usedF.has(p.f)) continue;
    usedT.add(p.t.id);
    usedF.add(p.f);
    out.push([p.t, p.f]);
  }
  return out;
}

export function scorePlan(truth: PlanTruth, result: AnalysisResult): PlanScore {
  const truthRooms = truth.rooms.map((r) => ({ r, ring: polygonOf(r.polygon) }));
  const found = result.rooms.filter((r) => r.polygon && r.polygon.length >= 3).map((r) => ({ r, ring: polygonOf(r.polygon) }));
  const pairs: { ti: number; fi: number; v: number }[] = [];
  truthRooms.forEach((t, ti) =>
    found.forEach((f, fi) => {
      if (!boxesOverlap(t.ring, f.ring)) return;
      const v = iou([toPath(t.ring)], [toPath(f.ring)]);
      if (v >= MIN_IOU) pairs.push({ ti, fi, v });
    }),
  );
  pairs.sort((a, b) => b.v - a.v);
  const usedT = new Set<number>();
  const usedF = new Set<number>();
  const matches: RoomMatch[] = [];
  for (const p of pairs) {
    if (usedT.has(p.ti) || usedF.has(p.fi)) continue;
    usedT.add(p.ti);
    usedF.add(p.fi);
    const t = truthRooms[p.ti].r;
    const f = found[p.fi].r;
    const area = f.ceiling_area ?? ringArea(found[p.fi].ring);
    const perimeter = f.perimeter_mm ?? ringPerimeter(found[p.fi].ring);
    matches.push({
      truthId: t.id, truthLabel: t.label, foundLabel: f.label ?? '', iou: p.v,
      areaError: Math.abs(area - t.area_mm2) / t.area_mm2,
      perimeterError: Math.abs(perimeter - t.perimeter_mm) / t.perimeter_mm,
      labelRight: normalizeLabel(f.label ?? '') === normalizeLabel(t.label),
    });
  }
  const tp = matches.length;
  const precision = found.length ? tp / found.length : truthRooms.length ? 0 : 1;
  const recall = truthRooms.length ? tp / truthRooms.length : 1;
  const openings = uniqueOpenings(result);
  const matchedOpenings = matchOpenings(truth.openings, openings);
  const count = (list: { kind?: string; exterior?: boolean }[], kind: string, exterior?: boolean) =>
    list.filter((o) => o.kind === kind && (exterior === undefined || o.exterior === exterior)).length;
  const foundTyped = openings.map((o) => ({ kind: kindOf(o), exterior: o.exterior }));
  const extLen = result.outside_detection?.total_walls_mm;
  return {
    id: truth.id,
    wallStyle: truth.wall_style,
    layout: truth.layout,
    truthRooms: truthRooms.length,
    foundRooms: found.length,
    matches,
    precision,
    recall,
    f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
    missedRooms: truthRooms.filter((_, i) => !usedT.has(i)).map((t) => `${t.r.id} ${t.r.label}`),
    extraRooms: found.filter((_, i) => !usedF.has(i)).map((f) => `${f.r.label || '?'} (${(ringArea(f.ring) / 1e6).toFixed(2)} m²)`),
    doors: { truth: truth.totals.doors, found: count(foundTyped, 'door') },
    windows: { truth: truth.totals.windows, found: count(foundTyped, 'window') },
    exteriorDoors: { truth: truth.totals.exterior_doors, found: result.outside_detection?.outside_doors_count ?? count(foundTyped, 'door', true) },
    exteriorWindows: { truth: truth.totals.exterior_windows, found: result.outside_detection?.outside_windows_count ?? count(foundTyped, 'window', true) },
    openingWidthErrorsMm: matchedOpenings.map(([t, f]) => Math.abs((f.width ?? 0) - t.width)),
    openingHeightErrorsMm: matchedOpenings.filter(([t]) => t.height !== null).map(([t, f]) => Math.abs((f.height ?? 0) - (t.height ?? 0))),
    openingsMatched: matchedOpenings.length,
    exteriorLengthError: typeof extLen === 'number' && extLen > 0 ? Math.abs(extLen - truth.exterior.total_walls_mm) / truth.exterior.total_walls_mm : null,
  };
}
