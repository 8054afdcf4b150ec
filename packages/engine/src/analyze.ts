/**
 * analyzePdf: one vector page → rooms, openings, exterior and quantities (engine-notes "A way that works").
 * Walls are unioned with Clipper2, door/window gaps are sealed by a morphological closing, rooms are the
 * holes of the sealed union, the exterior is the outer ring holding the rooms.
 */
import { union, inflatePaths, FillRule, JoinType, EndType, type Paths64 } from 'clipper2-ts';
import { EngineInputError, type AnalyzeOptions, type AnalysisResult, type Opening, type PointMm, type Room, type Warning } from './types.js';
import { loadPdf, getPageChecked } from './source/pdf-load.js';
import { holdPage, takeHeldPage } from './source/held-page.js';
import { extractVectors } from './source/extract.js';
import { markDrawnDashes } from './source/drawn-dashes.js';
import { hiddenTextTest } from './source/text-runs.js';
import { findWalls, outlineLines, bandPoint, bandMid, bandCorners, capBands, type Band } from './core/walls.js';
import { findClosures, clusterBands, glassRuns, cornerOpenings } from './core/closures.js';
import { mmPerPt, scaleMismatch } from './core/scale.js';
import { bbox, distToPoly, fromPath, hypot, pointInPoly, polyArea, toPath } from './core/geometry.js';
import { RingIndex } from './core/ring-index.js';
import { buildingOutline } from './core/outline.js';
import { unmeasuredSpace, unmeasuredWarning } from './core/unmeasured.js';
import { polylineArcs } from './core/polyline-arcs.js';
import { doorScaleCheck, findDoorArcs, leafLines, closedEnds, type DoorArc } from './core/openings.js';
import { tooComplex } from './pdf-limits.js';
import { analyzeRasterPage } from './source/raster/analyze-raster.js';
import { readDrawnNames } from './source/raster/vector-names.js';
import { OCR_BUDGET_MS } from './source/raster/room-names.js';
import { readText, findPrintedScale, parseSize, parseBareSize, hasWord, type TextItem } from './source/text.js';
import { scaleBarFactor, toUserFrame, SCALE_BAR_AGREES } from './core/scale-bar.js';
import { measureOutsideWalls, measureRoom, roomIdOf } from './measure/index.js';
import { readStamps, mainStamp, stampLabel, type RoomStamp } from './core/stamps.js';
import { splitHoles, printedAreaWarnings } from './core/printed-areas.js';
import { leaderStamps } from './core/leaders.js';
import { calloutTest } from './core/callouts.js';
import { strayStamps } from './core/stray-stamps.js';
import { sheetViews } from './core/views.js';
import { sheetFrames } from './core/sheet-frame.js';
import { applyRoomSchedule, readRoomSchedule } from './core/room-schedule.js';
import { findOutdoorSpaces, OUTDOOR_NAME } from './core/outdoor-spaces.js';
import { overRailings, type RailingWorld } from './core/railings.js';
import { preWallStrips } from './core/pre-walls.js';
import { hatchedColumns, withoutColumns } from './core/columns.js';
import { holesIn, growByPieces, FITTING_ROOM_MIN_MM2, type Ring } from './core/fitting-floor.js';

export const ENGINE_VERSION = '0.1.0';
/** Half the widest hairline gap the final closing seals (mm); openings are closed one by one before. */
const SEAL_MM = 40;
const DEFAULT_DOOR_H = 2040;
const DEFAULT_WINDOW_H = 1200;
const TIME_BUDGET_MS = 15_000;
/** A connected piece of wall at least this long is part of the building, not furniture (mm). */
const ANCHOR_MM = 1800;

function validate(o: AnalyzeOptions) {
  if (!o || typeof o !== 'object') throw new EngineInputError('bad_options', 'Options are required.');
  if (!Number.isFinite(o.scale) || o.scale <= 0 || o.scale > 10000) throw new EngineInputError('bad_options', 'The scale must be 1:N with N between 1 and 10000.');
  if (!Number.isFinite(o.ceilingHeightMm) || o.ceilingHeightMm <= 0 || o.ceilingHeightMm > 20000) throw new EngineInputError('bad_options', 'The ceiling height must be a positive number of millimetres (at most 20000).');
}

/**
 * `keepPage`: once measured, the page as read is kept in this thread for the next analysis of the same page
 * (another scale, a calibration, another sliver filter: held-page.ts), as a scale reading keeps it.
 */
export async function analyzePdf(bytes: Uint8Array, options: AnalyzeOptions, run: { keepPage?: boolean } = {}): Promise<AnalysisResult> {
  const t0 = Date.now();
  validate(options);
  // the page as a scale reading or an analysis in this worker read it, when it was kept for this analysis
  const held = takeHeldPage(bytes, options.page);
  const doc = held?.doc ?? await loadPdf(bytes);
  let pageKept = false;
  try {
    const page = held?.page ?? await getPageChecked(doc, options.page);
    const vp = page.getViewport({ scale: 1 });
    const kUser = mmPerPt(vp.width, vp.height, options.scale, options.paper);
    const budget = options.timeBudgetMs ?? TIME_BUDGET_MS;
    const vec = held?.vec ?? await extractVectors(page, budget);
    // (the only mark the analysis leaves on the drawing, taken off again before the page is kept)
    const dashedBefore = run.keepPage ? vec.segs.map((s) => s.dashed) : null;
    // dashed lines exported as their separate dashes are dashed lines (drawn-dashes.ts)
    markDrawnDashes(vec.segs);
    // (the budget counts from the parsed page: pdf.js's own parse of a dense sheet takes what it takes)
    const deadline = Date.now() + budget;
    if (vec.segs.length + vec.fills.length < 4) {
      // a scanned page (one image, perhaps a little vector text): the raster source measures it
      if (vec.imageCount > 0) return await analyzeRasterPage({ page, options, k: kUser, t0, engineVersion: ENGINE_VERSION, textItems: vec.textItems });
      // (a drawing cut off by the time budget before anything was read is no empty page)
      if (vec.truncated) throw tooComplex('its drawing could not be read in the time allowed');
      throw new EngineInputError('no_vector_drawing', `Page ${options.page} has no drawing to measure.`);
    }
    // text nobody sees on the sheet (invisible, white on white, clipped away) is never a label or a scale
    const textUser = await readText(page, kUser, hiddenTextTest(vec.textRuns ?? []), vec.textItems).catch(() => [] as TextItem[]);
    // the page is read: pdf.js keeps what it loaded for it (images, per-page objects) for a render that never
    // comes, and every full garbage collection of the analysis would mark it (its operator list was not kept:
    // extract.ts reads it as it streams)
    page.cleanup();
    const warnings: Warning[] = [];
    // a scale bar that disagrees with the chosen scale: analyse at the bar's scale (real-world tolerances),
    // answer in the chosen frame (scale-bar.ts)
    const bar = scaleBarFactor(textUser);
    const f = bar && Math.abs(bar - 1) > SCALE_BAR_AGREES ? bar : 1;
    const k = kUser * f;
    const text = f === 1 ? textUser : textUser.map((t) => ({ ...t, at: [t.at[0] * f, t.at[1] * f] as PointMm, heightMm: t.heightMm * f, widthMm: (t.widthMm ?? 0) * f }));
    if (f !== 1) warnings.push({ code: 'scale_bar_mismatch', message: `The plan's scale bar reads about 1:${Math.round(options.scale * f)}, not the chosen 1:${options.scale}; the quantities are given at 1:${options.scale} as chosen.` });
    if (vec.truncated) warnings.push({ code: 'page_truncated', message: 'The page is very large; only part of its drawing was analysed.' });
    const H = options.ceilingHeightMm;
    const pageW = vp.width * k, pageH = vp.height * k;

    // walls, then each opening closed on its own (closures.ts), then a small closing for hairline joints
    // (swings drawn as curves, or flattened into chains of short segments by the program that wrote the page)
    const swingCurves = [...(outlineLines(vec) ? [...vec.curves, ...vec.fillCurves] : vec.curves), ...polylineArcs(vec.segs)];
    const arcs = findDoorArcs(swingCurves, k, vec.segs);
    const walls = findWalls(vec, k, deadline, leafLines(arcs), text);
    if (walls.cutShort) warnings.push({ code: 'analysis_cut_short', message: 'The drawing is very dense and its analysis ran out of time before every wall was found: some rooms may be merged or missing. Check the rooms against the plan.' });
    let raw: Paths64 = union([...walls.polys, ...walls.fittings].map(toPath), FillRule.NonZero);
    // connected wall pieces (pieces closer than 50 mm count as joined: double-line bands stop at the faces of
    // the walls they meet); one big enough is part of the building's wall network, not a piece of furniture
    const comps = wallComponents(raw);
    // the sheet's border drawn in a wall's pen, with a title block on it, is no walls (sheet-frame.ts)
    const frames = sheetFrames(comps.outers, pageW, pageH);
    const walled = (c: Component | null | undefined) => !!c && c.big && !frames.has(c);
    // (each band's piece looked up once: the anchoring test and the small pieces to keep both ask)
    const pieceOf = new Map<Band, Component | null>();
    const piece = (b: Band) => (pieceOf.has(b) ? pieceOf.get(b)! : pieceOf.set(b, comps.at(bandMid(b))).get(b)!);
    // small pieces standing alone (pillows, bench fronts paired as if they were wall faces) are dropped unless
    // they line up with the building's walls (a pier between two windows)
    // (the runs of collinear bands with a piece in the wall network are the building's walls; a run of
    // furniture lines is not, and the space between its pieces is no opening)
    const caps = capBands(walls.bands);
    const wallRuns = clusterBands(walls.bands.filter((b) => !caps.has(b))).filter((c) => c.items.some((b) => walled(piece(b))));
    const keepSmall = new Set(wallRuns.flatMap((c) => c.items).map(piece).filter((c) => c && !c.big));
    const kept = (path: Paths64[number]) => {
      const c = comps.at([path[0].x, path[0].y]);
      return !c || walled(c) || keepSmall.has(c);
    };
    raw = raw.filter(kept);
    const rawRings = raw.map(fromPath);
    const rawIndex = new RingIndex(rawRings);
    const inWall = (p: PointMm) => rawIndex.parity(p);
    const glass = glassRuns(wallRuns);
    const solidRuns = wallRuns.filter((c) => !glass.has(c));
    // (a band of a small piece standing alone, kept because it lines up with the walls, may be a post at a run's end)
    const breaks = findClosures(solidRuns, walls.bands, arcs, walls.thin, inWall, (b) => piece(b)?.big === false);
    const closures = [...breaks, ...cornerOpenings(solidRuns, arcs, walls.thin, inWall, breaks)];
    // a swing whose opening was not found as a break (a door beside a corner): its chord along the wall seals it
    const arcUsed = new Set(closures.flatMap((c) => c.arcs ?? []));
    const strayArcs = arcs.filter((a) => !arcUsed.has(a) && rawRings.length < 5000 && rawRings.some((r) => distToPoly(a.hinge[0], a.hinge[1], r) < 150));
    const closed = closedEnds(strayArcs, walls.thin);
    const chords = strayArcs.map((a) => ({ arc: a, end: reachWall(a.hinge, closed.get(a) ?? wallwardEnd(a, inWall), inWall) }));
    // each end of a chord joined to the jamb beside it (a door hung in its frame stands in front of the wall face,
    // and an entrance's two sides may end on different wall lines: nothing in line to carry the chord on to)
    const jambLinks = chords.flatMap((c) => [c.arc.hinge, c.end].flatMap((p) => {
      const j = nearestWall(p, inWall);
      return j ? [toPath(leafQuad(p, j))] : [];
    }));
    // the walls without the possible fittings, built when first asked for
    let leanWalls: Paths64 | null = null, leanRings: RingIndex | null = null;
    const leanUnion = () => (leanWalls ??= union(walls.polys.map(toPath), FillRule.NonZero).filter(kept));
    const leanIndex = () => (leanRings ??= new RingIndex(leanUnion().map(fromPath)));
    const sealParts = [...raw, ...closures.map((c) => toPath(c.quad)), ...chords.map((c) => toPath(leafQuad(c.arc.hinge, c.end))), ...jambLinks,
      ...chords.flatMap((c) => breakBehind(c.arc.hinge, c.end, inWall)).map(toPath),
      // a pre-wall's face cut as a thin board from wall to wall: the room ends at it (pre-walls.ts); its outline
      // pairs with the wall face behind as a band that stands free at an end, a possible fitting, so the walls
      // are asked without the fittings
      ...(walls.cutBoards.length ? preWallStrips(walls.cutBoards, (p) => leanIndex().parity(p)).map(toPath) : [])];
    if (options.debug) Object.assign(options.debug, {
      walls: rawRings, bands: walls.bands.map(bandCorners), fittings: walls.fittings, arcs,
      closures: [...closures.map((c) => ({ quad: c.quad, subtype: c.opening ? c.subtype ?? 'opening' : 'junction' })),
        ...chords.map((c) => ({ quad: leafQuad(c.arc.hinge, c.end), subtype: 'chord' }))],
    });
    const sealed = seal(sealParts);
    if (options.debug) Object.assign(options.debug, { sealed: sealed.map(fromPath), mmPerPt: k });

    // outers and holes (orientation opposite to the largest ring = hole)
    const { outers, holes: holes1 } = ringsOf(sealed);
    const minW = options.minRoomWidthMm ?? 200, minH = options.minRoomHeightMm ?? 200;
    const pageArea = pageW * pageH;
    // rooms without the bands that may be fittings (walls.ts looseFittings): a room that grows into the space
    // under its bathtub or counter and stays one room takes that space; one that would open to the outside
    // or to another room keeps its walls
    let holes = holes1;
    let crowded: Ring[] = [];
    if (walls.fittings.length) {
      ({ holes, crowded } = withoutFittings(holes1, [...leanUnion(), ...sealParts.slice(raw.length)]));
    }
    // every space the walls enclose, rooms or not (slivers under the minimum size too): no outdoor space is
    // looked for around a stamp inside one
    const enclosed = holes.filter((h) => Math.abs(h.area) <= 0.35 * pageArea).map((h) => h.pts);
    holes = holes.filter((h) => {
      const a = Math.abs(h.area);
      if (a < 0.3e6 || a > 0.35 * pageArea) return false;
      const bb = bbox(h.pts);
      if (bb.w < minW || bb.h < minH) return false;
      // too narrow everywhere (a wall cavity, not a room): nothing survives shrinking by half the minimum
      const shrunk = inflatePaths([toPath(h.pts)], -Math.min(minW, minH) / 2, JoinType.Miter, EndType.Polygon);
      return shrunk.some((p) => Math.abs(polyArea(fromPath(p))) > 1000);
    });

    // a hole inside an island that itself stands inside another hole is furniture (a bed, a table), not a room
    const islands = outers.filter((o) => holes.some((h) => Math.abs(h.area) > Math.abs(o.area) && pointInPoly(o.pts[0][0], o.pts[0][1], h.pts)));
    holes = holes.filter((h) => !islands.some((o) => Math.abs(o.area) > Math.abs(h.area) && pointInPoly(h.pts[0][0], h.pts[0][1], o.pts)));

    // several views on one sheet: rooms of elevations, sections and site plans are none, and each floor
    // plan's rooms carry its title when there are several (views.ts)
    const viewed = sheetViews(holes, text, [...vec.segs, ...(outlineLines(vec) ?? [])], k, vp.width, vp.height);
    holes = viewed.holes;

    // room stamps (name, number, printed area...); a space holding several stamps with printed areas is
    // cut into one room per stamp (open-plan rooms the drawing does not separate, split-rooms.ts)
    // (read per space: lines of text on either side of a wall are never one stamp)
    const ownStampsIn = (poly: PointMm[]) => {
      const bb = bbox(poly);
      return readStamps(text.filter((t) => t.at[0] >= bb.x0 && t.at[0] <= bb.x1 && t.at[1] >= bb.y0 && t.at[1] <= bb.y1 && pointInPoly(t.at[0], t.at[1], poly)));
    };
    // every drawn line in mm, built once when first asked for (read only by its users)
    let pageLineList: { line: { a: PointMm; b: PointMm; w: number }; dashed: boolean }[] | null = null;
    const pageLineEntries = () =>
      (pageLineList ??= [...vec.segs, ...(outlineLines(vec) ?? [])].map((g) => ({ line: { a: [g.x1 * k, g.y1 * k] as PointMm, b: [g.x2 * k, g.y2 * k] as PointMm, w: g.w }, dashed: !!g.dashed })));
    const pageLines = () => pageLineEntries().map((e) => e.line);
    // stamps printed outside the plan, moved to the room their leader line points into (leaders.ts)
    const led = leaderStamps(holes.map((h) => h.pts), text, ownStampsIn, () => pageLineEntries().filter((e) => !e.dashed).map((e) => e.line));
    const ledIn = (poly: PointMm[]) => [...ownStampsIn(poly), ...led.filter((s) => pointInPoly(s.at[0], s.at[1], poly))];
    // stamps of small rooms printed in the room next door, moved into the room they name (stray-stamps.ts)
    const stray = strayStamps(holes.map((h) => h.pts), ledIn);
    const strayFrom = new Set(stray.map((s) => `${s.from[0]},${s.from[1]}`));
    const stampsIn = (poly: PointMm[]) => [
      ...ledIn(poly).filter((s) => !strayFrom.has(`${s.at[0]},${s.at[1]}`)),
      ...stray.filter((s) => pointInPoly(s.at[0], s.at[1], poly)),
    ];
    const split = splitHoles(holes, stampsIn, pageLines);
    holes = split.holes;
    // where the walls without fittings hold several rooms, the floor under a fitting that meets one room only
    // is that room's (asked once the rooms are cut apart: a space cut along lines drawn in it keeps them)
    for (const h2 of crowded) holes = growByPieces(h2, holes);
    // a column or shaft cut and hatched in a room's corner is construction, not the room's floor (columns.ts)
    const columns = holes.length ? hatchedColumns(vec.segs, k, inWall) : [];
    if (columns.length) holes = holes.map((h) => withoutColumns(h, columns));

    // exterior = the outer ring holding most rooms
    let exterior: PointMm[] = [];
    let bestCount = 0;
    for (const o of outers) {
      const n = holes.filter((h) => pointInPoly(h.pts[0][0], h.pts[0][1], o.pts)).length;
      if (n > bestCount) { bestCount = n; exterior = o.pts; }
    }
    // the building's outline, for its outside walls: the ring without the parts of it too thin to hold a room (walls
    // running on past the building, marks and stairs touching it). (An opening in the walls of that ring still leads
    // outside: the ring decides that.)
    const outline = buildingOutline(exterior, holes.map((h) => h.pts[0]));

    // openings: the classified closures, then stray swings
    const found: Opening[] = [];
    const tagNear = (c: PointMm, re: RegExp, widthMm: number) => {
      let best: { tag: string; size: { h: number; w: number } | null; d: number } | null = null;
      for (const t of text) {
        const d = hypot(t.at[0] - c[0], t.at[1] - c[1]);
        if (d > 1500 || (best && d >= best.d)) continue;
        const m = re.exec(t.str);
        const size = parseSize(t.str) ?? (d < 1000 ? parseBareSize(t.str, widthMm) : null);
        if (m || size) best = { tag: m?.[0] ?? '', size, d };
      }
      return best;
    };
    for (const c of closures) {
      if (!c.opening) continue;
      const w = Math.round(c.t1 - c.t0);
      const mid = (c.lo + c.hi) / 2;
      const pos = bandPoint(c.deg, (c.t0 + c.t1) / 2, mid);
      const seg: [PointMm, PointMm] = [bandPoint(c.deg, c.t0, mid), bandPoint(c.deg, c.t1, mid)];
      const isWin = c.subtype === 'window';
      const tag = tagNear(pos, isWin ? /\bW\d{1,3}[A-Z]?\b/ : /\bD\d{1,3}[A-Z]?\b/, w);
      const width = tag?.size && Math.abs(tag.size.w - w) < 0.15 * w ? tag.size.w : w;
      const o = makeOpening(isWin ? 'window' : 'door', c.subtype ?? 'opening', pos, seg, width, tag?.size?.h ?? (isWin ? DEFAULT_WINDOW_H : DEFAULT_DOOR_H), !tag?.size, tag?.tag ?? '');
      o.wall_thickness = c.hi - c.lo;
      found.push(o);
    }
    // (a swing drawn open less than a right angle, its chord in a wall that runs on: a door, or a casement window)
    const shortSwings = new Set<Opening>();
    for (const { arc, end } of chords) {
      const pos: PointMm = [(arc.hinge[0] + end[0]) / 2, (arc.hinge[1] + end[1]) / 2];
      const w = Math.round(arc.radius);
      const tag = tagNear(pos, /\bD\d{1,3}[A-Z]?\b/, w);
      const o = makeOpening('door', 'swing', pos, [arc.hinge, end], w, tag?.size?.h ?? DEFAULT_DOOR_H, !tag?.size, tag?.tag ?? '');
      if (arc.leafEnd) shortSwings.add(o);
      found.push(o);
    }

    // open space (neither the sealed walls nor a space they enclose) and the enclosed spaces: built when first asked for
    let spaceIndex: { open: (q: PointMm) => boolean; enclosed: RingIndex } | null = null;
    const spaces = () => {
      if (!spaceIndex) {
        const sealedIndex = new RingIndex(sealed.map(fromPath)), enclosedIndex = new RingIndex(enclosed);
        spaceIndex = { open: (q) => !sealedIndex.parity(q) && enclosedIndex.holding(q).length === 0, enclosed: enclosedIndex };
      }
      return spaceIndex;
    };
    // what a loggia's parapet drawn in lines is not (railings.ts): built when first asked for
    let railingWorld: RailingWorld | null = null;
    const railingsWorld = () => {
      if (!railingWorld) {
        const { open, enclosed: enclosedIndex } = spaces();
        const darkIndex = new RingIndex(walls.darkFills), closureIndex = new RingIndex(sealParts.slice(raw.length).map(fromPath));
        railingWorld = {
          open,
          blocked: (q) => darkIndex.parity(q) || closureIndex.holding(q).length > 0 || enclosedIndex.holding(q).length > 0,
        };
      }
      return railingWorld;
    };
    // A parapet is told from a wall by its pen: lines under the cut where walls are cut as fills. Where walls
    // are lines too (double lines, hatched outlines), a wall's pair of lines looks like a parapet's: no side moves.
    const overParapets = (pts: PointMm[]) => (walls.cutAsFills ? overRailings(pts, railingsWorld()) : pts);
    // rooms
    // the label is the name (and number) of the room's main stamp; area, finish, height lines are not, and nor is
    // a note printed in the room with an arrow to what it names (callouts.ts; a stamp printed where it stands:
    // one moved along its leader or from the room next door names the room it was moved to)
    let callout: ((s: RoomStamp) => boolean) | null = null;
    // (a stamp with a printed area is a room's own: never asked)
    const isCallout = (s: RoomStamp) => s.names.length > 0 && s.printedAreaMm2 === null && !('ledFromBox' in s) && !('from' in s) &&
      (callout ??= calloutTest({ lines: [...vec.segs, ...(outlineLines(vec) ?? [])], curves: vec.curves, fills: vec.fills, mmPerPt: k }))(s);
    // rooms whose names are drawn as curves (a layout program's outlined writing: no room holds any text of the
    // page's) have them read by OCR from the page rendered, as a scan's are (vector-names.ts)
    const holdsText = (t: TextItem) => /[A-Za-z0-9]/.test(t.str) && holes.some((h) => pointInPoly(t.at[0], t.at[1], h.pts));
    const drawnNames = options.ocr !== false && holes.length && !text.some(holdsText)
      ? await readDrawnNames(page, holes.map((h) => h.pts), k, Math.max(0, Math.min(OCR_BUDGET_MS, deadline - Date.now())))
      : [];
    let namesByOcr = 0;
    const rooms: Room[] = holes.map((h, i) => {
      let poly = h.pts;
      const bb = bbox(poly);
      const middle: PointMm = [(bb.x0 + bb.x1) / 2, (bb.y0 + bb.y1) / 2];
      // (the stamp that would name the room is asked, and passed over while it is a callout)
      let candidates = stampsIn(poly).filter((s) => pointInPoly(s.at[0], s.at[1], poly));
      if (!candidates.length && drawnNames.length) {
        // (a mark read as a word of one or two letters names no room beside a word: it is often read taller than the
        // name)
        const read = readStamps(drawnNames.filter((t) => pointInPoly(t.at[0], t.at[1], poly)));
        const worded = read.filter((s) => s.names.some(hasWord));
        candidates = worded.length ? worded : read;
        if (candidates.length) namesByOcr++;
      }
      let main = mainStamp(candidates, middle);
      while (main && isCallout(main)) {
        const passed = main;
        candidates = candidates.filter((s) => s !== passed);
        main = mainStamp(candidates, middle);
      }
      let label = main ? stampLabel(main) : '';
      const num = main && !main.number ? roomNumber(nameItem(main), text, poly) : null;
      if (num && !label.includes(num)) label = `${label} ${num}`;
      const outdoor = /ALFRESCO|PORCH|DECK|PATIO|BALCON|TERRACE|VERANDA|GARDEN|YARD|OUTDOOR/i.test(label) || OUTDOOR_NAME.test(label);
      // a loggia sealed by its parapet drawn in lines between walls cut as fills: its area runs to the slab edge
      // under the parapet (railings.ts)
      if (outdoor) poly = overParapets(poly);
      return {
        id: `room-${i + 1}`, label, is_outdoor: outdoor,
        polygon: poly, ...measureRoom(poly, { windows: [], doors: [] }, H), windows: [], doors: [],
        ...(main?.printedAreaMm2 ? { printed_area_mm2: Math.round(main.printedAreaMm2) } : main?.printedSizeMm ? { printed_size_mm: roundSize(main.printedSizeMm) } : {}),
        ...viewed.viewOf(poly),
      };
    });
    if (namesByOcr) warnings.push({ code: 'names_read_by_ocr', message: `The room names on this page are drawn as shapes, not text: ${namesByOcr === 1 ? 'one was' : `${namesByOcr} were`} read from the drawing by OCR. Check them.` });
    // a room schedule printed beside the plan gives the printed area of rooms whose stamp prints none
    applyRoomSchedule(rooms, readRoomSchedule(text, rooms.map((r) => r.polygon)));
    // the walls without the openings' closures that have open space on both faces (neither wall nor a space the
    // walls enclose): a gap closed in a loggia's side wall closes no room, and the loggia's floor runs on
    // through it to the slab edge beyond
    const openBuilding = () => {
      const { open } = spaces();
      const idle = new Set(closures.filter((c) => c.opening && [c.lo - BESIDE_MM, c.hi + BESIDE_MM].every((off) => open(bandPoint(c.deg, (c.t0 + c.t1) / 2, off)))));
      if (!idle.size) return null;
      return {
        idle: [...idle].map((c) => c.quad),
        walls: () => seal([...raw, ...closures.filter((c) => !idle.has(c)).map((c) => toPath(c.quad)), ...sealParts.slice(raw.length + closures.length)]),
      };
    };
    // loggias, balconies, terraces outside the walls, closed by railings and slab edges (outdoor-spaces.ts)
    for (const found of findOutdoorSpaces({ text, rooms: [...rooms.map((r) => r.polygon), ...enclosed], building: sealed, openBuilding, lines: pageLines, ratio: printedRatio(rooms), taken: led.map((s) => s.ledFromBox), asMeasured: overParapets })) {
      const o = { ...found, pts: overParapets(found.pts) };
      rooms.push({
        id: `room-${rooms.length + 1}`, label: stampLabel(o.stamp), is_outdoor: true, polygon: o.pts,
        ...measureRoom(o.pts, { windows: [], doors: [] }, H), windows: [], doors: [],
        ...(o.stamp.printedAreaMm2 ? { printed_area_mm2: Math.round(o.stamp.printedAreaMm2) } : o.stamp.printedSizeMm ? { printed_size_mm: roundSize(o.stamp.printedSizeMm) } : {}),
      });
    }
    rooms.sort((a, b) => bbox(a.polygon).y0 - bbox(b.polygon).y0 || bbox(a.polygon).x0 - bbox(b.polygon).x0);
    // ids from geometry, not position: a user's edit stays on its room when a re-measure finds one more room
    const takenIds = new Set<string>();
    rooms.forEach((r) => (r.id = roomIdOf(r.polygon, takenIds)));
    let nWin = 0, nDoor = 0;
    for (const o of found) {
      const reach = (o.wall_thickness ?? 300) / 2 + 100;
      for (const r of rooms) if (distToPoly(o.position[0], o.position[1], r.polygon) < reach || pointInPoly(o.position[0], o.position[1], r.polygon)) o.room_ids.push(r.id);
      o.exterior = exterior.length > 0 && distToPoly(o.position[0], o.position[1], exterior) < reach;
    }
    // a plain opening (nothing drawn in it) that neither joins two rooms nor leads outside is a gap between
    // pieces of furniture, not a way through
    // a swing drawn open less than a right angle along the outer wall (both ends of its chord within an outer wall's
    // thickness of the outline), with no break for it, is a casement window as often as a door (European plans draw
    // sashes so): it closes the wall, and is counted as neither
    const alongOutside = (o: Opening) => exterior.length > 0 && o.segment.every((p) => distToPoly(p[0], p[1], exterior) < OUTER_WALL_MAX_MM);
    const openings = found.filter((o) => (o.subtype !== 'opening' || o.exterior || o.room_ids.length >= 2) && !(shortSwings.has(o) && alongOutside(o)));
    const roomById = new Map(rooms.map((r) => [r.id, r]));
    for (const o of openings) {
      o.id = o.kind === 'door' ? `door-${++nDoor}` : `window-${++nWin}`;
      for (const id of o.room_ids) (o.kind === 'door' ? roomById.get(id)!.doors : roomById.get(id)!.windows).push(o);
    }
    for (const r of rooms) Object.assign(r, measureRoom(r.polygon, r, H));

    // warnings
    if (openings.some((o) => o.kind === 'door' && o.height_assumed)) warnings.push({ code: 'door_height_assumed', message: `Door heights not printed on the plan; ${DEFAULT_DOOR_H} mm assumed.` });
    if (openings.some((o) => o.kind === 'window' && o.height_assumed)) warnings.push({ code: 'window_height_assumed', message: `Window heights not printed on the plan; ${DEFAULT_WINDOW_H} mm assumed.` });
    const printed = findPrintedScale(text);
    const mismatch = printed ? scaleMismatch(vp.width, vp.height, printed, options.scale, options.paper) : null;
    if (mismatch) warnings.push({ code: 'scale_mismatch', message: mismatch });
    // the doors as drawn: a page whose swings measure far from a door's width is likely at another scale
    const doors = !mismatch && f === 1 ? doorScaleCheck(swingCurves, k, vec.segs, options.scale, inWall) : null;
    if (doors) warnings.push({ code: 'door_scale', message: `The door swings on this plan measure about ${Math.round(doors.medianMm / 10) * 10} mm at 1:${options.scale}, where doors are usually 700-1000 mm wide; the drawing may be at about 1:${doors.suggested}.` });
    if (rooms.length === 0) warnings.push({ code: 'no_rooms', message: 'No closed rooms were found on this page; check the page, the scale and that it is a floor plan.' });
    // space inside the building that no room holds: a room run out through a gap not closed (core/unmeasured.ts)
    const unmeasured = rooms.length ? unmeasuredSpace(exterior, rooms.map((r) => r.polygon)) : [];
    // (in the frame the user sees)
    if (unmeasured.length) warnings.push(unmeasuredWarning(unmeasured.map((r) => r.map(([x, y]): PointMm => [x / f, y / f]))));
    const big = rooms.filter((r) => r.ceiling_area > 200e6 && !r.is_outdoor);
    if (big.length) warnings.push({ code: 'scale_doubt', message: `Some rooms are larger than 200 m²; the scale or paper size may be wrong.` });

    const outsideWalls = measureOutsideWalls(outline, H);
    const extOpen = openings.filter((o) => o.exterior);
    const result: AnalysisResult = {
      rooms,
      statistics: { total_rooms: rooms.length, total_windows: nWin, total_doors: nDoor, ceiling_height_mm: H },
      metadata: {
        units: 'mm', page: options.page, scale_number: options.scale, paper_size: options.paper ?? 'page',
        page_width_mm: pageW, page_height_mm: pageH, mm_per_pt: k, engine_version: ENGINE_VERSION,
        duration_ms: Date.now() - t0, wall_style: walls.style,
      },
      outside_detection: {
        detection_available: outline.length > 0,
        exterior_polygon: outline,
        ...outsideWalls,
        outside_windows: extOpen.filter((o) => o.kind === 'window'),
        outside_doors: extOpen.filter((o) => o.kind === 'door'),
        outside_windows_count: extOpen.filter((o) => o.kind === 'window').length,
        outside_doors_count: extOpen.filter((o) => o.kind === 'door').length,
      },
      warnings,
    };
    const final = f === 1 ? result : toUserFrame(result, 1 / f, kUser);
    // printed areas against measured ones, and the spaces cut by printed areas, in the frame the user sees
    final.warnings.push(...printedAreaWarnings(final.rooms, options.scale, f !== 1), ...split.warnings(final.rooms, 1 / f));
    if (dashedBefore) {
      vec.segs.forEach((s, i) => { if (s.dashed !== dashedBefore[i]) s.dashed = dashedBefore[i]; });
      pageKept = holdPage({ bytes, pageNo: options.page, doc, page, vec });
    }
    return final;
  } finally {
    if (!pageKept) void doc.destroy();
  }
}

/** An outer wall is at most this thick (mm), with a little to spare: a chord on its inner face lies this near the outline. */
const OUTER_WALL_MAX_MM = 600;

const roundSize = (s: [number, number]): [number, number] => [Math.round(s[0]), Math.round(s[1])];

/** The median measured/printed area ratio of the rooms that print their area (null with fewer than 3). */
function printedRatio(rooms: Room[]): number | null {
  const r = rooms.filter((x) => x.printed_area_mm2).map((x) => x.ceiling_area / x.printed_area_mm2!).sort((a, b) => a - b);
  return r.length >= 3 ? r[r.length >> 1] : null;
}

/** The space on either side of a closure is looked at this far (mm) beyond its faces. */
const BESIDE_MM = 50;

/** The wall union with its hairline joints sealed (a closing by SEAL_MM). */
function seal(parts: Paths64): Paths64 {
  const grown = inflatePaths(union(parts, FillRule.NonZero), SEAL_MM, JoinType.Miter, EndType.Polygon, 2);
  return inflatePaths(grown, -SEAL_MM, JoinType.Miter, EndType.Polygon, 2);
}

/** Outer rings and holes of a sealed union (orientation opposite to the largest ring = hole). */
function ringsOf(sealed: Paths64): { outers: Ring[]; holes: Ring[] } {
  const rings = sealed.map((p) => ({ pts: fromPath(p), area: polyArea(fromPath(p)) }));
  const refSign = Math.sign(rings.reduce((b, r) => (Math.abs(r.area) > Math.abs(b.area) ? r : b), { pts: [], area: 1 }).area) || 1;
  return { outers: rings.filter((r) => Math.sign(r.area) === refSign), holes: rings.filter((r) => Math.sign(r.area) === -refSign) };
}

/**
 * The holes of the union without the fitting bands (`leanParts`: the walls, closures and chords without
 * them), where each replaces the holes it swallows when it holds exactly one room of FITTING_ROOM_MIN_MM2 or more;
 * elsewhere the holes with the fittings stay. The lean holes holding several rooms (a fitting also stood in a
 * doorway or against a jamb) are `crowded`: growByPieces takes them apart once the rooms are cut apart.
 */
function withoutFittings(holes: Ring[], leanParts: Paths64): { holes: Ring[]; crowded: Ring[] } {
  const lean = ringsOf(seal(leanParts)).holes;
  const gone = new Set<Ring>();
  const grown: Ring[] = [];
  const crowded: Ring[] = [];
  for (const h2 of lean) {
    const inside = holesIn(h2, holes);
    const n = inside.filter((h) => Math.abs(h.area) >= FITTING_ROOM_MIN_MM2).length;
    if (n > 1) crowded.push(h2);
    if (n !== 1) continue;
    inside.forEach((h) => gone.add(h));
    grown.push(h2);
  }
  return { holes: [...holes.filter((h) => !gone.has(h)), ...grown], crowded };
}

interface Component { ring: PointMm[]; area: number; big: boolean; box: ReturnType<typeof bbox> }

/** The wall union grown by 25 mm, as components: `at(p)` is the piece whose region holds p (even-odd). */
function wallComponents(raw: Paths64) {
  const rings = inflatePaths(raw, 25, JoinType.Miter, EndType.Polygon, 2).map(fromPath).map((r) => ({ r, a: polyArea(r) }));
  const ref = rings.reduce((b, x) => (Math.abs(x.a) > Math.abs(b.a) ? x : b), { r: [] as PointMm[], a: 0 });
  const outers: Component[] = rings.filter((x) => Math.sign(x.a) === Math.sign(ref.a)).map((x) => {
    const b = bbox(x.r);
    return { ring: x.r, area: Math.abs(x.a), big: Math.max(b.w, b.h) >= ANCHOR_MM, box: b };
  }).sort((p, q) => p.area - q.area);
  const all = new RingIndex(rings.map((x) => x.r));
  const outerIndex = new RingIndex(outers.map((o) => o.ring));
  return {
    outers,
    at(p: PointMm): Component | null {
      if (!all.parity(p)) return null;
      // outers are sorted by area: the smallest outer ring holding p
      const held = outerIndex.holding(p);
      return held.length ? outers[held[0]] : null;
    },
  };
}

/** How far beside a leaf drawn open the wall it is parked against is looked for (mm): the leaf's thickness and a gap. */
const PARKED_REACH_MM = [60, 120];
/** Share of the points along a leaf parked against a wall that must have the wall behind them, and the most that may
 * have wall on the swing's side. */
const PARKED_SHARE = 0.6;
const SWING_SIDE_MAX = 0.2;

/**
 * Whether the leaf from the hinge to end `e` is drawn open and parked against a wall: wall along it on the side away
 * from the swing (the side away from the arc's other end `f`), none on the swing's side. A door at a room's corner
 * opens against the partition there; its closed position crosses the break and has no wall beside it, and a leaf
 * closed inside a wall whose lines run on (no break) has wall on both sides.
 */
function parkedLeaf(hinge: PointMm, e: PointMm, f: PointMm, inWall: (p: PointMm) => boolean): boolean {
  const dx = e[0] - hinge[0], dy = e[1] - hinge[1];
  const l = hypot(dx, dy) || 1;
  // the normal pointing away from f
  let nx = -dy / l, ny = dx / l;
  if (nx * (f[0] - hinge[0]) + ny * (f[1] - hinge[1]) > 0) { nx = -nx; ny = -ny; }
  let away = 0, toward = 0, n = 0;
  for (let t = 0.2; t < 0.85; t += 0.15) {
    const p: PointMm = [hinge[0] + dx * t, hinge[1] + dy * t];
    n++;
    if (PARKED_REACH_MM.some((d) => inWall([p[0] + nx * d, p[1] + ny * d]))) away++;
    if (PARKED_REACH_MM.some((d) => inWall([p[0] - nx * d, p[1] - ny * d]))) toward++;
  }
  return away >= PARKED_SHARE * n && toward <= SWING_SIDE_MAX * n;
}

/** The arc end that, seen from the hinge, runs along the wall (its chord closes the opening). */
function wallwardEnd(a: DoorArc, inWall: (p: PointMm) => boolean): PointMm {
  // a leaf drawn open against a wall (a door at a room's corner): the other end is the closed one
  const parked = a.ends.map((e, i) => parkedLeaf(a.hinge, e, a.ends[1 - i], inWall));
  if (parked[0] !== parked[1]) return parked[0] ? a.ends[1] : a.ends[0];
  const score = (e: PointMm) => {
    let n = 0;
    for (let t = 0.1; t < 1; t += 0.2) {
      const p: PointMm = [a.hinge[0] + (e[0] - a.hinge[0]) * t, a.hinge[1] + (e[1] - a.hinge[1]) * t];
      for (const [dx, dy] of [[0, 60], [60, 0], [0, -60], [-60, 0]]) if (inWall([p[0] + dx, p[1] + dy])) n++;
    }
    return n;
  };
  const s0 = score(a.ends[0]), s1 = score(a.ends[1]);
  if (s0 !== s1) return s0 > s1 ? a.ends[0] : a.ends[1];
  // neither runs along a wall (the door stands in a break, its leaf drawn both closed and open): the closed end
  // meets the jamb across the break, the open one stands off in the room
  return wallDistance(a.ends[1], inWall) < wallDistance(a.ends[0], inWall) ? a.ends[1] : a.ends[0];
}

/** Deepest break a door chord is swept across (mm): the thickest wall. */
const BREAK_DEPTH_MAX_MM = 400;

/**
 * The break in the wall beside a door chord: the chord swept sideways as long as both its ends stay against
 * the jambs (the walls in line beyond hinge and end, reached within JAMB_REACH_MM). A door hung at one face of its wall leaves the opening's
 * depth open on the other side; filled, the recess belongs to neither room, as across a break closed by the
 * wall's faces (closures.ts). Empty when the chord has no jambs beside it.
 */
export function breakBehind(hinge: PointMm, end: PointMm, inWall: (p: PointMm) => boolean): PointMm[][] {
  const dx = end[0] - hinge[0], dy = end[1] - hinge[1];
  const l = hypot(dx, dy) || 1;
  const ux = dx / l, uy = dy / l;
  const out: PointMm[][] = [];
  for (const side of [1, -1]) {
    const nx = -uy * side, ny = ux * side;
    let depth = 0;
    for (let d = 20; d <= BREAK_DEPTH_MAX_MM; d += 20) {
      const a: PointMm = [hinge[0] - ux * 60 + nx * d, hinge[1] - uy * 60 + ny * d];
      const b: PointMm = [end[0] + ux * 60 + nx * d, end[1] + uy * 60 + ny * d];
      if (inWall(a) && inWall(b)) depth = d;
      // (a door hung in its frame stands a little in front of the jambs' faces)
      else if (depth > 0 || d >= JAMB_REACH_MM) break;
    }
    if (depth > 0) out.push([hinge, end, [end[0] + nx * depth, end[1] + ny * depth], [hinge[0] + nx * depth, hinge[1] + ny * depth]]);
  }
  return out;
}

/** Distance from p to the nearest wall, searched in 20 mm rings up to JAMB_REACH_MM (Infinity beyond). */
function wallDistance(p: PointMm, inWall: (p: PointMm) => boolean): number {
  const q = nearestWall(p, inWall);
  return inWall(p) ? 0 : q ? hypot(q[0] - p[0], q[1] - p[1]) : Infinity;
}

/** Farthest a door's chord is carried on past the swing's end to meet the jamb (mm): a frame stands between. */
const FRAME_REACH_MM = 250;

/**
 * The swing ends a frame's depth short of the jamb it closes against: the chord from the hinge is carried on
 * along its line to the first wall within FRAME_REACH_MM (or left as it is when there is none).
 */
function reachWall(hinge: PointMm, end: PointMm, inWall: (p: PointMm) => boolean): PointMm {
  const dx = end[0] - hinge[0], dy = end[1] - hinge[1];
  const l = hypot(dx, dy) || 1;
  for (let d = 0; d <= FRAME_REACH_MM; d += 20) {
    const p: PointMm = [end[0] + (dx / l) * d, end[1] + (dy / l) * d];
    if (inWall(p)) return p;
  }
  return end;
}

/** Farthest a chord's end is joined to the wall beside it (mm): a door frame's depth. */
const JAMB_REACH_MM = 160;

/** The nearest wall point to p within JAMB_REACH_MM (p itself not in a wall), or null. */
function nearestWall(p: PointMm, inWall: (p: PointMm) => boolean): PointMm | null {
  if (inWall(p)) return null;
  for (let r = 20; r <= JAMB_REACH_MM; r += 20)
    for (let i = 0; i < 24; i++) {
      const a = (i * Math.PI) / 12;
      const q: PointMm = [p[0] + r * Math.cos(a), p[1] + r * Math.sin(a)];
      if (inWall(q)) return q;
    }
  return null;
}

function leafQuad(a: PointMm, b: PointMm): PointMm[] {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l = hypot(dx, dy) || 1;
  const nx = (-dy / l) * 30, ny = (dx / l) * 30;
  return [[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny], [b[0] - nx, b[1] - ny], [a[0] - nx, a[1] - ny]];
}

function makeOpening(kind: 'door' | 'window', subtype: string, position: PointMm, segment: [PointMm, PointMm], width: number, height: number, assumed: boolean, tag: string): Opening {
  const dims = `H${height} x W${width}`;
  return {
    id: '', kind, subtype, tag, keyword: kind, dimensions: dims, dimensions_string: dims, width, height,
    height_assumed: assumed, position, segment, exterior: false, room_ids: [],
  };
}

/** A stamp's first name line as a text item (for the room number printed beside it). */
const nameItem = (s: RoomStamp): TextItem => {
  const l = s.lines.find((x) => x.kind === 'name') ?? s.lines[0];
  return { str: l.str, at: l.at, heightMm: l.heightMm, widthMm: l.widthMm };
};

const ROOM_NO = /^(?:\d{3}[A-Z]?|[A-Z]{0,2}\d{1,2}[.-]\d{2,3})$/;

/** A room number printed in the room's tag just under (or beside) its name: 'Office' over '230' reads 'Office 230'. */
export function roomNumber(name: TextItem, text: TextItem[], poly: PointMm[]): string | null {
  const h = Math.max(name.heightMm, 1);
  let best: { s: string; d: number } | null = null;
  for (const t of text) {
    if (!ROOM_NO.test(t.str) || !pointInPoly(t.at[0], t.at[1], poly)) continue;
    const dx = Math.abs(t.at[0] - name.at[0]), dy = t.at[1] - name.at[1];
    const below = dy > 0 && dy < 3.5 * h && dx < 4 * h;
    const beside = Math.abs(dy) < h && dx < 8 * h;
    if (!below && !beside) continue;
    const d = hypot(dx, dy);
    if (!best || d < best.d) best = { s: t.str, d };
  }
  return best?.s ?? null;
}
