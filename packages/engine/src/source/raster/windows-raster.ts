/**
 * Windows drawn inside a wall band (its outline or fill continues across them, so they leave no gap): a
 * stretch of the band where a glass line runs along the wall strictly inside it, paper on both sides of the
 * line, as long as a window. Plain walls have paper only (outlined) or ink only (filled) inside; hatching
 * crosses the band at a slant and never runs along it.
 */
import { components, type Mask } from './bitmap.js';
import { alongMask, MAX_GAP_MM, MIN_OPENING_MM, transpose, type Gap } from './gaps.js';

/** Glass lines broken by less than this (pixels) are one line (noise, a jamb tick). */
const BREAK_PX = 2;
/** A glass line runs along the wall: ink this many pixels to both sides in the same row. */
const SPAN_PX = 2;

export function findBandWindows(walls: Mask, ink: Mask, mmPerPx: number): Gap[] {
  const out: Gap[] = [];
  const minLen = Math.round(MIN_OPENING_MM / mmPerPx), maxLen = Math.round(MAX_GAP_MM / mmPerPx);
  for (const horizontal of [true, false]) {
    const wv = horizontal ? walls : transpose(walls);
    const iv = horizontal ? ink : transpose(ink);
    const comps = components(alongMask(wv), 1);
    const { w } = wv;
    const inkAt = (x: number, y: number) => x >= 0 && x < w && iv.data[y * w + x] === 1;
    for (let id = 1; id <= comps.count; id++) {
      const y0 = comps.y0[id], y1 = comps.y1[id];
      if (y1 - y0 < 3) continue;
      let runStart = -1, lastHit = -1;
      const flush = (lastX: number) => {
        // the along-the-wall test looks SPAN_PX to each side, so a run starts and ends that much inside the line
        const start = runStart - SPAN_PX, end = lastX + SPAN_PX;
        const len = end - start + 1;
        if (len >= minLen && len <= maxLen) {
          const g: Gap = { x0: start, x1: end, y0, y1, horizontal: true, kind: 'window', subtype: 'window' };
          out.push(horizontal ? { ...g, horizontal } : { x0: y0, y0: start, x1: y1, y1: end, horizontal, kind: 'window', subtype: 'window' });
        }
        runStart = -1;
      };
      for (let x = comps.x0[id]; x <= comps.x1[id]; x++) {
        let top = -1, bottom = -1;
        for (let y = y0; y <= y1; y++) if (comps.labels[y * w + x] === id) { if (top < 0) top = y; bottom = y; }
        let hit = false;
        if (top >= 0 && bottom - top >= 3) {
          let pA = -1, pB = -1;
          for (let y = top; y <= bottom; y++) if (!iv.data[y * w + x]) { if (pA < 0) pA = y; pB = y; }
          for (let y = pA + 1; pA >= 0 && y < pB && !hit; y++) hit = inkAt(x, y) && inkAt(x - SPAN_PX, y) && inkAt(x + SPAN_PX, y);
        }
        if (hit) {
          if (runStart < 0) runStart = x;
          lastHit = x;
        } else if (runStart >= 0 && x - lastHit > BREAK_PX) flush(lastHit);
      }
      if (runStart >= 0) flush(lastHit);
    }
  }
  return out;
}
