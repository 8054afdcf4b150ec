/**
 * The page's text items built from pdf.js's operator list, the way pdf.js's own `getTextContent` builds them.
 *
 * `getTextContent` parses the page's content streams a second time (fonts, forms, every operator) only to
 * follow the text; on a dense sheet that second pass is a fifth of pdf.js's whole parse. The operator list
 * the vectors come from already holds every glyph with its width, and the text state that places it, so the
 * items are followed here instead, with pdf.js's own rules for where an item ends and where a space goes
 * (pdf.js 5, `PartialEvaluator.getTextContent`): the same strings, transforms, widths and heights.
 *
 * Where the operator list does not say enough to follow pdf.js exactly, the page's text is not built here
 * (`null`) and the caller asks `getTextContent`: right-to-left scripts (pdf.js reorders them), a Type 3 font
 * whose glyph boxes pdf.js may use for the text height, a font the page's objects do not hold.
 */
import { formMatrix, normalizeUnicode, OPS, Util } from './pdfjs.js';

/** One item as `getTextContent` gives it (whitespace-only and end-of-line items included). */
export interface RawTextItem { str: string; transform: number[]; width: number; height: number; hasEOL: boolean }

/** What a font tells about its text (pdf.js's exported font data). */
export interface TextFont { name?: string; vertical?: boolean; fontMatrix?: number[]; isType3Font?: boolean; bbox?: number[] }

type M = number[];
const IDENTITY: M = [1, 0, 0, 1, 0, 0];
const FONT_IDENTITY: M = [0.001, 0, 0, 0.001, 0, 0];
const TRACKING_SPACE_FACTOR = 0.102;
const NOT_A_SPACE_FACTOR = 0.03;
const NEGATIVE_SPACE_FACTOR = -0.2;
const SPACE_IN_FLOW_MIN_FACTOR = 0.102;
const SPACE_IN_FLOW_MAX_FACTOR = 0.6;
const VERTICAL_SHIFT_RATIO = 0.25;
/** pdf.js's glyph categories: whitespace, zero-width diacritic, invisible format mark. */
const SPECIAL_CHAR = /^(\s)|(\p{Mn})|(\p{Cf})$/u;
const WHITESPACE = 1, DIACRITIC = 2, FORMAT_MARK = 4;
const categories = new Map<string, number>();
/** A glyph's categories as flags (looked up once per character, as pdf.js does). */
function category(unicode: string): number {
  let c = categories.get(unicode);
  if (c === undefined) {
    const m = SPECIAL_CHAR.exec(unicode);
    c = (m?.[1] ? WHITESPACE : 0) | (m?.[2] ? DIACRITIC : 0) | (m?.[3] ? FORMAT_MARK : 0);
    categories.set(unicode, c);
  }
  return c;
}
/** Characters pdf.js's bidi pass would reorder (Hebrew, Arabic and their presentation forms). */
const RTL_CHAR = /[\u0590-\u08ac\ufb50-\ufdff\ufe70-\ufeff]/;

/** pdf.js's own matrix product, so positions come out as its text pass computes them. */
const mul = (m1: M, m2: M): M => Util.transform(m1, m2);

interface Glyph { unicode?: string; width?: number; vmetric?: number[] | null; originalCharCode?: number }

/** pdf.js's TextState: the whole of it is saved and restored with the graphics state. */
class TState {
  ctm: M = IDENTITY;
  fontName: string | null = null;
  fontSize = 0;
  font: TextFont | null = null;
  fontMatrix: M = FONT_IDENTITY;
  textMatrix: M = IDENTITY.slice();
  textLineMatrix: M = IDENTITY.slice();
  charSpacing = 0;
  wordSpacing = 0;
  leading = 0;
  textHScale = 1;
  textRise = 0;
  clone(): TState {
    const c = Object.assign(new TState(), this);
    c.textMatrix = this.textMatrix.slice();
    c.textLineMatrix = this.textLineMatrix.slice();
    c.fontMatrix = this.fontMatrix.slice();
    return c;
  }
  translateTextMatrix(x: number, y: number): void {
    const m = this.textMatrix;
    m[4] = m[0] * x + m[2] * y + m[4];
    m[5] = m[1] * x + m[3] * y + m[5];
  }
  translateTextLineMatrix(x: number, y: number): void {
    const m = this.textLineMatrix;
    m[4] = m[0] * x + m[2] * y + m[4];
    m[5] = m[1] * x + m[3] * y + m[5];
  }
  carriageReturn(): void {
    this.translateTextLineMatrix(0, -this.leading);
    this.textMatrix = this.textLineMatrix.slice();
  }
}

/** The item being built, and the spaces seen last (one per content stream: a form starts its own). */
class Level {
  initialized = false; str: string[] = []; totalWidth = 0; totalHeight = 0; width = 0; height = 0; vertical = false;
  prevTransform: M | null = null; prevTextRise = 0; textAdvanceScale = 0; spaceInFlowMin = 0; spaceInFlowMax = 0;
  trackingSpaceMin = Infinity; negativeSpaceMax = -Infinity; notASpace = -Infinity; transform: M | null = null; hasEOL = false;
  twoLastChars = [' ', ' ']; twoLastCharsPos = 0;
  /** The text state items were last cut for (`currentTextState` in pdf.js). */
  current: TState | null = null;
  stack: TState[] = [];
  constructor(public state: TState) {}
}

/**
 * The operators kept for the text pass as a page streams in (`TextOpsKept`). Most of a dense sheet's operators set a
 * pen (colour, width, caps) around a path inside a save and restore: the pass below reads none of them, and a save
 * and restore with only such operators, or only operators that change the text state restore puts back, between
 * them leave the pass where it was. Kept whole, they were a million operators with their arguments on an A0 sheet,
 * held through the parse and copied by each young-generation collection they survived.
 * 0: not read by the pass; PURE: changes only the text state a restore puts back (no item, no flush, no font look-up);
 * READ: read by the pass otherwise; SAVE, RESTORE.
 */
const NOT_READ = 0, PURE = 1, READ = 2, SAVE = 3, RESTORE = 4;
const opKind = new Uint8Array(256);
for (const op of [OPS.transform, OPS.setTextRise, OPS.setHScale, OPS.setLeading, OPS.moveText, OPS.setLeadingMoveText, OPS.nextLine,
  OPS.setCharSpacing, OPS.setWordSpacing, OPS.beginText]) opKind[op] = PURE;
for (const op of [OPS.paintFormXObjectBegin, OPS.paintFormXObjectEnd, OPS.paintImageXObject, OPS.paintImageXObjectRepeat, OPS.paintImageMaskXObject,
  OPS.paintImageMaskXObjectRepeat, OPS.paintImageMaskXObjectGroup, OPS.paintSolidColorImageMask, OPS.beginMarkedContent, OPS.beginMarkedContentProps,
  OPS.endMarkedContent, OPS.setFont, OPS.setGState, OPS.setTextMatrix, OPS.showText, OPS.showSpacedText, OPS.nextLineShowText,
  OPS.nextLineSetSpacingShowText, OPS.beginAnnotation, OPS.endAnnotation]) opKind[op] = READ;
opKind[OPS.save] = SAVE;
opKind[OPS.restore] = RESTORE;

/**
 * The operators the text pass needs, gathered one at a time as the list streams in: the same text items come from
 * them as from the whole list (`text-items.test.ts` checks it). Operators the pass does not read are not kept, and a
 * save with only pure operators since it is dropped with them at its restore.
 */
export class TextOpsKept {
  readonly fnArray: number[] = [];
  readonly argsArray: unknown[] = [];
  /** The saves kept and not yet restored: where each stands in the list, and whether an operator read since stays. */
  private readonly open: { at: number; read: boolean }[] = [];

  add(fn: number, args: unknown): void {
    const kind = fn >= 0 && fn < 256 ? opKind[fn] : READ;
    if (kind === NOT_READ) return;
    if (kind === RESTORE) {
      const save = this.open.pop();
      if (save && !save.read) {
        // (nothing read between them: the state is back where it was at the save)
        this.fnArray.length = save.at;
        this.argsArray.length = save.at;
        return;
      }
      if (this.open.length) this.open[this.open.length - 1].read = true;
    } else if (kind === SAVE) {
      this.open.push({ at: this.fnArray.length, read: false });
    } else if (kind === READ && this.open.length) {
      this.open[this.open.length - 1].read = true;
    }
    this.fnArray.push(fn);
    this.argsArray.push(args);
  }
}

/** Cannot be followed exactly: the caller falls back on `getTextContent`. */
class NotFollowed extends Error {}

/**
 * The page's text items from its operator list; `fontOf` gives a font's data by its loaded name (null when
 * unknown), `view` is the page's view box in PDF user space. Null when pdf.js's own pass must be asked.
 */
export function textItemsFromOperators(ops: { fnArray: ArrayLike<number>; argsArray: unknown[] }, fontOf: (loadedName: string) => TextFont | null, view: number[]): RawTextItem[] | null {
  try {
    return follow(ops, fontOf, view);
  } catch {
    // (NotFollowed, or an operator list unlike any pdf.js writes: pdf.js's own pass decides)
    return null;
  }
}

function follow(ops: { fnArray: ArrayLike<number>; argsArray: unknown[] }, fontOf: (loadedName: string) => TextFont | null, viewBox: number[]): RawTextItem[] {
  const items: RawTextItem[] = [];
  const levels: Level[] = [];
  let L = new Level(new TState());
  let annotation = 0;
  const ts = () => L.state;

  const setFont = (loadedName: string, size: number) => {
    const font = fontOf(loadedName);
    if (!font) throw new NotFollowed();
    const s = ts();
    s.fontName = loadedName; s.fontSize = size; s.font = font;
    s.fontMatrix = (font.fontMatrix ?? FONT_IDENTITY).slice();
  };
  const currentTransform = (): M => {
    const s = ts();
    const font = s.font!;
    const tsm = [s.fontSize * s.textHScale, 0, 0, s.fontSize, 0, s.textRise];
    if (font.isType3Font && !s.fontMatrix.every((v, i) => v === FONT_IDENTITY[i])) {
      // (pdf.js stretches a Type 3 font's text height by its glyph box when the size is 1 or less, or when
      // the font's glyphs carry boxes of their own, which the operator list does not tell)
      if (s.fontSize > 1) throw new NotFollowed();
      const bbox = font.bbox ?? [0, 0, 0, 0];
      const glyphHeight = bbox[3] - bbox[1];
      if (glyphHeight > 0) tsm[3] *= glyphHeight * s.fontMatrix[3];
    }
    return mul(s.ctm, mul(s.textMatrix, tsm));
  };
  const saveLastChar = (ch: string): boolean => {
    const next = (L.twoLastCharsPos + 1) % 2;
    const ret = L.twoLastChars[L.twoLastCharsPos] !== ' ' && L.twoLastChars[next] === ' ';
    L.twoLastChars[L.twoLastCharsPos] = ch;
    L.twoLastCharsPos = next;
    return ret;
  };
  const shouldAddWhitespace = () => L.twoLastChars[L.twoLastCharsPos] !== ' ' && L.twoLastChars[(L.twoLastCharsPos + 1) % 2] === ' ';
  const resetLastChars = () => { L.twoLastChars[0] = L.twoLastChars[1] = ' '; L.twoLastCharsPos = 0; };
  const pushWhitespace = (width: number, height: number, transform: M | null = L.prevTransform) => {
    items.push({ str: ' ', width, height, transform: transform!, hasEOL: false });
  };
  const ensureItem = (): Level => {
    if (L.initialized) return L;
    const s = ts();
    const trm = (L.transform = currentTransform());
    if (!s.font!.vertical) {
      L.width = L.totalWidth = 0;
      L.height = L.totalHeight = Math.hypot(trm[2], trm[3]);
      L.vertical = false;
    } else {
      L.width = L.totalWidth = Math.hypot(trm[0], trm[1]);
      L.height = L.totalHeight = 0;
      L.vertical = true;
    }
    L.textAdvanceScale = Math.hypot(s.ctm[0], s.ctm[1]) * Math.hypot(s.textLineMatrix[0], s.textLineMatrix[1]);
    const { fontSize } = s;
    L.trackingSpaceMin = fontSize * TRACKING_SPACE_FACTOR;
    L.notASpace = fontSize * NOT_A_SPACE_FACTOR;
    L.negativeSpaceMax = fontSize * NEGATIVE_SPACE_FACTOR;
    L.spaceInFlowMin = fontSize * SPACE_IN_FLOW_MIN_FACTOR;
    L.spaceInFlowMax = fontSize * SPACE_IN_FLOW_MAX_FACTOR;
    L.hasEOL = false;
    L.initialized = true;
    return L;
  };
  const updateAdvanceScale = () => {
    if (!L.initialized) return;
    const s = ts();
    const f = Math.hypot(s.ctm[0], s.ctm[1]) * Math.hypot(s.textLineMatrix[0], s.textLineMatrix[1]);
    if (f === L.textAdvanceScale) return;
    if (!L.vertical) { L.totalWidth += L.width * L.textAdvanceScale; L.width = 0; } else { L.totalHeight += L.height * L.textAdvanceScale; L.height = 0; }
    L.textAdvanceScale = f;
  };
  const flush = () => {
    if (!L.initialized) return;
    if (!L.vertical) L.totalWidth += L.width * L.textAdvanceScale;
    else L.totalHeight += L.height * L.textAdvanceScale;
    const text = L.str.join('');
    if (RTL_CHAR.test(text)) throw new NotFollowed();
    items.push({ str: normalizeUnicode(text), width: Math.abs(L.totalWidth), height: Math.abs(L.totalHeight), transform: L.transform!, hasEOL: L.hasEOL });
    L.initialized = false;
    L.str.length = 0;
  };
  const appendEOL = () => {
    resetLastChars();
    if (L.initialized) { L.hasEOL = true; flush(); } else items.push({ str: '', width: 0, height: 0, transform: currentTransform(), hasEOL: true });
  };
  const addFakeSpaces = (width: number, transf: M | null, orientation: number): boolean => {
    if (orientation * L.spaceInFlowMin <= width && width <= orientation * L.spaceInFlowMax) {
      if (L.initialized) { resetLastChars(); L.str.push(' '); }
      return false;
    }
    let height = 0;
    if (L.vertical) { height = width; width = 0; }
    flush();
    resetLastChars();
    pushWhitespace(Math.abs(width), Math.abs(height), transf || currentTransform());
    return true;
  };
  const compareWithLastPosition = (glyphWidth: number): boolean => {
    const s = ts();
    const cur = currentTransform();
    let posX = cur[4], posY = cur[5];
    if (s.font?.vertical) {
      if (posX < viewBox[0] || posX > viewBox[2] || posY + glyphWidth < viewBox[1] || posY > viewBox[3]) return false;
    } else if (posX + glyphWidth < viewBox[0] || posX > viewBox[2] || posY < viewBox[1] || posY > viewBox[3]) return false;
    if (!s.font || !L.prevTransform) return true;
    let lastPosX = L.prevTransform[4], lastPosY = L.prevTransform[5];
    if (lastPosX === posX && lastPosY === posY) return true;
    let rotate = -1;
    if (cur[0] && cur[1] === 0 && cur[2] === 0) rotate = cur[0] > 0 ? 0 : 180;
    else if (cur[1] && cur[0] === 0 && cur[3] === 0) rotate = cur[1] > 0 ? 90 : 270;
    switch (rotate) {
      case 0: break;
      case 90: [posX, posY] = [posY, posX]; [lastPosX, lastPosY] = [lastPosY, lastPosX]; break;
      case 180: [posX, posY, lastPosX, lastPosY] = [-posX, -posY, -lastPosX, -lastPosY]; break;
      case 270: [posX, posY] = [-posY, -posX]; [lastPosX, lastPosY] = [-lastPosY, -lastPosX]; break;
      default: {
        const inv = (x: number, y: number, m: M) => { const sc = Math.hypot(m[0], m[1]); return [(m[0] * x + m[1] * y) / sc, (m[2] * x + m[3] * y) / sc]; };
        [posX, posY] = inv(posX, posY, cur);
        [lastPosX, lastPosY] = inv(lastPosX, lastPosY, L.prevTransform);
      }
    }
    if (s.font.vertical) {
      const advanceY = (lastPosY - posY) / L.textAdvanceScale;
      const advanceX = posX - lastPosX;
      const orientation = Math.sign(L.height || L.totalHeight);
      if (advanceY < orientation * L.negativeSpaceMax) {
        if (Math.abs(advanceX) > 0.5 * L.width) { appendEOL(); return true; }
        resetLastChars(); flush(); return true;
      }
      if (Math.abs(advanceX) > L.width) { appendEOL(); return true; }
      if (advanceY <= orientation * L.notASpace) resetLastChars();
      if (advanceY <= orientation * L.trackingSpaceMin) {
        if (shouldAddWhitespace()) { resetLastChars(); flush(); pushWhitespace(0, Math.abs(advanceY)); } else L.height += advanceY;
      } else if (!addFakeSpaces(advanceY, L.prevTransform, orientation)) {
        if (L.str.length === 0) { resetLastChars(); pushWhitespace(0, Math.abs(advanceY)); } else L.height += advanceY;
      }
      if (Math.abs(advanceX) > L.width * VERTICAL_SHIFT_RATIO) flush();
      return true;
    }
    const advanceX = (posX - lastPosX) / L.textAdvanceScale;
    const advanceY = posY - lastPosY;
    const orientation = Math.sign(L.width || L.totalWidth);
    if (advanceX < orientation * L.negativeSpaceMax) {
      if (Math.abs(advanceY) > 0.5 * L.height) { appendEOL(); return true; }
      resetLastChars(); flush(); return true;
    }
    const riseDelta = s.textRise - L.prevTextRise;
    const advanceYCorrected = riseDelta === 0 ? advanceY : advanceY - (cur[3] / s.fontSize) * riseDelta;
    if (Math.abs(advanceYCorrected) > L.height) { appendEOL(); return true; }
    if (advanceX <= orientation * L.notASpace) resetLastChars();
    if (advanceX <= orientation * L.trackingSpaceMin) {
      if (shouldAddWhitespace()) { resetLastChars(); flush(); pushWhitespace(Math.abs(advanceX), 0); } else L.width += advanceX;
    } else if (!addFakeSpaces(advanceX, L.prevTransform, orientation)) {
      if (L.str.length === 0) { resetLastChars(); pushWhitespace(Math.abs(advanceX), 0); } else L.width += advanceX;
    }
    if (Math.abs(advanceY) > L.height * VERTICAL_SHIFT_RATIO) flush();
    return true;
  };
  /** pdf.js's `buildTextContentItem` for one run of glyphs (none: only the spacing moves the pen). */
  const build = (glyphs: Glyph[] | null, extraSpacing: number) => {
    const s = ts();
    const c = L.current!;
    if (c.fontSize === s.fontSize && c.fontName !== s.fontName && !c.font) throw new NotFollowed(); // (pdf.js fails there)
    if (c !== s && (c.fontSize !== s.fontSize || (c.fontName !== s.fontName && (c.font!.name !== s.font!.name || c.font!.vertical !== s.font!.vertical)))) {
      flush();
      L.current = s.clone();
    }
    const font = s.font!;
    const baseCharSpacing = font.vertical ? -s.charSpacing : s.charSpacing;
    if (!glyphs) {
      const charSpacing = baseCharSpacing + extraSpacing;
      if (charSpacing) {
        if (!font.vertical) s.translateTextMatrix(charSpacing * s.textHScale, 0);
        else s.translateTextMatrix(0, -charSpacing);
      }
      return;
    }
    const scale = s.fontMatrix[0] * s.fontSize;
    for (let i = 0, n = glyphs.length; i < n; i++) {
      const glyph = glyphs[i];
      const unicode = glyph.unicode ?? '';
      const cat = category(unicode);
      if (cat & FORMAT_MARK) continue;
      let charSpacing = baseCharSpacing + (i + 1 === n ? extraSpacing : 0);
      let glyphWidth = glyph.width ?? 0;
      if (font.vertical) glyphWidth = glyph.vmetric ? glyph.vmetric[0] : -glyphWidth;
      let scaledDim = glyphWidth * scale;
      if (glyph.originalCharCode === 0x20) charSpacing += s.wordSpacing;
      if (cat & WHITESPACE) {
        if (!font.vertical) { charSpacing += scaledDim; s.translateTextMatrix(charSpacing * s.textHScale, 0); } else { charSpacing += -scaledDim; s.translateTextMatrix(0, -charSpacing); }
        saveLastChar(' ');
        continue;
      }
      const diacritic = (cat & DIACRITIC) !== 0;
      if (!diacritic && !compareWithLastPosition(scaledDim)) {
        if (!font.vertical) s.translateTextMatrix(scaledDim * s.textHScale, 0);
        else s.translateTextMatrix(0, scaledDim);
        continue;
      }
      const chunk = ensureItem();
      if (diacritic) scaledDim = 0;
      if (!font.vertical) {
        scaledDim *= s.textHScale;
        s.translateTextMatrix(scaledDim, 0);
        chunk.width += scaledDim;
      } else {
        s.translateTextMatrix(0, scaledDim);
        scaledDim = Math.abs(scaledDim);
        chunk.height += scaledDim;
      }
      if (scaledDim) { chunk.prevTransform = currentTransform(); chunk.prevTextRise = s.textRise; }
      if (saveLastChar(unicode)) chunk.str.push(' ');
      chunk.str.push(unicode);
      if (charSpacing) {
        if (!font.vertical) s.translateTextMatrix(charSpacing * s.textHScale, 0);
        else s.translateTextMatrix(0, -charSpacing);
      }
    }
  };
  /** A show-text operation: a TJ array's strings and spacings come as glyphs and numbers in one list. */
  const show = (elements: unknown[]) => {
    const s = ts();
    if (!s.font) return;
    const spaceFactor = ((s.font.vertical ? 1 : -1) * s.fontSize) / 1000;
    let run: Glyph[] = [];
    for (const e of elements) {
      if (typeof e === 'number') {
        if (e === 0) continue;
        build(run.length ? run : null, e * spaceFactor);
        run = [];
      } else if (e) run.push(e as Glyph);
    }
    if (run.length) build(run, 0);
  };

  const { fnArray, argsArray } = ops;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[];
    if (annotation) {
      // (text of annotations' appearances is not the page's text content)
      if (fn === OPS.beginAnnotation) annotation++;
      else if (fn === OPS.endAnnotation) annotation--;
      continue;
    }
    // (the operators `opKind` does not list are not read, here as when the page streams in, TextOpsKept: an operator
    // the switch below reads is listed there, or never reaches it)
    if (fn >= 0 && fn < 256 && opKind[fn] === NOT_READ) continue;
    L.current ??= ts().clone();
    const s = ts();
    switch (fn) {
      case OPS.beginAnnotation: annotation = 1; break;
      case OPS.save: L.stack.push(s); L.state = s.clone(); break;
      case OPS.restore: { const prev = L.stack.pop(); if (prev) L.state = prev; break; }
      case OPS.transform: s.ctm = mul(s.ctm, args as M); break;
      case OPS.paintFormXObjectBegin: {
        flush();
        levels.push(L);
        const inner = s.clone();
        const m = formMatrix(args);
        if (m) inner.ctm = mul(inner.ctm, m);
        L = new Level(inner);
        break;
      }
      case OPS.paintFormXObjectEnd: flush(); L = levels.pop() ?? L; break;
      case OPS.paintImageXObject: case OPS.paintImageXObjectRepeat: case OPS.paintImageMaskXObject:
      case OPS.paintImageMaskXObjectRepeat: case OPS.paintImageMaskXObjectGroup: case OPS.paintSolidColorImageMask:
        flush(); break;
      case OPS.beginMarkedContent: case OPS.beginMarkedContentProps: case OPS.endMarkedContent: flush(); break;
      case OPS.setFont: {
        const [name, size] = args as [string, number];
        if (s.font && name === s.fontName && size === s.fontSize) break;
        setFont(name, size);
        break;
      }
      case OPS.setGState:
        for (const [key, value] of (args?.[0] as [string, unknown][] | undefined) ?? []) {
          if (key !== 'Font') continue;
          flush();
          const [name, size] = value as [string, number];
          setFont(name, size);
          s.fontName = null;
        }
        break;
      case OPS.setTextRise: s.textRise = args[0] as number; break;
      case OPS.setHScale: s.textHScale = (args[0] as number) / 100; break;
      case OPS.setLeading: s.leading = args[0] as number; break;
      case OPS.moveText: s.translateTextLineMatrix(args[0] as number, args[1] as number); s.textMatrix = s.textLineMatrix.slice(); break;
      case OPS.setLeadingMoveText:
        s.leading = -(args[1] as number);
        s.translateTextLineMatrix(args[0] as number, args[1] as number); s.textMatrix = s.textLineMatrix.slice();
        break;
      case OPS.nextLine: s.carriageReturn(); break;
      case OPS.setTextMatrix: {
        const a = (args.length === 1 ? args[0] : args) as number[];
        s.textMatrix = [a[0], a[1], a[2], a[3], a[4], a[5]];
        s.textLineMatrix = [a[0], a[1], a[2], a[3], a[4], a[5]];
        updateAdvanceScale();
        break;
      }
      case OPS.setCharSpacing: s.charSpacing = args[0] as number; break;
      case OPS.setWordSpacing: s.wordSpacing = args[0] as number; break;
      case OPS.beginText: s.textMatrix = IDENTITY.slice(); s.textLineMatrix = IDENTITY.slice(); break;
      case OPS.showText: case OPS.showSpacedText: show((args?.[0] as unknown[]) ?? []); break;
      case OPS.nextLineShowText: s.carriageReturn(); show((args?.[0] as unknown[]) ?? []); break;
      case OPS.nextLineSetSpacingShowText:
        s.wordSpacing = args[0] as number; s.charSpacing = args[1] as number; s.carriageReturn();
        show((args?.[2] as unknown[]) ?? []);
        break;
      default: break;
    }
  }
  while (levels.length) { flush(); L = levels.pop()!; }
  flush();
  return items;
}
