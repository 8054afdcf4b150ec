import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, PDF_MIME_TYPE } from '@mantine/dropzone';
import { IconFileTypePdf, IconUpload, IconX } from '@tabler/icons-react';
import { CREATE_PROJECT_MESSAGES } from '@plansight/contracts';

interface Props {
  file: File | null;
  error?: string;
  disabled: boolean;
  onFile: (file: File) => void;
  onInvalid: (message: string) => void;
}

const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** PDF-only drop area and picker (spec section 5: 'Please select a valid PDF file.' for anything else). */
export function PdfDropField({ file, error, disabled, onFile, onInvalid }: Props) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>Floor plan PDF</Text>
      <Dropzone
        onDrop={(files) => {
          const f = files[0];
          if (f && f.type === 'application/pdf') onFile(f);
          else onInvalid(CREATE_PROJECT_MESSAGES.notPdf);
        }}
        onReject={() => onInvalid(CREATE_PROJECT_MESSAGES.notPdf)}
        accept={PDF_MIME_TYPE}
        multiple={false}
        disabled={disabled}
        radius="md"
        p="lg"
        data-testid="pdf-dropzone"
        style={{ borderColor: error ? 'var(--mantine-color-red-6)' : undefined }}
      >
        <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept><IconUpload size={40} color="var(--mantine-color-blue-6)" stroke={1.5} /></Dropzone.Accept>
          <Dropzone.Reject><IconX size={40} color="var(--mantine-color-red-6)" stroke={1.5} /></Dropzone.Reject>
          <Dropzone.Idle><IconFileTypePdf size={40} color={file ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-dimmed)'} stroke={1.5} /></Dropzone.Idle>
          {file ? (
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate="end" data-testid="chosen-file">{file.name}</Text>
              <Text size="sm" c="dimmed">{formatSize(file.size)} · drop another PDF or click to replace</Text>
            </div>
          ) : (
            <div>
              <Text fw={600}>Drop your floor plan PDF here or click to browse</Text>
              <Text size="sm" c="dimmed">PDF files only</Text>
            </div>
          )}
        </Group>
      </Dropzone>
      {error && <Text size="xs" c="red" data-testid="file-error">{error}</Text>}
    </Stack>
  );
}
