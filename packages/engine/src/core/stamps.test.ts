import { describe, it, expect } from 'vitest';
import { classifyStampLine, joinTextLines, mainStamp, parsePrintedArea, parseRoomSize, readStamps, stampLabel } from './stamps.js';
import type { TextItem } from '../source/text.js';

// a run centred at (x, y), h mm high, 0.6 h per character; angle in degrees (y down)
const run = (str: string, x: number, y: number, h = 200, angleDeg = 0): TextItem => ({ str, at: [x, y], heightMm: h, widthMm: 0.6 * h * str.length, horizontal: angleDeg === 0, angleDeg });

describe('parsePrintedArea', () => {
  it('reads the ways offices print a room area', () => {
    expect(parsePrintedArea('12.40 m²')).toBeCloseTo(12.4e6, -1);
    expect(parsePrintedArea('12,40 m2')).toBeCloseTo(12.4e6, -1);
    expect(parsePrintedArea('F: 12.4 m²')).toBeCloseTo(12.4e6, -1);
    expect(parsePrintedArea('NGF: 29,4 m2')).toBeCloseTo(29.4e6, -1);
    expect(parsePrintedArea('A: 6.42 m²')).toBeCloseTo(6.42e6, -1);
    expect(parsePrintedArea('BF: 9.58')).toBeCloseTo(9.58e6, -1);
    expect(parsePrintedArea('120 sq ft')).toBeCloseTo(120 * 0.09290304e6, -1);
  });

  it('does not take room numbers, sizes or bare numbers for areas', () => {
    expect(parsePrintedArea('A1.22')).toBeNull();
    expect(parsePrintedArea('3600 x 3300')).toBeNull();
    expect(parsePrintedArea('12.40')).toBeNull();
    expect(parsePrintedArea('Bad 4')).toBeNull();
  });
});

describe('classifyStampLine', () => {
  it('tells names from finish, height, perimeter, number and code lines', () => {
    expect(classifyStampLine('TEHNIČNA SOBA')).toBe('name');
    expect(classifyStampLine('Wohnen / Essen / Küche')).toBe('name');
    for (const s of ['Parkett', 'Parket', 'Fliesen', 'Parkett Eiche', 'Boden: Linoleum', 'Carpet']) expect(classifyStampLine(s)).toBe('finish');
    for (const s of ['H=2.50', 'LH 2.45', 'RH: 2,60 m']) expect(classifyStampLine(s)).toBe('height');
    // levels: a signed decimal number at the end (a suspended ceiling's underside, a finished floor)
    for (const s of ['UK AD +2,90', 'OK FFB ±0,00', 'FFL -0.150 m', '+15,04']) expect(classifyStampLine(s)).toBe('height');
    for (const s of ['Zimmer 2', 'Room 1-2', 'Lift 3.5']) expect(classifyStampLine(s)).not.toBe('height');
    // a reference to another drawing is a note, not the name
    for (const s of ['siehe FL_3041', 'see detail 5/A-501', 'vgl. DE 2405']) expect(classifyStampLine(s)).toBe('other');
    expect(classifyStampLine('Seeblick')).toBe('name');
    expect(classifyStampLine('Bad siehe FL_3039')).toBe('name');
    // a size is a door, window or stair note
    for (const s of ['17 Steigungen 18,9x28', '2065Hx1310W']) expect(classifyStampLine(s)).toBe('other');
    expect(classifyStampLine('U: 14.2 m')).toBe('perimeter');
    for (const s of ['R1.E5.2.11', '230', 'A.01']) expect(classifyStampLine(s)).toBe('number');
    for (const s of ['BA: 22', 'W: k.A.', '50%: 23,95 m²']) expect(classifyStampLine(s)).toBe('code');
    expect(classifyStampLine('12,40 m2')).toBe('area');
  });
});

describe('joinTextLines', () => {
  it('joins the pieces of one printed line, a raised small 2 after m as m²', () => {
    const joined = joinTextLines([run('F:', 0, 0), run('47,89 m', 700, 0), run('2', 1170, -40, 120)]);
    expect(joined.map((t) => t.str)).toEqual(['F: 47,89 m²']);
  });

  it('keeps lines one under the other apart', () => {
    expect(joinTextLines([run('Bad', 0, 0), run('4.4 m²', 0, 300)])).toHaveLength(2);
  });
});

describe('readStamps', () => {
  it('reads a stamp as a unit: the label is the name, the printed area is kept, the finish is neither', () => {
    // an appliance tag at the sink, away from the stamp; the stamp: name, finish, area, height
    const text = [run('DW', 3000, -900), run('TEHNIČNA SOBA', 0, 0), run('Parket', 0, 260), run('12,40 m2', 0, 520), run('LH 2.45', 0, 780)];
    const stamps = readStamps(text);
    const main = mainStamp(stamps, [0, 0])!;
    expect(stampLabel(main)).toBe('TEHNIČNA SOBA');
    expect(main.printedAreaMm2).toBeCloseTo(12.4e6, -1);
    expect(main.lines.map((l) => l.kind)).toEqual(['name', 'finish', 'area', 'height']);
  });

  it('leaves a level, a stair note and a reference to another drawing out of the label', () => {
    const text = [run('Bad siehe FL_3039', 0, 0), run('UK AD +2,90', 0, 260), run('17 Steigungen 18,9x28', 0, 520), run('7,76 m²', 0, 780)];
    expect(stampLabel(mainStamp(readStamps(text), [0, 0])!)).toBe('Bad');
  });

  it('joins a name printed on two lines and the room number under it', () => {
    const stamps = readStamps([run('MASTER', 0, 0), run('BEDROOM', 0, 300), run('230', 0, 600)]);
    expect(stamps).toHaveLength(1);
    expect(stampLabel(stamps[0])).toBe('MASTER BEDROOM 230');
  });

  it('reads a stamp turned 90 degrees in a narrow room', () => {
    // reading top to bottom: the following lines stand to the left (y down frame)
    const stamps = readStamps([run('STORE', 0, 0, 200, 90), run('3.20 m²', -300, 0, 150, 90)]);
    expect(stamps).toHaveLength(1);
    expect(stampLabel(stamps[0])).toBe('STORE');
    expect(stamps[0].printedAreaMm2).toBeCloseTo(3.2e6, -1);
  });

  it('keeps two stamps of one open space apart', () => {
    const stamps = readStamps([run('Wohnen', 0, 0), run('18.0 m²', 0, 260), run('Entrée', 4000, 0), run('6.0 m²', 4000, 260)]);
    expect(stamps.map(stampLabel).sort()).toEqual(['Entrée', 'Wohnen']);
    expect(stamps.every((s) => s.printedAreaMm2 !== null)).toBe(true);
  });
});

describe('room sizes', () => {
  it('reads a room size in feet and inches or metres, and leaves whole numbers and notes alone', () => {
    expect(parseRoomSize(`14' x 8'`)).toEqual([4267.2, 2438.4].map((v) => expect.closeTo(v, 1)));
    expect(parseRoomSize(`11' 3" X 15' 3"`)!.map(Math.round)).toEqual([3429, 4648]);
    expect(parseRoomSize(`12'-6" x 10'-0"`)!.map(Math.round)).toEqual([3810, 3048]);
    expect(parseRoomSize('3.60 x 4.20')).toEqual([3600, 4200]);
    expect(parseRoomSize('3,6 × 4,2 m')).toEqual([3600, 4200]);
    for (const note of ['900 x 2100', '32x80 OPENING', '2065Hx1310W', '17 Steigungen 18,9x28', `1' x 2'`, '45.0 x 60.0'])
      expect(parseRoomSize(note)).toBeNull();
    expect(classifyStampLine(`9' 3" x 10' 3"`)).toBe('size');
    expect(classifyStampLine('900 x 2100')).toBe('other');
  });

  it('gives a stamp its printed size, and its label the name only', () => {
    const [s] = readStamps([run('Kitchen', 1000, 1000), run(`9' 3" x 10' 3"`, 1000, 1300)]);
    expect(stampLabel(s)).toBe('Kitchen');
    expect(s.printedSizeMm!.map(Math.round)).toEqual([2819, 3124]);
    expect(s.printedAreaMm2).toBeNull();
  });
});
