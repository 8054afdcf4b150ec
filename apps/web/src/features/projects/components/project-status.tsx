import { Button, Group, Tooltip } from '@mantine/core';
import type { Project } from '@plansight/contracts';
import { IconAlertTriangle, IconCheck, IconClockHour4, IconRefresh, IconRuler2 } from '@tabler/icons-react';

/**
 * The status column: 'Result' when measured (spec), 'Processing' only while a run is queued or running,
 * 'Failed' with the reason and 'Try again' (opening the results page runs the analysis again), and
 * 'Set scale' for a project whose ceiling height and scale were never set. An older server without
 * `status` falls back to the spec's has_result rule.
 */
export function ProjectStatus({ project, onOpen, onSetScale }: { project: Project; onOpen: () => void; onSetScale: () => void }) {
  const status = project.status ?? (project.has_result ? 'done' : 'processing');
  if (project.has_result || status === 'done') {
    return (
      <Tooltip label="Click to view project results" withArrow>
        <Button size="xs" color="teal" variant="light" leftSection={<IconCheck size={14} />} onClick={onOpen}>Result</Button>
      </Tooltip>
    );
  }
  if (status === 'failed') {
    return (
      <Group gap={4} justify="flex-end" wrap="wrap" data-testid="project-failed">
        <Tooltip label={project.status_detail ?? 'The analysis failed.'} withArrow multiline w={280}>
          <Button size="xs" color="red" variant="light" leftSection={<IconAlertTriangle size={14} />} onClick={onOpen}>Failed</Button>
        </Tooltip>
        <Button size="xs" variant="subtle" leftSection={<IconRefresh size={14} />} onClick={onOpen}>Try again</Button>
      </Group>
    );
  }
  if (status === 'not_measured') {
    return (
      <Tooltip label="Set the ceiling height and scale to measure this plan" withArrow>
        <Button size="xs" color="blue" variant="light" leftSection={<IconRuler2 size={14} />} onClick={onSetScale}>Set scale</Button>
      </Tooltip>
    );
  }
  return (
    <Tooltip label="Project is still processing" withArrow>
      <Button size="xs" color="gray" variant="light" leftSection={<IconClockHour4 size={14} />} onClick={onOpen}>Processing</Button>
    </Tooltip>
  );
}
