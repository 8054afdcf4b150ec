import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { measureKeys } from './use-results';
import { roomKey, updateRoom, type ResultDto, type RoomPatchDto } from './measure-api';

/** Rename / exclude a room: the cached result changes at once (optimistic) and rolls back if the server refuses. */
export function useRoomUpdate(projectId: string) {
  const qc = useQueryClient();
  const key = measureKeys.result(projectId);
  return useMutation({
    mutationFn: ({ roomId, patch }: { roomId: string; patch: RoomPatchDto }) => updateRoom(projectId, roomId, patch),
    onMutate: async ({ roomId, patch }) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<ResultDto>(key);
      if (before) qc.setQueryData<ResultDto>(key, { ...before, rooms: before.rooms.map((r, i) => (roomKey(r, i) === roomId ? { ...r, ...patch } : r)) });
      return { before };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
      notifications.show({ color: 'red', title: 'Change not saved', message: 'The room could not be updated. Please try again.' });
    },
  });
}
