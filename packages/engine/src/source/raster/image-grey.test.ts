import { describe, expect, it } from 'vitest';
import { getDocument } from '../pdfjs.js';
import { halvesPicture, picturePagePdf } from '../../test-pdfs.js';
import { imageGrey, imageSampler } from './image-grey.js';
import { largestImage } from './page-image.js';

/** A 400 x 300 pt page with a 40 x 20 px image drawn at (100, 100) pt, 200 x 100 pt: black left half, grey (128) right half. */
async function pageWithImage() {
  const data = await picturePagePdf(halvesPicture(40, 20, 'png', true), 'png');
  const pdf = await getDocument({ data, verbosity: 0, isEvalSupported: false }).promise;
  return { pdf, page: await pdf.getPage(1) };
}

describe('the scanned page read straight from its image', () => {
  it('samples the image at its own resolution, at points of the page (points from the top-left)', async () => {
    const { pdf, page } = await pageWithImage();
    try {
      const info = (await largestImage(page))!;
      expect(info.pxPerPt).toBeCloseTo(0.2);
      const sample = imageSampler(page, info)!;
      const at = (x: number, y: number) => Math.round(sample(x, y));
      // the image spans x 100..300, y (from the top) 100..200 pt; 5 pt per image pixel
      expect(at(150, 150)).toBe(0);
      expect(at(250, 150)).toBe(128);
      expect(at(102.5, 102.5)).toBe(255); // the top-left pixel's centre
      expect(at(102.5, 197.5)).toBe(0); // the bottom-left pixel's centre
      expect(at(200, 150)).toBe(64); // on the seam between the halves: half way
      expect(at(50, 150)).toBe(255); // off the image: paper
      // the same as the page image built from it at the image's resolution
      const g = imageGrey(page, info, 0.2)!;
      expect(g.grey[Math.round(150 / 5) * g.w + Math.round(250 / 5)]).toBe(128);
    } finally {
      await pdf.destroy();
    }
  });
});
