import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PointMm } from '../types.js';
import { measureRoom, mergePolygons, polyArea, polygonIoU, simplify, splitPolygon } from './index.js';

/** Rooms from 0.5 m to 30 m a side, anywhere on a 200 m site (whole mm, as Clipper2 rounds to mm). */
const side = fc.integer({ min: 500, max: 30_000 });
const offset = fc.integer({ min: -100_000, max: 100_000 });
const rect = fc.record({ x: offset, y: offset, w: side, h: side });
const corners = ({ x, y, w, h }: { x: number; y: number; w: number; h: number }): PointMm[] => [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
const opening = fc.record({ width: fc.integer({ min: 0, max: 5_000 }), height: fc.integer({ min: 0, max: 3_000 }) });
const ceiling = fc.integer({ min: 1_000, max: 6_000 });
/** Relative tolerance of areas that went through Clipper2's whole-mm grid. */
const CLIPPER_AREA_TOLERANCE = 1e-6;

describe('room quantities (property based)', () => {
  it('a rectangle measures w × h of ceiling and 2(w + h) of skirting, wherever it is and however its corners are listed', () => {
    fc.assert(fc.property(rect, fc.integer({ min: 0, max: 3 }), fc.boolean(), ceiling, (r, shift, reverse, ceilingMm) => {
      let pts = corners(r);
      pts = [...pts.slice(shift), ...pts.slice(0, shift)];
      if (reverse) pts.reverse();
      const q = measureRoom(pts, { windows: [], doors: [] }, ceilingMm);
      expect(q.ceiling_area).toBe(r.w * r.h);
      expect(q.perimeter_mm).toBe(2 * (r.w + r.h));
      expect(q.total_wall_surface_area).toBe(2 * (r.w + r.h) * ceilingMm);
    }));
  });

  it('net wall area is the wall less windows and doors, never below zero', () => {
    fc.assert(fc.property(rect, fc.array(opening, { maxLength: 12 }), fc.array(opening, { maxLength: 12 }), ceiling, (r, windows, doors, ceilingMm) => {
      const q = measureRoom(corners(r), { windows, doors }, ceilingMm);
      expect(q.net_wall_area).toBeGreaterThanOrEqual(0);
      expect(q.net_wall_area).toBe(Math.max(0, q.total_wall_surface_area - q.total_window_area - q.total_door_area));
      expect(q.net_wall_area).toBeLessThanOrEqual(q.total_wall_surface_area);
    }));
  });

  it('splitting a room keeps its area: the two pieces add up to the whole', () => {
    fc.assert(fc.property(rect, fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.boolean(), (r, at, vertical) => {
      const cut = vertical ? Math.round(r.x + r.w * at) : Math.round(r.y + r.h * at);
      const [a, b]: [PointMm, PointMm] = vertical ? [[cut, r.y - 10], [cut, r.y + r.h + 10]] : [[r.x - 10, cut], [r.x + r.w + 10, cut]];
      const pieces = splitPolygon(corners(r), a, b);
      expect(pieces).not.toBeNull();
      const total = pieces!.reduce((s, p) => s + Math.abs(polyArea(p)), 0);
      expect(Math.abs(total - r.w * r.h)).toBeLessThanOrEqual(r.w * r.h * CLIPPER_AREA_TOLERANCE + 1);
    }));
  });

  it('overlap is symmetric, between 0 and 1, and 1 for a room with itself', () => {
    fc.assert(fc.property(rect, rect, (r, s) => {
      const a = corners(r), b = corners(s);
      const ab = polygonIoU(a, b), ba = polygonIoU(b, a);
      expect(ab).toBeGreaterThanOrEqual(0);
      expect(ab).toBeLessThanOrEqual(1 + 1e-9);
      expect(Math.abs(ab - ba)).toBeLessThan(1e-9);
      expect(polygonIoU(a, a)).toBeCloseTo(1, 9);
    }));
  });

  it('merging two rooms across a wall gives one room at least as large as both', () => {
    fc.assert(fc.property(rect, side, fc.integer({ min: 0, max: 350 }), (r, w2, wallMm) => {
      const left = corners(r), right = corners({ x: r.x + r.w + wallMm, y: r.y, w: w2, h: r.h });
      const merged = mergePolygons(left, right);
      expect(merged).not.toBeNull();
      expect(Math.abs(polyArea(merged!))).toBeGreaterThanOrEqual((r.w + w2) * r.h * (1 - CLIPPER_AREA_TOLERANCE));
    }));
  });

  it('simplifying drops points on a straight wall without changing the area', () => {
    fc.assert(fc.property(rect, fc.array(fc.double({ min: 0.01, max: 0.99, noNaN: true }), { maxLength: 6 }), (r, ts) => {
      const [p0, p1, p2, p3] = corners(r);
      const onTop = [...ts].sort((a, b) => a - b).map((t): PointMm => [r.x + r.w * t, r.y]);
      const s = simplify([p0, ...onTop, p1, p2, p3]);
      expect(s).toHaveLength(4);
      expect(Math.abs(polyArea(s))).toBeCloseTo(r.w * r.h, 6);
    }));
  });
});
