/**
 * Arcs drawn as polylines. Many CAD exports and PDF printers flatten every arc into a chain of short straight
 * segments: equal chords, each turning the same small angle from the one before. A door's swing drawn that way is
 * still a door's swing. Such a chain is read as the arc it draws, given as cubic Bézier pieces (a quarter circle
 * at most each) like the arcs a page draws as curves, so the door search reads both alike. Page points throughout.
 */
import type { Curve, Seg } from '../source/extract.js';
import { circleFrom3 } from './geometry.js';

/** A chain is an arc from this many segments on (a triangle's or a box's corner is no arc). */
const MIN_PIECES = 4;
/** Each segment turns from the last by at least this and at most this (degrees): a coarser chain is a polygon. */
const MIN_TURN_DEG = 1;
const MAX_TURN_DEG = 30;
/** The turns of one arc differ from its first turn by at most this share of it (plus TURN_SLACK_DEG). */
const TURN_SPREAD = 0.25;
const TURN_SLACK_DEG = 0.5;
/** The chords of one arc differ from its first chord by at most this share of it (the last may be cut short). */
const CHORD_SPREAD = 0.15;
/** Consecutive segments join when the end of one is this close to the start of the next (points). */
const JOIN_PT = 0.05;
/** Every point of the chain lies this close to the circle through its ends and its middle (share of the radius). */
const ON_CIRCLE = 0.03;

const RAD = Math.PI / 180;

/** The arcs the page draws as chains of short segments, as Bézier pieces of at most 90° each. */
export function polylineArcs(segs: Seg[]): Curve[] {
  const out: Curve[] = [];
  // the run: its points, its first chord's length and its first (signed) turn
  let pts: [number, number][] = [];
  let chord0 = 0, turn0 = 0;
  const flush = () => {
    if (pts.length - 1 >= MIN_PIECES) out.push(...arcPieces(pts));
    pts = [];
  };
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    const len = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
    const last = pts[pts.length - 1];
    const joined = !!last && !s.dashed && Math.abs(last[0] - s.x1) <= JOIN_PT && Math.abs(last[1] - s.y1) <= JOIN_PT;
    if (joined && len > 0) {
      const prev = pts[pts.length - 2];
      const turn = signedTurn(prev, last, [s.x2, s.y2]);
      const abs = Math.abs(turn);
      if (pts.length === 2) {
        // the second segment sets the run's turn
        if (abs >= MIN_TURN_DEG * RAD && abs <= MAX_TURN_DEG * RAD && Math.abs(len - chord0) <= CHORD_SPREAD * chord0) {
          turn0 = turn;
          pts.push([s.x2, s.y2]);
          continue;
        }
      } else if (Math.sign(turn) === Math.sign(turn0) && Math.abs(turn - turn0) <= TURN_SPREAD * Math.abs(turn0) + TURN_SLACK_DEG * RAD &&
        (Math.abs(len - chord0) <= CHORD_SPREAD * chord0 || len < chord0)) {
        pts.push([s.x2, s.y2]);
        // (a chord cut short ends the run: the arc's last piece)
        if (len < (1 - CHORD_SPREAD) * chord0) flush();
        continue;
      }
      // the run breaks here: this segment may start the next one (from the last point)
      const from = pts[pts.length - 1];
      flush();
      pts = [from, [s.x2, s.y2]];
      chord0 = len;
      continue;
    }
    flush();
    if (len > 0 && !s.dashed) {
      pts = [[s.x1, s.y1], [s.x2, s.y2]];
      chord0 = len;
    }
  }
  flush();
  return out;
}

/** The angle from a->b to b->c (radians, counter-clockwise positive in the page's frame). */
function signedTurn(a: [number, number], b: [number, number], c: [number, number]): number {
  const ux = b[0] - a[0], uy = b[1] - a[1], vx = c[0] - b[0], vy = c[1] - b[1];
  return Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
}

/** The chain's points as the arc through them: Bézier pieces of at most 90°, or none when they are off one circle. */
function arcPieces(pts: [number, number][]): Curve[] {
  const a = pts[0], m = pts[pts.length >> 1], z = pts[pts.length - 1];
  const circ = circleFrom3(a, m, z);
  if (!circ) return [];
  const { c, r } = circ;
  if (pts.some((p) => Math.abs(Math.hypot(p[0] - c[0], p[1] - c[1]) - r) > ON_CIRCLE * r)) return [];
  // the sweep, signed, summed point to point about the centre
  let sweep = 0;
  for (let i = 1; i < pts.length; i++) {
    const p = pts[i - 1], q = pts[i];
    sweep += Math.atan2((p[0] - c[0]) * (q[1] - c[1]) - (p[1] - c[1]) * (q[0] - c[0]), (p[0] - c[0]) * (q[0] - c[0]) + (p[1] - c[1]) * (q[1] - c[1]));
  }
  const n = Math.max(1, Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9));
  const phi = sweep / n, kappa = (4 / 3) * Math.tan(phi / 4) * r;
  const a0 = Math.atan2(a[1] - c[1], a[0] - c[0]);
  const at = (t: number): [number, number] => [c[0] + r * Math.cos(t), c[1] + r * Math.sin(t)];
  const out: Curve[] = [];
  for (let j = 0; j < n; j++) {
    const t0 = a0 + j * phi, t1 = t0 + phi;
    const p0 = j === 0 ? a : at(t0), p3 = j === n - 1 ? z : at(t1);
    out.push({ p: [p0, [p0[0] - kappa * Math.sin(t0), p0[1] + kappa * Math.cos(t0)], [p3[0] + kappa * Math.sin(t1), p3[1] - kappa * Math.cos(t1)], p3] });
  }
  return out;
}
