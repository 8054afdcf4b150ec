import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, Group, NumberInput, Paper, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRuler2 } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { getCeilingScale, saveCeilingScale, SCALE_OPTIONS, type CeilingScaleDto } from '../api/measure-api';
import { CEILING_SCALE_REQUIRED, ceilingScaleFormSchema, formDefaults, toCeilingScaleBody, type CeilingScaleForm } from '../utils/ceiling-scale-form';

export default function CeilingScalePage() {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const partial = (useLocation().state as { partial?: Partial<CeilingScaleDto> } | null)?.partial;
  // An earlier record pre-fills the form when the user comes back to change height or scale.
  const existing = useQuery({ queryKey: ['measure', 'ceiling-scale', projectId], queryFn: () => getCeilingScale(projectId), enabled: !partial, retry: false });
  const form = useForm<CeilingScaleForm>({ resolver: zodResolver(ceilingScaleFormSchema), defaultValues: formDefaults(partial) });
  useEffect(() => { if (existing.data && !form.formState.isDirty) form.reset(formDefaults(existing.data)); }, [existing.data, form]);
  const save = useMutation({
    mutationFn: (body: CeilingScaleDto) => saveCeilingScale(projectId, body),
    onSuccess: (saved, body) => navigate(`/projects/${projectId}/results`, { state: { ceiling: saved ?? body } }),
  });
  const errors = form.formState.errors;
  const message = save.isError ? 'Failed to update ceiling and scale. Please try again.'
    : errors.ceilling_hight_mm?.message === CEILING_SCALE_REQUIRED || errors.scale_ratio ? CEILING_SCALE_REQUIRED : null;

  return (
    <Container size={560} py="xl">
      <Paper withBorder p="xl" radius="lg" shadow="sm">
        <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(toCeilingScaleBody(v)))}>
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={42} radius="md" variant="light"><IconRuler2 size={24} /></ThemeIcon>
              <div>
                <Title order={2}>Ceiling height and scale</Title>
                <Text c="dimmed" size="sm">We use these to turn the drawing into real lengths and wall areas.</Text>
              </div>
            </Group>
            {message && <Alert color="red" variant="light">{message}</Alert>}
            <Controller control={form.control} name="ceilling_hight_mm" render={({ field }) => (
              <NumberInput label="Ceiling height (mm)" description="Floor to ceiling, e.g. 2400 for a standard ceiling" placeholder="2400" min={0} step={0.1} decimalScale={1} suffix=" mm"
                value={field.value ?? ''} onChange={(v) => field.onChange(v === '' ? undefined : Number(v))} onBlur={field.onBlur}
                error={errors.ceilling_hight_mm && errors.ceilling_hight_mm.message !== CEILING_SCALE_REQUIRED ? errors.ceilling_hight_mm.message : undefined} />
            )} />
            <Controller control={form.control} name="scale_ratio" render={({ field }) => (
              <Select label="Scale and paper size" description="As printed in the plan's title block" placeholder="Choose a scale" searchable
                data={SCALE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} value={field.value ?? null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} />
            )} />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => navigate('/projects')}>Cancel</Button>
              <Button type="submit" loading={save.isPending}>Save &amp; Continue to Results</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
