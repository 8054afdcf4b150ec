import { Alert, Box, Center, Loader, Paper, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import type { PdfDocState } from '../utils/pdf-document';

interface Props { state: PdfDocState; pageNo: number; widthPx: number; testId?: string }

/** One page of the chosen PDF drawn at `widthPx` CSS pixels (sharp on high-density screens). */
export function PdfPagePreview({ state, pageNo, widthPx, testId }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // What the canvas last finished drawing: it shows the current page only when all three still match.
  const [drawn, setDrawn] = useState<{ doc: PDFDocumentProxy; pageNo: number; widthPx: number } | null>(null);
  const [renderError, setRenderError] = useState<string | null>(null);
  const doc = state.status === 'ready' ? state.doc : null;
  const exists = doc ? pageNo >= 1 && pageNo <= doc.numPages : false;
  const rendered = !!doc && drawn?.doc === doc && drawn.pageNo === pageNo && drawn.widthPx === widthPx;

  useEffect(() => {
    if (!doc || !exists || !canvasRef.current) return;
    const canvas = canvasRef.current;
    let task: RenderTask | null = null;
    let cancelled = false;
    setDrawn(null);
    setRenderError(null);
    (async () => {
      try {
        const page = await doc.getPage(pageNo);
        const base = page.getViewport({ scale: 1 });
        const dpr = Math.min(window.devicePixelRatio || 1, 2);
        const viewport = page.getViewport({ scale: (widthPx / base.width) * dpr });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = '100%';
        canvas.style.aspectRatio = `${viewport.width} / ${viewport.height}`;
        task = page.render({ canvas, viewport });
        await task.promise;
        if (!cancelled) setDrawn({ doc, pageNo, widthPx });
      } catch (err) {
        if (cancelled || (err as Error)?.name === 'RenderingCancelledException') return;
        setRenderError('Failed to load PDF preview');
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, exists, pageNo, widthPx]);

  if (state.status === 'idle') return null;
  if (state.status === 'error' || renderError) {
    const message = state.status === 'error' ? state.message : renderError;
    return <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid={testId && `${testId}-error`}>{message}</Alert>;
  }
  if (!doc) return <Center w="100%" maw={widthPx} h={160}><Loader size="sm" /></Center>;
  const total = doc.numPages;
  if (!exists) {
    return (
      <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid={testId && `${testId}-missing`}>
        {`Page ${pageNo} does not exist. This PDF has ${total} pages.`}
      </Alert>
    );
  }
  return (
    <Box maw={widthPx} w="100%" data-testid={testId}>
      <Paper withBorder radius="sm" p={4} pos="relative" bg="white">
        <canvas ref={canvasRef} style={{ display: 'block', width: '100%' }} data-page={pageNo} data-rendered={rendered} aria-label={`Preview of page ${pageNo}`} />
        {!rendered && <Center pos="absolute" inset={0}><Loader size="sm" /></Center>}
      </Paper>
      <Text size="xs" c="dimmed" mt={6} data-testid={testId && `${testId}-count`}>
        Page {pageNo} of {total}
      </Text>
    </Box>
  );
}
