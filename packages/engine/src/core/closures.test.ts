import { describe, it, expect } from 'vitest';
import { findClosures, clusterBands } from './closures.js';
import type { Band } from './walls.js';
import type { DoorArc } from './openings.js';

describe('findClosures', () => {
  // a wall along x (faces y = 0 / 150) with a 950 mm door break from x = 2000 to 2950
  const bands: Band[] = [{ deg: 0, lo: 0, hi: 150, t0: 0, t1: 2000 }, { deg: 0, lo: 0, hi: 150, t0: 2950, t1: 5000 }];
  const door: DoorArc = { hinge: [2000, 150], ends: [[2950, 150], [2000, 1100]], radius: 950 };
  // a door hinged 120 mm past the far jamb, in the wall going down from there, swinging away from the break
  const beside: DoorArc = { hinge: [3070, 290], ends: [[3900, 290], [3070, 1120]], radius: 830 };
  const run = (arcs: DoorArc[]) => findClosures(clusterBands(bands), bands, arcs, [], () => false).filter((c) => c.opening);

  it('gives a break the swing that sweeps across it', () => {
    const [cl] = run([door, beside]);
    expect(cl.subtype).toBe('swing');
    expect(cl.arcs).toEqual([door]);
  });

  it('leaves a swing hinged past the jamb that swings beside the break to its own opening', () => {
    const [cl] = run([beside]);
    expect(cl.arcs ?? []).toEqual([]);
  });
});
