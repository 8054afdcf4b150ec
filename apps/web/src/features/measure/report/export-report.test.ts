import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResultDto } from '../api/measure-api';

// The export paths of spec sections 4 and 8: the PDF, else an alert and a text file, else the final alert.
const fail = vi.hoisted(() => ({ pdf: false, text: false }));
vi.mock('./build-report', async (importOriginal) => {
  const real = await importOriginal<typeof import('./build-report')>();
  return {
    ...real,
    buildReport: (...args: Parameters<typeof real.buildReport>) => {
      if (fail.pdf) throw new Error('out of memory');
      return real.buildReport(...args);
    },
    buildTextReport: (...args: Parameters<typeof real.buildTextReport>) => {
      if (fail.text) throw new Error('disk full');
      return real.buildTextReport(...args);
    },
  };
});
const { exportReport } = await import('./export-report');

const result: ResultDto = {
  rooms: [{ id: 'r1', label: 'LIVING', perimeter_mm: 20000, ceiling_area: 24e6, net_wall_area: 40e6, total_wall_surface_area: 48e6, total_window_area: 0, total_door_area: 0, windows: [], doors: [] }],
  statistics: { total_windows: 0, total_doors: 0, ceiling_height_mm: 2400 }, metadata: { units: 'mm' },
};

describe('exportReport', () => {
  const alerts: string[] = [];
  const saved: string[] = [];
  beforeEach(() => {
    alerts.length = 0;
    saved.length = 0;
    fail.pdf = false;
    fail.text = false;
    vi.stubGlobal('alert', (m: string) => alerts.push(m));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('document', {
      createElement: () => { const a = { href: '', download: '', click: () => saved.push(a.download), remove: () => undefined }; return a; },
      body: { appendChild: () => undefined },
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  });
  afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

  const input = { result, roomIndexes: [0], projectTitle: 'Smith House', date: new Date('2026-01-02T00:00:00Z') };

  it('saves the PDF when all goes well', async () => {
    await exportReport(input, null);
    expect(alerts).toEqual([]);
    expect(saved).toEqual(['Plansight_Smith_House_2026-01-02.pdf']);
  });
  it('says so when no room is selected or there is no result', async () => {
    await exportReport({ ...input, roomIndexes: [] }, null);
    await exportReport({ ...input, result: undefined as unknown as ResultDto }, null);
    expect(alerts).toEqual(['No rooms selected for PDF export.', 'No results data available to download']);
    expect(saved).toEqual([]);
  });
  it('falls back to a text file after telling the user the PDF failed', async () => {
    fail.pdf = true;
    await exportReport(input, null);
    expect(alerts).toEqual(['PDF generation failed: out of memory. Please check the console for more details.']);
    expect(saved).toEqual(['Plansight_Smith_House_2026-01-02.txt']);
  });
  it('asks the user to contact support when the text file fails too', async () => {
    fail.pdf = true;
    fail.text = true;
    await exportReport(input, null);
    expect(alerts.at(-1)).toBe('Both PDF and text export failed. Please contact support.');
    expect(saved).toEqual([]);
  });
});
