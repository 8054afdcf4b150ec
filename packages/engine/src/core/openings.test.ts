import { describe, it, expect } from 'vitest';
import { closedEnds, type DoorArc } from './openings.js';
import type { MmSeg } from './walls.js';

const seg = (a: [number, number], b: [number, number]): MmSeg => {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  return { a, b, w: 0.5, len, ang: Math.atan2(b[1] - a[1], b[0] - a[0]) };
};

describe('closedEnds', () => {
  const arc: DoorArc = { hinge: [0, 0], ends: [[850, 0], [0, 850]], radius: 850 };
  it('takes the arc end without the drawn leaf as the closed one', () => {
    expect(closedEnds([arc], [seg([0, 0], [850, 0])]).get(arc)).toEqual([0, 850]);
    expect(closedEnds([arc], [seg([0, 850], [0, 0])]).get(arc)).toEqual([850, 0]);
  });
  it('says nothing when no leaf, or a leaf to each end, is drawn', () => {
    expect(closedEnds([arc], [seg([0, 0], [500, 0])]).has(arc)).toBe(false);
    expect(closedEnds([arc], [seg([0, 0], [850, 0]), seg([0, 0], [0, 850])]).has(arc)).toBe(false);
  });
});
