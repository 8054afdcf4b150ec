import { describe, it, expect } from 'vitest';
import { findClosures, clusterBands, cornerOpenings } from './closures.js';
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

describe('cornerOpenings: a door between a wall\'s end and a wall across its line', () => {
  // a partition along x (faces y = 3000 / 3110) from x = 0 to its end at x = 4900; a wall across its line
  // (x 6000..6200) 1100 mm on; nothing else is wall
  const bands: Band[] = [{ deg: 0, lo: 3000, hi: 3110, t0: 0, t1: 4900 }];
  const inWall = ([x, y]: [number, number]) => (y >= 3000 && y <= 3110 && x >= 0 && x <= 4900) || (x >= 6000 && x <= 6200);
  // the door hinged at the partition's end, its leaf swung open into the room below
  const door: DoorArc = { hinge: [4900, 3110], ends: [[6000, 3110], [4900, 4210]], radius: 1100 };
  const run = (arcs: DoorArc[], openings = [] as ReturnType<typeof findClosures>) => cornerOpenings(clusterBands(bands), arcs, [], inWall, openings);

  it('closes the gap the door hangs in, on the partition\'s faces', () => {
    const [cl, ...more] = run([door]);
    expect(more).toHaveLength(0);
    expect(cl).toMatchObject({ subtype: 'swing', lo: 3000, hi: 3110, t0: 4900 });
    expect(cl.t1).toBeCloseTo(6000, -2);
  });

  it('leaves an empty gap open (a room going on past the wall\'s end) and a door already hung in a break', () => {
    expect(run([])).toHaveLength(0);
    const hung = { deg: 90, lo: 0, hi: 0, t0: 0, t1: 0, quad: [], opening: true, subtype: 'swing' as const, arcs: [door] };
    expect(run([door], [hung])).toHaveLength(0);
  });
});
