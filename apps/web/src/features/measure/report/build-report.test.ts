import { describe, expect, it } from 'vitest';
import type { ResultDto, RoomDto } from '../api/measure-api';
import { buildReport, buildTextReport, reportFileName } from './build-report';

const room = (label: string, sideMm: number, xMm = 0): RoomDto => ({
  id: label, label, polygon: [[xMm, 0], [xMm + sideMm, 0], [xMm + sideMm, sideMm], [xMm, sideMm]], perimeter_mm: 4 * sideMm, ceiling_area: sideMm * sideMm,
  total_wall_surface_area: 4 * sideMm * 2400, total_window_area: 0, total_door_area: 0, net_wall_area: 4 * sideMm * 2400, windows: [], doors: [],
});
const sample = (n: number, units = 'mm'): ResultDto => ({
  rooms: Array.from({ length: n }, (_, i) => room(`ROOM ${i + 1}`, 3000, i * 3000)),
  statistics: { total_windows: 0, total_doors: 0, ceiling_height_mm: 2400 }, metadata: { units, page_width_mm: 20000, page_height_mm: 14000 },
});
// A 2x2 RGB PNG, enough for jsPDF to embed as an image XObject.
const PNG_2X2 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGM4ceJESkoKQ0pKyokTJwAxRgcJguQeMQAAAABJRU5ErkJggg==';
const pageText = (raw: string, page: number) => raw.split('/Type /Page\n')[page] ?? '';

describe('buildReport', () => {
  it('writes the selected rooms and a totals row on an A3 landscape page', () => {
    const doc = buildReport({ result: sample(3), roomIndexes: [0, 2], projectTitle: 'Smith House', date: new Date('2026-01-02') });
    const raw = doc.output();
    expect(raw).toContain('ROOM 1');
    expect(raw).toContain('ROOM 3');
    expect(raw).not.toContain('ROOM 2)');
    expect(raw).toContain('Total');
    expect(raw).toContain('24.0 m'); // 2 rooms x 12 m skirting
    expect(raw).toContain('18.0 m'); // 2 rooms x 9 m² ceiling
    expect(Math.round(doc.internal.pageSize.getWidth())).toBe(420);
    expect(Math.round(doc.internal.pageSize.getHeight())).toBe(297);
  });
  it('marks rooms the user reshaped or drew as edited', () => {
    const result = sample(2);
    result.rooms[1] = { ...result.rooms[1], edited: true };
    const raw = buildReport({ result, roomIndexes: [0, 1], projectTitle: 'Smith House' }).output();
    expect(raw).toContain('ROOM 2 \\(edited\\)');
    expect(raw).not.toContain('ROOM 1 \\(edited\\)');
  });
  it('names the floor-plan view of each room when the sheet shows more than one', () => {
    const result = sample(2);
    result.rooms[0] = { ...result.rooms[0], view: 'GROUND FLOOR PLAN' };
    result.rooms[1] = { ...result.rooms[1], view: 'FIRST FLOOR PLAN', edited: true };
    const raw = buildReport({ result, roomIndexes: [0, 1], projectTitle: 'Smith House' }).output();
    expect(raw).toMatch(/ROOM 1 .{1,4} GROUND FLOOR PLAN/);
    expect(raw).toMatch(/ROOM 2 .{1,4} FIRST FLOOR PLAN \\\(edited\\\)/);
  });
  it('adds a plan page with the image and only the selected rooms outlined and numbered like the table', () => {
    const doc = buildReport({ result: sample(3), roomIndexes: [0, 2], projectTitle: 'Smith House', planImage: { dataUrl: PNG_2X2, widthPx: 2, heightPx: 2 } });
    expect(doc.getNumberOfPages()).toBe(2);
    const raw = doc.output();
    expect(raw).toContain('/Subtype /Image');
    expect(raw).toContain('Floor plan: rooms, windows and doors numbered as in the table');
    expect(raw).toContain('2 rooms, 0 windows and doors shown');
    const rows = raw.match(/\(Room (\d) \S+ ROOM \d\) Tj/g) ?? [];
    expect(rows.map((r) => /Room (\d)/.exec(r)![1])).toEqual(['1', '3']);
    const planNumbers = (raw.match(/\(([13])\) Tj/g) ?? []).map((r) => r[1]);
    expect(planNumbers).toEqual(['1', '3']);
  });
  it('outlines on the plan page the space in no room a warning marks, with its legend entry, and only while no room covers it', () => {
    const result = sample(2);
    const area: [number, number][] = [[20000, 0], [24000, 0], [24000, 4000], [20000, 4000]];
    result.warnings = [{ code: 'unmeasured_space', message: 'About 16 m² inside the building is in no room.', areas_mm: [area] }];
    const raw = buildReport({ result, roomIndexes: [0, 1], projectTitle: 'X', planImage: { dataUrl: PNG_2X2, widthPx: 2, heightPx: 2 } }).output();
    // (a PDF string escapes its parentheses)
    expect(raw).toContain('In no room \\(not measured\\)');
    result.rooms[1] = { ...result.rooms[1], polygon: [[19900, -100], [24100, -100], [24100, 4100], [19900, 4100]] };
    const covered = buildReport({ result, roomIndexes: [0, 1], projectTitle: 'X', planImage: { dataUrl: PNG_2X2, widthPx: 2, heightPx: 2 } }).output();
    expect(covered).not.toContain('In no room \\(not measured\\)');
  });
  it('leaves the plan page out when there is neither an image nor room outlines', () => {
    const result = sample(2);
    result.rooms.forEach((r) => delete r.polygon);
    expect(buildReport({ result, roomIndexes: [0, 1], projectTitle: 'X' }).getNumberOfPages()).toBe(1);
  });
  it('adds pages with page numbers for long room lists', () => {
    const doc = buildReport({ result: sample(80), roomIndexes: Array.from({ length: 80 }, (_, i) => i), projectTitle: 'Big' });
    expect(doc.getNumberOfPages()).toBeGreaterThan(2);
    expect(doc.output()).toContain(`Page 2 of ${doc.getNumberOfPages()}`);
  });
  it('cuts long room names at two lines', () => {
    const long = sample(1);
    long.rooms[0].label = 'VERY LONG ROOM NAME '.repeat(20).trim();
    const raw = buildReport({ result: long, roomIndexes: [0], projectTitle: 'X' }).output();
    expect(pageText(raw, 1).match(/VERY LONG/g)!.length).toBeLessThan(20);
  });
  it('shows areas in cm² when the units are not mm', () => {
    expect(buildReport({ result: sample(1, 'cm'), roomIndexes: [0], projectTitle: 'X' }).output()).toContain('90000.0 cm');
  });
  it('counts a door between two rooms once in the totals and says so, with the engine warnings, in the notes', () => {
    const result = sample(2);
    const door = { id: 'd1', width: 820, height: 2040 };
    result.rooms[0].doors = [door, { id: 'd2', width: 820, height: 2040 }];
    result.rooms[1].doors = [door];
    result.warnings = [{ code: 'height_assumed', message: 'Door heights not printed on the plan; 2040 mm assumed.' }];
    const doc = buildReport({ result, roomIndexes: [0, 1], projectTitle: 'X' });
    const raw = doc.output();
    expect(/\(Doors\) Tj[^()]*\((\d+)\) Tj/.exec(raw)?.[1]).toBe('2'); // the stat card's value: 2 doors, not 3
    expect(raw).toContain('counted once in the total');
    expect(raw).toContain('Door heights not printed on the plan; 2040 mm assumed.');
    expect(buildTextReport({ result, roomIndexes: [0, 1], projectTitle: 'X' })).toContain('Doors 2\n');
  });
  it('names the file with product, title and date', () => {
    expect(reportFileName('Plansight', 'Smith House', new Date('2026-01-02T00:00:00Z'))).toBe('Plansight_Smith_House_2026-01-02.pdf');
  });
});

describe('a quote-ready report', () => {
  const withOpenings = () => {
    const result = sample(3);
    const door = { id: 'd1', width: 820, height: 2040, segment: [[3000, 1000], [3000, 1820]] as [[number, number], [number, number]] };
    result.rooms[0].windows = [{ id: 'w1', width: 1200, height: 1500, segment: [[500, 0], [1700, 0]] }];
    result.rooms[0].doors = [door];
    result.rooms[1].doors = [door];
    result.outside_detection = {
      detection_available: true, exterior_polygon: [[0, 0], [9000, 0], [9000, 3000], [0, 3000]], total_walls_mm: 24000,
      outside_windows: [result.rooms[0].windows[0]], outside_doors: [], outside_windows_count: 1, outside_doors_count: 0,
    };
    result.warnings = [{ code: 'scale', message: 'The plan says 1:50 but 1:100 was chosen.' }];
    return result;
  };

  it('puts the scale, ceiling height, totals and the engine warnings on the first page', () => {
    const doc = buildReport({ result: withOpenings(), roomIndexes: [0, 1, 2], projectTitle: 'Smith House', scaleRatio: '1:100 A3' });
    const first = pageText(doc.output(), 1);
    for (const s of ['Scale:', '1:100 A3', 'Ceiling height:', '2400 mm', 'Total', 'Please check before quoting', 'The plan says 1:50 but 1:100 was chosen.']) expect(first).toContain(s);
  });

  it('lists each room\'s windows and doors with number, size and area, one number for a door two rooms share', () => {
    const raw = buildReport({ result: withOpenings(), roomIndexes: [0, 1, 2], projectTitle: 'X' }).output();
    expect(raw).toContain('Windows: W1 1200 × 1500 mm \\(1.80 m²\\)');
    expect(raw.split('Doors: D1 820 × 2040 mm \\(1.67 m²\\)').length - 1).toBe(2);
    // a second door number would be 'D2 <width>'; the raw PDF's random /ID may hold the letters D2 anywhere
    expect(raw).not.toMatch(/\bD2 \d/);
  });

  it('has an outside walls section: length, area at the ceiling height, openings and net area', () => {
    const raw = buildReport({ result: withOpenings(), roomIndexes: [0, 1, 2], projectTitle: 'X' }).output();
    expect(raw).toContain('Outside walls');
    expect(raw).toContain('Wall length 24.0 m');
    expect(raw).toContain('Wall area 57.6 m²'); // 24 m x 2.4 m
    expect(raw).toContain('Net wall area 55.8 m²'); // less the 1.8 m² window
  });

  it('never leaves the totals and notes alone on a page, whatever the number of rooms', () => {
    for (let n = 1; n <= 40; n++) {
      const doc = buildReport({ result: sample(n), roomIndexes: Array.from({ length: n }, (_, i) => i), projectTitle: 'X' });
      const raw = doc.output();
      // the page holding the notes also holds a room row
      const pages = Array.from({ length: doc.getNumberOfPages() }, (_, p) => pageText(raw, p + 1));
      const notesPage = pages.find((t) => t.includes('How the figures are made'))!;
      expect(notesPage, `${n} rooms`).toMatch(/\(Room \d+ /);
      // and the last note is above the bottom margin (PDF y in pt from the bottom; 20 mm = 56.7 pt)
      const lastNoteY = Number(/([\d.]+) Td\n\(- A door between/.exec(notesPage)?.[1]);
      expect(lastNoteY, `${n} rooms`).toBeGreaterThan(50);
    }
  });

  it('gives the text fallback the same content: facts, warnings, openings per room, outside walls', () => {
    const text = buildTextReport({ result: withOpenings(), roomIndexes: [0, 1, 2], projectTitle: 'Smith House', scaleRatio: '1:100 A3' });
    for (const s of ['Scale: 1:100 A3', 'Ceiling height: 2400 mm', 'The plan says 1:50 but 1:100 was chosen.', 'Windows: W1 1200 × 1500 mm (1.80 m²)', 'Doors: D1 820 × 2040 mm (1.67 m²)', 'Outside walls', 'Wall length 24.0 m']) {
      expect(text).toContain(s);
    }
  });
});

describe('buildTextReport', () => {
  it('lists the selected rooms and a totals line', () => {
    const text = buildTextReport({ result: sample(3), roomIndexes: [1, 2], projectTitle: 'Smith House' });
    expect(text).toContain('ROOM 2\tSkirting 12.0 m');
    expect(text).not.toContain('ROOM 1');
    expect(text).toContain('Total\tSkirting 24.0 m\tCeiling 18.0 m²');
  });
});

describe('the estimate in the report', () => {
  it('adds an estimate page with the rule, the surfaces and the total, and the same lines to the text report', async () => {
    const { DEFAULT_ESTIMATE_SETTINGS, computeEstimate } = await import('@plansight/contracts');
    const result = sample(2);
    const settings = structuredClone(DEFAULT_ESTIMATE_SETTINGS);
    settings.surfaces.walls.price_per_l = 25;
    const estimate = computeEstimate({ ...result, rooms: result.rooms.map((r) => ({ ...r, id: r.id! })), outside_detection: { detection_available: false, total_walls_mm: 0, outside_windows: [], outside_doors: [] } }, settings);
    const without = buildReport({ result, roomIndexes: [0, 1], projectTitle: 'Smith House' });
    const doc = buildReport({ result, roomIndexes: [0, 1], projectTitle: 'Smith House', estimate });
    expect(doc.getNumberOfPages()).toBe(without.getNumberOfPages() + 1);
    const last = pageText(doc.output(), doc.getNumberOfPages());
    expect(last).toContain('Estimate');
    expect(last).toContain('Walls \\(net\\)');
    expect(last).toContain(`$${estimate.totals.total.toFixed(2)} AUD`);
    const text = buildTextReport({ result, roomIndexes: [0, 1], projectTitle: 'Smith House', estimate });
    expect(text).toContain('Every window and door deducted from the wall area.');
    expect(text).toMatch(new RegExp(`Total\\t\\$${estimate.totals.total.toFixed(2)} AUD`));
  });
});
