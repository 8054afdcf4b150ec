/**
 * Three changes to pdf.js's worker code (the parser side of its in-thread worker), made to its source text as it is
 * loaded (`pdfjs.ts`). pdf.js keeps these places in module-private classes, so no other hook reaches them. Each
 * change is found by an anchor of the source as pdf.js ships it; one whose anchor is missing (another pdf.js
 * version) is left out and named, and pdf.js then runs as shipped there (`pdfjs-worker-patch.test.ts` fails, so
 * whoever updates pdf.js looks again).
 *
 * - **Flate streams inflated natively, whole** (`flate-native`): pdf.js inflates in JavaScript, block by block,
 *   building a Huffman table of up to 32 768 entries per block. A CAD sheet drawing its doors and windows as form
 *   XObjects has pdf.js fetch and inflate a form's stream afresh at every use: the A0 sheet inflated 16 000 streams
 *   (25 MB) per parse, about 0.35 s of CPU, until its forms were kept (below). At a Flate stream's first read, the hook (`PdfJsHooks.inflateWhole`) is
 *   offered the stream; when the platform's zlib inflates the rest of its input, the stream holds the output and is
 *   at its end. Otherwise (damaged data, output over the cap) the stream goes on with pdf.js's own decoder over the
 *   same input, as before.
 * - **A form's operators kept for its next uses** (`form-ops`): pdf.js fetches, inflates and parses a form XObject
 *   afresh at every `Do`, though its operators come out the same each time the form inherits the same state. CAD
 *   sheets draw every door, window and symbol as a form: the A0 sheet uses 43 forms 16 000 times, and their parsing
 *   was a third of its analysis. At a form's first use by a reference, its operators are recorded as they go on to
 *   the list (it still streams), under a key of the reference and everything its parsing reads from the state it
 *   inherits: the resources it is drawn with, the font, the text rendering mode, and the fill and stroke colour
 *   spaces (an `sc` without its own `cs` is converted in the caller's). A later use under the same key replays them
 *   without fetching the form: the same operators in the same order, each path's coordinates copied (pdf.js's
 *   optimiser moves a translated path's points in place), each font or image dependency added as pdf.js adds it.
 *   Not kept: a form with images, shadings or pattern colours, a path that starts without a move (it would take the
 *   caller's current point), a form of more than FORM_OPS_MAX operators or FORM_PATH_NUMBERS_MAX path coordinates, or
 *   past FORM_OPS_TOTAL_MAX or FORM_PATH_NUMBERS_TOTAL_MAX over the page;
 *   those are parsed at each use, as shipped.
 * - **No transfer list** (`no-transfers`): each chunk of the operator list is sent with the list of its buffers to
 *   transfer (every path's coordinates), gathered by a getter that walks the chunk: 0.2 s per parse of the A0 sheet.
 *   The engine's port hands messages over in the same thread and never transfers (`HandOverPort`); a port that
 *   does copies what is not in the list, so an empty list is always right, only possibly slower elsewhere.
 */

/** What the patched worker code calls (on `globalThis`, under `PDFJS_HOOKS_KEY`). */
export interface PdfJsHooks {
  /**
   * A Flate stream at its first read (pdf.js's `FlateStream`, its 2-byte header read): fills it with the whole
   * inflated rest of its input and returns true, or leaves it to pdf.js's decoder over that same input (false).
   * `StreamClass` is pdf.js's `Stream` (a stream over bytes).
   */
  inflateWhole(flate: unknown, StreamClass: unknown): boolean;
  /** A use of a form XObject: its operators kept for its next uses, replayed from an earlier use, or not kept. */
  formOps?(what: 'kept' | 'replayed' | 'not kept'): void;
}

/** The global key under which the patched worker code finds `PdfJsHooks`. */
export const PDFJS_HOOKS_KEY = 'plansight.pdfjs.hooks';

interface WorkerPatch {
  name: string;
  /** Text of pdf.js's worker code that the patch changes (found exactly once). */
  anchor: string;
  /** What the anchor becomes. */
  replacement: string;
}

const hooks = `globalThis[Symbol.for(${JSON.stringify(PDFJS_HOOKS_KEY)})]`;

/** A form's operators are kept for its next uses up to this many (beyond, it is only streamed, as shipped)... */
export const FORM_OPS_MAX = 65_536;
/** ...and up to this many kept over all of a page's forms (a sheet drawn as thousands of forms used once each)... */
export const FORM_OPS_TOTAL_MAX = 524_288;
/** ...with their paths' coordinates (numbers) up to this many per form and over the page (a form of a few huge paths). */
export const FORM_PATH_NUMBERS_MAX = 1 << 20;
export const FORM_PATH_NUMBERS_TOTAL_MAX = 1 << 23;

/** pdf.js's handling of a `Do` operator in an operator list: the XObject's look-up... */
const DO_LOOKUP = `              let xobj = xobjs.getRaw(name);
`;
/** ...what it does up to a form's branch (left as it is)... */
const DO_FETCH = `              if (xobj instanceof Ref) {
                const cachedImage = localImageCache.getByRef(xobj) || self._regionalImageCache.getByRef(xobj) || self.globalImageCache.getData(xobj, self.pageIndex);
                if (cachedImage) {
                  addCachedImageOps(operatorList, cachedImage);
                  resolveXObject();
                  return;
                }
                xobj = xref.fetch(xobj);
              }
              if (!(xobj instanceof BaseStream)) {
                throw new FormatError("XObject should be a stream");
              }
              const type = xobj.dict.get("Subtype");
              if (!(type instanceof Name)) {
                throw new FormatError("XObject should have a Name subtype");
              }
`;
/** ...and a form's branch. */
const DO_FORM = `              if (type.name === "Form") {
                stateManager.save();
                self.buildFormXObject(resources, xobj, null, operatorList, task, stateManager.state.clone({
                  newPath: true
                }), localColorSpaceCache, seenRefs).then(function () {
                  stateManager.restore();
                  resolveXObject();
                }, rejectXObject);
                return;
              } else if (type.name === "Image") {
`;

/** Operators a kept form may not hold: images (their data is sent apart), shadings and pattern colours. */
export const NOT_KEPT_OPS = ['paintInlineImageXObject', 'paintInlineImageXObjectGroup', 'paintImageMaskXObject', 'paintImageMaskXObjectGroup',
  'paintImageMaskXObjectRepeat', 'paintImageXObject', 'paintImageXObjectRepeat', 'paintSolidColorImageMask', 'shadingFill', 'setFillColorN',
  'setStrokeColorN'];

/** JavaScript: a copy of `constructPath` arguments `a`, its coordinates and their bounds copied. */
const copyPathArgs = (a: string) => `[${a}[0], [${a}[1][0] && ${a}[1][0].slice()], ${a}[2] && ${a}[2].slice()]`;

/** After the look-up: the key of the form's use, and its operators replayed when a use under that key kept them. */
const DO_REPLAY = `              // (form-ops: a form's operators kept under its reference and what it inherits, replayed at its next uses)
              let __formKey = null;
              const __hooks = ${hooks};
              if (xobj instanceof Ref && __hooks?.formOps) {
                const __state = stateManager.state;
                // (objects numbered by identity, once per evaluator)
                self.__formObjectId ??= (() => {
                  const ids = new WeakMap();
                  let next = 0;
                  return o => {
                    if (o === null || typeof o !== "object") return String(o);
                    let v = ids.get(o);
                    if (v === undefined) ids.set(o, v = ++next);
                    return v;
                  };
                })();
                const __id = self.__formObjectId;
                __formKey = [xobj.toString(), __id(resources), __id(__state.font), __state.textRenderingMode, __id(__state.fillColorSpace), __id(__state.strokeColorSpace), __id(__state.patternFillColorSpace), __id(__state.patternStrokeColorSpace)].join(" ");
                const __kept = self.__formOps?.get(__formKey);
                if (__kept) {
                  __hooks.formOps("replayed");
                  for (let i = 0; i < __kept.fnArray.length; i++) {
                    const fn = __kept.fnArray[i];
                    const args = __kept.argsArray[i];
                    if (fn === null) operatorList.addDependency(args);
                    else operatorList.addOp(fn, fn === OPS.constructPath ? ${copyPathArgs('args')} : args);
                  }
                  resolveXObject();
                  return;
                }
              }
`;

/** A form's branch that records its operators (up to the caps) as they go on to the list, and keeps them. */
const DO_FORM_RECORDED = `              if (type.name === "Form") {
                stateManager.save();
                // (the operators go on to the list as they come, and are recorded too, up to a number: a form drawing a
                // whole sheet still streams, and is not kept)
                let __list = operatorList, __rec = null;
                if (__formKey) {
                  __rec = { fnArray: [], argsArray: [], numbers: 0 };
                  const unkept = self.__formOpsNotKept ??= new Set([${NOT_KEPT_OPS.map((n) => `OPS.${n}`).join(', ')}]);
                  const record = (fn, args) => {
                    if (!__rec) return;
                    if (fn === OPS.constructPath && args[1][0]) __rec.numbers += args[1][0].length;
                    if (__rec.fnArray.length >= ${FORM_OPS_MAX} || __rec.fnArray.length + (self.__formOpsKept || 0) >= ${FORM_OPS_TOTAL_MAX} || __rec.numbers > ${FORM_PATH_NUMBERS_MAX} || __rec.numbers + (self.__formNumbersKept || 0) > ${FORM_PATH_NUMBERS_TOTAL_MAX} || unkept.has(fn) || fn === OPS.constructPath && args[1][0] && args[1][0][0] !== 0) {
                      __rec = null;
                      return;
                    }
                    __rec.fnArray.push(fn);
                    __rec.argsArray.push(fn === OPS.constructPath ? ${copyPathArgs('args')} : args);
                  };
                  const addOp = (fn, args) => { record(fn, args); operatorList.addOp(fn, args); };
                  const addDependency = dependency => { if (__rec) { __rec.fnArray.push(null); __rec.argsArray.push(dependency); } operatorList.addDependency(dependency); };
                  __list = new Proxy(operatorList, {
                    get(target, prop, receiver) {
                      if (prop === "addOp") return addOp;
                      if (prop === "addDependency") return addDependency;
                      const value = Reflect.get(target, prop, target);
                      return typeof value === "function" ? value.bind(receiver) : value;
                    }
                  });
                }
                self.buildFormXObject(resources, xobj, null, __list, task, stateManager.state.clone({
                  newPath: true
                }), localColorSpaceCache, seenRefs).then(function () {
                  stateManager.restore();
                  if (__formKey) {
                    __hooks.formOps(__rec ? "kept" : "not kept");
                    if (__rec) {
                      (self.__formOps ??= new Map()).set(__formKey, __rec);
                      self.__formOpsKept = (self.__formOpsKept || 0) + __rec.fnArray.length;
                      self.__formNumbersKept = (self.__formNumbersKept || 0) + __rec.numbers;
                    }
                  }
                  resolveXObject();
                }, rejectXObject);
                return;
              } else if (type.name === "Image") {
`;

export const PDFJS_WORKER_PATCHES: readonly WorkerPatch[] = [
  {
    name: 'flate-native',
    anchor: '  readBlock() {\n    let buffer, hdr, len;\n    const str = this.stream;\n',
    replacement: `  readBlock() {\n    if (!this.__offeredWhole) {\n      this.__offeredWhole = true;\n      if (${hooks}?.inflateWhole(this, Stream)) return;\n    }\n    this.__readBlock();\n  }\n  __readBlock() {\n    let buffer, hdr, len;\n    const str = this.stream;\n`,
  },
  {
    name: 'form-ops',
    anchor: DO_LOOKUP + DO_FETCH + DO_FORM,
    replacement: DO_LOOKUP + DO_REPLAY + DO_FETCH + DO_FORM_RECORDED,
  },
  {
    name: 'no-transfers',
    anchor: '  get _transfers() {\n',
    replacement: '  get _transfers() {\n    return [];\n  }\n  get __transfersAsShipped() {\n',
  },
];

/**
 * pdf.js's worker source with the patches whose anchor it holds exactly once, the names of those applied and of
 * those left out.
 */
export function patchPdfJsWorker(source: string, patches: readonly WorkerPatch[] = PDFJS_WORKER_PATCHES): { source: string; applied: string[]; missing: string[] } {
  const applied: string[] = [], missing: string[] = [];
  let out = source;
  for (const p of patches) {
    const at = out.indexOf(p.anchor);
    if (at < 0 || out.indexOf(p.anchor, at + 1) >= 0) {
      missing.push(p.name);
      continue;
    }
    out = out.slice(0, at) + p.replacement + out.slice(at + p.anchor.length);
    applied.push(p.name);
  }
  return { source: out, applied, missing };
}
