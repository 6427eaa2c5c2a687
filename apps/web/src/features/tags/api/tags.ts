import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse, TagBody, TagResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { TAGS_KEY } from '../../../lib/tags.ts';

/** Events carry tag names: a renamed or deleted tag changes what the event lists show. */
function invalidateTagsAndEvents(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: TAGS_KEY });
  void queryClient.invalidateQueries({ queryKey: ['events'] });
}

/**
 * POST /tags (create) or POST /tags?tag_id= (the owner: name, colour and shares, all of them:
 * shares left out would be cleared). Quiet: a taken name (409) shows beside the name field.
 */
export function saveTag({ tagId, body }: { tagId: number | null; body: TagBody }): Promise<TagResponse> {
  return apiClient.post<TagResponse>('/tags', body, { query: tagId === null ? undefined : { tag_id: tagId }, quiet: true });
}

export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTag, onSuccess: () => invalidateTagsAndEvents(queryClient) });
}

/** DELETE /tags?tag_id=: the tag goes; its events stay, without it. */
export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagId: number) =>
      apiClient.delete<OkResponse>('/tags', { query: { tag_id: tagId }, fallbackMessage: 'Could not delete the tag' }),
    onSuccess: () => invalidateTagsAndEvents(queryClient),
  });
}
