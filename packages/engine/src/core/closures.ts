/**
 * Closing the openings one by one. Collinear wall bands (same faces, similar thickness) are clustered; a
 * short break in a cluster is a wall junction and is filled, a break of door or window width is an opening
 * and is closed straight across on the wall faces. What lies in the break tells what it is: swing arcs
 * (door, two arcs a double door), thin lines running the full width (window), two half-width leaves
 * (sliding door), nothing (a plain opening).
 */
import type { PointMm } from '../types.js';
import { type Band, type MmSeg, bandCorners, bandFrame, bandPoint, degApart } from './walls.js';
import { Grid } from './grid.js';
import type { DoorArc } from './openings.js';

/** Breaks shorter than this are junctions, longer ones openings (mm). */
const MIN_OPENING_MM = 380;
/** Widest opening closed without anything drawn in it, and with a door or window symbol (mm). */
const MAX_PLAIN_MM = 2500;
const MAX_OPENING_MM = 3700;
/** Share of a break a swing must sweep over to be that opening's door (a double door's leaf: half). */
const SWING_ACROSS = 0.3;
/**
 * A piece standing alone at a run's end no longer along the run than this many times its thickness is a post or a
 * column (a pergola's post, a downpipe's casing, a column at a terrace's edge), not a wall's end.
 */
const POST_LENGTH_THICKNESSES = 1.5;

export interface Closure {
  deg: number; lo: number; hi: number; t0: number; t1: number;
  quad: PointMm[];
  opening: boolean;
  subtype?: 'swing' | 'double' | 'sliding' | 'opening' | 'window';
  arcs?: DoorArc[];
}

export interface Cluster { deg: number; lo: number; hi: number; items: Band[] }

export function clusterBands(bands: Band[]): Cluster[] {
  const byDeg = new Map<number, Band[]>();
  for (const b of bands) (byDeg.get(b.deg) ?? byDeg.set(b.deg, []).get(b.deg)!).push(b);
  const out: Cluster[] = [];
  for (const [deg, list] of byDeg) {
    list.sort((p, q) => p.lo - q.lo);
    const cl: Cluster[] = [];
    for (const b of list) {
      const t = b.hi - b.lo;
      const tol = Math.max(20, 0.2 * t);
      const c = cl.find((c) => Math.abs(c.lo - b.lo) <= tol && Math.abs(c.hi - b.hi) <= tol);
      if (c) c.items.push(b);
      else cl.push({ deg, lo: b.lo, hi: b.hi, items: [b] });
    }
    out.push(...cl);
  }
  return out;
}

/**
 * Runs lying inside the openings of a thicker run on the same line: the glass and frame lines of windows,
 * paired as if they were a thin wall. The space between two windows is a pier, not an opening.
 */
export function glassRuns(clusters: Cluster[]): Set<Cluster> {
  const out = new Set<Cluster>();
  // (each run's extent along its line worked out once, and each run compared with the runs of its direction)
  const from = new Float64Array(clusters.length), to = new Float64Array(clusters.length);
  const byDeg = new Map<number, number[]>();
  clusters.forEach((C, k) => {
    let t0 = Infinity, t1 = -Infinity;
    for (const b of C.items) { t0 = Math.min(t0, b.t0); t1 = Math.max(t1, b.t1); }
    from[k] = t0; to[k] = t1;
    (byDeg.get(C.deg) ?? byDeg.set(C.deg, []).get(C.deg)!).push(k);
  });
  for (const c of clusters) {
    for (const k of byDeg.get(c.deg)!) {
      const C = clusters[k];
      if (C === c || C.lo > c.lo + 15 || C.hi < c.hi - 15 || C.hi - C.lo < c.hi - c.lo + 20) continue;
      if (inBreaks(c.items, C.items, from[k], to[k])) { out.add(c); break; }
    }
  }
  return out;
}

/** Whether every band of `runs` lies within t0..t1 and overlaps no band of `wall` along 50 mm or more: in its breaks.
 * (A plain function, no closure per pair of runs: a dense sheet compares thousands.) */
function inBreaks(runs: Band[], wall: Band[], t0: number, t1: number): boolean {
  for (const b of runs) {
    if (b.t0 < t0 - 15 || b.t1 > t1 + 15) return false;
    for (const w of wall) if (Math.min(w.t1, b.t1) - Math.max(w.t0, b.t0) >= 50) return false;
  }
  return true;
}

const quadOf = (deg: number, t0: number, t1: number, lo: number, hi: number): PointMm[] => bandCorners({ deg, lo, hi, t0, t1 });

/**
 * Breaks in the wall clusters: junction fills and opening closures, the openings classified. `clusters` are
 * the runs that belong to the building's walls (see analyze: a run of furniture lines has no openings);
 * `bands` are all wall bands, for telling a wall that runs alongside a break. `lone` tells a band of a small piece
 * standing alone (not joined to the building's walls): such a piece at a run's end, about as long as it is thick,
 * is a post, and the break between it and the run is no opening unless something is drawn in it.
 */
export function findClosures(clusters: Cluster[], bands: Band[], arcs: DoorArc[], thin: MmSeg[], inWall: (p: PointMm) => boolean,
  lone: (b: Band) => boolean = () => false): Closure[] {
  const out: Closure[] = [];
  const near = segIndex(thin);
  // the breaks found in order, each with the tests it must still pass once what is drawn in it is known
  const pending: { cl: Closure; keep: () => boolean }[] = [];
  for (const c of clusters) {
    const runs = [...c.items].sort((p, q) => p.t0 - q.t0);
    const merged: [number, number][] = [];
    for (const r of runs) {
      const last = merged[merged.length - 1];
      if (last && r.t0 <= last[1] + 1) last[1] = Math.max(last[1], r.t1);
      else merged.push([r.t0, r.t1]);
    }
    const lo = c.items.reduce((s, b) => s + b.lo, 0) / c.items.length;
    const hi = c.items.reduce((s, b) => s + b.hi, 0) / c.items.length;
    // the run's first or last stretch is a post standing alone
    const post = (j: number) => {
      const [a, b] = merged[j];
      return b - a <= POST_LENGTH_THICKNESSES * (hi - lo) && c.items.every((x) => x.t1 < a - 1 || x.t0 > b + 1 || lone(x));
    };
    for (let i = 0; i + 1 < merged.length; i++) {
      const t0 = merged[i][1], t1 = merged[i + 1][0];
      const g = t1 - t0;
      if (g <= 0) continue;
      if (g < MIN_OPENING_MM) {
        pending.push({ cl: { deg: c.deg, lo, hi, t0, t1, quad: quadOf(c.deg, t0, t1, lo, hi), opening: false }, keep: () => true });
        continue;
      }
      if (g > MAX_OPENING_MM) continue;
      // a wall crossing the break in the middle makes it a junction of a thick wall, not an opening
      const mid = bandPoint(c.deg, (t0 + t1) / 2, (lo + hi) / 2);
      const cl: Closure = { deg: c.deg, lo, hi, t0, t1, quad: quadOf(c.deg, t0, t1, lo, hi), opening: true };
      // an opening has free space just beyond both faces; a band of furniture lines against a wall face has
      // the wall on one side (its break is the space between two beds, not a door)
      // (a wall running alongside past both jambs; window lines inside the break do not count)
      const covered = (off: number, t: number) => bands.some((b) => b.deg === c.deg && b.lo - 1 <= off && off <= b.hi + 1 &&
        b.t0 <= t && t <= b.t1 && !(b.t0 >= t0 - 1 && b.t1 <= t1 + 1));
      const alongside = (off: number) => [0.2, 0.5, 0.8].every((f) => covered(off, t0 + f * g));
      if (alongside(lo - 40) || alongside(hi + 40)) continue;
      classify(cl, arcs, near(cl.quad));
      const first = i === 0, last = i + 2 === merged.length;
      pending.push({
        cl,
        keep: () => {
          // a post in line with a wall's end with nothing drawn between them is no jamb (a terrace runs on between a
          // column and the facade)
          if (cl.subtype === 'opening' && ((first && post(0)) || (last && post(i + 1)))) return false;
          if (inWall(mid) && cl.subtype === 'opening') return false;
          // a door hung in a niche in front of the break (a French door set across a chamfered corner): the floor
          // runs on through the wall to the door, whose chord seals the room there (analyze.ts), not the wall line
          if (cl.subtype === 'opening' && arcs.some((a) => doorInNiche(a, cl))) return false;
          // nothing drawn in it and a crossing wall at both ends: a corridor crossing the wall line, not an opening
          // (the crossing wall runs past the end of the break on both sides, or fills it and runs past one side)
          const step = Math.min(60, g / 4);
          // (beyond a face too: window frames between the jambs fill the break's middle, not the room beside it)
          const crossed = (t: number) => {
            const a = inWall(bandPoint(c.deg, t, lo - 40)), b = inWall(bandPoint(c.deg, t, hi + 40));
            return (a && b) || ((a || b) && inWall(bandPoint(c.deg, t, (lo + hi) / 2)));
          };
          if (cl.subtype === 'opening' && crossed(t0 + step) && crossed(t1 - step)) return false;
          return !(cl.subtype === 'opening' && g > MAX_PLAIN_MM);
        },
      });
    }
  }
  oneDoorPerSwing(pending.map((p) => p.cl), arcs, near);
  for (const p of pending) if (p.keep()) out.push(p.cl);
  return out;
}

/** Openings whose directions differ by this much (degrees) lie in different walls. */
const ACROSS_DEG = 30;

/**
 * One swing, one door. A door hung at a room's corner swings beside the corner's other wall: its hinge stands just
 * past the jamb of an opening in that wall (a window beside the corner), close enough to be taken for that
 * opening's door too. A swing taken by openings in two walls stays with the one whose jamb corner its hinge stands
 * at (the nearest along the wall plus off its faces); the openings in the other wall are classified again without
 * it (`openings`, in place).
 */
function oneDoorPerSwing(openings: Closure[], arcs: DoorArc[], near: (quad: PointMm[]) => MmSeg[]): void {
  const takers = new Map<DoorArc, Closure[]>();
  for (const cl of openings) for (const a of cl.arcs ?? []) (takers.get(a) ?? takers.set(a, []).get(a)!).push(cl);
  const lost = new Map<Closure, Set<DoorArc>>();
  for (const [a, cls] of takers) {
    if (cls.length < 2) continue;
    const off = (cl: Closure) => {
      const h = inFrame(cl.deg)(a.hinge);
      return Math.min(Math.abs(h.t - cl.t0), Math.abs(h.t - cl.t1)) + Math.max(0, cl.lo - h.o, h.o - cl.hi);
    };
    const best = cls.reduce((m, cl) => (off(cl) < off(m) ? cl : m));
    // (the layers of a wall built up of several, each broken by the same opening, keep it alike: the opening's
    // breaks in one direction)
    for (const cl of cls) if (degApart(cl.deg, best.deg) >= ACROSS_DEG) (lost.get(cl) ?? lost.set(cl, new Set()).get(cl)!).add(a);
  }
  for (const [cl, gone] of lost) {
    delete cl.arcs;
    classify(cl, arcs.filter((a) => !gone.has(a)), near(cl.quad));
  }
}

/** Widest opening closed between a wall run's end and a wall corner on its face line (mm): a door's width; a
 * wider gap there is a room going on round the corner. */
const MAX_CORNER_GAP_MM = 1300;
/** Step of the walk along a wall's line from its end (mm). */
const CORNER_STEP_MM = 20;
/** How far past a face or into a wall the probes look (mm). */
const PROBE_MM = 60;
/** How far off a face line a corner may stand and still be on it (mm). */
const FLUSH_MM = 30;
/** How far the wall met must run on along the partition's face line past its corner (mm). */
const RUN_ON_MM = 400;
/** Free floor wanted on both sides of such an opening, and depth of the wall turning away at the corner (mm). */
const PASSAGE_DEPTH_MM = 300;
/** Share of a corner gap's length that must run along another opening for the gap to be that opening's. */
const ALONG_OPENING = 0.5;

/**
 * Openings at a wall run's end. A door hung between the end and a wall standing across the run's line a door's
 * width on is closed there, on the run's faces. Otherwise, openings between the end and a wall corner on the line
 * of one of its faces: a partition ends, and a
 * door's width further on, a wall with a corner flush with the partition's face turns away from that line
 * (the corner of an entrance niche opposite a hall's wall that stops short of the living room). Nothing is
 * drawn in the gap; the face continued to the corner is the rooms' boundary, so the gap is closed straight
 * across on the partition's faces. A wall met by the partition's line itself (a room going on past a wall's
 * end towards the next wall) is not closed: nothing marks a boundary there.
 * `openings` are the openings already closed in the walls' breaks (findClosures): a gap running along one of
 * them, just beyond its face, is no opening of its own (see below).
 */
export function cornerOpenings(clusters: Cluster[], arcs: DoorArc[], thin: MmSeg[], inWall: (p: PointMm) => boolean, openings: Closure[] = []): Closure[] {
  const out: Closure[] = [];
  const near = segIndex(thin);
  /** The gap from t = a to b on a run's faces, closed and classified by what is drawn in it. */
  const gapClosure = (deg: number, a: number, b: number, lo: number, hi: number): Closure => {
    const cl: Closure = { deg, lo, hi, t0: a, t1: b, quad: quadOf(deg, a, b, lo, hi), opening: true };
    classify(cl, arcs, near(cl.quad));
    return cl;
  };
  for (const c of clusters) {
    const lo = c.items.reduce((s, b) => s + b.lo, 0) / c.items.length;
    const hi = c.items.reduce((s, b) => s + b.hi, 0) / c.items.length;
    const mid = (lo + hi) / 2;
    const at = (t: number, o: number) => inWall(bandPoint(c.deg, t, o));
    const across = (t: number) => [lo + 10, mid, hi - 10].some((o) => at(t, o));
    // (a break within the cluster is findClosures' business: only the cluster's two outer ends)
    const t0 = Math.min(...c.items.map((b) => b.t0)), t1 = Math.max(...c.items.map((b) => b.t1));
    for (const [end, dir] of [[t0, -1], [t1, 1]] as const) {
      if (across(end + dir * PROBE_MM)) continue; // the end is joined to a wall in line
      // walk on along the line until a wall stands in it (no corner: stop) or beside one face line
      let hit = 0, side = 0;
      for (let d = CORNER_STEP_MM; d <= MAX_CORNER_GAP_MM; d += CORNER_STEP_MM) {
        const t = end + dir * d;
        if (across(t)) break;
        if (at(t, lo - FLUSH_MM)) { hit = d; side = -1; break; }
        if (at(t, hi + FLUSH_MM)) { hit = d; side = 1; break; }
      }
      let ahead = 0;
      if (!hit) for (let d = PROBE_MM + CORNER_STEP_MM; d <= MAX_CORNER_GAP_MM; d += CORNER_STEP_MM) if (across(end + dir * d)) { ahead = d; break; }
      if (ahead >= MIN_OPENING_MM) {
        // a wall across the line a door's width on: a door hung in that gap parts the rooms (the swing drawn is
        // the boundary the drawing marks), where an empty gap is a room going on past the wall's end
        const cl = gapClosure(c.deg, Math.min(end, end + dir * ahead), Math.max(end, end + dir * ahead), lo, hi);
        // (a swing already hung in a break of its own is that opening's door)
        if ((cl.subtype === 'swing' || cl.subtype === 'double') && !cl.arcs!.some((d) => openings.some((o) => o.arcs?.includes(d)))) out.push(cl);
        continue;
      }
      if (hit < MIN_OPENING_MM) continue;
      const face = side > 0 ? hi : lo;
      const tIn = end + dir * (hit + PROBE_MM);
      // the wall met turns away from the line (goes deep on its side), its face flush with the partition's and
      // running on along the line (a wall whose end face stands on the line is a jamb of some other opening)
      if (!at(tIn, face + side * PASSAGE_DEPTH_MM) || at(tIn, face - side * FLUSH_MM)) continue;
      // the partition's face on that line is a face (floor beyond it at its end): the two walls stand on opposite
      // sides of the line, which parts the rooms (a band along a cupboard's face, the cupboard beyond it, is no face)
      if (at(end - dir * PROBE_MM, face + side * FLUSH_MM)) continue;
      if (![PROBE_MM, RUN_ON_MM / 2, RUN_ON_MM].every((k) => at(end + dir * (hit + k), face + side * FLUSH_MM))) continue;
      // free floor on both sides of the gap
      const tm = end + (dir * hit) / 2;
      if (at(tm, lo - PASSAGE_DEPTH_MM) || at(tm, hi + PASSAGE_DEPTH_MM)) continue;
      const a = Math.min(end, end + dir * hit), b = Math.max(end, end + dir * hit);
      // the gap runs along a wall's own opening (a window closed on that wall's faces) just beyond the face: the
      // "partition" is a line in the room in front of that wall (a cistern's back and a floor tile line, paired as
      // a thin band against the wall face) and the corner met is the opening's jamb. The opening's closure stops
      // at its wall's faces; closing this gap too would cut the strip up to the line in the room off the room.
      const probe = face + side * FLUSH_MM;
      if (openings.some((o) => o.opening && o.deg === c.deg && o.lo - 1 <= probe && probe <= o.hi + 1 &&
        Math.min(o.t1, b) - Math.max(o.t0, a) > ALONG_OPENING * (b - a))) continue;
      const cl = gapClosure(c.deg, a, b, lo, hi);
      // (a window or door there is closed by its own rules)
      if (cl.subtype !== 'opening') continue;
      out.push(cl);
    }
  }
  // the same gap is found from both corners, once on each wall's band: keep the thinner closure
  const overlap = (p: Closure, q: Closure) => p.deg === q.deg && Math.min(p.t1, q.t1) - Math.max(p.t0, q.t0) > 0.5 * (p.t1 - p.t0) &&
    Math.min(p.hi, q.hi) - Math.max(p.lo, q.lo) > -FLUSH_MM;
  return out.filter((p) => !out.some((q) => q !== p && overlap(p, q) && (q.hi - q.lo < p.hi - p.lo || (q.hi - q.lo === p.hi - p.lo && out.indexOf(q) < out.indexOf(p)))));
}

/** Thin segments by grid cell: `near(quad)` gives those passing near a closure. */
function segIndex(segs: MmSeg[]): (quad: PointMm[]) => MmSeg[] {
  const grid = new Grid<MmSeg>(1000);
  // a segment over more than 400 cells (a long diagonal) is near every closure
  const long = segs.filter((s) => !grid.addBox(Math.min(s.a[0], s.b[0]), Math.min(s.a[1], s.b[1]), Math.max(s.a[0], s.b[0]), Math.max(s.a[1], s.b[1]), s, 400));
  return (quad) => {
    const xs = quad.map((p) => p[0]), ys = quad.map((p) => p[1]);
    return [...new Set([...long, ...grid.inBox(Math.min(...xs) - 100, Math.min(...ys) - 100, Math.max(...xs) + 100, Math.max(...ys) + 100)])];
  };
}

/** A point in the frame of a band of direction `deg`: t along it, o across it (the band's lo..hi). */
function inFrame(deg: number): (p: PointMm) => { t: number; o: number } {
  const { ux, uy } = bandFrame(deg);
  return (p) => ({ t: ux * p[0] + uy * p[1], o: -uy * p[0] + ux * p[1] });
}

/** How far beyond a wall's face a door's hinge must stand to be hung in a niche in front of the break (mm):
 * more than a frame standing proud of the face. */
const NICHE_MIN_MM = 100;

/**
 * A swing hinged between the break's jambs but beyond one face of the wall (by more than a frame's depth and
 * less than the break's width), sized to the break, that sweeps into the wall band: the door stands in a niche
 * out in front of the wall line.
 */
function doorInNiche(a: DoorArc, cl: Closure): boolean {
  const g = cl.t1 - cl.t0;
  const local = inFrame(cl.deg);
  const h = local(a.hinge);
  if (h.t <= cl.t0 || h.t >= cl.t1 || a.radius < 0.3 * g || a.radius > 1.25 * g) return false;
  const beyond = h.o < cl.lo ? cl.lo - h.o : h.o > cl.hi ? h.o - cl.hi : 0;
  if (beyond <= NICHE_MIN_MM || beyond >= g) return false;
  // (the swing reaches the band: its ends lie in it or past it, seen from the hinge)
  return a.ends.some((e) => {
    const o = local(e).o;
    return h.o < cl.lo ? o >= cl.lo : o <= cl.hi;
  });
}

function classify(cl: Closure, arcs: DoorArc[], thin: MmSeg[]): void {
  const g = cl.t1 - cl.t0, th = cl.hi - cl.lo;
  const local = inFrame(cl.deg);
  // arcs hinged at a jamb of this break, sized to it (one leaf the whole width, or two halves)
  const mine = arcs.filter((a) => {
    const h = local(a.hinge);
    const atJamb = Math.min(Math.abs(h.t - cl.t0), Math.abs(h.t - cl.t1)) < Math.max(120, 0.15 * g);
    const onFace = h.o > cl.lo - th - 80 && h.o < cl.hi + th + 80;
    // (and it swings across the break: a door hinged just past the jamb, on the wall round the corner, swings
    // beside it and belongs to an opening of its own)
    const ts = [h.t, ...a.ends.map((e) => local(e).t)];
    const across = Math.min(cl.t1, Math.max(...ts)) - Math.max(cl.t0, Math.min(...ts));
    return atJamb && onFace && a.radius > 0.3 * g && a.radius < 1.25 * g && across > SWING_ACROSS * g;
  });
  if (mine.length) {
    // (a break whose only swings are drawn open less than a right angle and whose glass lines are drawn is a
    // window with its casements drawn)
    if (mine.every((a) => a.leafEnd) && glassOf(cl, thin) === 'window') { cl.subtype = 'window'; return; }
    cl.arcs = mine;
    cl.subtype = mine.length >= 2 && mine.every((a) => a.radius < 0.75 * g) ? 'double' : 'swing';
    return;
  }
  cl.subtype = glassOf(cl, thin);
}

/** What the thin lines drawn along a break make it: a window (glass lines its whole width), a sliding door, or a plain opening. */
function glassOf(cl: Closure, thin: MmSeg[]): 'window' | 'sliding' | 'opening' {
  const g = cl.t1 - cl.t0;
  const local = inFrame(cl.deg);
  // thin lines along the break, inside (or just beside) the wall band
  let full = 0, half = 0;
  for (const s of thin) {
    const dAng = Math.abs((s.ang * 180) / Math.PI - cl.deg) % 180;
    const diff = Math.min(dAng, 180 - dAng);
    if (diff > 3) continue;
    const a = local(s.a), b = local(s.b);
    const o = (a.o + b.o) / 2;
    if (o < cl.lo - 70 || o > cl.hi + 70) continue;
    const s0 = Math.max(Math.min(a.t, b.t), cl.t0), s1 = Math.min(Math.max(a.t, b.t), cl.t1);
    const cover = (s1 - s0) / g;
    if (cover <= 0.2) continue;
    if (Math.max(Math.abs(Math.min(a.t, b.t) - cl.t0), Math.abs(Math.max(a.t, b.t) - cl.t1)) < 0.12 * g + 30 && cover > 0.85) full++;
    else if (cover > 0.3 && cover < 0.8) half++;
  }
  return full >= 1 && half < 2 ? 'window' : half >= 2 ? 'sliding' : 'opening';
}
