/**
 * JPEG images decoded by the native image library (@napi-rs/canvas, libjpeg-turbo inside Skia) instead of
 * pdf.js's JavaScript decoder: 5-10x faster on a scanned sheet (a 40-megapixel scan: about 1.2 s in pdf.js,
 * about 0.2 s here, grey conversion included).
 *
 * pdf.js hands a plain RGB JPEG (no mask, no decode array, no CMYK or un-transformed colour, EXIF orientation
 * blanked) to the platform's `ImageDecoder` when there is one and the document is opened with
 * `isImageDecoderSupported: true`; what it gets back is kept as the image's `bitmap` and drawn with
 * `drawImage`. Node has no `ImageDecoder`: `NativeJpegDecoder` stands in for it (installed by `pdfjs.ts`
 * before pdf.js loads, as pdf.js asks once, when its modules load). Its "bitmap" is a native `Image`, which the
 * native canvas draws as it draws any image (page previews, the report's plan), and which `image-grey.ts`
 * reads for scans. Everything else (other types, a JPEG larger than the engine's image limit, one the native
 * library cannot read) is refused, and pdf.js decodes it itself as before.
 */
import { Image } from '@napi-rs/canvas';
import { PDF_LIMITS } from '../pdf-limits.js';

/** Thrown to pdf.js, which catches it and decodes the image itself: a plain value, no stack trace taken. */
const REFUSED = Object.freeze({ reason: 'not decoded natively: pdf.js decodes this image itself' });

/** A decoded image as pdf.js keeps it (`bitmap`): the native image, with the `close` pdf.js calls on cleanup. */
export type NativeBitmap = Image & { close(): void; readonly nativeJpeg: true };

export function isNativeBitmap(value: unknown): value is NativeBitmap {
  return value instanceof Image && (value as Partial<NativeBitmap>).nativeJpeg === true;
}

/**
 * Width and height from a JPEG's frame header (SOF0-SOF15 except DHT, JPG and DAC), or null when the bytes
 * are not a JPEG or end before it.
 */
export function jpegSize(data: Uint8Array): { w: number; h: number } | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < data.length) {
    if (data[i] !== 0xff) return null;
    const marker = data[i + 1];
    // fill bytes, and markers without a length (RSTn, TEM)
    if (marker === 0xff) { i++; continue; }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) { i += 2; continue; }
    if (marker === 0xd9 || marker === 0xda) return null;
    const len = (data[i + 2] << 8) | data[i + 3];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const h = (data[i + 5] << 8) | data[i + 6], w = (data[i + 7] << 8) | data[i + 8];
      return w > 0 && h > 0 ? { w, h } : null;
    }
    if (len < 2) return null;
    i += 2 + len;
  }
  return null;
}

const NO_PIXELS = Buffer.alloc(0);

function release(image: Image): void {
  try {
    image.src = NO_PIXELS;
  } catch {
    // already let go
  }
}

/** The part of the WebCodecs `ImageDecoder` that pdf.js uses, for JPEG only. */
export class NativeJpegDecoder {
  static isTypeSupported(type: string): Promise<boolean> {
    return Promise.resolve(type === 'image/jpeg');
  }

  #image: Image | null;
  #size: { w: number; h: number };

  constructor({ data, type }: { data: Uint8Array; type: string }) {
    if (type !== 'image/jpeg') throw REFUSED;
    const size = jpegSize(data);
    // the frame's own size is what gets allocated: bounded here as pdf.js bounds the dictionary's
    if (!size || size.w * size.h > PDF_LIMITS.maxImagePixels) throw REFUSED;
    const image = new Image();
    try {
      // a copy: pdf.js may hand over a view of the whole file
      image.src = Buffer.from(data);
    } catch {
      throw REFUSED;
    }
    this.#size = size;
    this.#image = image;
  }

  /** Decodes (off the engine's thread, in the native library's pool); refused when the pixels do not come. */
  async decode(): Promise<{ image: NativeBitmap }> {
    const image = this.#image;
    if (!image) throw REFUSED;
    try {
      await image.decode();
    } catch {
      throw REFUSED;
    }
    if (!image.complete || image.width !== this.#size.w || image.height !== this.#size.h) throw REFUSED;
    Object.defineProperties(image, {
      nativeJpeg: { value: true },
      // the pixels are let go at once (pdf.js closes its bitmaps when a page or document is cleaned up), not
      // when the collector gets round to the small object holding them
      close: { value: () => release(image), configurable: true },
    });
    return { image: image as NativeBitmap };
  }

  close(): void {
    // an image never handed to pdf.js (refused after decoding) is let go here
    if (this.#image && !isNativeBitmap(this.#image)) release(this.#image);
    this.#image = null;
  }
}

/** Puts the stand-in in place where the platform has no `ImageDecoder` of its own; true when it is in place. */
export function installNativeJpegDecoder(): boolean {
  const g = globalThis as { ImageDecoder?: unknown };
  if (g.ImageDecoder === undefined) {
    Object.defineProperty(globalThis, 'ImageDecoder', { value: NativeJpegDecoder, writable: true, configurable: true, enumerable: false });
  }
  return g.ImageDecoder === NativeJpegDecoder;
}
