import { Button, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { createButtonState } from '../utils/project-format';

/** 'Create New Project (N remaining)', or disabled 'No Plans Remaining (N left)' with a tooltip. */
export function CreateProjectButton({ remaining, canCreate }: { remaining: number | undefined; canCreate: boolean }) {
  const { label, tooltip } = createButtonState(remaining, canCreate);
  if (!tooltip) {
    return <Button component={Link} to="/projects/create" leftSection={<IconPlus size={18} />} data-testid="create-project-button">{label}</Button>;
  }
  // A disabled button fires no mouse events; the wrapper carries the tooltip.
  return (
    <Tooltip label={tooltip} withArrow>
      <span data-testid="create-project-tooltip-target" style={{ display: 'inline-block' }}>
        <Button disabled data-testid="create-project-button">{label}</Button>
      </span>
    </Tooltip>
  );
}
