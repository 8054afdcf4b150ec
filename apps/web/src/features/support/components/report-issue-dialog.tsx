import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck, IconScreenshot, IconUpload } from '@tabler/icons-react';
import { REPORT_LIMITS, REPORT_MESSAGES } from '@plansight/contracts';
import { ApiError } from '../../../lib/api-client';
import { submitIssueReport } from '../api/report-issue';
import { ACCEPTED_FILE_TYPES, addReportFiles } from '../utils/report-files';
import { captureScreenAsPng } from '../utils/screen-capture';
import { ReportAttachments } from './report-attachments';

const CAPTURE_FALLBACK = 'Screen capture is not supported or could not be started in this browser. Please use file upload instead.';

/** The report-issue dialog (spec sections 4, 5, 7, 8): description, attachments, screen capture. */
export function ReportIssueDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [description, setDescription] = useState('');
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [capturing, setCapturing] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  function reset() {
    setDescription('');
    setDescriptionError(null);
    setFiles([]);
    setFileErrors([]);
    setStatus('idle');
    setFailure(null);
  }
  function close() {
    window.clearTimeout(closeTimer.current);
    if (status === 'sent') reset();
    onClose();
  }
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  // A ref, so a drop (accepted + rejected) or a capture finishing later always adds to the latest list.
  const filesRef = useRef(files);
  filesRef.current = files;
  function add(incoming: File[]) {
    const r = addReportFiles(filesRef.current, incoming);
    filesRef.current = r.files;
    setFiles(r.files);
    setFileErrors(r.errors);
  }

  async function capture() {
    setCapturing(true);
    try {
      add([await captureScreenAsPng()]);
    } catch {
      alert(CAPTURE_FALLBACK);
    } finally {
      setCapturing(false);
    }
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (description.trim().length < REPORT_LIMITS.descriptionMinChars) return setDescriptionError(REPORT_MESSAGES.descriptionTooShort);
    setStatus('sending');
    setFailure(null);
    try {
      await submitIssueReport(description.trim(), files);
      setStatus('sent');
      closeTimer.current = window.setTimeout(() => {
        reset();
        onClose();
      }, REPORT_LIMITS.autoCloseMs);
    } catch (err) {
      setStatus('failed');
      // The server's reason helps when it is about the files (size, count, type); the spec text comes first.
      const detail = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : null;
      setFailure(err instanceof Error && err.message === REPORT_MESSAGES.authRequired ? err.message : detail);
    }
  }

  const busy = status === 'sending' || status === 'sent';
  // One call per drop: the drop zone's own type/size filter only sorts files; our limits give the messages.
  const onDropAny = (accepted: File[], rejected: FileRejection[]) => add([...accepted, ...rejected.map((r) => r.file)]);
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700} size="lg">Report an Issue</Text>} size="lg" fullScreen={phone} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {status === 'sent' ? (
            <Alert color="teal" icon={<IconCircleCheck />} title="Report sent" role="status">
              {REPORT_MESSAGES.success}
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">Tell us what went wrong and what you expected. Screenshots help us fix it faster.</Text>
          )}
          {status === 'failed' && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {failure === REPORT_MESSAGES.authRequired ? failure : REPORT_MESSAGES.failure}
              {failure && failure !== REPORT_MESSAGES.authRequired && <Text size="sm" mt={4}>{failure}</Text>}
            </Alert>
          )}
          <Textarea
            label="Description"
            placeholder="What happened? Which page, which project, what did you click?"
            withAsterisk
            autosize
            minRows={5}
            maxRows={10}
            maxLength={REPORT_LIMITS.descriptionMaxChars}
            value={description}
            disabled={busy}
            error={descriptionError}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
              setDescriptionError(null);
            }}
            description={`${description.length}/${REPORT_LIMITS.descriptionMaxChars} characters (at least ${REPORT_LIMITS.descriptionMinChars})`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <div>
            <Group justify="space-between" mb={6}>
              <Text size="sm" fw={500}>Attachments <Text span c="dimmed" size="xs">({files.length}/{REPORT_LIMITS.maxFiles})</Text></Text>
              <Button variant="light" size="xs" leftSection={<IconScreenshot size={14} />} loading={capturing} disabled={busy} onClick={() => void capture()}>
                Capture screen
              </Button>
            </Group>
            <Dropzone onDrop={() => undefined} onDropAny={onDropAny} accept={ACCEPTED_FILE_TYPES} maxSize={REPORT_LIMITS.maxFileBytes} disabled={busy} radius="md" p="md" aria-label="Add attachments">
              <Group justify="center" gap="sm" mih={64} style={{ pointerEvents: 'none' }} wrap="nowrap">
                <IconUpload size={28} color="var(--mantine-color-blue-6)" stroke={1.5} />
                <div>
                  <Text size="sm" fw={500}>Drop files here or click to choose</Text>
                  <Text size="xs" c="dimmed">JPG, PNG, GIF, WebP, PDF or TXT · up to {REPORT_LIMITS.maxFiles} files, 10MB each</Text>
                </div>
              </Group>
            </Dropzone>
          </div>
          {fileErrors.length > 0 && (
            <Alert color="orange" icon={<IconAlertCircle />} role="alert" py="xs">
              <List size="sm" spacing={2}>{fileErrors.map((m) => <List.Item key={m}>{m}</List.Item>)}</List>
            </Alert>
          )}
          <ReportAttachments files={files} disabled={busy} onRemove={(i) => setFiles(files.filter((_, j) => j !== i))} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>{status === 'sent' ? 'Close' : 'Cancel'}</Button>
            <Button type="submit" loading={status === 'sending'} disabled={!description || busy}>Submit Report</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
