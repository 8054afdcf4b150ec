/**
 * Draws the engine's intermediate findings over a crop of a plan, for seeing why a room merged or a wall was
 * missed: wall polygons red, wall bands outlined orange, closures blue (junctions grey), door swings green,
 * rooms outlined in colour with their area, optional anchors (truth.json beside the plan) as dots.
 *
 *   npx tsx packages/engine/bench/debug-crop.ts plan.pdf --scale 50 --paper A0 --box x,y,w,h (PDF points, top-left) --dpi 150 --out crop.png
 *   (--sealed fills the sealed wall union, --outer outlines its largest ring: the outside, where a leak shows;
 *   --flood <label> shades the space reached from that truth room's anchor without crossing the sealed union)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { analyzePdf } from '../src/analyze.js';
import { polyArea } from '../src/core/geometry.js';
import type { EngineDebug, PaperSize, PointMm } from '../src/types.js';

const args = process.argv.slice(2);
const opt = (name: string, def?: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const file = args[0];
const dpi = Number(opt('dpi', '100'));
const debug: EngineDebug = {};
const res = await analyzePdf(new Uint8Array(readFileSync(file)), {
  page: Number(opt('page', '1')), scale: Number(opt('scale', '100')), paper: opt('paper') as PaperSize | undefined, ceilingHeightMm: 2500, debug, timeBudgetMs: 600_000,
});
const k = res.metadata.mm_per_pt;
const [bx, by, bw, bh] = (opt('box') ?? `0,0,${res.metadata.page_width_mm / k},${res.metadata.page_height_mm / k}`).split(',').map(Number);
const s = dpi / 72;
const tmp = '/tmp/debug-crop-base';
execFileSync('pdftoppm', ['-f', opt('page', '1')!, '-l', opt('page', '1')!, '-png', '-r', String(dpi), '-x', String(Math.round(bx * s)), '-y', String(Math.round(by * s)),
  '-W', String(Math.round(bw * s)), '-H', String(Math.round(bh * s)), '-singlefile', file, tmp]);
const img = await loadImage(readFileSync(`${tmp}.png`));
const canvas = createCanvas(img.width, img.height);
const ctx = canvas.getContext('2d');
ctx.drawImage(img, 0, 0);
// (rooms are in the user's frame; the intermediate findings in the frame they were found in, which differs
// when a scale bar overrides the chosen scale)
const kd = debug.mmPerPt ?? k;
const px = (p: PointMm): [number, number] => [(p[0] / kd - bx) * s, (p[1] / kd - by) * s];
const pxRoom = (p: PointMm): [number, number] => [(p[0] / k - bx) * s, (p[1] / k - by) * s];
const path = (pts: PointMm[], to = px) => {
  ctx.beginPath();
  pts.forEach((p, i) => (i ? ctx.lineTo(...to(p)) : ctx.moveTo(...to(p))));
  ctx.closePath();
};
/** Fills a set of rings (outer rings and holes) even-odd on a canvas context, in the findings' frame. */
const fillRings = (c: SKRSContext2D, rings: PointMm[][], style: string) => {
  c.fillStyle = style;
  c.beginPath();
  for (const w of rings) w.forEach((p, i) => (i ? c.lineTo(...px(p)) : c.moveTo(...px(p))));
  c.fill('evenodd');
};
if (!args.includes('--no-walls')) fillRings(ctx, debug.walls ?? [], 'rgba(255,0,0,0.3)');
// the sealed union (rooms are its holes): a leak shows as a gap in this blue
if (args.includes('--sealed')) fillRings(ctx, debug.sealed ?? [], 'rgba(0,60,255,0.35)');
if (args.includes('--outer')) {
  // the outline of the sealed union's largest ring (the building's outside): a leak shows as a bay of it
  const outer = [...(debug.sealed ?? [])].sort((a, b) => Math.abs(polyArea(b)) - Math.abs(polyArea(a)))[0];
  if (outer) { path(outer); ctx.strokeStyle = 'rgba(0,200,0,1)'; ctx.lineWidth = 5; ctx.stroke(); }
}
ctx.strokeStyle = 'rgba(255,140,0,0.9)';
ctx.lineWidth = 1;
for (const b of debug.bands ?? []) { path(b); ctx.stroke(); }
// the possible fittings (dropped where a room stays one room): dashed magenta
ctx.strokeStyle = 'rgba(255,0,200,0.9)';
ctx.setLineDash([4, 3]);
for (const f of debug.fittings ?? []) { path(f); ctx.stroke(); }
ctx.setLineDash([]);
for (const c of debug.closures ?? []) {
  path(c.quad);
  ctx.fillStyle = c.subtype === 'junction' ? 'rgba(90,90,90,0.5)' : c.subtype === 'chord' ? 'rgba(200,0,255,0.7)' : 'rgba(0,80,255,0.6)';
  ctx.fill();
}
ctx.strokeStyle = 'rgba(0,170,0,0.9)';
ctx.lineWidth = 3;
for (const a of debug.arcs ?? []) {
  ctx.beginPath(); ctx.moveTo(...px(a.ends[0])); ctx.lineTo(...px(a.hinge)); ctx.lineTo(...px(a.ends[1])); ctx.stroke();
}
res.rooms.forEach((r, i) => {
  path(r.polygon, pxRoom);
  ctx.fillStyle = `hsla(${(i * 67) % 360},90%,50%,${args.includes('--no-walls') ? 0.4 : 0.18})`;
  ctx.fill();
  ctx.strokeStyle = `hsl(${(i * 67) % 360},90%,40%)`;
  ctx.lineWidth = 3;
  ctx.stroke();
  const c = r.polygon.reduce((a, p) => [a[0] + p[0] / r.polygon.length, a[1] + p[1] / r.polygon.length], [0, 0]) as PointMm;
  ctx.fillStyle = '#000';
  ctx.font = 'bold 16px sans-serif';
  ctx.fillText(`${(r.ceiling_area / 1e6).toFixed(2)}`, ...pxRoom(c));
});
const truthFile = join(dirname(file), 'truth.json');
if (existsSync(truthFile)) {
  const t = JSON.parse(readFileSync(truthFile, 'utf8')) as { page_size_pt: [number, number]; rooms: { label: string; area_m2: number; anchor_pt: [number, number] }[] };
  const floodFrom = opt('flood');
  const from = floodFrom ? t.rooms.find((r) => r.label.includes(floodFrom)) : undefined;
  if (floodFrom && !from) console.log(`no room labelled like '${floodFrom}' in truth.json`);
  if (from) {
    // the free space reached from the room's anchor without crossing the sealed union, shaded: a room that
    // leaks runs on to the crop's edge or into its neighbour
    const m = createCanvas(canvas.width, canvas.height);
    const mc = m.getContext('2d');
    mc.fillStyle = '#fff'; mc.fillRect(0, 0, m.width, m.height);
    fillRings(mc, debug.sealed ?? [], '#000');
    const ink = mc.getImageData(0, 0, m.width, m.height).data;
    const shade = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const W = m.width, H = m.height;
    const x0 = Math.round((from.anchor_pt[0] - bx) * s), y0 = Math.round((t.page_size_pt[1] - from.anchor_pt[1] - by) * s);
    const seen = new Uint8Array(W * H);
    const stack = x0 >= 0 && x0 < W && y0 >= 0 && y0 < H ? [y0 * W + x0] : [];
    let reached = 0;
    while (stack.length) {
      const i = stack.pop()!;
      if (seen[i] || ink[i * 4] < 128) continue;
      seen[i] = 1; reached++;
      shade.data[i * 4] = Math.min(255, shade.data[i * 4] + 90); shade.data[i * 4 + 1] >>= 1; shade.data[i * 4 + 2] >>= 1;
      const x = i % W;
      if (x > 0) stack.push(i - 1);
      if (x < W - 1) stack.push(i + 1);
      if (i >= W) stack.push(i - W);
      if (i < W * (H - 1)) stack.push(i + W);
    }
    ctx.putImageData(shade, 0, 0);
    console.log(`flood from '${from.label}': ${(reached / s / s * kd * kd / 1e6).toFixed(2)} m² reached inside the crop`);
  }
  for (const r of t.rooms) {
    const p = pxRoom([r.anchor_pt[0] * k, (t.page_size_pt[1] - r.anchor_pt[1]) * k]);
    ctx.fillStyle = '#c00';
    ctx.beginPath(); ctx.arc(p[0], p[1], 6, 0, 2 * Math.PI); ctx.fill();
    ctx.font = 'bold 14px sans-serif';
    ctx.fillText(`${r.area_m2}`, p[0] + 8, p[1] + 5);
  }
}
writeFileSync(opt('out', '/tmp/debug-crop.png')!, canvas.toBuffer('image/png'));
console.log(`rooms ${res.rooms.length}, walls ${debug.walls?.length}, bands ${debug.bands?.length}, closures ${debug.closures?.length}, arcs ${debug.arcs?.length}, ${res.metadata.duration_ms} ms`);
