/**
 * The fixed list of synthetic plans: every wall style crossed with every layout, drawing scales 1:50 to
 * 1:200, papers A0-A4, prints at another paper size than drawn, multi-page files and clutter, chosen by
 * a seeded generator so that the set is the same on every run.
 */
import type { LayoutKind } from './layout.js';
import type { TagStyle } from './model.js';
import type { WallStyle } from './render.js';
import { Rng } from './rng.js';

export type Paper = 'A0' | 'A1' | 'A2' | 'A3' | 'A4';

export const PAPER_MM: Record<Paper, [number, number]> = {
  A0: [841, 1189],
  A1: [594, 841],
  A2: [420, 594],
  A3: [297, 420],
  A4: [210, 297],
};

export interface PlanSpec {
  id: string;
  seed: number;
  style: WallStyle;
  kind: LayoutKind;
  scale: number;
  drawnPaper: Paper | 'custom';
  /** Paper the page is printed on; equals drawnPaper unless the print was scaled. */
  printedPaper: Paper | 'custom';
  /** Sheet of no standard size: the page is the paper and `paper` is left out of the options. */
  customSizeMm?: [number, number];
  portrait: boolean;
  pageCount: number;
  planPage: number;
  asXObject: boolean;
  tagStyle: TagStyle;
  doorMix: 'swing' | 'mixed';
  exteriorThickness: number;
  interiorThickness: number;
  ceilingHeightMm: number;
  features: {
    dimensions: boolean;
    furniture: boolean;
    furnitureTouchesWalls: boolean;
    tiles: boolean;
    grid: boolean;
    titleBlock: boolean;
    northArrow: boolean;
    boundary: boolean;
    chamfer: boolean;
    outdoor: boolean;
    areaText: boolean;
    sizeText: boolean;
  };
}

const STYLES: WallStyle[] = ['double-line', 'filled', 'hatched', 'thick-stroke'];
const KINDS: LayoutKind[] = ['rect', 'l-shape', 'corridor', 'many-rooms', 'open-plan', 'small'];
/** [scale, drawn paper, printed paper]. */
const SHEETS: [number, Paper | 'custom', Paper | 'custom'][] = [
  [100, 'A3', 'A3'],
  [100, 'A2', 'A2'],
  [50, 'A1', 'A1'],
  [200, 'A4', 'A4'],
  [100, 'A2', 'A3'],
  [50, 'A0', 'A0'],
  [100, 'A1', 'A3'],
  [200, 'A3', 'A3'],
  [50, 'A2', 'A2'],
  [100, 'A4', 'A4'],
  [100, 'A3', 'A4'],
  [100, 'custom', 'custom'],
  [50, 'A1', 'A2'],
];
const TAGS: TagStyle[] = ['none', 'code', 'code-hw', 'hw-prefix', 'hxw'];

export function catalog(count = 64): PlanSpec[] {
  const specs: PlanSpec[] = [];
  for (let i = 0; i < count; i++) {
    const seed = 1000 + i * 7919;
    const rng = new Rng(seed);
    const style = STYLES[i % STYLES.length];
    let kind = KINDS[Math.floor(i / STYLES.length) % KINDS.length];
    const [scale, drawnPaper, printedPaper] = SHEETS[(i * 5) % SHEETS.length];
    // A big house does not fit on A4 at 1:50 or 1:100; draw a smaller building there, as an architect would.
    if ((drawnPaper === 'A4' && scale <= 100) || (drawnPaper === 'A3' && scale === 50)) kind = rng.chance(0.5) ? 'small' : 'rect';
    const multi = i % 8 === 3 || rng.chance(0.12);
    const pageCount = multi ? rng.int(2, 3) : 1;
    const exteriorThickness = rng.pick([200, 230, 250, 270, 300, 350]);
    const interiorThickness = Math.min(exteriorThickness, rng.pick([70, 90, 100, 110, 120, 150]));
    specs.push({
      id: `plan-${String(i + 1).padStart(3, '0')}-${style}-${kind}`,
      seed,
      style,
      kind,
      scale,
      drawnPaper,
      printedPaper,
      customSizeMm: drawnPaper === 'custom' ? [rng.snapped(500, 900, 10), rng.snapped(350, 600, 10)] : undefined,
      portrait: rng.chance(0.2),
      pageCount,
      planPage: multi ? rng.int(2, pageCount) : 1,
      asXObject: drawnPaper !== printedPaper ? rng.chance(0.6) : rng.chance(0.15),
      tagStyle: TAGS[(i * 3) % TAGS.length],
      doorMix: rng.chance(0.5) ? 'mixed' : 'swing',
      exteriorThickness,
      interiorThickness,
      ceilingHeightMm: rng.pick([2400, 2550, 2700, 3000]),
      features: {
        dimensions: rng.chance(0.7),
        furniture: rng.chance(0.7),
        furnitureTouchesWalls: rng.chance(0.5),
        tiles: rng.chance(0.5),
        grid: rng.chance(0.25),
        titleBlock: rng.chance(0.8),
        northArrow: rng.chance(0.5),
        boundary: rng.chance(0.3),
        chamfer: kind !== 'small' && rng.chance(0.3),
        outdoor: rng.chance(0.3),
        areaText: rng.chance(0.3),
        sizeText: rng.chance(0.2),
      },
    });
  }
  return specs;
}
