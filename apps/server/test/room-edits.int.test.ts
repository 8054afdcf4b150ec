import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultSchema, roomSchema, type ResultDto } from '@plansight/contracts';
import type { PlanTruth } from '../../../packages/engine/bench/truth.js';
import { startBackground } from '../src/jobs/start.js';
import { createTestApp, type TestApp } from './helpers.js';
import { ALL_DETECTIONS_QUERY, FAST_WORKER, ceilingBodyFor, simplePlan, uploadProject, userWithToken } from './measure-support.js';

type Pt = [number, number];
const rect = (x: number, y: number, w: number, h: number): Pt[] => [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
const shoelace = (p: Pt[]) => Math.abs(p.reduce((s, [x, y], i) => s + x * p[(i + 1) % p.length][1] - p[(i + 1) % p.length][0] * y, 0) / 2);
const bboxOf = (p: Pt[]) => ({ x0: Math.min(...p.map((q) => q[0])), y0: Math.min(...p.map((q) => q[1])), x1: Math.max(...p.map((q) => q[0])), y1: Math.max(...p.map((q) => q[1])) });

describe('room edits: outlines, openings, drawn and deleted rooms, kept across re-measures', () => {
  let t: TestApp;
  let truth: PlanTruth;
  let owner: Awaited<ReturnType<typeof userWithToken>>;
  let projectId: string;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const base = () => `/api/user/projects/${projectId}`;
  const result = async (): Promise<ResultDto> => resultSchema.parse((await call('GET', `${base()}/result`, owner.auth)).json());
  const remeasure = async (body: object) => {
    expect((await call('POST', `${base()}/ceilling-scale`, owner.auth, body)).statusCode).toBe(200);
    const done = await call('GET', `/api/projects/${projectId}/all-detections?${ALL_DETECTIONS_QUERY}`, owner.auth);
    expect(done.statusCode, done.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await startBackground(t.app, t.ctx, { analysis: FAST_WORKER });
    let pdf: Buffer;
    ({ pdf, truth } = await simplePlan());
    owner = await userWithToken(t);
    projectId = await uploadProject(t, owner.auth, pdf, truth.options.page);
    await remeasure(ceilingBodyFor(truth));
  }, 300_000);
  afterAll(async () => { await t?.close(); });

  it('a redrawn outline is re-measured, marked edited, and the totals follow', async () => {
    const first = await result();
    const room = first.rooms[0];
    const b = bboxOf(room.polygon as Pt[]);
    const polygon = rect(b.x0, b.y0, b.x1 - b.x0 + 500, b.y1 - b.y0);
    const r = await call('PATCH', `${base()}/rooms/${room.id}`, owner.auth, { polygon });
    expect(r.statusCode).toBe(200);
    const edited = roomSchema.parse(r.json());
    expect(edited).toMatchObject({ id: room.id, edited: true, source: 'detected', ceiling_area: Math.round(shoelace(polygon)) });
    expect(edited.perimeter_mm).toBe(Math.round(2 * (b.x1 - b.x0 + 500) + 2 * (b.y1 - b.y0)));
    const next = await result();
    expect(next.totals.ceiling_area - first.totals.ceiling_area).toBeCloseTo(edited.ceiling_area - room.ceiling_area, 0);
    expect(next.rooms.filter((x) => x.edited).map((x) => x.id)).toEqual([room.id]);
    expect(next.edits_version).toBe((first.edits_version ?? 0) + 1);
  });

  it('a window added to a room lowers its net wall area by the window area', async () => {
    const room = (await result()).rooms[1];
    const windows = [...room.windows.map((w) => ({ id: w.id, width: w.width, height: w.height })), { width: 1500, height: 1000 }];
    const r = roomSchema.parse((await call('PATCH', `${base()}/rooms/${room.id}`, owner.auth, { windows })).json());
    expect(r.windows).toHaveLength(room.windows.length + 1);
    expect(r.total_window_area).toBe(room.total_window_area + 1_500_000);
    expect(r.net_wall_area).toBe(room.net_wall_area - 1_500_000);
    expect(r.windows.at(-1)).toMatchObject({ width: 1500, height: 1000, dimensions: 'H1000 x W1500', keyword: 'window' });
  });

  it('adds a drawn room and deletes rooms; totals and statistics follow', async () => {
    const before = await result();
    const { page_width_mm: w, page_height_mm: h } = before.metadata;
    const polygon = rect(w * 0.02, h * 0.02, 3000, 2000);
    const added = await call('POST', `${base()}/rooms`, owner.auth, { label: 'Store', polygon });
    expect(added.statusCode).toBe(201);
    const room = roomSchema.parse(added.json());
    expect(room).toMatchObject({ label: 'Store', source: 'added', edited: true, ceiling_area: 6_000_000, perimeter_mm: 10_000 });
    const withRoom = await result();
    expect(withRoom.totals.rooms).toBe(before.totals.rooms + 1);
    expect(withRoom.totals.ceiling_area).toBe(before.totals.ceiling_area + 6_000_000);
    expect(withRoom.rooms.at(-1)!.id).toBe(room.id);

    const detected = before.rooms[2];
    expect((await call('DELETE', `${base()}/rooms/${detected.id}`, owner.auth)).statusCode).toBe(204);
    expect((await call('DELETE', `${base()}/rooms/${room.id}`, owner.auth)).statusCode).toBe(204);
    const after = await result();
    expect(after.rooms.map((r) => r.id)).not.toContain(detected.id);
    expect(after.rooms.map((r) => r.id)).not.toContain(room.id);
    expect(after.totals.ceiling_area).toBe(before.totals.ceiling_area - detected.ceiling_area);
    expect((await call('DELETE', `${base()}/rooms/${room.id}`, owner.auth)).statusCode).toBe(404);
    expect((await call('PATCH', `${base()}/rooms/${detected.id}`, owner.auth, { label: 'Back?' })).statusCode).toBe(404);
  });

  it('refuses outlines that cross themselves, leave the page or have too many corners, with a clear message', async () => {
    const room = (await result()).rooms[0];
    const bow = await call('PATCH', `${base()}/rooms/${room.id}`, owner.auth, { polygon: [[1000, 1000], [3000, 3000], [3000, 1000], [1000, 3000]] });
    expect(bow.statusCode).toBe(422);
    expect(bow.json().detail[0]).toMatchObject({ loc: ['body', 'polygon'], msg: expect.stringMatching(/crosses itself/) });
    const off = await call('POST', `${base()}/rooms`, owner.auth, { label: 'Far', polygon: rect(-5000, 0, 3000, 3000) });
    expect(off.statusCode).toBe(422);
    expect(off.json().detail[0].msg).toMatch(/outside the page/);
    const many = Array.from({ length: 2500 }, (_, i) => [5000 + 1000 * Math.cos(i / 400), 5000 + 1000 * Math.sin(i / 400)]);
    const big = await call('POST', `${base()}/rooms`, owner.auth, { label: 'Many', polygon: many });
    expect(big.statusCode).toBe(422);
    expect(big.json().detail[0].msg).toMatch(/at most 2000 corners/);
    expect((await call('POST', `${base()}/rooms`, owner.auth, { label: 'Two', polygon: [[0, 0], [10, 10]] })).json().detail[0].msg).toMatch(/at least 3/);
    expect((await call('PATCH', `${base()}/rooms/${room.id}`, owner.auth, { windows: [{ width: -1, height: 1000 }] })).statusCode).toBe(422);
  });

  it('another user can neither edit, add, delete nor reset rooms of the project', async () => {
    const other = await userWithToken(t);
    const before = await result();
    const id = before.rooms[0].id;
    const tries: ['POST' | 'PATCH' | 'PUT' | 'DELETE', string, object?][] = [
      ['PATCH', `${base()}/rooms/${id}`, { polygon: rect(1000, 1000, 2000, 2000) }],
      ['POST', `${base()}/rooms`, { label: 'Mine', polygon: rect(1000, 1000, 2000, 2000) }],
      ['PUT', `${base()}/rooms`, { rooms: [] }],
      ['DELETE', `${base()}/rooms/${id}`],
      ['DELETE', `${base()}/rooms/${id}/edits`],
      ['DELETE', `${base()}/edits`],
    ];
    for (const [method, url, payload] of tries) {
      expect((await call(method, url, other.auth, payload)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, {}, payload)).statusCode, `${method} ${url} signed out`).toBe(401);
    }
    expect(await result()).toEqual(before);
  });

  it('a new ceiling height keeps the edits and re-measures the edited rooms with it', async () => {
    const before = await result();
    const edited = before.rooms.find((r) => r.edited && r.source === 'detected')!;
    await remeasure(ceilingBodyFor(truth, 3000));
    const after = await result();
    const same = after.rooms.find((r) => r.id === edited.id)!;
    expect(same.polygon).toEqual(edited.polygon);
    expect(same.edited).toBe(true);
    expect(same.total_wall_surface_area).toBe(Math.round(edited.perimeter_mm * 3000));
    expect(after.rooms.length).toBe(before.rooms.length);
  });

  it('another scale keeps the edits where they were drawn on the plan (matched by overlap) and resets bring back the detected rooms', async () => {
    const before = await result();
    const edited = before.rooms.find((r) => r.edited && r.source === 'detected')!;
    // drawn at 1:50 on A1, now read as 1:50 on A2: every length on site shrinks by the papers' ratio
    await remeasure({ scale_ratio: '1:50 A2', scale_number: 50, paper_size: 'A2', ceilling_hight_mm: 3000 });
    const after = await result();
    const f = after.metadata.page_width_mm / before.metadata.page_width_mm;
    expect(f).toBeLessThan(0.8);
    const moved = after.rooms.find((r) => r.edited && r.source === 'detected' && Math.abs(r.ceiling_area / (edited.ceiling_area * f * f) - 1) < 0.001);
    expect(moved, 'the edited room, scaled with the plan').toBeDefined();
    expect(moved!.id).not.toBe(edited.id);
    expect(moved!.polygon[0][0]).toBeCloseTo(edited.polygon[0][0] * f, 3);
    expect(after.rooms.length).toBe(before.rooms.length);

    const reset = resultSchema.parse((await call('DELETE', `${base()}/rooms/${moved!.id}/edits`, owner.auth)).json());
    expect(reset.rooms.find((r) => r.id === moved!.id)!.edited).toBe(false);
    const all = resultSchema.parse((await call('DELETE', `${base()}/edits`, owner.auth)).json());
    expect(all.rooms.every((r) => !r.edited && r.source === 'detected')).toBe(true);
    expect(all.edits_version).toBeGreaterThan(after.edits_version!);
  });

  it('PUT stores the editor\'s whole set of rooms; unchanged rooms stay unedited and the later save wins', async () => {
    const start = await result();
    const keep = start.rooms.slice(1).map((r) => ({ id: r.id, label: r.label, polygon: r.polygon, windows: r.windows, doors: r.doors }));
    const drawn = { label: 'Loft', polygon: rect(1000, 1000, 2000, 2000), windows: [], doors: [] };
    const saved = resultSchema.parse((await call('PUT', `${base()}/rooms`, owner.auth, { rooms: [...keep, drawn] })).json());
    expect(saved.rooms.map((r) => r.id)).not.toContain(start.rooms[0].id);
    expect(saved.rooms.filter((r) => r.edited).map((r) => r.label)).toEqual(['Loft']);
    const again = resultSchema.parse((await call('PUT', `${base()}/rooms`, owner.auth, { rooms: saved.rooms.map((r) => ({ ...r, windows: r.windows, doors: r.doors })) })).json());
    expect(again.rooms.map((r) => r.id)).toEqual(saved.rooms.map((r) => r.id));
    expect(again.edits_version).toBe(saved.edits_version! + 1);
    const bad = await call('PUT', `${base()}/rooms`, owner.auth, { rooms: [{ ...drawn, polygon: [[0, 0], [10, 10], [10, 0], [0, 10]] }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'rooms', 0, 'polygon']);
  });

  it('a door between two rooms resized or removed through one room changes in the other, and counts once', async () => {
    const first = await result();
    const holders = (r: ResultDto, id: string) => r.rooms.filter((x) => x.doors.some((d) => d.id === id));
    const door = first.rooms.flatMap((r) => r.doors).find((d) => holders(first, d.id).length === 2);
    expect(door, 'the plan has a door between two rooms').toBeDefined();
    const [a, b] = holders(first, door!.id);
    const resized = a.doors.map((d) => ({ id: d.id, width: d.id === door!.id ? 1000 : d.width, height: d.height }));
    expect((await call('PATCH', `${base()}/rooms/${a.id}`, owner.auth, { doors: resized })).statusCode).toBe(200);
    const next = await result();
    expect(holders(next, door!.id).map((r) => r.doors.find((d) => d.id === door!.id)!.width)).toEqual([1000, 1000]);
    expect(next.rooms.find((r) => r.id === b.id)).toMatchObject({ edited: true });
    expect(next.totals.doors).toBe(first.totals.doors);
    expect(next.totals.total_door_area - first.totals.total_door_area).toBe((1000 - door!.width) * door!.height);
    const without = a.doors.filter((d) => d.id !== door!.id).map((d) => ({ id: d.id, width: d.width, height: d.height }));
    expect((await call('PATCH', `${base()}/rooms/${a.id}`, owner.auth, { doors: without })).statusCode).toBe(200);
    const after = await result();
    expect(holders(after, door!.id)).toEqual([]);
    expect(after.totals.doors).toBe(first.totals.doors - 1);
  });
});
