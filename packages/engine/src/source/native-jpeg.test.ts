import { describe, expect, it } from 'vitest';
import { halvesPicture, picturePagePdf } from '../test-pdfs.js';
import { isNativeBitmap, jpegSize, NativeJpegDecoder } from './native-jpeg.js';
import { getPageChecked, loadPdf } from './pdf-load.js';
import { nativeJpeg } from './pdfjs.js';
import { imageGrey, imageReady, imageSampler, releaseImagePixels } from './raster/image-grey.js';
import { largestImage } from './raster/page-image.js';
import { renderPageCanvas } from './render.js';

/** An 80 x 40 px RGB JPEG (or PNG): black left half, grey (128) right half. */
const halves = (type: 'jpeg' | 'png' = 'jpeg') => halvesPicture(80, 40, type);
/** The picture on a 400 x 300 pt page at (100, 100) pt from the bottom-left, 200 x 100 pt. */
const pdfWithImage = (type: 'jpeg' | 'png') => picturePagePdf(halves(type), type);
const pdfWithJpeg = () => pdfWithImage('jpeg');

describe('JPEGs decoded by the native library', () => {
  it('reads a JPEG frame size from its header', () => {
    expect(jpegSize(halves())).toEqual({ w: 80, h: 40 });
    expect(jpegSize(halvesPicture(4, 2, 'png'))).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('is what pdf.js decodes a plain RGB JPEG with: the image arrives as a native bitmap, read at its pixels', async () => {
    expect(nativeJpeg).toBe(true);
    const doc = await loadPdf(await pdfWithJpeg());
    try {
      const page = await getPageChecked(doc, 1);
      const info = (await largestImage(page))!;
      await imageReady(page, info);
      const obj = (page as unknown as { objs: { get(id: string): { bitmap?: unknown } } }).objs.get(info.objId!);
      expect(isNativeBitmap(obj.bitmap)).toBe(true);
      // the working grey at 0.4 px/pt: the image spans x 40..120, y (from the top) 40..80
      const g = imageGrey(page, info, 0.4)!;
      expect(g.w).toBe(160);
      expect(Math.abs(g.grey[60 * g.w + 60] - 0)).toBeLessThanOrEqual(3);
      expect(Math.abs(g.grey[60 * g.w + 100] - 128)).toBeLessThanOrEqual(3);
      expect(g.grey[20 * g.w + 20]).toBe(255);
      // at the image's own resolution, through its tiles
      const sample = imageSampler(page, info)!;
      expect(Math.abs(sample(150, 150) - 0)).toBeLessThanOrEqual(3);
      expect(Math.abs(sample(250, 150) - 128)).toBeLessThanOrEqual(3);
      expect(sample(50, 150)).toBe(255);
      // the native pixels let go once the grey plane is built: every later read comes from the plane
      releaseImagePixels(page, info);
      expect((obj.bitmap as { width: number }).width).toBe(0);
      expect(Math.abs(imageSampler(page, info)!(250, 150) - 128)).toBeLessThanOrEqual(3);
      expect(imageGrey(page, info, 0.4)!.grey).toEqual(g.grey);
    } finally {
      await doc.destroy();
    }
  });

  it('reads the same grey as the same picture decoded by pdf.js (lossless), and the page still renders with it', async () => {
    const bytes = await pdfWithJpeg();
    const greyOf = async (doc: Awaited<ReturnType<typeof loadPdf>>) => {
      try {
        const page = await doc.getPage(1);
        const info = (await largestImage(page))!;
        await imageReady(page, info);
        const obj = (page as unknown as { objs: { get(id: string): { bitmap?: unknown } } }).objs.get(info.objId!);
        return { native: isNativeBitmap(obj.bitmap), g: imageGrey(page, info, 0.4)! };
      } finally {
        await doc.destroy();
      }
    };
    const a = await greyOf(await loadPdf(await pdfWithImage('png')));
    const b = await greyOf(await loadPdf(bytes));
    expect(a.native).toBe(false);
    expect(b.native).toBe(true);
    for (const [x, y] of [[50, 45], [60, 60], [100, 60], [115, 75], [20, 20]]) {
      expect(Math.abs(a.g.grey[y * a.g.w + x] - b.g.grey[y * b.g.w + x])).toBeLessThanOrEqual(3);
    }
    const { ctx, pxPerPt } = await renderPageCanvas(bytes, 1, { maxWidthPx: 400 });
    const at = (x: number, y: number) => ctx.getImageData(Math.round(x * pxPerPt), Math.round(y * pxPerPt), 1, 1).data[0];
    expect(at(150, 150)).toBeLessThanOrEqual(5);
    expect(Math.abs(at(250, 150) - 128)).toBeLessThanOrEqual(5);
    expect(at(50, 50)).toBe(255);
  });

  it('refuses what it should not decode, so pdf.js decodes it itself', async () => {
    expect(await NativeJpegDecoder.isTypeSupported('image/jpeg')).toBe(true);
    expect(await NativeJpegDecoder.isTypeSupported('image/bmp')).toBe(false);
    const jpeg = new Uint8Array(halves());
    expect(() => new NativeJpegDecoder({ data: jpeg, type: 'image/png' })).toThrow();
    expect(() => new NativeJpegDecoder({ data: new Uint8Array([1, 2, 3, 4, 5]), type: 'image/jpeg' })).toThrow();
    // a frame header claiming 60000 x 60000 pixels: over the engine's image limit, never allocated
    const huge = jpeg.slice();
    for (let i = 2; i + 9 < huge.length;) {
      const marker = huge[i + 1], len = (huge[i + 2] << 8) | huge[i + 3];
      if (marker === 0xc0 || marker === 0xc2) {
        huge[i + 5] = 0xea; huge[i + 6] = 0x60; huge[i + 7] = 0xea; huge[i + 8] = 0x60;
        break;
      }
      i += 2 + len;
    }
    expect(jpegSize(huge)).toEqual({ w: 60000, h: 60000 });
    expect(() => new NativeJpegDecoder({ data: huge, type: 'image/jpeg' })).toThrow();
    // broken image data is refused when decoded
    const broken = jpeg.slice(0, 200);
    let refused = false;
    try {
      await new NativeJpegDecoder({ data: broken, type: 'image/jpeg' }).decode();
    } catch {
      refused = true;
    }
    expect(refused).toBe(true);
  });

  it('lets the pixels go when pdf.js closes the bitmap', async () => {
    const decoder = new NativeJpegDecoder({ data: new Uint8Array(halves()), type: 'image/jpeg' });
    const { image } = await decoder.decode();
    decoder.close();
    expect(image.width).toBe(80);
    image.close();
    expect(image.width).toBe(0);
  });
});
