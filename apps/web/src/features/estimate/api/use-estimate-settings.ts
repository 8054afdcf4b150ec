import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { estimateSettingsSchema, type EstimateSettings } from '@plansight/contracts';
import { getEstimate, saveEstimate, type SettingsSource } from './estimate-api';

/** How long edits settle before they are saved: typing a price saves once, not per key. */
const SAVE_DELAY_MS = 700;

export const estimateKeys = { project: (id: string) => ['estimate', id] as const };

/**
 * The project's estimate settings: read once, changed locally at once (so every figure follows while typing)
 * and saved after a pause when they are valid; `saveAsDefault` also makes them the account's default.
 */
export function useEstimateSettings(projectId: string) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: estimateKeys.project(projectId), queryFn: () => getEstimate(projectId), enabled: !!projectId, staleTime: Infinity });
  const [local, setLocal] = useState<EstimateSettings | null>(null);
  const [source, setSource] = useState<SettingsSource | null>(null);
  const [saving, setSaving] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  const persist = useCallback(async (s: EstimateSettings, asDefault: boolean) => {
    setSaving(true);
    try {
      const r = await saveEstimate(projectId, s, asDefault);
      qc.setQueryData(estimateKeys.project(projectId), r);
      setSource(r.source);
      if (asDefault) notifications.show({ color: 'teal', title: 'Defaults saved', message: 'New projects start with these estimate settings.' });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Estimate settings not saved', message: e instanceof Error ? e.message : 'Please try again.' });
    } finally {
      setSaving(false);
    }
  }, [projectId, qc]);

  const update = useCallback((next: EstimateSettings) => {
    setLocal(next);
    const check = estimateSettingsSchema.safeParse(next);
    setInvalid(check.success ? null : check.error.issues[0]?.message ?? 'Check the estimate settings.');
    if (timer.current) clearTimeout(timer.current);
    if (check.success) timer.current = setTimeout(() => void persist(check.data, false), SAVE_DELAY_MS);
  }, [persist]);

  const saveAsDefault = useCallback(() => {
    const s = local ?? q.data?.settings;
    if (s && estimateSettingsSchema.safeParse(s).success) void persist(s, true);
  }, [local, q.data, persist]);

  return { settings: local ?? q.data?.settings ?? null, source: source ?? q.data?.source ?? null, loading: q.isLoading, error: q.error, saving, invalid, update, saveAsDefault };
}
