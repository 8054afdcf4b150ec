/**
 * How deep the file's form XObjects draw one another, read from the raw bytes before pdf.js opens the file.
 * pdf.js follows a form's `Do` by recursion with no depth limit: a chain of a few thousand forms overflows
 * the stack, floods stderr with "Maximum call stack size exceeded" and takes many seconds before failing.
 * Real drawings nest blocks a handful of levels deep, so a chain far beyond that is refused up front.
 *
 * Forms are streams, and streams are never inside object streams, so every form is readable here; a
 * Resources or XObject dictionary stored in an object stream is not, and that form simply gets no edges
 * (the check only ever refuses what it can prove).
 */
import { inflateSync } from 'node:zlib';

/** Largest form content inflated to look for `Do` (bytes); a bigger one is the operator budget's business. */
const MAX_FORM_CONTENT_BYTES = 4 * 2 ** 20;
/** Total inflated for the whole file; past it the check stops looking (and refuses nothing more). */
const MAX_TOTAL_INFLATED_BYTES = 64 * 2 ** 20;

interface RawObject { body: string; dict: string; dataStart: number }

/** The `<< ... >>` starting at `from` (balanced), or '' when there is none. */
function balancedDict(text: string, from: number): string {
  const start = text.indexOf('<<', from);
  if (start < 0) return '';
  let depth = 0;
  for (let i = start; i < text.length - 1; i++) {
    if (text[i] === '<' && text[i + 1] === '<') { depth++; i++; }
    else if (text[i] === '>' && text[i + 1] === '>') { depth--; i++; if (depth === 0) return text.slice(start, i + 1); }
  }
  return '';
}

/** The value of `/key` in a dictionary's text: an inline dictionary, or the body of the object it refers to. */
function dictValue(dict: string, key: string, objects: Map<number, RawObject>): string {
  const m = new RegExp(`/${key}\\s*(?:(\\d+)\\s+\\d+\\s+R|<<)`).exec(dict);
  if (!m) return '';
  if (m[1] !== undefined) return objects.get(Number(m[1]))?.dict ?? '';
  return balancedDict(dict, m.index);
}

function readObjects(text: string): Map<number, RawObject> {
  const objects = new Map<number, RawObject>();
  const re = /(\d+)\s+\d+\s+obj\b/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const bodyStart = m.index + m[0].length;
    const end = text.indexOf('endobj', bodyStart);
    const body = text.slice(bodyStart, end < 0 ? text.length : end);
    const streamAt = /\bstream\r?\n/.exec(body);
    const dict = streamAt ? body.slice(0, streamAt.index) : body;
    objects.set(Number(m[1]), { body, dict, dataStart: streamAt ? bodyStart + streamAt.index + streamAt[0].length : -1 });
    // Skip the object's body (stream data may hold anything that looks like an object header).
    if (end > 0) re.lastIndex = end;
  }
  return objects;
}

/** The content of a form stream, when it is plain or Flate only and small enough; null otherwise. */
function formContent(bytes: Uint8Array, text: string, o: RawObject, budget: { left: number }): string | null {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(o.dict)?.[1]?.replace(/[[\]\s]/g, '') ?? '';
  if (filter !== '' && filter !== '/FlateDecode') return null;
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(o.dict)?.[1];
  const end = length !== undefined ? o.dataStart + Number(length) : text.indexOf('endstream', o.dataStart);
  if (end < o.dataStart || end > bytes.length) return null;
  const raw = bytes.subarray(o.dataStart, end);
  if (filter === '') return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('latin1');
  if (budget.left <= 0) return null;
  try {
    const plain = inflateSync(raw, { maxOutputLength: Math.min(MAX_FORM_CONTENT_BYTES, budget.left) });
    budget.left -= plain.length;
    return plain.toString('latin1');
  } catch {
    return null;
  }
}

/**
 * The longest chain of forms drawing forms (1 = a form that draws no other form; 0 = no forms). A cycle
 * (forms drawing each other without end) is Infinity.
 */
export function formNestingDepth(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (!/\/Subtype\s*\/Form\b/.test(text)) return 0;
  const objects = readObjects(text);
  const budget = { left: MAX_TOTAL_INFLATED_BYTES };
  const draws = new Map<number, number[]>();
  for (const [num, o] of objects) {
    if (o.dataStart < 0 || !/\/Subtype\s*\/Form\b/.test(o.dict)) continue;
    const xobjects = dictValue(dictValue(o.dict, 'Resources', objects), 'XObject', objects);
    const named = new Map<string, number>();
    for (const r of xobjects.matchAll(/\/([^\s/[\]<>(){}%]+)\s*(\d+)\s+\d+\s+R/g)) named.set(r[1]!, Number(r[2]));
    const content = named.size > 0 ? formContent(bytes, text, o, budget) : null;
    const targets = new Set<number>();
    for (const d of content?.matchAll(/\/([^\s/[\]<>(){}%]+)\s*Do\b/g) ?? []) {
      const target = named.get(d[1]!);
      if (target !== undefined) targets.add(target);
    }
    draws.set(num, [...targets]);
  }
  // Longest path by an explicit stack (a recursive walk would overflow on exactly the files this is for).
  const depth = new Map<number, number>();
  const onPath = new Set<number>();
  let deepest = 0;
  for (const root of draws.keys()) {
    if (depth.has(root)) continue;
    const stack: { node: number; next: number }[] = [{ node: root, next: 0 }];
    onPath.add(root);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const children = draws.get(top.node) ?? [];
      if (top.next < children.length) {
        const child = children[top.next++]!;
        if (!draws.has(child) || depth.has(child)) continue;
        if (onPath.has(child)) return Infinity;
        onPath.add(child);
        stack.push({ node: child, next: 0 });
        continue;
      }
      const below = children.reduce((m, c) => Math.max(m, depth.get(c) ?? 0), 0);
      depth.set(top.node, below + 1);
      deepest = Math.max(deepest, below + 1);
      onPath.delete(top.node);
      stack.pop();
    }
  }
  return deepest;
}
