/**
 * Spec section 9: lengths in m (mm/1000, 1 decimal), areas in m² (mm²/1e6, 1 decimal), outside window and
 * door areas with 2 decimals; when the result's units are not mm, areas are shown as cm² (value/100).
 */
export const fmtM = (mm: number) => `${((mm || 0) / 1000).toFixed(1)} m`;
export const fmtM2 = (mm2: number) => `${((mm2 || 0) / 1e6).toFixed(1)} m²`;
export const fmtM2x2 = (mm2: number) => `${((mm2 || 0) / 1e6).toFixed(2)} m²`;

/** Area formatter for the result's units: m² for mm (default), cm² (value/100) otherwise. */
export function areaFormatter(units: string | undefined, decimals: 1 | 2 = 1): (area: number) => string {
  if (!units || units === 'mm') return decimals === 2 ? fmtM2x2 : fmtM2;
  return (a) => `${((a || 0) / 100).toFixed(decimals)} cm²`;
}

/** A room's number: the server's (1..n in display order), else its place in the list. */
export const roomNumber = (room: { number?: number }, index: number) => room.number ?? index + 1;

/** 'Room 7 — Kitchen', or 'Room 7' when no name was read: the same on the plan, the list and the report. */
export function roomTitle(room: { number?: number; label?: string }, index: number): string {
  const name = room.label?.trim();
  return name ? `Room ${roomNumber(room, index)} — ${name}` : `Room ${roomNumber(room, index)}`;
}
