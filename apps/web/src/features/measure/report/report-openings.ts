import type { OpeningDto, ResultDto } from '../api/measure-api';
import { openingAreaMm2, openingSizeMm } from '../utils/quantities';

/** One window or door as the report lists it: its number on the report's plan, its size and area. */
export interface ReportOpening { key: string; label: string; kind: 'Window' | 'Door'; o: OpeningDto }

const keyOf = (o: OpeningDto, kind: string) => o.id || `${kind}:${JSON.stringify(o.segment ?? o.position ?? [o.width, o.height])}`;

/**
 * Numbers every window (W1, W2…) and door (D1, D2…) of the chosen rooms and of the outside walls, in room order,
 * the outside's last. A door between two rooms is one door with one number in both rooms' lines. The plan's own
 * tag, when it printed one, follows in brackets so the quote can be matched to the architect's schedule.
 */
export function numberOpenings(result: ResultDto, roomIndexes: number[]): Map<string, ReportOpening> {
  const out = new Map<string, ReportOpening>();
  const rooms = roomIndexes.map((i) => result.rooms[i]).filter(Boolean);
  const od = result.outside_detection?.detection_available ? result.outside_detection : undefined;
  for (const [kind, prefix, lists] of [
    ['Window', 'W', [...rooms.map((r) => r.windows), od?.outside_windows ?? []]],
    ['Door', 'D', [...rooms.map((r) => r.doors), od?.outside_doors ?? []]],
  ] as const) {
    let n = 0;
    for (const o of lists.flat()) {
      const key = keyOf(o, kind);
      if (out.has(key)) continue;
      const tag = o.tag?.trim();
      out.set(key, { key, kind, o, label: `${prefix}${++n}${tag && tag !== `${prefix}${n}` ? ` (${tag})` : ''}` });
    }
  }
  return out;
}

export const openingOf = (numbers: Map<string, ReportOpening>, o: OpeningDto, kind: 'Window' | 'Door') => numbers.get(keyOf(o, kind));

/** The number alone (W3), as drawn on the plan. */
export const shortLabel = (r: ReportOpening) => r.label.split(' ')[0]!;

/** 'W3 1200 × 1500 mm (1.80 m²)': size in mm as the plans give them, area as the table does. */
export function openingText(r: ReportOpening, m2x2: (a: number) => string): string {
  const s = openingSizeMm(r.o);
  return `${r.label} ${Math.round(s.widthMm)} × ${Math.round(s.heightMm)} mm (${m2x2(openingAreaMm2(r.o))})`;
}

/** The openings line under a room (or the outside walls): windows, then doors; '' when it has none. */
export function openingsLine(windows: OpeningDto[], doors: OpeningDto[], numbers: Map<string, ReportOpening>, m2x2: (a: number) => string): string {
  const part = (list: OpeningDto[], kind: 'Window' | 'Door', title: string) => {
    const items = list.map((o) => openingOf(numbers, o, kind)).filter((x): x is ReportOpening => Boolean(x));
    return items.length ? `${title}: ${items.map((x) => openingText(x, m2x2)).join(', ')}` : '';
  };
  return [part(windows, 'Window', 'Windows'), part(doors, 'Door', 'Doors')].filter(Boolean).join('  ·  ');
}
