import type { PageScale, ScaleOption } from '@plansight/contracts';
import { Paper, Stack, Text } from '@mantine/core';
import type { PointMm } from '../api/measure-api';
import { CalibrationResult } from '../calibrate/calibration-result';
import { ScaleSuggestionList } from '../calibrate/scale-suggestion-list';

/**
 * "Measure a known length" in the walls view: the two clicked points (in the result's mm, `mmPerPt` of it per
 * page point), the real length typed, the scale that follows on the current paper; and the plan's own reading.
 */
export function CalibratePanel({ line, mmPerPt, pageScale, scaleNumber, paper, onApply, onClear, applying }: {
  line: PointMm[]; mmPerPt: number; pageScale: PageScale | undefined; scaleNumber: number; paper: string; applying: boolean;
  onApply: (o: ScaleOption) => void; onClear: () => void;
}) {
  const lengthPt = line.length === 2 ? Math.hypot(line[1][0] - line[0][0], line[1][1] - line[0][1]) / mmPerPt : 0;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="calibrate-panel">
      <Stack gap={6}>
        <Text fw={600} size="sm">Measure a known length</Text>
        {line.length < 2 && <Text size="xs" c="dimmed">Click both ends of a length you know on the plan (a dimension line, a door, a wall); points snap to line ends.</Text>}
        {line.length === 2 && pageScale && (
          <CalibrationResult key={`${line[0]}-${line[1]}`} lengthPt={lengthPt} page={{ widthPt: pageScale.page_width_pt, heightPt: pageScale.page_height_pt }} paper={paper}
            current={{ scaleNumber, paper }} applying={applying} onApply={onApply} onClear={onClear} />
        )}
        <ScaleSuggestionList pageScale={pageScale} onUse={onApply} busy={applying} />
      </Stack>
    </Paper>
  );
}
