import { describe, expect, it } from 'vitest';
import type { OpeningDto, ResultDto, RoomDto } from '../api/measure-api';
import { areaFormatter, fmtM, fmtM2 } from './format';
import { openingSizeMm, outsideQuantities, roomTotals } from './quantities';

const opening = (o: Partial<OpeningDto>): OpeningDto => ({ id: 'o', width: 0, height: 0, ...o });
const room = (perimeterMm: number, extra: Partial<RoomDto> = {}): RoomDto => ({
  label: 'R', perimeter_mm: perimeterMm, ceiling_area: 1e6, net_wall_area: 2e6, total_wall_surface_area: 2e6, total_window_area: 0, total_door_area: 0,
  windows: [opening({})], doors: [], ...extra,
});

describe('openingSizeMm', () => {
  it('uses width and height when both are plausible', () => {
    expect(openingSizeMm(opening({ width: 900, height: 2100, dimensions: 'H1 x W1' }))).toEqual({ widthMm: 900, heightMm: 2100 });
  });
  it('reads the dimensions text when either value is under 100', () => {
    expect(openingSizeMm(opening({ width: 9, height: 2100, dimensions: 'H2040 x W820' }))).toEqual({ widthMm: 820, heightMm: 2040 });
  });
});

describe('roomTotals', () => {
  it('leaves excluded rooms out of every total', () => {
    const t = roomTotals([room(10000), room(5000, { excluded: true }), room(2500)]);
    expect(t).toMatchObject({ count: 2, skirtingMm: 12500, ceilingAreaMm2: 2e6 });
  });
  it('counts a door between two rooms once', () => {
    const shared = opening({ id: 'd-shared' });
    const t = roomTotals([
      room(10000, { windows: [opening({ id: 'w1' })], doors: [shared, opening({ id: 'd-front' })] }),
      room(8000, { windows: [opening({ id: 'w2' })], doors: [shared] }),
    ]);
    expect(t).toMatchObject({ windows: 2, doors: 2 });
  });
});

describe('outsideQuantities', () => {
  it('multiplies wall length by ceiling height and subtracts openings', () => {
    const result = {
      rooms: [], statistics: { total_windows: 0, total_doors: 0, ceiling_height_mm: 2500 }, metadata: {},
      outside_detection: { detection_available: true, total_walls_mm: 40000, outside_windows: [opening({ width: 1000, height: 1000 })], outside_doors: [opening({ width: 50, height: 50, dimensions: 'H2000 x W900' })], outside_windows_count: 1, outside_doors_count: 1 },
    } as ResultDto;
    expect(outsideQuantities(result)).toEqual({ wallLengthMm: 40000, wallAreaMm2: 1e8, windowsAreaMm2: 1e6, doorsAreaMm2: 1.8e6, netWallAreaMm2: 1e8 - 2.8e6 });
    expect(outsideQuantities({ ...result, outside_detection: { ...result.outside_detection!, detection_available: false } })).toBeNull();
  });
});

describe('format', () => {
  it('rounds lengths and areas to one decimal and uses cm² for non-mm units', () => {
    expect(fmtM(12345)).toBe('12.3 m');
    expect(fmtM2(12_360_000)).toBe('12.4 m²');
    expect(areaFormatter('cm')(2550)).toBe('25.5 cm²');
    expect(areaFormatter('mm', 2)(1_234_567)).toBe('1.23 m²');
  });
});
