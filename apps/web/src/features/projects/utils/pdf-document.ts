import { useEffect, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';

/**
 * pdf.js is loaded only on the create page, and its worker is a file bundled by Vite (never a CDN, which
 * the server's Content-Security-Policy would block anyway).
 */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/** Preview error texts of spec section 8. */
export function previewErrorText(err: unknown): string {
  const e = err as { name?: string; missing?: boolean } | undefined;
  if (e?.name === 'InvalidPDFException') return 'Invalid PDF file. Please select a valid PDF document.';
  if (e?.name === 'MissingPDFException' || (e?.name === 'ResponseException' && e.missing)) return 'PDF file not found. Please try uploading the file again.';
  if (e?.name === 'UnexpectedResponseException' || e?.name === 'ResponseException') return 'Error reading PDF file. The file might be corrupted.';
  return 'Failed to load PDF preview';
}

export type PdfDocState =
  | { status: 'idle' | 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; doc: PDFDocumentProxy };

/** Opens the chosen file once; every preview of it (form and modal) shares the document. */
export function usePdfDocument(file: File | null): PdfDocState {
  const [state, setState] = useState<PdfDocState>({ status: 'idle' });
  useEffect(() => {
    if (!file) {
      setState({ status: 'idle' });
      return;
    }
    let cancelled = false;
    let doc: PDFDocumentProxy | null = null;
    setState({ status: 'loading' });
    (async () => {
      try {
        const pdfjs = await loadPdfJs();
        const data = new Uint8Array(await file.arrayBuffer());
        doc = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
        if (cancelled) void doc.destroy();
        else setState({ status: 'ready', doc });
      } catch (err) {
        if (!cancelled) setState({ status: 'error', message: previewErrorText(err) });
      }
    })();
    return () => {
      cancelled = true;
      void doc?.destroy();
    };
  }, [file]);
  return state;
}
