import { Alert, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { PointMm } from '../api/measure-api';
import { calibrate, parseLengthMm } from './calibrate';

/** "Measure a known length": the two clicked points, the real length typed, the scale that follows. */
export function CalibratePanel({ line, scaleNumber, paper, onApply, onClear, applying }: {
  line: PointMm[]; scaleNumber: number; paper: string; applying: boolean;
  onApply: (o: { scale_ratio: string; scale_number: number; paper_size: string }) => void; onClear: () => void;
}) {
  const [text, setText] = useState('');
  const measuredMm = line.length === 2 ? Math.hypot(line[1][0] - line[0][0], line[1][1] - line[0][1]) : 0;
  const realMm = parseLengthMm(text);
  const c = measuredMm > 0 && realMm ? calibrate(measuredMm, realMm, scaleNumber, paper) : null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="calibrate-panel">
      <Text fw={600} size="sm">Measure a known length</Text>
      {line.length < 2 && <Text size="xs" c="dimmed">Click both ends of a length you know on the plan (a dimension line, a door, a wall).</Text>}
      {line.length === 2 && (
        <>
          <Text size="xs" mt={4}>At 1:{scaleNumber} on {paper} this line is <b data-testid="measured-length">{Math.round(measuredMm)} mm</b>.</Text>
          <TextInput size="xs" mt="xs" label="Real length (mm, m, or feet and inches like 12' 6&quot;)" value={text} onChange={(e) => setText(e.currentTarget.value)}
            error={text && !realMm ? 'Type a length such as 3600, 3.6 m or 12\' 6"' : undefined} data-testid="known-length" />
          {c && (
            <Alert mt="xs" color={c.option ? 'teal' : 'yellow'} p="xs" data-testid="calibration-result">
              <Text size="sm">The plan is drawn at <b data-testid="calibrated-scale">1:{Math.round(c.scaleNumber)}</b> on {paper}.</Text>
              {c.option
                ? <Text size="xs">That is the scale {c.option.label}; applying it measures the plan again and keeps your edits.</Text>
                : <Text size="xs">No offered scale and paper is within 3 % of it; check the two points and the length.</Text>}
            </Alert>
          )}
          <Group gap="xs" mt="xs">
            <Button size="xs" disabled={!c?.option} loading={applying} onClick={() => c?.option && onApply({ scale_ratio: c.option.value, scale_number: c.option.scale_number, paper_size: c.option.paper_size })}>Apply scale</Button>
            <Button size="xs" variant="default" onClick={() => { setText(''); onClear(); }}>Measure again</Button>
          </Group>
        </>
      )}
    </Paper>
  );
}
