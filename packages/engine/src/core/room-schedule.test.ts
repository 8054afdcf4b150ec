import { describe, expect, it } from 'vitest';
import { analyzePdf } from '../analyze.js';
import { sheetPdf } from '../test-pdfs.js';

const ROOMS = [
  { name: 'KITCHEN', x: 1000, y: 1000, w: 4000, h: 3000 },
  { name: 'LIVING', x: 5200, y: 1000, w: 3000, h: 3000 },
  { name: 'BATH', x: 1000, y: 4200, w: 3000, h: 2000 },
];

/** Three rooms stamped with their names only, and a schedule beside the plan (name left, area right). */
async function plan(schedule: { rows: [string, string][]; header?: string }): Promise<Uint8Array> {
  return sheetPdf((pen) => {
    for (const r of ROOMS) {
      pen.rectWalls(r.x, r.y, r.w, r.h, 200);
      pen.text(r.x + r.w / 2, r.y + r.h / 2, r.name);
    }
    if (schedule.header) pen.text(20000, 600, schedule.header);
    schedule.rows.forEach(([name, area], i) => {
      pen.text(15000, 1000 + i * 400, name);
      pen.text(20000, 1000 + i * 400, area);
    });
  });
}

const run = async (pdf: Uint8Array) => analyzePdf(pdf, { page: 1, scale: 100, ceilingHeightMm: 2400 });
const printed = (r: Awaited<ReturnType<typeof run>>) => Object.fromEntries(r.rooms.map((x) => [x.label, x.printed_area_mm2 ?? null]));

describe('a room schedule beside the plan', () => {
  it('gives each named room the area its row prints, and a room whose area disagrees is flagged', async () => {
    const r = await run(await plan({ rows: [['KITCHEN', '12.00 m²'], ['LIVING', '9.00 m²'], ['BATH', '6.50 m²']] }));
    expect(r.rooms).toHaveLength(3);
    expect(printed(r)).toEqual({ KITCHEN: 12e6, LIVING: 9e6, BATH: 6.5e6 });
    const flagged = r.warnings.filter((w) => w.code === 'printed_area_mismatch');
    expect(flagged.map((w) => w.room_id)).toEqual([r.rooms.find((x) => x.label === 'BATH')!.id]);
  });

  it('reads bare numbers as areas under a header that says so', async () => {
    const r = await run(await plan({ header: 'Area m²', rows: [['KITCHEN', '12.00'], ['LIVING', '9.00'], ['BATH', '6.00']] }));
    expect(printed(r)).toEqual({ KITCHEN: 12e6, LIVING: 9e6, BATH: 6e6 });
  });

  it('leaves bare numbers without such a header, and a list of two rows, alone', async () => {
    const bare = await run(await plan({ rows: [['KITCHEN', '12.00'], ['LIVING', '9.00'], ['BATH', '6.00']] }));
    expect(printed(bare)).toEqual({ KITCHEN: null, LIVING: null, BATH: null });
    const two = await run(await plan({ rows: [['KITCHEN', '12.00 m²'], ['LIVING', '9.00 m²']] }));
    expect(printed(two)).toEqual({ KITCHEN: null, LIVING: null, BATH: null });
  });
});
