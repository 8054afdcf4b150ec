import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getResult, resetEdits, resetRoomEdits, saveRooms, type ResultDto } from '../api/measure-api';
import { measureKeys } from '../api/use-results';
import { amend, commit, historyOf, redo, roomsBody, roomsFromResult, undo, type EditRoom, type History } from './editor-state';

/** Edits are saved this long after the last change (a drag saves once, when it settles). */
export const SAVE_DEBOUNCE_MS = 700;

export type SaveState = 'saved' | 'pending' | 'saving' | 'error';

/**
 * The editor's rooms with undo/redo, saved to the server (debounced, the whole set at once, so the later save
 * wins); the saved result replaces the shared result cache, so the results page and report use the edits.
 * When another tab saves (the version moves without us), the latest rooms are loaded and the user is told.
 */
export function usePlanEditor(projectId: string, result: ResultDto) {
  const qc = useQueryClient();
  const [history, setHistory] = useState<History>(() => historyOf(roomsFromResult(result)));
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const version = useRef(result.edits_version ?? 0);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(history.present);
  latest.current = history.present;

  const save = useCallback(async (rooms: EditRoom[]) => {
    setSaveState('saving');
    try {
      const saved = await saveRooms(projectId, roomsBody(rooms));
      version.current = saved.edits_version ?? version.current + 1;
      dirty.current = false;
      qc.setQueryData(measureKeys.result(projectId), saved);
      setSaveState('saved');
    } catch (e) {
      setSaveState('error');
      notifications.show({ color: 'red', title: 'Changes not saved', message: e instanceof Error ? e.message : 'The plan could not be saved. Please try again.' });
    }
  }, [projectId, qc]);

  const schedule = useCallback((rooms: EditRoom[]) => {
    dirty.current = true;
    setSaveState('pending');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(rooms), SAVE_DEBOUNCE_MS);
  }, [save]);

  /** A new undo step. */
  const apply = useCallback((rooms: EditRoom[]) => setHistory((h) => { const n = commit(h, rooms); if (n !== h) schedule(rooms); return n; }), [schedule]);
  /** The same step, changed further (while dragging). */
  const change = useCallback((rooms: EditRoom[]) => setHistory((h) => { schedule(rooms); return amend(h, rooms); }), [schedule]);
  /** Takes a step so that the next `change` calls can be undone in one go. */
  const begin = useCallback(() => setHistory((h) => ({ past: [...h.past, h.present], present: h.present, future: [] })), []);
  const doUndo = useCallback(() => setHistory((h) => { const n = undo(h); if (n !== h) schedule(n.present); return n; }), [schedule]);
  const doRedo = useCallback(() => setHistory((h) => { const n = redo(h); if (n !== h) schedule(n.present); return n; }), [schedule]);

  /** "Reset to detected": the whole plan, or one room (pending changes are saved first, then the room reset). */
  const reset = useCallback(async (roomId?: string) => {
    if (timer.current) clearTimeout(timer.current);
    if (dirty.current && roomId) await save(latest.current);
    setSaveState('saving');
    try {
      const fresh = roomId ? await resetRoomEdits(projectId, roomId) : await resetEdits(projectId);
      version.current = fresh.edits_version ?? version.current + 1;
      dirty.current = false;
      qc.setQueryData(measureKeys.result(projectId), fresh);
      setHistory((h) => commit(h, roomsFromResult(fresh)));
      setSaveState('saved');
    } catch {
      setSaveState('error');
    }
  }, [projectId, qc, save]);

  // another tab saved: take its rooms (its save was later) unless this tab has unsaved changes of its own
  useEffect(() => {
    const v = result.edits_version ?? 0;
    if (v > version.current && !dirty.current) {
      version.current = v;
      setHistory((h) => commit(h, roomsFromResult(result)));
      notifications.show({ color: 'blue', title: 'Plan updated', message: 'These rooms were changed in another tab or window; the latest version is shown.' });
    }
  }, [result]);

  // coming back to this tab: look for a save made elsewhere (the effect above then loads it)
  useEffect(() => {
    const onFocus = () => {
      if (document.visibilityState !== 'visible' || dirty.current) return;
      getResult(projectId).then((fresh) => {
        if ((fresh.edits_version ?? 0) > version.current && !dirty.current) qc.setQueryData(measureKeys.result(projectId), fresh);
      }).catch(() => undefined);
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => { window.removeEventListener('focus', onFocus); document.removeEventListener('visibilitychange', onFocus); };
  }, [projectId, qc]);

  // the last change is saved even when the page is left before the debounce ends
  useEffect(() => () => {
    if (timer.current && dirty.current) { clearTimeout(timer.current); void saveRooms(projectId, roomsBody(latest.current)); }
  }, [projectId]);
  return { rooms: history.present, canUndo: history.past.length > 0, canRedo: history.future.length > 0, apply, change, begin, undo: doUndo, redo: doRedo, reset, saveState };
}
