// Drawing scales and sheet sizes offered on the ceiling-scale page. The spec's own combinations (section 9)
// come first and keep their wire text ('1:100 A2'); any other 1:N on any common sheet is accepted too and
// travels the same way (`scale_ratio` '1:48 ANSI B', `scale_number` 48, `paper_size` 'ANSI B').

/** ISO A, ANSI and ARCH sheets, and 'PAGE': the page's own printed size is the paper (no resizing). */
export const PAPER_SIZES = [
  'A0', 'A1', 'A2', 'A3', 'A4',
  'ANSI A', 'ANSI B', 'ANSI C', 'ANSI D', 'ANSI E',
  'ARCH A', 'ARCH B', 'ARCH C', 'ARCH D', 'ARCH E', 'ARCH E1',
  'PAGE',
] as const;
export type PaperSizeName = (typeof PAPER_SIZES)[number];

/** How each sheet reads in a list. */
export const PAPER_LABELS: Record<PaperSizeName, string> = {
  A0: 'A0 (841 × 1189 mm)', A1: 'A1 (594 × 841 mm)', A2: 'A2 (420 × 594 mm)', A3: 'A3 (297 × 420 mm)', A4: 'A4 (210 × 297 mm)',
  'ANSI A': 'ANSI A (8½ × 11 in, Letter)', 'ANSI B': 'ANSI B (11 × 17 in, Tabloid)', 'ANSI C': 'ANSI C (17 × 22 in)',
  'ANSI D': 'ANSI D (22 × 34 in)', 'ANSI E': 'ANSI E (34 × 44 in)',
  'ARCH A': 'ARCH A (9 × 12 in)', 'ARCH B': 'ARCH B (12 × 18 in)', 'ARCH C': 'ARCH C (18 × 24 in)',
  'ARCH D': 'ARCH D (24 × 36 in)', 'ARCH E': 'ARCH E (36 × 48 in)', 'ARCH E1': 'ARCH E1 (30 × 42 in)',
  PAGE: 'As printed (this page’s own size)',
};

const IN_MM = 25.4;
/** Each sheet's short × long side in mm (the engine's own table; a calibration converts between sheets with it). */
export const PAPER_SIZE_MM: Record<Exclude<PaperSizeName, 'PAGE'>, [number, number]> = {
  A0: [841, 1189], A1: [594, 841], A2: [420, 594], A3: [297, 420], A4: [210, 297],
  'ANSI A': [8.5 * IN_MM, 11 * IN_MM], 'ANSI B': [11 * IN_MM, 17 * IN_MM], 'ANSI C': [17 * IN_MM, 22 * IN_MM],
  'ANSI D': [22 * IN_MM, 34 * IN_MM], 'ANSI E': [34 * IN_MM, 44 * IN_MM],
  'ARCH A': [9 * IN_MM, 12 * IN_MM], 'ARCH B': [12 * IN_MM, 18 * IN_MM], 'ARCH C': [18 * IN_MM, 24 * IN_MM],
  'ARCH D': [24 * IN_MM, 36 * IN_MM], 'ARCH E': [36 * IN_MM, 48 * IN_MM], 'ARCH E1': [30 * IN_MM, 42 * IN_MM],
};

/** The engine refuses scales outside 1:1 to 1:10000. */
export const MAX_SCALE_NUMBER = 10000;

export interface NamedScale { scale_number: number; label: string; group: 'Metric' | 'Architectural (imperial)' | 'Engineering (imperial)' }

/** Common 1:N scales, imperial ones by the name printed on US plans (1/4" = 1'-0" is 1:48: 12 in ÷ ¼ in). */
export const NAMED_SCALES: NamedScale[] = [
  ...[1, 2, 5, 10, 20, 25, 50, 75, 100, 125, 200, 250, 500, 1000, 1250, 2000, 2500, 5000]
    .map((n) => ({ scale_number: n, label: `1:${n}`, group: 'Metric' as const })),
  ...([['1/16"', 192], ['3/32"', 128], ['1/8"', 96], ['3/16"', 64], ['1/4"', 48], ['3/8"', 32], ['1/2"', 24], ['3/4"', 16], ['1"', 12], ['1-1/2"', 8], ['3"', 4]] as const)
    .map(([inch, n]) => ({ scale_number: n, label: `${inch} = 1'-0" (1:${n})`, group: 'Architectural (imperial)' as const })),
  ...[10, 20, 30, 40, 50, 60, 100]
    .map((ft) => ({ scale_number: ft * 12, label: `1" = ${ft}' (1:${ft * 12})`, group: 'Engineering (imperial)' as const })),
];

/** The name a scale is printed with: '1/4" = 1\'-0" (1:48)' for imperial scales, else '1:N'. */
export function scaleLabel(n: number): string {
  return NAMED_SCALES.find((s) => s.scale_number === n && s.group !== 'Metric')?.label ?? `1:${n}`;
}

export interface ScaleOption { scale_ratio: string; scale_number: number; paper_size: PaperSizeName }

/** Spec section 9: the scale 1:N and the papers it is offered on. */
const SPEC_SCALE_PAPERS: [number, PaperSizeName[]][] = [
  [1, ['A3', 'A4']], [5, ['A3']], [10, ['A3']], [20, ['A3', 'A2']], [50, ['A2', 'A1']], [100, ['A3', 'A2', 'A1']],
  [200, ['A3', 'A2']], [500, ['A3', 'A2', 'A1']], [1000, ['A1', 'A0']], [2000, ['A1', 'A0']],
];

/** Every scale and paper combination of spec section 9; `scale_ratio` reads like '1:100 A2'. */
export const SCALE_OPTIONS: ScaleOption[] = SPEC_SCALE_PAPERS.flatMap(([n, papers]) =>
  papers.map((p) => ({ scale_ratio: `1:${n} ${p}`, scale_number: n, paper_size: p })));

/** Spec section 5: an unknown scale falls back to 1:100 on A2. */
export const FALLBACK_SCALE: ScaleOption = { scale_ratio: '1:100 A2', scale_number: 100, paper_size: 'A2' };

export function toPaperSize(s: string | null | undefined): PaperSizeName | undefined {
  const t = (s ?? '').trim().toUpperCase().replace(/[\s_-]+/g, ' ');
  return PAPER_SIZES.find((p) => p === t);
}

const isScaleNumber = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_SCALE_NUMBER;

/** The option for 1:N on a sheet; the wire text of a spec combination is kept exactly. */
export function scaleOption(n: number, paper: PaperSizeName): ScaleOption {
  return { scale_ratio: `1:${n} ${paper}`, scale_number: n, paper_size: paper };
}

/**
 * The option a request means: scale_number + paper_size when both are valid (any whole 1:N up to 1:10000 on a
 * known sheet), else the scale_ratio text ('1:48 ANSI B', '1:100 on A2'), else the fallback 1:100 on A2.
 */
export function resolveScaleOption(input: { scale_ratio?: string | null; scale_number?: number | null; paper_size?: string | null }): ScaleOption {
  const paper = toPaperSize(input.paper_size);
  if (paper && isScaleNumber(input.scale_number)) return scaleOption(input.scale_number, paper);
  const m = /^\s*1\s*:\s*(\d+)\s*(?:on\s+)?([A-Z][A-Z0-9 _-]*)?\s*$/i.exec(input.scale_ratio ?? '');
  if (m) {
    const n = Number(m[1]);
    const p = m[2] ? toPaperSize(m[2]) : paper;
    if (p && isScaleNumber(n)) return scaleOption(n, p);
  }
  return FALLBACK_SCALE;
}
