import { ActionIcon, Badge, Button, Group, Paper, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconRestore } from '@tabler/icons-react';
import type { EditorMode } from './plan-editor-canvas';
import type { SaveState } from './use-plan-editor';

const MODES: { value: EditorMode; label: string; hint: string }[] = [
  { value: 'select', label: 'Select', hint: 'Pick a room; drag its corners and walls, click a wall to add a corner' },
  { value: 'draw', label: 'Draw room', hint: 'Click the corners of a missing room; click the first corner or press Enter to finish' },
  { value: 'split', label: 'Split', hint: 'Click two points across the selected room to split it' },
  { value: 'merge', label: 'Merge', hint: 'Click the neighbouring room to merge into the selected one' },
  { value: 'window', label: '+ Window', hint: 'Click a wall of the selected room to add a window' },
  { value: 'door', label: '+ Door', hint: 'Click a wall of the selected room to add a door' },
  { value: 'measure', label: 'Measure length', hint: 'Click two points of a length you know, then type it to set the scale' },
];

const SAVE_TEXT: Record<SaveState, [string, string]> = {
  saved: ['All changes saved', 'teal'], pending: ['Unsaved changes…', 'yellow'], saving: ['Saving…', 'blue'], error: ['Not saved', 'red'],
};

/** The editor's commands as buttons (each also has a key or a gesture on the plan). */
export function EditorToolbar({ mode, onMode, canUndo, canRedo, onUndo, onRedo, onResetAll, saveState }: {
  mode: EditorMode; onMode: (m: EditorMode) => void; canUndo: boolean; canRedo: boolean; onUndo: () => void; onRedo: () => void;
  onResetAll: () => void; saveState: SaveState;
}) {
  const hint = MODES.find((m) => m.value === mode)?.hint ?? '';
  const [saveText, saveColour] = SAVE_TEXT[saveState];
  return (
    <Paper withBorder radius="md" p="xs" data-testid="editor-toolbar">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <SegmentedControl size="xs" value={mode} onChange={(v) => onMode(v as EditorMode)} data={MODES.map((m) => ({ value: m.value, label: m.label }))} aria-label="Editing tool" style={{ flexWrap: 'wrap' }} />
        <Group gap={6}>
          <Tooltip label="Undo (Ctrl+Z)"><ActionIcon variant="default" aria-label="Undo" disabled={!canUndo} onClick={onUndo}><IconArrowBackUp size={18} /></ActionIcon></Tooltip>
          <Tooltip label="Redo (Ctrl+Shift+Z)"><ActionIcon variant="default" aria-label="Redo" disabled={!canRedo} onClick={onRedo}><IconArrowForwardUp size={18} /></ActionIcon></Tooltip>
          <Button size="xs" variant="default" leftSection={<IconRestore size={14} />} onClick={onResetAll}>Reset plan to detected</Button>
          <Badge variant="light" color={saveColour} data-testid="save-state" data-state={saveState}>{saveText}</Badge>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mt={6}>{hint}</Text>
    </Paper>
  );
}
