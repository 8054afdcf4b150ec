import { zodResolver } from '@hookform/resolvers/zod';
import { PAPER_LABELS, PAPER_SIZES, type ScaleOption } from '@plansight/contracts';
import { Alert, Button, Container, Group, NumberInput, Paper, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRuler2, IconRulerMeasure } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { getCeilingScale, getProject, saveCeilingScale, type CeilingScaleDto } from '../api/measure-api';
import { usePageScale } from '../api/use-page-scale';
import { MeasureOnPlan } from '../calibrate/measure-on-plan';
import { ScaleSuggestionList } from '../calibrate/scale-suggestion-list';
import { scaleText } from '../calibrate/scale-math';
import { usePlanImage } from '../components/use-plan-image';
import {
  CEILING_SCALE_REQUIRED, ceilingScaleFormSchema, chosenPaper, CUSTOM_SCALE, formDefaults, OTHER_SCALE, otherScaleGroups, questionableHeight,
  printedScaleLabel, scaleFields, specScaleItems, toCeilingScaleBody, type CeilingScaleForm,
} from '../utils/ceiling-scale-form';

const SAVE_FAILED = 'Failed to update ceiling and scale. Please try again.';
const scaleItems = [...specScaleItems, { value: OTHER_SCALE, label: 'Other scale or sheet (imperial, ANSI, ARCH, custom 1:N)…' }];
const paperItems = PAPER_SIZES.map((p) => ({ value: p, label: PAPER_LABELS[p] }));

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
  // An unusual height is questioned once; keeping it is a deliberate second click.
  const [question, setQuestion] = useState<{ valueMm: number; suggestionMm: number } | null>(null);
  const [keptMm, setKeptMm] = useState<number | null>(null);
  const submit = form.handleSubmit((v) => {
    const q = questionableHeight(v.ceilling_hight_mm);
    if (q && keptMm !== v.ceilling_hight_mm) { setQuestion({ valueMm: v.ceilling_hight_mm, suggestionMm: q.suggestionMm }); return; }
    setQuestion(null);
    save.mutate(toCeilingScaleBody(v));
  });
  const errors = form.formState.errors;
  const heightError = errors.ceilling_hight_mm?.message;
  // The server names the field and says why (422 detail list, or detail text); anything else is the spec's message.
  const serverReason = save.error instanceof ApiError && save.error.status < 500
    ? (Array.isArray(save.error.body?.detail) ? save.error.body.detail.map((d: { msg?: string }) => d.msg).filter(Boolean).join(' ') : save.error.message)
    : null;
  const message = save.isError ? serverReason || SAVE_FAILED
    : heightError === CEILING_SCALE_REQUIRED || errors.scale_ratio ? CEILING_SCALE_REQUIRED : null;
  const scaleChoice = form.watch('scale_ratio');
  const otherScale = form.watch('other_scale');
  const applySuggestion = (mm: number) => { form.setValue('ceilling_hight_mm', mm, { shouldValidate: true }); setQuestion(null); };
  // the plan's own scale (printed, dimension strings, scale bar) and "Measure a known length" on its image
  const pageScale = usePageScale(projectId);
  const { data: project } = useQuery({ queryKey: ['measure', 'project', projectId], queryFn: () => getProject(projectId), staleTime: 60_000, retry: false });
  const image = usePlanImage(project?.s3_png_url);
  const [measuring, setMeasuring] = useState(false);
  const calibrationPaper = chosenPaper({ scale_ratio: scaleChoice, other_paper: form.watch('other_paper') }) ?? pageScale.data?.sheet ?? 'PAGE';
  const applyScale = (o: ScaleOption, how: string) => {
    const f = scaleFields(o.scale_number, o.paper_size);
    form.setValue('scale_ratio', f.scale_ratio, { shouldValidate: true, shouldDirty: true });
    form.setValue('other_scale', f.other_scale);
    form.setValue('custom_n', f.custom_n);
    form.setValue('other_paper', f.other_paper);
    setMeasuring(false);
    notifications.show({ color: 'teal', message: `Scale set to ${scaleText(o.scale_number, o.paper_size)} ${how}.` });
  };
  // No scale chosen yet (no saved record, none passed along): the scale printed for the plan view is pre-selected,
  // on the sheet the page is, so the 1:N holds on the page as printed.
  const printed = pageScale.data?.printed_scale ?? null;
  const noScaleYet = !partial?.scale_number && !partial?.scale_ratio && (partial ? true : existing.isError);
  const [preselected, setPreselected] = useState(false);
  useEffect(() => {
    if (!printed || !noScaleYet || preselected || form.getValues('scale_ratio')) return;
    const f = scaleFields(printed, pageScale.data?.sheet ?? 'PAGE');
    form.setValue('scale_ratio', f.scale_ratio);
    form.setValue('other_scale', f.other_scale);
    form.setValue('custom_n', f.custom_n);
    form.setValue('other_paper', f.other_paper);
    setPreselected(true);
  }, [printed, noScaleYet, preselected, form, pageScale.data?.sheet]);
  const refusedSuggestion = heightError && heightError !== CEILING_SCALE_REQUIRED ? /Did you mean (\d+(?:\.\d+)?) mm/.exec(heightError)?.[1] : undefined;

  return (
    <Container size={measuring ? 860 : 560} py="xl" px={{ base: 'xs', sm: 'md' }}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg" shadow="sm">
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={42} radius="md" variant="light"><IconRuler2 size={24} /></ThemeIcon>
              <div>
                <Title order={2}>Ceiling height and scale</Title>
                <Text c="dimmed" size="sm">We use these to turn the drawing into real lengths and wall areas.</Text>
              </div>
            </Group>
            {message && <Alert color="red" variant="light" data-testid="ceiling-scale-error">{message}</Alert>}
            <Controller control={form.control} name="ceilling_hight_mm" render={({ field }) => (
              <NumberInput label="Ceiling height (mm)" description="Floor to ceiling, e.g. 2400 for a standard ceiling" placeholder="2400" min={0} step={0.1} decimalScale={1} suffix=" mm"
                value={field.value ?? ''} onChange={(v) => { setQuestion(null); field.onChange(v === '' ? undefined : Number(v)); }} onBlur={field.onBlur}
                error={heightError && heightError !== CEILING_SCALE_REQUIRED ? heightError : undefined} />
            )} />
            {refusedSuggestion && (
              <Group gap="xs"><Button size="xs" variant="light" onClick={() => applySuggestion(Number(refusedSuggestion))}>Use {refusedSuggestion} mm</Button></Group>
            )}
            {question && (
              <Alert color="yellow" variant="light" title={`Did you mean ${question.suggestionMm} mm?`} data-testid="ceiling-height-question">
                <Text size="sm" mb="xs">A ceiling height of {question.valueMm} mm is unusual for a room (most are 2400 to 3000 mm). Heights are in millimetres.</Text>
                <Group gap="xs">
                  <Button size="xs" onClick={() => applySuggestion(question.suggestionMm)}>Use {question.suggestionMm} mm</Button>
                  <Button size="xs" variant="default" onClick={() => { setKeptMm(question.valueMm); setQuestion(null); }}>Keep {question.valueMm} mm</Button>
                </Group>
              </Alert>
            )}
            <Controller control={form.control} name="scale_ratio" render={({ field }) => (
              <Select label="Scale and paper size" description="As printed in the plan's title block" placeholder="Choose a scale" searchable
                allowDeselect={false} data={scaleItems} value={field.value ?? null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} />
            )} />
            {preselected && printed && (
              <Text size="xs" c="teal.8" mt={-8} data-testid="scale-preselected">
                Pre-selected from the plan: it prints {printedScaleLabel(printed)} for its floor plan. Change it if the plan was printed at another size.
              </Text>
            )}
            {scaleChoice === OTHER_SCALE && (
              <Group grow align="flex-start" wrap="wrap">
                <Controller control={form.control} name="other_scale" render={({ field }) => (
                  <Select label="Drawing scale" placeholder="e.g. 1/4&quot; = 1'-0&quot;" searchable allowDeselect={false} data={otherScaleGroups} miw={200}
                    value={field.value ?? null} onChange={(v) => field.onChange(v ?? undefined)} error={errors.other_scale?.message} />
                )} />
                <Controller control={form.control} name="other_paper" render={({ field }) => (
                  <Select label="Paper size" placeholder="Sheet the plan is printed on" searchable allowDeselect={false} data={paperItems} miw={200}
                    value={field.value ?? null} onChange={(v) => field.onChange(v ?? undefined)} error={errors.other_paper?.message} />
                )} />
              </Group>
            )}
            {scaleChoice === OTHER_SCALE && otherScale === CUSTOM_SCALE && (
              <Controller control={form.control} name="custom_n" render={({ field }) => (
                <NumberInput label="Custom scale 1:N" description="N of the scale printed on the plan, e.g. 75 for 1:75" leftSection={<Text size="sm">1:</Text>} min={1} max={10000} allowDecimal={false}
                  value={field.value ?? ''} onChange={(v) => field.onChange(v === '' ? undefined : Number(v))} error={errors.custom_n?.message} />
              )} />
            )}
            <ScaleSuggestionList pageScale={pageScale.data} onUse={(o) => applyScale(o, 'as the plan says')} />
            <div>
              <Button variant="light" size="xs" leftSection={<IconRulerMeasure size={16} />} onClick={() => setMeasuring((m) => !m)} data-testid="measure-known-length" disabled={!pageScale.data}>
                {measuring ? 'Close the measuring' : 'Measure a known length on the plan'}
              </Button>
              <Text size="xs" c="dimmed" mt={4}>No scale printed, or printed as "about 1:100"? Click both ends of a length you know and type it.</Text>
            </div>
            {measuring && pageScale.data && (
              <MeasureOnPlan imageUrl={image?.url} pageScale={pageScale.data} paper={calibrationPaper} onApply={(o) => applyScale(o, 'from your measurement')} />
            )}
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
