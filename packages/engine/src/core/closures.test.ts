import { describe, it, expect } from 'vitest';
import { findClosures, clusterBands, cornerOpenings } from './closures.js';
import type { Band, MmSeg } from './walls.js';
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

describe('findClosures: one swing, one door', () => {
  // a room's corner: the top wall along x (faces y = 0 / 200) broken by a 1760 mm window (x 2000..3760) whose glass is
  // two lines; the right wall along y (faces x = 4000 / 4200) broken by an 870 mm door (y 400..1270). The door is
  // hinged at the right wall's inner face by the corner, its leaf drawn open along y = 400: its hinge stands 240 mm
  // past the window's jamb and 200 mm off the top wall's face, and its swing sweeps across part of the window
  const bands: Band[] = [
    { deg: 0, lo: 0, hi: 200, t0: 0, t1: 2000 }, { deg: 0, lo: 0, hi: 200, t0: 3760, t1: 4200 },
    // (along y the frame's offset is -x)
    { deg: 90, lo: -4200, hi: -4000, t0: 0, t1: 400 }, { deg: 90, lo: -4200, hi: -4000, t0: 1270, t1: 4000 },
  ];
  const door: DoorArc = { hinge: [4000, 400], ends: [[3130, 400], [4000, 1270]], radius: 870 };
  const glass = (y: number): MmSeg => ({ a: [2000, y], b: [3760, y], w: 0.2, len: 1760, ang: 0 });

  it('gives the swing to the opening whose jamb corner it is hinged at; the window beside the corner stays a window', () => {
    const found = findClosures(clusterBands(bands), bands, [door], [glass(90), glass(110)], () => false).filter((c) => c.opening);
    const byWall = (deg: number) => found.find((c) => c.deg === deg);
    expect(byWall(90)?.subtype).toBe('swing');
    expect(byWall(90)?.arcs).toEqual([door]);
    expect(byWall(0)?.subtype).toBe('window');
    expect(byWall(0)?.arcs).toBeUndefined();
  });
});

describe('findClosures: a post standing alone in line with a wall\'s end', () => {
  // a wall along x (faces y = 0 / 200) ending at x = 3000, and 1200 mm on a 200 x 200 mm post in its line (a column
  // at a terrace's edge) that is a piece of its own, joined to no wall
  const wall: Band = { deg: 0, lo: 0, hi: 200, t0: 0, t1: 3000 };
  const post: Band = { deg: 0, lo: 0, hi: 200, t0: 4200, t1: 4400 };
  const run = (bands: Band[], arcs: DoorArc[] = [], lone = (b: Band) => b === post, thin: MmSeg[] = []) =>
    findClosures(clusterBands(bands), bands, arcs, thin, () => false, lone).filter((c) => c.opening);

  it('closes no opening between them: the space runs on past the post', () => {
    expect(run([wall, post])).toHaveLength(0);
    // (the same post joined to the walls is a jamb)
    expect(run([wall, post], [], () => false)).toHaveLength(1);
  });

  it('still closes a door hung between them, and a window', () => {
    const door: DoorArc = { hinge: [3000, 200], ends: [[4200, 200], [3000, 1400]], radius: 1200 };
    expect(run([wall, post], [door]).map((c) => c.subtype)).toEqual(['swing']);
    const glass = (y: number): MmSeg => ({ a: [3000, y], b: [4200, y], w: 0.2, len: 1200, ang: 0 });
    expect(run([wall, post], [], undefined, [glass(90), glass(110)]).map((c) => c.subtype)).toEqual(['window']);
  });

  it('takes a piece standing alone that is longer than it is thick for a wall\'s end', () => {
    const stub: Band = { ...post, t1: 5200 };
    expect(run([wall, stub], [], (b) => b === stub)).toHaveLength(1);
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
