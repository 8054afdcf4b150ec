import type { PageScale, ScaleOption } from '@plansight/contracts';
import { Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import type { PointMm } from '../api/measure-api';
import { PlanViewer } from '../components/plan-viewer';
import { CalibrationResult } from './calibration-result';
import { snapToLines, type Snap } from './snap';

/** Snap radius in screen pixels, whatever the zoom. */
export const SNAP_SCREEN_PX = 12;
const LINE_COLOUR = '#e8590c';

/** Screen pixels per unit of an svg's frame (zoom and pan of the viewer included). */
export function pxPerUnit(svg: SVGSVGElement | null): number {
  const m = svg?.getScreenCTM();
  return m ? Math.hypot(m.a, m.b) || 1 : 1;
}

/**
 * "Measure a known length" on the page image, in page points: two clicks (snapping to the ends of drawn
 * lines), then the real length; the scale follows on `paper` and is applied with `onApply`.
 */
export function MeasureOnPlan({ imageUrl, pageScale, paper, onApply }: { imageUrl?: string; pageScale: PageScale; paper: string; onApply: (o: ScaleOption) => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const svg = useRef<SVGSVGElement>(null);
  const [line, setLine] = useState<PointMm[]>([]);
  const [hover, setHover] = useState<Snap | { point: PointMm; kind: 'free' } | null>(null);
  const W = pageScale.page_width_pt, H = pageScale.page_height_pt;
  const unit = Math.max(W, H) / 900;

  const toPt = (e: { clientX: number; clientY: number }): PointMm => {
    const m = svg.current?.getScreenCTM();
    if (!m) return [0, 0];
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  };
  const snapped = (e: { clientX: number; clientY: number }) => {
    const p = toPt(e);
    return snapToLines(p, pageScale.lines, SNAP_SCREEN_PX / pxPerUnit(svg.current), false) ?? { point: p, kind: 'free' as const };
  };
  const lengthPt = line.length === 2 ? Math.hypot(line[1][0] - line[0][0], line[1][1] - line[0][1]) : 0;
  const shown = line.length === 1 && hover ? [line[0], hover.point] : line;

  return (
    <Stack gap="xs" data-testid="measure-on-plan">
      <Text size="sm">{line.length < 2 ? `Click ${line.length ? 'the other end' : 'one end'} of a length you know: a dimension line, a wall, a door opening. Points snap to line ends.` : 'Now type how long it really is.'}</Text>
      <PlanViewer height={phone ? 300 : 440}>
        <svg ref={svg} viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="xMidYMid meet" data-testid="calibrate-plan" style={{ width: '100%', height: '100%', display: 'block', cursor: 'crosshair' }}
          onPointerMove={(e) => setHover(snapped(e))} onPointerLeave={() => setHover(null)}
          onClick={(e) => { const p = snapped(e).point; setLine(line.length >= 2 ? [p] : [...line, p]); }}>
          {imageUrl && <image href={imageUrl} x={0} y={0} width={W} height={H} preserveAspectRatio="none" />}
          <g pointerEvents="none">
            {shown.length === 2 && <line x1={shown[0][0]} y1={shown[0][1]} x2={shown[1][0]} y2={shown[1][1]} stroke={LINE_COLOUR} strokeWidth={unit * 2} data-testid="calibrate-line" />}
            {line.map((p, k) => <circle key={k} cx={p[0]} cy={p[1]} r={unit * 4} fill={LINE_COLOUR} />)}
            {hover && hover.kind !== 'free' && <rect x={hover.point[0] - unit * 5} y={hover.point[1] - unit * 5} width={unit * 10} height={unit * 10} fill="none" stroke="#1971c2" strokeWidth={unit * 1.5} data-testid="snap-marker" />}
          </g>
        </svg>
      </PlanViewer>
      {line.length === 2 && (
        <CalibrationResult lengthPt={lengthPt} page={{ widthPt: W, heightPt: H }} paper={paper} onApply={onApply} onClear={() => setLine([])} />
      )}
    </Stack>
  );
}
