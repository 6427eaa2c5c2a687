import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /tags: the caller's tags and those shared with them, for the filter and the tag field. */
export async function fetchTags(): Promise<TagResponse[]> {
  const { tags } = await apiClient.get<{ tags: TagResponse[] }>('/tags', { quiet: true });
  return tags;
}

export const tagsQuery = () => queryOptions({ queryKey: ['tags'], queryFn: fetchTags, staleTime: 60_000 });

export function useTags() {
  return useQuery(tagsQuery());
}
