import type { ScaleOption } from '@plansight/contracts';
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { choiceOf, mmPerPt, nearestStandard, parseLengthMm, scaleFor, scaleText, type PageSize } from './scale-math';

/**
 * After two points: the real length typed by the user, the scale that follows on `paper` (shown as 1:N), and
 * the buttons that apply it: exactly as measured (a custom 1:N when it is no usual scale) or, when one is
 * within a percent and a half, the usual scale it surely is.
 */
export function CalibrationResult({ lengthPt, page, paper, current, applying, onApply, onClear }: {
  lengthPt: number; page: PageSize; paper: string; applying?: boolean;
  /** The scale the plan is measured at now, to say how long the line is at it. */
  current?: { scaleNumber: number; paper: string };
  onApply: (o: ScaleOption) => void; onClear: () => void;
}) {
  const [text, setText] = useState('');
  const realMm = parseLengthMm(text);
  const n = realMm ? scaleFor(lengthPt, realMm, paper, page) : null;
  const usual = n ? nearestStandard(n, paper) : null;
  const exact = n ? choiceOf(n, paper) : null;
  const standard = usual && exact && usual !== exact.scale_number ? choiceOf(usual, paper) : null;
  return (
    <>
      {current && (
        <Text size="xs" mt={4}>At {scaleText(current.scaleNumber, current.paper)} this line is{' '}
          <b data-testid="measured-length">{Math.round(lengthPt * mmPerPt(current.scaleNumber, current.paper, page))} mm</b>.</Text>
      )}
      <TextInput size="sm" mt="xs" label="Real length" description={'mm, m, or feet and inches like 12\' 6"'} placeholder="e.g. 3600" value={text} autoFocus
        onChange={(e) => setText(e.currentTarget.value)} error={text && !realMm ? 'Type a length such as 3600, 3.6 m or 12\' 6"' : undefined} data-testid="known-length" />
      {n && exact && (
        <Alert mt="xs" color="teal" p="xs" data-testid="calibration-result">
          <Text size="sm">The plan is drawn at <b data-testid="calibrated-scale">1:{n >= 20 ? Math.round(n) : n.toFixed(1)}</b> {paper === 'PAGE' ? 'on the page as printed' : `on ${paper}`}.</Text>
          {usual && <Text size="xs" data-testid="calibrated-standard">That is the usual scale {scaleText(usual, paper)} ({(Math.abs(usual / n - 1) * 100).toFixed(1)} % from what you measured).</Text>}
          {!usual && <Text size="xs">No usual scale is this close; it is applied as a custom scale 1:{exact.scale_number}.</Text>}
        </Alert>
      )}
      <Group gap="xs" mt="xs">
        {standard && <Button size="xs" loading={applying} onClick={() => onApply(standard)} data-testid="apply-standard">Use {scaleText(standard.scale_number, paper)}</Button>}
        <Button size="xs" variant={standard ? 'light' : 'filled'} disabled={!exact} loading={applying && !standard} onClick={() => exact && onApply(exact)} data-testid="apply-calibration">
          {exact && !standard ? `Use ${scaleText(exact.scale_number, paper)}` : exact ? `Use exactly 1:${exact.scale_number}` : 'Apply scale'}
        </Button>
        <Button size="xs" variant="default" onClick={() => { setText(''); onClear(); }}>Measure again</Button>
      </Group>
    </>
  );
}
