import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DrillBody, DrillResponse, EventResponse, FolderBody, FolderResponse } from '@holeout/contracts';
import { ApiError, apiClient } from '../../../lib/api-client.ts';

/** Every drill query lives under ['drills'] (results under ['drill-results']); a write invalidates the lot. */
export const DRILLS_KEY = ['drills'] as const;
export const FOLDERS_KEY = ['folders'] as const;

/** GET /drills: every drill the caller may see (their own, shared with them, in folders shared with them). */
export const drillsQuery = () =>
  queryOptions({
    queryKey: [...DRILLS_KEY, 'all'],
    queryFn: async () =>
      (await apiClient.get<{ drills: DrillResponse[] }>('/drills', { fallbackMessage: 'Could not load your drills' })).drills,
  });
export const useDrills = (enabled = true) => useQuery({ ...drillsQuery(), enabled });

/** GET /drills?drill_id= or ?ced_id=: one drill, or null when it does not exist or is not shared with the caller (404). */
async function fetchOneDrill(query: { drill_id: number } | { ced_id: number }): Promise<DrillResponse | null> {
  try {
    const { drills } = await apiClient.get<{ drills: DrillResponse[] }>('/drills', { query, quiet: true });
    return drills[0] ?? null;
  } catch (cause) {
    if (cause instanceof ApiError && cause.status === 404) return null;
    throw cause;
  }
}
export const drillQuery = (drillId: number) =>
  queryOptions({ queryKey: [...DRILLS_KEY, 'one', drillId], queryFn: () => fetchOneDrill({ drill_id: drillId }) });
export const useDrill = (drillId: number | null) => useQuery({ ...drillQuery(drillId ?? 0), enabled: drillId !== null });
/** The drill of an event drill: open to anyone who may see the event, even when the drill itself is not shared with them. */
export const drillByCedQuery = (cedId: number) =>
  queryOptions({ queryKey: [...DRILLS_KEY, 'ced', cedId], queryFn: () => fetchOneDrill({ ced_id: cedId }) });
export const useDrillByCed = (cedId: number | null) => useQuery({ ...drillByCedQuery(cedId ?? 0), enabled: cedId !== null });

/** GET /drills/events?drill_id=: the events (practices, lessons, workouts) the caller may see that use this drill. */
export const drillEventsQuery = (drillId: number) =>
  queryOptions({
    queryKey: [...DRILLS_KEY, 'events', drillId],
    queryFn: async () =>
      (
        await apiClient.get<{ events: EventResponse[] }>('/drills/events', {
          query: { drill_id: drillId },
          fallbackMessage: 'Could not load the events of this drill',
        })
      ).events,
  });
export const useDrillEvents = (drillId: number | null) => useQuery({ ...drillEventsQuery(drillId ?? 0), enabled: drillId !== null });

function invalidateDrills(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: DRILLS_KEY });
  void queryClient.invalidateQueries({ queryKey: FOLDERS_KEY });
}

/** POST /drills (create) or POST /drills?drill_id= (update). Quiet: the form shows the error beside it. */
export function saveDrill({ drillId, body }: { drillId: number | null; body: DrillBody }): Promise<DrillResponse> {
  return apiClient.post<DrillResponse>('/drills', body, { query: drillId === null ? undefined : { drill_id: drillId }, quiet: true });
}
export function useSaveDrill() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDrill, onSuccess: () => invalidateDrills(queryClient) });
}

/** DELETE /drills?drill_id=: the drill goes, with every result recorded against it. */
export function useDeleteDrill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (drillId: number) =>
      apiClient.delete<{ ok: true }>('/drills', { query: { drill_id: drillId }, fallbackMessage: 'Could not delete the drill' }),
    onSuccess: () => {
      invalidateDrills(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['drill-results'] });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}

/** GET /drills/unshare?drill_id=: the caller removes themself from a drill shared with them. */
export function useUnshareDrill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (drillId: number) =>
      apiClient.get<{ ok: true }>('/drills/unshare', {
        query: { drill_id: drillId },
        fallbackMessage: 'Could not remove you from the drill',
      }),
    onSuccess: () => invalidateDrills(queryClient),
  });
}

/** GET /folders: the caller's folders and those shared with them or their organisations. */
export const foldersQuery = () =>
  queryOptions({
    queryKey: [...FOLDERS_KEY, 'all'],
    queryFn: async () =>
      (await apiClient.get<{ folders: FolderResponse[] }>('/folders', { fallbackMessage: 'Could not load your folders' })).folders,
  });
export const useFolders = (enabled = true) => useQuery({ ...foldersQuery(), enabled });

/** POST /folders (create) or ?folder_id= (rename and share; the owner). Quiet: the dialog shows the error. */
export function useSaveFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ folderId, body }: { folderId: number | null; body: FolderBody }) =>
      apiClient.post<FolderResponse>('/folders', body, { query: folderId === null ? undefined : { folder_id: folderId }, quiet: true }),
    onSuccess: () => invalidateDrills(queryClient),
  });
}

/** DELETE /folders?folder_id=: the folder goes; its drills stay, unfiled. */
export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folderId: number) =>
      apiClient.delete<{ ok: true }>('/folders', { query: { folder_id: folderId }, fallbackMessage: 'Could not delete the folder' }),
    onSuccess: () => invalidateDrills(queryClient),
  });
}
