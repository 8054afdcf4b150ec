import { ActionIcon, Group, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconFileText, IconFileTypePdf, IconPhoto, IconX } from '@tabler/icons-react';
import { formatBytes } from '../utils/report-files';

const iconOf = (type: string) => (type.startsWith('image/') ? IconPhoto : type === 'application/pdf' ? IconFileTypePdf : IconFileText);

/** The chosen attachments, each with its size and a remove button. */
export function ReportAttachments({ files, disabled, onRemove }: { files: File[]; disabled?: boolean; onRemove: (index: number) => void }) {
  if (!files.length) return null;
  return (
    <Stack gap={6} aria-label="Attachments">
      {files.map((f, i) => {
        const Icon = iconOf(f.type);
        return (
          <Paper key={`${f.name}-${i}`} withBorder radius="sm" px="sm" py={6}>
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" color="gray" size="md">
                <Icon size={16} />
              </ThemeIcon>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500} truncate="end">{f.name}</Text>
                <Text size="xs" c="dimmed">{formatBytes(f.size)}</Text>
              </div>
              <Tooltip label="Remove" withArrow>
                <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${f.name}`} disabled={disabled} onClick={() => onRemove(i)}>
                  <IconX size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
