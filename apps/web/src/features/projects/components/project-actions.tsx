import { ActionIcon, Alert, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { Project } from '@plansight/contracts';
import { IconCopy, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useProjectActions } from '../api/project-manage-api';
import { projectIdOf } from '../utils/project-format';

type Dialog = 'rename' | 'duplicate' | 'delete' | null;

const errorText = (e: unknown) => (e instanceof Error ? e.message : 'Something went wrong. Please try again.');

/** The ⋯ menu of one project (rename, duplicate, delete) with its dialogs. */
export function ProjectActions({ project, name }: { project: Project; name: string }) {
  const id = projectIdOf(project);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [newName, setNewName] = useState(name);
  const actions = useProjectActions();
  const close = () => { setDialog(null); actions.rename.reset(); actions.duplicate.reset(); actions.remove.reset(); };
  const nameError = newName.trim() ? null : 'Project name: please enter a name.';
  const failure = actions.rename.error ?? actions.duplicate.error ?? actions.remove.error;

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`} data-testid="project-actions">
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => { setNewName(name); setDialog('rename'); }}>Rename</Menu.Item>
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => setDialog('duplicate')}>Duplicate</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog('delete')}>Delete</Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <Modal opened={dialog === 'rename'} onClose={close} title="Rename project" centered>
        <form onSubmit={(e) => {
          e.preventDefault();
          if (!nameError) actions.rename.mutate({ id, name: newName.trim() }, { onSuccess: close });
        }}>
          <Stack>
            <TextInput label="Project name" value={newName} onChange={(e) => setNewName(e.currentTarget.value)} error={nameError} maxLength={200} data-autofocus />
            {failure && <Alert color="red">{errorText(failure)}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>Cancel</Button>
              <Button type="submit" disabled={Boolean(nameError)} loading={actions.rename.isPending}>Save name</Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal opened={dialog === 'duplicate'} onClose={close} title="Duplicate project" centered>
        <Stack>
          <Text size="sm">
            A copy of <b>{name}</b> is made with its ceiling height, scale, measurements, room edits and estimate. Change
            the copy's ceiling height or scale to measure it again: no new upload, and <b>no plan is used</b>.
          </Text>
          {failure && <Alert color="red">{errorText(failure)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button leftSection={<IconCopy size={16} />} loading={actions.duplicate.isPending} onClick={() => actions.duplicate.mutate(id, { onSuccess: close })}>Duplicate</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'delete'} onClose={close} title="Delete project?" centered>
        <Stack>
          <Text size="sm">
            <b>{name}</b> is deleted for good: its PDF, plan image, measurements, room edits and estimate. This cannot be
            undone, and the plan it used is not given back.
          </Text>
          {failure && <Alert color="red">{errorText(failure)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button color="red" leftSection={<IconTrash size={16} />} loading={actions.remove.isPending} onClick={() => actions.remove.mutate(id, { onSuccess: close })}>Delete project</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
