import type { Browser } from 'playwright-core';

// A small house in the mm frame of the results wire type: five rooms, windows and doors, an exterior outline.
type Pt = [number, number];
const rect = (x: number, y: number, w: number, h: number): Pt[] => [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
const WINDOW = { width: 1200, height: 1200 };
const DOOR = { width: 820, height: 2040 };
const CEILING_MM = 2400;

function room(id: string, label: string, x: number, y: number, w: number, h: number, windows: Pt[][], doors: Pt[][]) {
  const perimeter = 2 * (w + h);
  const surface = perimeter * CEILING_MM;
  const win = windows.map((s, k) => ({ id: `${id}-w${k}`, tag: `W${k + 1}`, keyword: 'window', dimensions: `H${WINDOW.height} x W${WINDOW.width}`, ...WINDOW, segment: s }));
  const door = doors.map((s, k) => ({ id: `${id}-d${k}`, tag: `D${k + 1}`, keyword: 'door', dimensions: `H${DOOR.height} x W${DOOR.width}`, ...DOOR, segment: s }));
  const winArea = win.length * WINDOW.width * WINDOW.height;
  const doorArea = door.length * DOOR.width * DOOR.height;
  return {
    id, label, original_label: label, excluded: false, polygon: rect(x, y, w, h), perimeter_mm: perimeter, ceiling_area: w * h, total_wall_surface_area: surface,
    total_window_area: winArea, total_door_area: doorArea, net_wall_area: surface - winArea - doorArea, windows: win, doors: door,
  };
}

export function sampleResult() {
  const rooms = [
    room('r1', 'LIVING', 1000, 1000, 6000, 5000, [[[2500, 1000], [3700, 1000]], [[1000, 2500], [1000, 3700]]], [[[1500, 6000], [2320, 6000]]]),
    room('r2', 'KITCHEN', 7000, 1000, 4000, 5000, [[[8500, 1000], [9700, 1000]]], [[[7000, 4000], [7000, 4820]]]),
    room('r3', 'BED 1', 1000, 6000, 4000, 4000, [[[2000, 10000], [3200, 10000]]], [[[3500, 6000], [4320, 6000]]]),
    room('r4', 'BATH', 5000, 6000, 2500, 4000, [], [[[5500, 6000], [6320, 6000]]]),
    room('r5', 'BED 2', 7500, 6000, 3500, 4000, [[[11000, 7500], [11000, 8700]]], [[[8000, 6000], [8820, 6000]]]),
  ];
  // the areas the architect printed: the living room agrees, the bathroom's outline is 9 % short; the first bedroom
  // prints its size instead (13' 1" square, 3988 mm), which agrees with the 4 x 4 m room
  Object.assign(rooms[0], { printed_area_mm2: 30e6 });
  Object.assign(rooms[3], { printed_area_mm2: 11e6 });
  Object.assign(rooms[2], { printed_size_mm: [3988, 3988] });
  return {
    project_id: 'p1', rooms,
    statistics: { total_rooms: 5, total_windows: 5, total_doors: 5, ceiling_height_mm: CEILING_MM },
    metadata: { units: 'mm', page_width_mm: 12000, page_height_mm: 11000 },
    outside_detection: {
      detection_available: true, exterior_polygon: rect(1000, 1000, 10000, 9000), total_walls_mm: 38000,
      outside_windows: rooms.flatMap((r) => r.windows).slice(0, 3), outside_doors: [{ id: 'od1', tag: 'D0', keyword: 'door', dimensions: 'H2040 x W920', width: 920, height: 2040, segment: [[1000, 8000], [1000, 8920]] as [Pt, Pt] }],
      outside_windows_count: 3, outside_doors_count: 1,
    },
    warnings: [
      { code: 'height_assumed', message: 'Window heights were not on the plan; 1200 mm was assumed.' },
      // a space inside the building that no room holds, hatched on the plan
      { code: 'unmeasured_space', message: 'About 2 m² inside the building\'s outer walls is in no room.', areas_mm: [rect(9000, 10000, 2000, 900)] },
    ],
    project_data: { s3_png_url: '/api/user/projects/p1/page.png', name: 'Smith House' },
    filename: 'Smith House',
  };
}
export type SampleResult = ReturnType<typeof sampleResult>;

/** A plan-like PNG of the sample house (walls, openings, labels), rendered by the browser: 0.1 px per mm. */
export async function renderPlanPng(browser: Browser): Promise<Buffer> {
  const r = sampleResult();
  const page = await browser.newPage({ viewport: { width: 1200, height: 1100 } });
  const walls = r.rooms.map((x) => `<polygon points="${x.polygon.map((p) => p.join(',')).join(' ')}" fill="none" stroke="#222" stroke-width="120"/>`).join('');
  const gaps = r.rooms.flatMap((x) => [...x.windows, ...x.doors]).map((o) => `<line x1="${o.segment[0][0]}" y1="${o.segment[0][1]}" x2="${o.segment[1][0]}" y2="${o.segment[1][1]}" stroke="#fff" stroke-width="90"/>`).join('');
  const labels = r.rooms.map((x) => `<text x="${x.polygon[0][0] + 250}" y="${x.polygon[0][1] + 500}" font-size="260" font-family="sans-serif" fill="#444">${x.label}</text>`).join('');
  await page.setContent(`<body style="margin:0"><svg width="1200" height="1100" viewBox="0 0 12000 11000" style="background:#fff">${walls}${gaps}${labels}</svg></body>`);
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 1200, height: 1100 } });
  await page.close();
  return png;
}

/** The text of every page of a PDF, read with pdf.js (legacy build, Node). */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}
