import { PAPER_SIZE_MM, PAPER_SIZES } from '@plansight/contracts';
import { PAPER_MM } from '@plansight/engine';
import { describe, expect, it } from 'vitest';

describe('paper sizes', () => {
  it('every sheet the API accepts is one the engine knows (PAGE is the page itself)', () => {
    expect([...PAPER_SIZES].sort()).toEqual([...Object.keys(PAPER_MM), 'PAGE'].sort());
  });
  it("the web's sheet sizes (calibration) are the engine's", () => {
    expect(PAPER_SIZE_MM).toEqual(PAPER_MM);
  });
});
