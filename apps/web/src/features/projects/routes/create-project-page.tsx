import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Container, Grid, Group, LoadingOverlay, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { CREATE_PROJECT_MESSAGES, createProjectFieldsSchema, type CreateProjectResponse } from '@plansight/contracts';
import { IconAlertCircle, IconInfoCircle, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { useCreateProject } from '../api/projects-api';
import { ConfirmCreateModal, CreatedModal } from '../components/create-project-dialogs';
import { PdfDropField } from '../components/pdf-drop-field';
import { PdfPagePreview } from '../components/pdf-page-preview';
import { createProjectErrorText, isPlanError } from '../utils/project-format';
import { usePdfDocument } from '../utils/pdf-document';

const FORM_PREVIEW_WIDTH_PX = 400;

const formSchema = createProjectFieldsSchema.extend({
  file: z.custom<File>((v) => v instanceof File, CREATE_PROJECT_MESSAGES.fileRequired),
});
type FormInput = { filename: string; pageno: string; file: File | null };
type FormValues = z.output<typeof formSchema>;

export default function CreateProjectPage() {
  const navigate = useNavigate();
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema) as never,
    defaultValues: { filename: '', pageno: '1', file: null },
  });
  const [confirming, setConfirming] = useState<FormValues | null>(null);
  const [created, setCreated] = useState<CreateProjectResponse | null>(null);
  const mutation = useCreateProject();
  const { file, filename, pageno } = form.watch();
  const doc = usePdfDocument(file);
  const pageNo = /^\d+$/.test(pageno.trim()) ? Number(pageno) : 0;
  const busy = mutation.isPending;
  const errorText = mutation.isError ? createProjectErrorText(mutation.error) : null;

  function pickFile(f: File) {
    form.setValue('file', f, { shouldValidate: true });
    form.clearErrors('file');
    if (!form.getValues('filename').trim()) form.setValue('filename', f.name.replace(/\.[^.]+$/, ''), { shouldValidate: true });
    mutation.reset();
  }

  function confirm() {
    if (!confirming) return;
    const values = confirming;
    setConfirming(null);
    mutation.mutate({ file: values.file, filename: values.filename, pageno: Number(values.pageno) }, { onSuccess: setCreated });
  }

  function viewResults() {
    const id = created?.project_id;
    if (id) navigate(`/projects/${id}/results`, { state: { project: created } });
    else navigate('/projects');
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 30 }}>Create Project</Title>
          <Text c="dimmed" size="sm" mt={4}>
            Upload a floor plan PDF and choose the page that holds the plan. Only one PDF page is processed per project.
          </Text>
        </div>
        <form onSubmit={form.handleSubmit(setConfirming)} noValidate>
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Paper withBorder radius="md" p="lg" shadow="xs" pos="relative">
                <LoadingOverlay visible={busy} loaderProps={{ children: <Stack align="center" gap="xs"><Text fw={600}>Creating project…</Text><Text size="sm" c="dimmed">Reading the PDF and rendering the page</Text></Stack> }} />
                <fieldset disabled={busy} style={{ border: 0, padding: 0, margin: 0 }}>
                  <Stack gap="md">
                    <PdfDropField
                      file={file}
                      error={form.formState.errors.file?.message}
                      disabled={busy}
                      onFile={pickFile}
                      onInvalid={(m) => form.setError('file', { message: m })}
                    />
                    <TextInput label="Project name" placeholder="e.g. 12 Harbour St, Level 2" {...form.register('filename')} error={form.formState.errors.filename?.message} />
                    {file && (
                      <TextInput
                        type="number"
                        label="Floor plan page number"
                        description={doc.status === 'ready' ? `This PDF has ${doc.doc.numPages} ${doc.doc.numPages === 1 ? 'page' : 'pages'}.` : 'The page that holds the floor plan.'}
                        min={1}
                        step={1}
                        inputMode="numeric"
                        w={{ base: '100%', xs: 220 }}
                        {...form.register('pageno')}
                        error={form.formState.errors.pageno?.message}
                        data-testid="page-number"
                      />
                    )}
                    {errorText && (isPlanError(errorText) ? (
                      <Alert color="orange" variant="light" icon={<IconSparkles size={18} />} title="Plan limit reached" data-testid="create-error">
                        <Text size="sm">{errorText}</Text>
                        <Button component={Link} to="/upgrade-plans" size="xs" color="orange" mt="sm">Upgrade Plan</Button>
                      </Alert>
                    ) : (
                      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="create-error">{errorText}</Alert>
                    ))}
                    <Group justify="flex-end" gap="sm" mt="xs">
                      <Button variant="default" component={Link} to="/projects">Cancel</Button>
                      <Button type="submit" disabled={!filename.trim() || !file || !pageno.trim() || busy} loading={busy}>Create Project</Button>
                    </Group>
                  </Stack>
                </fieldset>
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Paper withBorder radius="md" p="lg" shadow="xs" mih={{ md: 300 }}>
                <Text fw={600} mb="sm">Preview</Text>
                {file && pageNo > 0 ? (
                  <Group justify="center"><PdfPagePreview state={doc} pageNo={pageNo} widthPx={FORM_PREVIEW_WIDTH_PX} testId="form-preview" /></Group>
                ) : (
                  <Group gap="xs" c="dimmed" wrap="nowrap">
                    <IconInfoCircle size={18} />
                    <Text size="sm">Choose a PDF and a page number to see the page here.</Text>
                  </Group>
                )}
              </Paper>
            </Grid.Col>
          </Grid>
        </form>
        <Text size="xs" c="dimmed">
          Each project uses one plan. Need more? <Anchor component={Link} to="/upgrade-plans" size="xs">Upgrade your plan</Anchor>.
        </Text>
      </Stack>
      <ConfirmCreateModal
        opened={confirming !== null}
        name={confirming?.filename ?? ''}
        fileName={confirming?.file.name ?? ''}
        pageNo={confirming ? Number(confirming.pageno) : 1}
        doc={doc}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
      <CreatedModal opened={created !== null} name={created?.project_name ?? ''} onView={viewResults} />
    </Container>
  );
}
