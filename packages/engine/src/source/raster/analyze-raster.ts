/**
 * Scanned pages (one raster image, perhaps with a little vector text): rendered at the image's own
 * resolution, deskewed, binarised, walls kept by stroke thickness, door and window gaps sealed, rooms taken
 * as the enclosed paper, outlines traced back into the engine's mm frame (origin top-left, y down).
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { EngineInputError, type AnalyzeOptions, type AnalysisResult } from '../../types.js';
import { isLabelText, readText, type TextItem } from '../text.js';
import type { RawTextItem } from '../text-items.js';
import { binarizeWithPaper } from './binarize.js';
import { estimateSkewDeg, rotateGrey, scanMapper } from './deskew.js';
import { bandViews, openingsOnce, sealGaps, type BandViews } from './gaps.js';
import { CROP_MARGIN_PX, cropArray, drawingBox, wallsBox } from './crop.js';
import { imageGrey, imageReady, imageSampler, releaseImagePixels } from './image-grey.js';
import type { Mask } from './bitmap.js';
import { largestImage, renderGrey, type GreyImage, type PageImageInfo } from './page-image.js';
import { faceLineHalfWidthPx } from './edges.js';
import { findRegions } from './regions.js';
import { buildRasterResult } from './result.js';
import { releaseOcr, startOcr } from './ocr.js';
import { releasePixelHelper, sharedBytes, startPixelHelper } from './pixel-helper.js';
import { OCR_LANES, readRoomNames, type FineScan } from './room-names.js';
import { findWallMask } from './walls-raster.js';
import { findBandWindows } from './windows-raster.js';

/** Below this resolution on the drawing's paper (dpi) thin walls and door gaps cannot be told apart. */
export const MIN_PLAN_DPI = 75;
/** Finer than this (site mm per pixel) adds time, not accuracy. */
const FINEST_MM_PER_PX = 9;
/**
 * Paper is kept this far (site mm) round the walls' box: beyond a door's swing from every wall there is no room,
 * door or window to find.
 */
const WALLS_MARGIN_MM = 1500;
/** Pixel budget of the working image (memory and time cap). */
const MAX_WORK_PX = 12e6;
/** Paper resolution room names are read at, when the scan has it (dpi). */
const READ_NAMES_DPI = 300;
/** A finer image is read from only when it has at least this many pixels per working pixel (per side). */
const MIN_FINER = 1.15;
/** Ink shares of a page that is blank, and of a photo or a dark page rather than line drawing. */
const BLANK_INK = 0.002;
const PHOTO_INK = 0.45;

export interface RasterContext {
  engineVersion: string;
  page: PDFPageProxy;
  options: AnalyzeOptions;
  /** Site mm per PDF point. */
  k: number;
  t0: number;
  /** The page's text items built from its operator list (`text-items.ts`); without them pdf.js's
   * `getTextContent` is asked. */
  textItems?: RawTextItem[] | null;
}

export async function analyzeRasterPage(ctx: RasterContext): Promise<AnalysisResult> {
  // the pixel loops' helper thread starts while the page's image is found and decoded
  startPixelHelper();
  try {
    return await analyzeScan(ctx);
  } finally {
    releasePixelHelper();
  }
}

async function analyzeScan({ page, options, k, t0, engineVersion, textItems }: RasterContext): Promise<AnalysisResult> {
  const img = await largestImage(page);
  if (!img) throw new EngineInputError('no_vector_drawing', `Page ${options.page} has no drawing to measure.`);
  const paperMmPerPt = k / options.scale;
  const nativeDpi = 25.4 / (paperMmPerPt / img.pxPerPt);
  if (nativeDpi < MIN_PLAN_DPI) {
    throw new EngineInputError('unreadable_scan',
      `Page ${options.page} is a scan at about ${Math.floor(nativeDpi)} dpi at the plan's scale; at least ${MIN_PLAN_DPI} dpi is needed to measure it. Scan the plan at a higher resolution.`);
  }
  const text = await readText(page, k, null, textItems).catch(() => [] as TextItem[]);
  // A page with no names of its own has them read by OCR at the end: its workers start now, so that their start-up
  // runs on another core while the walls are found (the stages below give way to their messages between them).
  const ocrAhead = !text.some((t) => isLabelText(t.str)) && options.ocr !== false;
  if (ocrAhead) startOcr(OCR_LANES);
  try {
    return await measureScan({ page, options, k, t0, engineVersion }, img, nativeDpi, text, ocrAhead);
  } finally {
    // (reading the names lets them go too; a page refused or without rooms never reached it)
    if (ocrAhead) releaseOcr();
  }
}

/** Lets queued messages (the OCR workers' start-up) through between the synchronous stages. */
const giveWay = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function measureScan({ page, options, k, t0, engineVersion }: RasterContext, img: PageImageInfo, nativeDpi: number,
  pageText: TextItem[], readNames: boolean): Promise<AnalysisResult> {
  const vp = page.getViewport({ scale: 1 });
  let pxPerPt = Math.min(img.pxPerPt, k / FINEST_MM_PER_PX);
  pxPerPt = Math.min(pxPerPt, Math.sqrt(MAX_WORK_PX / (vp.width * vp.height)));
  await imageReady(page, img);
  let scan: GreyImage | undefined = imageGrey(page, img, pxPerPt) ?? (await renderGrey(page, pxPerPt));
  releaseImagePixels(page, img);
  await giveWay();
  const { w, h } = scan, workPxPerPt = scan.pxPerPt;
  const mmPerPx = k / workPxPerPt;
  const scale = { mmPerPx, paperMmPerPx: mmPerPx / options.scale };
  // (the page's grey as scanned, and its first binarisation when the page was turned, are let go once it is straight)
  let straight: Straightened | undefined = await straighten(scan.grey, w, h, options.page);
  scan = undefined;
  const { skewDeg } = straight;
  // from here on only the drawing's box of the page is worked on (pixel coordinates are the box's)
  let box = drawingBox(straight.full.ink) ?? { x0: 0, y0: 0, x1: w - 1, y1: h - 1 };
  let bw = box.x1 - box.x0 + 1, bh = box.y1 - box.y0 + 1;
  let ink: Mask = { w: bw, h: bh, data: cropArray(straight.full.ink.data, w, box) };
  let walls = findWallMask(ink, scale);
  if (inkShare(walls.data) === 0) {
    throw new EngineInputError('unreadable_scan', `No walls were found on page ${options.page}; it does not look like a floor plan (or the scale is far off).`);
  }
  await giveWay();
  // and from here on only the walls' part of it: what lies farther from every wall than a door's swing reaches (a
  // sheet's title block, notes, a legend, the paper round a small plan) holds no room, door or window
  const near = wallsBox(walls, Math.max(CROP_MARGIN_PX, Math.ceil(WALLS_MARGIN_MM / mmPerPx)));
  if (near && (near.x1 - near.x0 + 1 < bw || near.y1 - near.y0 + 1 < bh)) {
    ink = { w: near.x1 - near.x0 + 1, h: near.y1 - near.y0 + 1, data: cropArray(ink.data, bw, near) };
    walls = { ...walls, w: ink.w, h: ink.h, data: cropArray(walls.data, bw, near) };
    box = { x0: box.x0 + near.x0, y0: box.y0 + near.y0, x1: box.x0 + near.x1, y1: box.y0 + near.y1 };
    bw = ink.w; bh = ink.h;
  }
  const grey = cropArray(straight.grey, w, box);
  // (what only the openings and the rooms need is let go before the names are waited for)
  let bin: { paper: Float32Array; inkLevel: number } | undefined = { paper: cropArray(straight.full.paper, w, box), inkLevel: straight.full.inkLevel };
  straight = undefined;
  let unsealed: Uint8Array | undefined = sharedBytes(walls.data.length);
  unsealed.set(walls.data);
  let views: BandViews | undefined = bandViews(walls, ink);
  await giveWay();
  const sealedGaps = sealGaps(walls, ink, mmPerPx, walls.minThickPx, scale.paperMmPerPx, views);
  let sealed: Uint8Array | undefined = new Uint8Array(walls.data.length);
  for (let i = 0; i < sealed.length; i++) sealed[i] = walls.data[i] & (unsealed[i] ^ 1);
  await giveWay();
  const minW = options.minRoomWidthMm ?? 200, minH = options.minRoomHeightMm ?? 200;
  const regions = findRegions(walls, { mmPerPx, minAreaMm2: 0.3e6, minWidthMm: minW, minHeightMm: minH, maxPageShare: 0.35, pageAreaPx: w * h },
    { w: bw, h: bh, grey, paper: bin.paper, inkLevel: bin.inkLevel, sealed, faceHalfPx: faceLineHalfWidthPx({ w: bw, h: bh, data: unsealed }, ink.data) });
  sealed = undefined;

  const toScan = scanMapper(w, h, skewDeg);
  const toMm = (p: [number, number]): [number, number] => {
    const [x, y] = toScan(p[0] + box.x0, p[1] + box.y0);
    return [(x / workPxPerPt) * k, (y / workPxPerPt) * k];
  };
  // no room names on the page: they are read from the image (numbered labels stay for rooms not read), and the
  // OCR workers start reading before the windows drawn in the wall bands are looked for (they need no rooms)
  let names: Promise<TextItem[]> | undefined;
  if (readNames && regions.rooms.length) {
    const fine = finerScan(page, img, workPxPerPt, scale.paperMmPerPx, (x, y) => toScan(x + box.x0, y + box.y0));
    names = readRoomNames(regions, { grey, ink: ink.data, w: bw, h: bh, paperMmPerPx: scale.paperMmPerPx, toMm, fine }).catch(() => [] as TextItem[]);
    // (the lines handed to the workers are sent)
    await giveWay();
  }
  // (the walls before the gaps were sealed, as bandViews saw them)
  const bandWindows = findBandWindows({ ...walls, data: unsealed }, ink, mmPerPx, views, { grey, paper: bin.paper });
  const gaps = openingsOnce(sealedGaps, bandWindows);
  bin = unsealed = views = undefined;
  const text = names ? [...pageText, ...(await names)] : pageText;
  const dpi = Math.round(25.4 / scale.paperMmPerPx);
  return buildRasterResult({
    options, k, t0, pageWidthMm: vp.width * k, pageHeightMm: vp.height * k, toMm, mmPerPx, regions, gaps, text,
    scanNote: { dpi, nativeDpi: Math.round(nativeDpi), skewDeg }, engineVersion,
  });
}

interface Straightened {
  skewDeg: number;
  /** The grey turned straight (the scan's own when it needed no turn) and its binarisation. */
  grey: Uint8Array;
  full: ReturnType<typeof binarizeWithPaper>;
}

/**
 * The page binarised, refused when blank or a photo, its skew found and the grey turned straight and binarised
 * again (a page that needs no turn keeps its first binarisation).
 */
async function straighten(scanned: Uint8Array, w: number, h: number, pageNo: number): Promise<Straightened> {
  const first = binarizeWithPaper(scanned, w, h);
  const share = inkShare(first.ink.data);
  if (share < BLANK_INK) throw new EngineInputError('unreadable_scan', `Page ${pageNo} is blank: there is no drawing on it to measure.`);
  if (share > PHOTO_INK) throw new EngineInputError('unreadable_scan', `Page ${pageNo} looks like a photo or a dark page, not a floor plan drawing; upload a scan of the plan itself.`);
  await giveWay();
  const skewDeg = estimateSkewDeg(first.ink);
  if (skewDeg === 0) return { skewDeg, grey: scanned, full: first };
  const grey = rotateGrey(scanned, w, h, skewDeg);
  const full = binarizeWithPaper(grey, w, h);
  await giveWay();
  return { skewDeg, grey, full };
}

/**
 * The scan at its own resolution (up to READ_NAMES_DPI on paper) as seen from the working image's frame
 * (`toScan`: that frame, deskewed and cropped to the drawing's box, back to the scan's working pixels), or
 * undefined when it is not finer or cannot be read directly.
 */
function finerScan(page: PDFPageProxy, img: PageImageInfo, workPxPerPt: number, paperMmPerPx: number,
  toScan: (x: number, y: number) => [number, number]): FineScan | undefined {
  const ratio = Math.min(img.pxPerPt / workPxPerPt, paperMmPerPx / (25.4 / READ_NAMES_DPI));
  if (ratio < MIN_FINER) return undefined;
  const sample = imageSampler(page, img);
  if (!sample) return undefined;
  return {
    ratio,
    greyAt: (x, y) => {
      const [sx, sy] = toScan(x, y);
      return sample(sx / workPxPerPt, sy / workPxPerPt);
    },
  };
}

function inkShare(data: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < data.length; i++) n += data[i];
  return n / Math.max(1, data.length);
}
