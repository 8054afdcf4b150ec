import { Button, Group, Modal, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { PdfDocState } from '../utils/pdf-document';
import { PdfPagePreview } from './pdf-page-preview';

const MODAL_PREVIEW_WIDTH_PX = 300;

interface ConfirmProps { opened: boolean; name: string; fileName: string; pageNo: number; doc: PdfDocState; onCancel: () => void; onConfirm: () => void }

/** Shows what will be created, with a small preview of the chosen page, before a plan is spent. */
export function ConfirmCreateModal({ opened, name, fileName, pageNo, doc, onCancel, onConfirm }: ConfirmProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={<Text fw={700}>Create this project?</Text>} centered size="md">
      <Stack gap="md">
        <Table withRowBorders={false} verticalSpacing={4} data-testid="confirm-details">
          <Table.Tbody>
            <Table.Tr><Table.Td c="dimmed" w={110}>Name</Table.Td><Table.Td fw={600} style={{ wordBreak: 'break-word' }}>{name}</Table.Td></Table.Tr>
            <Table.Tr><Table.Td c="dimmed">File</Table.Td><Table.Td style={{ wordBreak: 'break-all' }}>{fileName}</Table.Td></Table.Tr>
            <Table.Tr><Table.Td c="dimmed">Page</Table.Td><Table.Td>{pageNo}</Table.Td></Table.Tr>
          </Table.Tbody>
        </Table>
        <Group justify="center">
          <PdfPagePreview state={doc} pageNo={pageNo} widthPx={MODAL_PREVIEW_WIDTH_PX} testId="confirm-preview" />
        </Group>
        <Text size="sm" c="dimmed">Creating the project uses one plan from your allowance.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>Back</Button>
          <Button onClick={onConfirm} data-testid="confirm-create">Create Project</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Project Created Successfully!' with the way on to the results. */
export function CreatedModal({ opened, name, onView }: { opened: boolean; name: string; onView: () => void }) {
  return (
    <Modal opened={opened} onClose={onView} withCloseButton={false} centered closeOnClickOutside={false} size="sm">
      <Stack align="center" gap="sm" py="md">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light"><IconCircleCheck size={34} /></ThemeIcon>
        <Text fw={700} size="lg" ta="center">Project Created Successfully!</Text>
        <Text size="sm" c="dimmed" ta="center">“{name}” is ready. Set the ceiling height and scale to get its measurements.</Text>
        <Button mt="sm" onClick={onView} data-autofocus>View Project Results</Button>
      </Stack>
    </Modal>
  );
}
